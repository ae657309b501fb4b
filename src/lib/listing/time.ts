/**
 * Open-house times: written as New York wall-clock times, turned into instants (to leave out the
 * past ones) and shown in New York time whatever the visitor's or the build machine's zone. Pure.
 */
import type { StandardStatus } from './model.ts';

export const listingTimeZone = 'America/New_York';

const partsFormat = new Intl.DateTimeFormat('en-US', {
  timeZone: listingTimeZone,
  hourCycle: 'h23',
  year: 'numeric',
  month: '2-digit',
  day: '2-digit',
  hour: '2-digit',
  minute: '2-digit',
  second: '2-digit',
});

/** The New York wall-clock fields of an instant. */
export function wallClock(instant: Date): {
  year: number;
  month: number;
  day: number;
  hour: number;
  minute: number;
  second: number;
} {
  const get = (type: Intl.DateTimeFormatPartTypes) =>
    Number(partsFormat.formatToParts(instant).find((p) => p.type === type)?.value);
  return {
    year: get('year'),
    month: get('month'),
    day: get('day'),
    hour: get('hour'),
    minute: get('minute'),
    second: get('second'),
  };
}

/** Minutes New York is ahead of UTC at an instant (-300 in winter, -240 in summer). */
function offsetMinutes(instant: Date): number {
  const w = wallClock(instant);
  return Math.round((Date.UTC(w.year, w.month - 1, w.day, w.hour, w.minute, w.second) - instant.getTime()) / 60_000);
}

/**
 * The instant of a New York wall-clock time "YYYY-MM-DDTHH:MM[:SS]"; undefined for a malformed
 * value or a time the clocks skip (2:30 on the morning summer time starts).
 */
export function localTimeInZone(value: string): Date | undefined {
  const m = /^(\d{4})-(\d{2})-(\d{2})T(\d{2}):(\d{2})(?::(\d{2}))?$/.exec(value);
  if (!m) return undefined;
  const [year, month, day, hour, minute, second] = m.slice(1).map((v) => Number(v ?? 0)) as [
    number,
    number,
    number,
    number,
    number,
    number,
  ];
  const asUtc = Date.UTC(year, month - 1, day, hour, minute, second);
  // The offset at the time read as UTC is right but near a clock change; the second guess fixes that.
  const first = asUtc - offsetMinutes(new Date(asUtc)) * 60_000;
  const retry = asUtc - offsetMinutes(new Date(first)) * 60_000;
  for (const candidate of [first, retry]) {
    const w = wallClock(new Date(candidate));
    const same =
      w.year === year &&
      w.month === month &&
      w.day === day &&
      w.hour === hour &&
      w.minute === minute &&
      w.second === second;
    if (same) return new Date(candidate);
  }
  return undefined;
}

/** "20270313T130000": a wall-clock time as iCalendar writes a DATE-TIME with a TZID. */
export function icsLocal(value: string): string {
  const instant = localTimeInZone(value);
  if (!instant) throw new Error(`not a New York time: ${value}`);
  const w = wallClock(instant);
  const p = (n: number, width = 2) => String(n).padStart(width, '0');
  return `${p(w.year, 4)}${p(w.month)}${p(w.day)}T${p(w.hour)}${p(w.minute)}${p(w.second)}`;
}

/** "2027-03-13T13:00:00-04:00": a wall-clock time in ISO 8601 with New York's offset then (schema.org dates). */
export function isoInZone(value: string): string {
  const instant = localTimeInZone(value);
  if (!instant) throw new Error(`not a New York time: ${value}`);
  const w = wallClock(instant);
  const offset = offsetMinutes(instant);
  const p = (n: number, width = 2) => String(n).padStart(width, '0');
  const zone = `${offset < 0 ? '-' : '+'}${p(Math.floor(Math.abs(offset) / 60))}:${p(Math.abs(offset) % 60)}`;
  return `${p(w.year, 4)}-${p(w.month)}-${p(w.day)}T${p(w.hour)}:${p(w.minute)}:${p(w.second)}${zone}`;
}

/**
 * "2025-10-10T00:00:00-04:00": the start of a day (YYYY-MM-DD, or the UTC midnight a content day is
 * read as) in New York. A day written as UTC midnight is the evening before here: a feed reader would
 * show an article of 4 November as published on the 3rd.
 */
export function dayStartInZone(day: string | Date): string {
  return isoInZone(`${typeof day === 'string' ? day : day.toISOString().slice(0, 10)}T00:00`);
}

/** "2026-12-02": the day of an instant in a time zone (New York's unless told). */
export function dayInZone(instant: Date, timeZone: string = listingTimeZone): string {
  // en-CA writes YYYY-MM-DD.
  return new Intl.DateTimeFormat('en-CA', { timeZone, year: 'numeric', month: '2-digit', day: '2-digit' }).format(
    instant,
  );
}

