/**
 * One .ics file per coming open house (RFC 5545, America/New_York), written at build time next to
 * its home's page: /listings/{slug}/open-house-2027-01-16-1300.ics. The server sends .ics files
 * as text/calendar.
 */
import type { APIRoute, GetStaticPaths, InferGetStaticPropsType } from 'astro';
import { getListings } from '#src/data/listings.ts';
import { buildTime } from '#src/lib/build-time.ts';
import { courtesyLine } from '#src/lib/listing/display.ts';
import { buildOpenHouseIcs, openHouseEvent, openHouseFileName } from '#src/lib/listing/ics.ts';
import { upcomingOpenHouses } from '#src/lib/listing/time.ts';
import { canonicalUrl } from '#src/lib/seo/meta.ts';
import { site } from '#src/site.config.ts';

export const getStaticPaths = (async () => {
  const now = buildTime();
  return (await getListings()).flatMap((home) =>
    upcomingOpenHouses(home.data.OpenHouse, now).map((openHouse) => ({
      params: { slug: home.id, file: openHouseFileName(openHouse.OpenHouseStartTime) },
      props: { home, openHouse },
    })),
  );
}) satisfies GetStaticPaths;

type Props = InferGetStaticPropsType<typeof getStaticPaths>;

export const GET: APIRoute<Props> = ({ props, site: siteUrl }) => {
  const { home, openHouse } = props;
  const h = home.data;
  const url = canonicalUrl(`/listings/${home.id}`, siteUrl ?? site.baseUrl);
  const body = buildOpenHouseIcs(
    openHouseEvent(h, openHouse, { url, courtesy: courtesyLine(h, site.listings), producer: site.name }),
  );
  return new Response(body, { headers: { 'Content-Type': 'text/calendar; charset=utf-8' } });
};
