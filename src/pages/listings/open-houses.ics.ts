/**
 * /listings/open-houses.ics: every coming open house of /listings/open-houses as one calendar to
 * subscribe to (webcal), so new open houses appear in the visitor's calendar as they are scheduled.
 * Written at build time, like the page; the server sends .ics files as text/calendar.
 */
import type { APIRoute } from 'astro';
import { getOpenHouseSchedule, openHouseEntry } from '#src/data/listings.ts';
import { buildOpenHouseCalendar, openHouseCalendarName } from '#src/lib/listing/ics.ts';
import { site } from '#src/site.config.ts';

export const GET: APIRoute = async ({ site: siteUrl }) => {
  const events = (await getOpenHouseSchedule()).map(({ home, openHouse }) => openHouseEntry(home, openHouse, siteUrl));
  const body = buildOpenHouseCalendar(events, { name: openHouseCalendarName(site.name), producer: site.name });
  return new Response(body, { headers: { 'Content-Type': 'text/calendar; charset=utf-8' } });
};
