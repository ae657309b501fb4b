/**
 * One .ics file per coming open house (RFC 5545, America/New_York), written at build time next to
 * its home's page: /listings/{slug}/open-house-2027-01-16-1300.ics. The server sends .ics files
 * as text/calendar.
 */
import type { APIRoute, GetStaticPaths, InferGetStaticPropsType } from 'astro';
import { getListings, openHouseEntry } from '#src/data/listings.ts';
import { buildTime } from '#src/lib/build-time.ts';
import { buildOpenHouseIcs, openHouseFileName } from '#src/lib/listing/ics.ts';
import { upcomingOpenHouses } from '#src/lib/listing/time.ts';

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

export const GET: APIRoute<Props> = ({ props: { home, openHouse }, site: siteUrl }) => {
  const body = buildOpenHouseIcs(openHouseEntry(home, openHouse, siteUrl));
  return new Response(body, { headers: { 'Content-Type': 'text/calendar; charset=utf-8' } });
};
