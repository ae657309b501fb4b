/**
 * One .ics file per coming open house (RFC 5545, America/New_York), written at build time next to
 * its home's page: /listings/{slug}/open-house-2027-01-16-1300.ics. The server sends .ics files
 * as text/calendar.
 */
import type { APIRoute, GetStaticPaths, InferGetStaticPropsType } from 'astro';
import { getOpenHouseSchedule, openHouseEntry } from '#src/data/listings.ts';
import { buildOpenHouseIcs, openHouseFileName } from '#src/lib/listing/ics.ts';

// The open houses the home's page shows, each its own file (none for a sold home).
export const getStaticPaths = (async () =>
  (await getOpenHouseSchedule()).map(({ home, openHouse }) => ({
    params: { slug: home.id, file: openHouseFileName(openHouse.OpenHouseStartTime) },
    props: { home, openHouse },
  }))) satisfies GetStaticPaths;

type Props = InferGetStaticPropsType<typeof getStaticPaths>;

export const GET: APIRoute<Props> = ({ props: { home, openHouse }, site: siteUrl }) => {
  const body = buildOpenHouseIcs(openHouseEntry(home, openHouse, siteUrl));
  return new Response(body, { headers: { 'Content-Type': 'text/calendar; charset=utf-8' } });
};
