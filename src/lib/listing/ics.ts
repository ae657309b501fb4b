/**
 * An open house as an iCalendar file (RFC 5545), written at build time so "Add to calendar" is a
 * plain link: one VEVENT in America/New_York, with that zone's VTIMEZONE so every calendar reads
 * the wall-clock time the agent wrote. Deterministic (DTSTAMP is the listing's last update), so a
 * rebuild gives the same bytes. Pure.
 */
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

/** RFC 5545 §3.3.11 TEXT: backslash, semicolon, comma and line breaks escaped. */
export function escapeText(value: string): string {
  return value.replace(/\\/g, '\\\\').replace(/;/g, '\\;').replace(/,/g, '\\,').replace(/\r?\n/g, '\\n');
}

/**
 * RFC 5545 §3.1: lines longer than 75 octets are folded, the continuation starting with a space.
 * Never cuts inside a UTF-8 character.
 */
export function foldLine(line: string): string {
  const encoder = new TextEncoder();
  const parts: string[] = [];
  let current = '';
  let octets = 0;
  for (const char of line) {
    const size = encoder.encode(char).length;
    const limit = parts.length === 0 ? 75 : 74;
    if (octets + size > limit) {
      parts.push(current);
      current = '';
      octets = 0;
    }
    current += char;
    octets += size;
  }
  parts.push(current);
  return parts.join('\r\n ');
}

/** The whole file, CRLF line endings included. */
export function buildOpenHouseIcs(event: OpenHouseEvent): string {
  const lines = [
    'BEGIN:VCALENDAR',
    'VERSION:2.0',
    `PRODID:-//${escapeText(event.producer)}//Open houses//EN`,
    'CALSCALE:GREGORIAN',
    'METHOD:PUBLISH',
    ...newYorkZone,
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
    'END:VCALENDAR',
  ];
  return `${lines.map(foldLine).join('\r\n')}\r\n`;
}

/** The file name of an open house under its home's page: "open-house-2027-03-13-1300.ics". */
export function openHouseFileName(start: string): string {
  return `open-house-${start.slice(0, 10)}-${start.slice(11, 13)}${start.slice(14, 16)}.ics`;
}
