/**
 * One .ics file per coming open house (RFC 5545, America/New_York), written at build time next to
 * its home's page: /listings/{slug}/open-house-2027-01-16-1300.ics. The server sends .ics files
 * as text/calendar.
 */
import type { APIRoute, GetStaticPaths, InferGetStaticPropsType } from 'astro';
import { getListings } from '#src/data/listings.ts';
import { cityLine, fullAddress, isAddressShown } from '#src/lib/listing/format.ts';
import { buildOpenHouseIcs, openHouseFileName } from '#src/lib/listing/ics.ts';
import { upcomingOpenHouses } from '#src/lib/listing/time.ts';
import { canonicalUrl } from '#src/lib/seo/meta.ts';
import { site } from '#src/site.config.ts';

export const getStaticPaths = (async () => {
  const now = new Date();
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
  const address = fullAddress(h);
  const body = buildOpenHouseIcs({
    uid: `${h.ListingKey}-${openHouse.OpenHouseStartTime.replace(/[-:]/g, '')}@${new URL(url).hostname}`,
    start: openHouse.OpenHouseStartTime,
    end: openHouse.OpenHouseEndTime,
    summary: `Open house: ${address}`,
    // A withheld street leaves the town and ZIP: the calendar entry never gives the house away.
    location: isAddressShown(h) ? address : cityLine(h),
    description: [openHouse.OpenHouseRemarks, `${site.listings.courtesy} ${h.ListOfficeName}.`, url]
      .filter(Boolean)
      .join('\n'),
    url,
    geo: h.Latitude !== undefined && h.Longitude !== undefined ? { lat: h.Latitude, lng: h.Longitude } : undefined,
    stamp: new Date(`${h.ModificationTimestamp}T00:00:00Z`),
    producer: site.name,
  });
  return new Response(body, { headers: { 'Content-Type': 'text/calendar; charset=utf-8' } });
};
