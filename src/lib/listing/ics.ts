/**
 * An open house as an iCalendar file (RFC 5545), written at build time so "Add to calendar" is a
 * plain link: one VEVENT in America/New_York, with that zone's VTIMEZONE so every calendar reads
 * the wall-clock time the agent wrote; and every coming open house as a calendar to subscribe to.
 * Deterministic (DTSTAMP is the day the home or the open house last changed), so a rebuild gives
 * the same bytes. Pure.
 */
import { escapeText, foldLine } from '../content-lines.ts';
import { cityLine, fullAddress, isAddressShown, type AddressParts } from './format.ts';
import { icsLocal, icsUtc, listingTimeZone } from './time.ts';

export interface OpenHouseEvent {
  /** Stable and unique: the same open house keeps its UID across rebuilds, so calendars update it. */
  uid: string;
  /** New York wall-clock times, "2027-03-13T13:00". */
  start: string;
  end: string;
  summary: string;
  location: string;
  description: string;
  url: string;
  /** Left out for a home whose street address is withheld. */
  geo?: { lat: number; lng: number } | undefined;
  /** When the event was last changed (DTSTAMP). */
  stamp: Date;
  /** PRODID's owner, e.g. the site's name. */
  producer: string;
}

/**
 * America/New_York since 2007 (Energy Policy Act of 2005): summer time from the second Sunday of
 * March to the first Sunday of November, both at 2:00 local time.
 */
const newYorkZone = [
  'BEGIN:VTIMEZONE',
  `TZID:${listingTimeZone}`,
  'BEGIN:DAYLIGHT',
  'TZOFFSETFROM:-0500',
  'TZOFFSETTO:-0400',
  'TZNAME:EDT',
  'DTSTART:20070311T020000',
  'RRULE:FREQ=YEARLY;BYMONTH=3;BYDAY=2SU',
  'END:DAYLIGHT',
  'BEGIN:STANDARD',
  'TZOFFSETFROM:-0400',
  'TZOFFSETTO:-0500',
  'TZNAME:EST',
  'DTSTART:20071104T020000',
  'RRULE:FREQ=YEARLY;BYMONTH=11;BYDAY=1SU',
  'END:STANDARD',
  'END:VTIMEZONE',
];

/** One VEVENT's lines. */
function eventLines(event: OpenHouseEvent): string[] {
  return [
    'BEGIN:VEVENT',
    `UID:${event.uid}`,
    `DTSTAMP:${icsUtc(event.stamp)}`,
    `DTSTART;TZID=${listingTimeZone}:${icsLocal(event.start)}`,
    `DTEND;TZID=${listingTimeZone}:${icsLocal(event.end)}`,
    `SUMMARY:${escapeText(event.summary)}`,
    `LOCATION:${escapeText(event.location)}`,
    ...(event.geo ? [`GEO:${event.geo.lat};${event.geo.lng}`] : []),
    `DESCRIPTION:${escapeText(event.description)}`,
    `URL:${event.url}`,
    'STATUS:CONFIRMED',
    'TRANSP:OPAQUE',
    'END:VEVENT',
  ];
}

/** A whole file: the calendar's header with its `extra` properties, the time zone, then the events' lines. */
function calendarFile(producer: string, extra: string[], events: string[]): string {
  const lines = [
    'BEGIN:VCALENDAR',
    'VERSION:2.0',
    `PRODID:-//${escapeText(producer)}//Open houses//EN`,
    'CALSCALE:GREGORIAN',
    'METHOD:PUBLISH',
    ...extra,
    ...newYorkZone,
    ...events,
    'END:VCALENDAR',
  ];
  return `${lines.map(foldLine).join('\r\n')}\r\n`;
}

/** One open house's file ("Add to calendar"), CRLF line endings included. */
export function buildOpenHouseIcs(event: OpenHouseEvent): string {
  return calendarFile(event.producer, [], eventLines(event));
}

/**
 * The links that subscribe a calendar to the file at `fileUrl` (https): `webcal:` for Apple
 * Calendar, Outlook and most calendar apps, and Google Calendar's "add by URL" for the rest.
 */