/** "20270313T180000Z": an instant in UTC, as iCalendar's DTSTAMP wants it. */
export function icsUtc(instant: Date): string {
  return instant
    .toISOString()
    .replace(/[-:]/g, '')
    .replace(/\.\d{3}/, '');
}

const dayFormat = new Intl.DateTimeFormat('en-US', {
  timeZone: listingTimeZone,
  weekday: 'long',
  month: 'long',
  day: 'numeric',
  year: 'numeric',
});
const timeFormat = new Intl.DateTimeFormat('en-US', { timeZone: listingTimeZone, hour: 'numeric', minute: '2-digit' });

/** An open house's start and end as instants; the end's day when it is not the start's (New York). */
function openHouseSpan(start: string, end: string): { from: Date; to: Date; endsOnAnotherDay: boolean } {
  const from = localTimeInZone(start);
  const to = localTimeInZone(end);
  if (!from || !to) throw new Error(`not a New York time: ${start} or ${end}`);
  return { from, to, endsOnAnotherDay: dayInZone(from) !== dayInZone(to) };
}

/**
 * The day, "Saturday, March 13, 2027", and the hours, "1:00 PM to 3:00 PM" (New York time); an
 * open house that ends on another day names it: "10:00 PM to Sunday, March 14, 2027, 1:00 AM".
 */
export function openHouseParts(start: string, end: string): { day: string; hours: string } {
  const { from, to, endsOnAnotherDay } = openHouseSpan(start, end);
  const until = `${endsOnAnotherDay ? `${dayFormat.format(to)}, ` : ''}${timeFormat.format(to)}`;
  return { day: dayFormat.format(from), hours: `${timeFormat.format(from)} to ${until}` };
}

/** "Saturday, March 13, 2027, 1:00 PM to 3:00 PM" (New York time). */
export function formatOpenHouse(start: string, end: string): string {
  const { day, hours } = openHouseParts(start, end);
  return `${day}, ${hours}`;
}

const shortDayFormat = new Intl.DateTimeFormat('en-US', {
  timeZone: listingTimeZone,
  weekday: 'short',
  month: 'short',
  day: 'numeric',
});

/**
 * "Sat, Jan 16, 1:00 PM to 3:00 PM" (New York time): an open house on a home's card; one that ends
 * on another day names it: "Sat, Jan 16, 10:00 PM to Sun, Jan 17, 1:00 AM".
 */
export function shortOpenHouse(start: string, end: string): string {
  const { from, to, endsOnAnotherDay } = openHouseSpan(start, end);
  const until = `${endsOnAnotherDay ? `${shortDayFormat.format(to)}, ` : ''}${timeFormat.format(to)}`;
  return `${shortDayFormat.format(from)}, ${timeFormat.format(from)} to ${until}`;
}

/** The open houses that have not ended at `now`, earliest first. */
export function upcomingOpenHouses<T extends { OpenHouseStartTime: string; OpenHouseEndTime: string }>(
  openHouses: readonly T[],
  now: Date,
): T[] {
  return openHouses
    .filter((o) => (localTimeInZone(o.OpenHouseEndTime)?.getTime() ?? 0) > now.getTime())
    .sort(
      (a, b) =>
        (localTimeInZone(a.OpenHouseStartTime)?.getTime() ?? 0) -
        (localTimeInZone(b.OpenHouseStartTime)?.getTime() ?? 0),
    );
}

type OpenHouseTimes = { OpenHouseStartTime: string; OpenHouseEndTime: string };

/**
 * The open houses the site shows of a home, everywhere (its page, its card, its .ics files, the
 * schedule): those that have not ended at `now`, soonest first; none once it is sold, whatever the
 * MLS still lists, and none while it is Coming Soon (not yet on the market, it may not be shown,
 * as North Carolina's MLSs rule: its open houses come once a build sees it Active).
 */
export function shownOpenHouses<T extends OpenHouseTimes>(
  home: { StandardStatus: StandardStatus; OpenHouse: readonly T[] },
  now: Date,
): T[] {
  return home.StandardStatus === 'Closed' || home.StandardStatus === 'Coming Soon'
    ? []
    : upcomingOpenHouses(home.OpenHouse, now);
}

/**
 * /listings/open-houses: every open house that has not ended at `now`, of every home not yet sold
 * (a home's own page shows the same ones), soonest first, each with its home.
 */
export function openHouseSchedule<
  H extends { data: { StandardStatus: StandardStatus; OpenHouse: readonly OpenHouseTimes[] } },
>(homes: readonly H[], now: Date): { home: H; openHouse: H['data']['OpenHouse'][number] }[] {
  const start = (o: OpenHouseTimes) => localTimeInZone(o.OpenHouseStartTime)?.getTime() ?? 0;
  return homes
    .flatMap((home) => shownOpenHouses(home.data, now).map((openHouse) => ({ home, openHouse })))
    .sort((a, b) => start(a.openHouse) - start(b.openHouse));
}