export function subscribeLinks(fileUrl: string): { webcal: string; google: string } {
  const webcal = fileUrl.replace(/^https?:/, 'webcal:');
  return { webcal, google: `https://calendar.google.com/calendar/r?cid=${encodeURIComponent(webcal)}` };
}

/** The subscribed calendar's name in the visitor's list of calendars. */
export const openHouseCalendarName = (siteName: string) => `${siteName}: open houses`;

/** How often a subscribed calendar should fetch the file again (RFC 7986 REFRESH-INTERVAL). */
export const calendarRefresh = 'PT12H';

/**
 * A calendar to subscribe to (webcal): every coming open house, under the calendar's `name`
 * (RFC 7986 NAME, and the X-WR-CALNAME that Apple, Google and Outlook read), fetched again every
 * `calendarRefresh`. Each event keeps its UID, so an open house moved or cancelled is moved or
 * gone in the visitor's calendar too. Without open houses it holds only the time zone: still a
 * valid file, which the visitor's calendar keeps polling.
 */
export function buildOpenHouseCalendar(
  events: readonly OpenHouseEvent[],
  { name, producer }: { name: string; producer: string },
): string {
  const extra = [
    `NAME:${escapeText(name)}`,
    `X-WR-CALNAME:${escapeText(name)}`,
    `X-WR-TIMEZONE:${listingTimeZone}`,
    `REFRESH-INTERVAL;VALUE=DURATION:${calendarRefresh}`,
    `X-PUBLISHED-TTL:${calendarRefresh}`,
  ];
  return calendarFile(producer, extra, events.flatMap(eventLines));
}

/** What an open house's calendar entry needs of its home. */
export type OpenHouseHome = AddressParts & {
  ListingKey: string;
  ModificationTimestamp: string;
  Latitude?: number | undefined;
  Longitude?: number | undefined;
};

/**
 * The calendar entry of one open house of a home whose page is at `url`: the .ics file and the
 * Google Calendar link say the same. `courtesy` is the listing firm's line (courtesyLine()).
 */
export function openHouseEvent(
  h: OpenHouseHome,
  openHouse: {
    OpenHouseStartTime: string;
    OpenHouseEndTime: string;
    OpenHouseRemarks?: string | undefined;
    ModificationTimestamp?: string | undefined;
  },
  { url, courtesy, producer }: { url: string; courtesy: string; producer: string },
): OpenHouseEvent {
  const address = fullAddress(h);
  return {
    uid: `${h.ListingKey}-${openHouse.OpenHouseStartTime.replace(/[-:]/g, '')}@${new URL(url).hostname}`,
    start: openHouse.OpenHouseStartTime,
    end: openHouse.OpenHouseEndTime,
    summary: `Open house: ${address}`,
    // A withheld street leaves the town and ZIP: the calendar entry never gives the house away.
    location: isAddressShown(h) ? address : cityLine(h),
    description: [openHouse.OpenHouseRemarks, `${courtesy}.`, url].filter(Boolean).join('\n'),
    url,
    geo: h.Latitude !== undefined && h.Longitude !== undefined ? { lat: h.Latitude, lng: h.Longitude } : undefined,
    // When the entry last changed: the home's day, or the open house's own when the MLS changed it later
    // (new remarks), so that a calendar refreshing the file takes the change.
    stamp: new Date(`${[h.ModificationTimestamp, openHouse.ModificationTimestamp ?? ''].sort().at(-1)}T00:00:00Z`),
    producer,
  };
}

/**
 * The same entry as a Google Calendar link (its documented `render?action=TEMPLATE` form), for
 * phones whose calendar does not open an .ics file (Android's): New York wall-clock times with
 * `ctz`, as the file gives them with TZID.
 */
export function googleCalendarUrl(event: OpenHouseEvent): string {
  const query = new URLSearchParams({
    action: 'TEMPLATE',
    text: event.summary,
    dates: `${icsLocal(event.start)}/${icsLocal(event.end)}`,
    ctz: listingTimeZone,
    details: event.description,
    location: event.location,
  });
  return `https://calendar.google.com/calendar/render?${query.toString()}`;
}

/** The file name of an open house under its home's page: "open-house-2027-03-13-1300.ics". */
export function openHouseFileName(start: string): string {
  return `open-house-${start.slice(0, 10)}-${start.slice(11, 13)}${start.slice(14, 16)}.ics`;
}
