/**
 * What a replicated RESO `Property` record becomes on the site, by the licence's rules (MLS Grid's
 * IDX rules and RESO's Internet display fields), and how its fields become a home in the
 * `listing` collection's RESO shape. Pure: no clock, no files.
 *
 * - `MlgCanView: false`: the record is deleted at the source (or no longer licensed): the home and
 *   its photos leave the snapshot.
 * - `InternetEntireListingDisplayYN: false`: the seller withheld it from the Internet: never
 *   published, so it is not kept either.
 * - A status no public page may show (Expired, Withdrawn, Canceled, Hold, ...): off the site.
 * - `InternetAddressDisplayYN: false`: published without its street address (nor its coordinates).
 * - A sale older than the site shows (`Closed` with a CloseDate before `soldSince`): off the site,
 *   so a firm's years of closings neither fill the "recently sold" lists nor cost photo downloads.
 */
import { z } from 'astro/zod';
import { feeFrequencyMonths } from '../listing/format.ts';
import { hiddenAddressFields, listingSchema } from '../listing/model.ts';
import { dayInZone, localTimeInZone, upcomingOpenHouses, wallClock } from '../listing/time.ts';

/** RESO StandardStatus values the site shows (the listing collection's own list). */
export const publicStatuses = ['Coming Soon', 'Active', 'Active Under Contract', 'Pending', 'Closed'] as const;

/**
 * A public StandardStatus as the site writes it, also from a server that sends the lookup's
 * member name (`ActiveUnderContract`, `COMING SOON`); undefined for any other value.
 */
function publicStatus(value: unknown): (typeof publicStatuses)[number] | undefined {
  const squeezed = (text: string) => text.replace(/[\s_]+/g, '').toLowerCase();
  return typeof value === 'string' ? publicStatuses.find((s) => squeezed(s) === squeezed(value)) : undefined;
}

/** The RESO fields copied as they are into a home, when the record has them. */
export const copiedFields = [
  'ListingKey',
  'StandardStatus',
  'ListPrice',
  'OriginalListPrice',
  'ClosePrice',
  'CloseDate',
  'OnMarketDate',
  'StreetNumber',
  'StreetDirPrefix',
  'StreetName',
  'StreetSuffix',
  'UnitNumber',
  'City',
  'StateOrProvince',
  'PostalCode',
  'CountyOrParish',
  'Latitude',
  'Longitude',
  'PropertySubType',
  'BedroomsTotal',
  'BathroomsFull',
  'BathroomsHalf',
  'LivingArea',
  'LotSizeAcres',
  'YearBuilt',
  'AssociationFee',
  'AssociationFeeFrequency',
  'TaxAnnualAmount',
  'TaxYear',
  'ElementarySchool',
  'MiddleOrJuniorSchool',
  'HighSchool',
  'HighSchoolDistrict',
  'PublicRemarks',
  'InteriorFeatures',
  'ExteriorFeatures',
  'Appliances',
  'CommunityFeatures',
  'ParkingFeatures',
  'ListOfficeName',
  'ListAgentFullName',
  'VirtualTourURLUnbranded',
] as const;

/**
 * What InternetAddressDisplayYN false withholds: the street-address fields (the listing schema's
 * own list) and the coordinates, which would point at the house just as well.
 */
export const streetFields = [...hiddenAddressFields, 'Latitude', 'Longitude'] as const;

/** Whole-number fields that some MLSs deliver as decimals ("1850.00"). */
const wholeFields = new Set([
  'ListPrice',
  'OriginalListPrice',
  'ClosePrice',
  'BedroomsTotal',
  'BathroomsFull',
  'BathroomsHalf',
  'LivingArea',
  'YearBuilt',
  'TaxYear',
]);
const numberFields = new Set([
  ...wholeFields,
  'Latitude',
  'Longitude',
  'LotSizeAcres',
  'AssociationFee',
  'TaxAnnualAmount',
]);
const listFields = new Set([
  'InteriorFeatures',
  'ExteriorFeatures',
  'Appliances',
  'CommunityFeatures',
  'ParkingFeatures',
]);

export type Decision =
  | { action: 'keep'; addressHidden: boolean }
  | { action: 'remove'; reason: string; /** A sale from before `soldSince`. */ olderSale?: true };

export type ResoRecord = Record<string, unknown>;

/**
 * The first day of the sales the site shows: `months` calendar months before `now`'s day in
 * `timeZone` (the last day of the month when it has fewer days: 31 May less 3 months is 28 Feb).
 */
export function soldSince(now: Date, months: number, timeZone: string): string {
  const [y, m, d] = dayIn(now.toISOString(), timeZone).split('-').map(Number) as [number, number, number];
  const month = y * 12 + (m - 1) - months;
  const year = Math.floor(month / 12);
  const lastDay = new Date(Date.UTC(year, (month % 12) + 1, 0)).getUTCDate();
  return `${year}-${String((month % 12) + 1).padStart(2, '0')}-${String(Math.min(d, lastDay)).padStart(2, '0')}`;
}

/** What the licence, and how far back the site shows sales (`soldSince`, a day), say about one record. */
export function decide(record: ResoRecord, options: { soldSince?: string | undefined } = {}): Decision {
  if (record['MlgCanView'] === false)
    return { action: 'remove', reason: 'MlgCanView is false (deleted at the source)' };
  if (record['InternetEntireListingDisplayYN'] === false) {
    return { action: 'remove', reason: 'InternetEntireListingDisplayYN is false (not for the Internet)' };
  }
  // MLS Grid names the licence uses a record may serve (IDX, VOW, BO, PT): this site is IDX.
  const uses = record['MlgCanUse'];
  if (Array.isArray(uses) && !uses.includes('IDX')) {
    return { action: 'remove', reason: `MlgCanUse is ${uses.join(', ') || 'empty'} (not for IDX display)` };
  }
  const status = publicStatus(record['StandardStatus']) ?? record['StandardStatus'];
  if (typeof status === 'string' && !(publicStatuses as readonly string[]).includes(status)) {
    return { action: 'remove', reason: `StandardStatus is ${status} (not shown publicly)` };
  }
  const closed = status === 'Closed' ? toDay(record['CloseDate']) : undefined;
  if (options.soldSince && typeof closed === 'string' && closed < options.soldSince) {
    return {
      action: 'remove',
      reason: `sold on ${closed}, before ${options.soldSince} (older sales are not shown)`,
      olderSale: true,
    };
  }
  return { action: 'keep', addressHidden: record['InternetAddressDisplayYN'] === false };
}

/**
 * A record's ModificationTimestamp as the one form a watermark is kept and asked in (UTC, to the
 * millisecond), or undefined when it is not a time. A feed's own form could stop every later run:
 * one without a time zone (read as UTC, as RESO's are) or with more digits than the filter takes.
 */
export function replicationStamp(value: unknown): string | undefined {
  if (typeof value !== 'string') return undefined;
  const instant = Date.parse(/T[\d:.]+$/.test(value) ? `${value}Z` : value);
  return Number.isNaN(instant) ? undefined : new Date(instant).toISOString();
}

/** A RESO timestamp's day in the given time zone (the listing collection's ModificationTimestamp is a day). */
export function dayIn(timestamp: string, timeZone: string): string {
  const date = new Date(timestamp);
  if (Number.isNaN(date.getTime())) throw new Error(`"${timestamp}" is not a timestamp`);
  return dayInZone(date, timeZone);
}

/**
 * A RESO timestamp's day in `timeZone` when it is one the listing collection can hold (YYYY-MM-DD);
 * undefined for a value that is no timestamp, or a placeholder such as 0001-01-01 (a year of one digit).
 */
function readableDay(value: unknown, timeZone: string): string | undefined {
  // Read as the watermark reads it (no time zone is UTC), not in the machine's own zone.
  const stamp = replicationStamp(value);
  if (stamp === undefined) return undefined;
  const day = dayIn(stamp, timeZone);
  return /^\d{4}-\d{2}-\d{2}$/.test(day) ? day : undefined;
}

/** A RESO Date field: "2026-03-01", or a timestamp some servers send for one (its day as written). */
function toDay(value: unknown): unknown {
  return typeof value === 'string' && /^\d{4}-\d{2}-\d{2}T/.test(value) ? value.slice(0, 10) : value;
}

function toNumber(name: string, value: unknown): unknown {
  const n = typeof value === 'string' && value.trim() !== '' && !Number.isNaN(Number(value)) ? Number(value) : value;
  return typeof n === 'number' && wholeFields.has(name) ? Math.round(n) : n;
}

/** A RESO multi-select: a JSON array (Web API 2.0), or a comma list (older servers); "None" dropped. */
function toList(value: unknown): unknown {
  const items: unknown = typeof value === 'string' ? value.split(',') : value;
  if (!Array.isArray(items)) return value;
  return (items as unknown[])
    .map((v) => (typeof v === 'string' ? v.trim() : v))
    .filter((v) => v !== '' && v !== 'None');
}

/**
 * The home's fields from a record the licence keeps: the copied RESO fields (nulls and blanks left
 * out, the form normalised), ModificationTimestamp and PriceChangeTimestamp as their days in `timeZone` (an
 * unreadable PriceChangeTimestamp, an OriginalListPrice or LotSizeAcres of 0 left out, an association fee
 * made monthly where its frequency is one the site does not name), OnMarketDate (or, when a
 * Coming Soon record has none yet, ListingContractDate), the street and coordinates withheld and
 * InternetAddressDisplayYN false when `addressHidden`. Photos are added by the sync.
 */
export function toHomeFields(
  record: ResoRecord,
  options: {
    addressHidden: boolean;
    timeZone: string;
    /** The sync's day in `timeZone`: no day of the home's is dated after it (see `fitDays`). */
    today?: string;
  },
): ResoRecord {
  const home: ResoRecord = {};
  for (const name of copiedFields) {
    let value = record[name];
    // A blank field says nothing: left out, rather than the home refused by the schema's rule for its text.
    if (value === null || value === undefined || (typeof value === 'string' && value.trim() === '')) continue;
    if (options.addressHidden && (streetFields as readonly string[]).includes(name)) continue;
    if (numberFields.has(name)) value = toNumber(name, value);
    else if (listFields.has(name)) value = toList(value);
    else if (name === 'CloseDate' || name === 'OnMarketDate') value = toDay(value);
    else if (name === 'StandardStatus') value = publicStatus(value) ?? value;
    else if (name === 'StreetNumber' && typeof value === 'number') value = String(value);
    // ZIP+4 (27513-1234) is shown, as the site writes every address, by its five digits.
    else if (name === 'PostalCode' && typeof value === 'string')
      value = /^(\d{5})-?\d{4}$/.exec(value.trim())?.[1] ?? value;
    home[name] = value;
  }
  if (home['OnMarketDate'] === undefined && typeof record['ListingContractDate'] === 'string') {
    home['OnMarketDate'] = toDay(record['ListingContractDate']);
  }
  // The sync refuses a record without a readable ModificationTimestamp before it comes here; an
  // unreadable PriceChangeTimestamp only dates a price drop, so it is left out, not the home.
  for (const name of ['ModificationTimestamp', 'PriceChangeTimestamp']) {
    const day = readableDay(record[name], options.timeZone);
    if (day) home[name] = day;
  }
  fitDays(home, options.today);
  // Some MLSs fill OriginalListPrice with 0 when it was not recorded: it says nothing, so it is left
  // out rather than the home refused.
  if (typeof home['OriginalListPrice'] === 'number' && home['OriginalListPrice'] <= 0) delete home['OriginalListPrice'];
  // So does a lot of 0 acres (a condominium's, in some MLSs).
  if (typeof home['LotSizeAcres'] === 'number' && home['LotSizeAcres'] <= 0) delete home['LotSizeAcres'];
  monthlyFee(home);
  if (options.addressHidden) home['InternetAddressDisplayYN'] = false;
  return home;
}

/**
 * A home's days made to agree with the listing schema's rules, which refuse a hand-written home
 * changed after the build's day or before its price change or sale: a feed's home is fitted, never
 * refused, so no feed can hold a home off the site or stop the build. A ModificationTimestamp after
 * `today` (a server's clock ahead of ours, or a placeholder such as 9999-12-31) is taken as today,
 * and a PriceChangeTimestamp after it is left out, as an unreadable one is. A home whose price
 * changed or that sold after its ModificationTimestamp (a stamp without a time zone, read as UTC,
 * can fall on the day before) is dated by that day. The sync runs before the build, so its day is
 * never after the build's.
 */
function fitDays(home: ResoRecord, today: string | undefined): void {
  if (today !== undefined) {
    if (typeof home['PriceChangeTimestamp'] === 'string' && home['PriceChangeTimestamp'] > today)
      delete home['PriceChangeTimestamp'];
    if (typeof home['ModificationTimestamp'] === 'string' && home['ModificationTimestamp'] > today)
      home['ModificationTimestamp'] = today;
  }
  for (const name of ['PriceChangeTimestamp', 'CloseDate']) {
    const modified = home['ModificationTimestamp'];
    const changed = home[name];
    if (typeof modified === 'string' && typeof changed === 'string' && /^\d{4}-\d{2}-\d{2}$/.test(changed)) {
      if (changed > modified) home['ModificationTimestamp'] = changed;
    }
  }
}

/** RESO's other recurring fee frequencies, as payments a year; the site names a fee's monthly equal instead. */
const feePaymentsPerYear: Record<string, number> = {
  'Bi-Monthly': 6,
  'Semi-Monthly': 24,
  'Bi-Weekly': 26,
  Weekly: 52,
  Daily: 365,
};

/**
 * An association fee at a frequency the site does not name ("Bi-Weekly", say) becomes the same
 * cost a month ("$100 Weekly" is "$433.33 Monthly"); one that is not a recurring cost ("One Time",
 * "Seasonal") is left out with its frequency, rather than the home refused by the schema.
 */
function monthlyFee(home: ResoRecord): void {
  const [fee, frequency] = [home['AssociationFee'], home['AssociationFeeFrequency']];
  if (typeof frequency !== 'string' || Object.hasOwn(feeFrequencyMonths, frequency)) return;
  const perYear = feePaymentsPerYear[frequency];
  if (perYear !== undefined && typeof fee === 'number') {
    home['AssociationFee'] = Math.round(((fee * perYear) / 12) * 100) / 100;
    home['AssociationFeeFrequency'] = 'Monthly';
  } else {
    delete home['AssociationFee'];
    delete home['AssociationFeeFrequency'];
  }
}

export interface MediaItem {
  MediaKey: string;
  MediaURL: string;
  Order: number;
  MediaModificationTimestamp: string;
  description: string | undefined;
}

/**
 * The record's photos in `Order`: only pictures (MediaCategory Photo, or an image MIME type, or
 * neither said), only those MlgCanView allows; a media entry without key, URL or timestamp is
 * reported rather than guessed.
 */
export function photosOf(record: ResoRecord): { photos: MediaItem[]; problems: string[] } {
  const media = record['Media'];
  const problems: string[] = [];
  if (media === undefined || media === null) return { photos: [], problems };
  if (!Array.isArray(media)) return { photos: [], problems: ['Media is not a list'] };
  const photos: MediaItem[] = [];
  for (const [i, m] of (media as unknown[]).entries()) {
    if (typeof m !== 'object' || m === null) {
      problems.push(`Media ${i} is not an object`);
      continue;
    }
    const item = m as Record<string, unknown>;
    if (item['MlgCanView'] === false) continue;
    const category = item['MediaCategory'];
    const mime = item['MimeType'];
    const image = typeof mime === 'string' && /^image\//.test(mime);
    if (typeof category === 'string' && category !== 'Photo' && !image) continue;
    if (typeof mime === 'string' && mime && !image) continue;
    const key = item['MediaKey'];
    const url = item['MediaURL'];
    const stamp = item['MediaModificationTimestamp'] ?? item['ModificationTimestamp'];
    if (typeof key !== 'string' || !/^[A-Za-z0-9_.-]{1,128}$/.test(key)) {
      problems.push(`Media ${i} has no usable MediaKey`);
      continue;
    }
    if (typeof url !== 'string' || !/^https?:\/\//.test(url)) {
      problems.push(`Media ${key} has no MediaURL`);
      continue;
    }
    if (typeof stamp !== 'string' || !stamp) {
      problems.push(`Media ${key} has no MediaModificationTimestamp`);
      continue;
    }
    const description = [item['LongDescription'], item['ShortDescription']].find(
      (d): d is string => typeof d === 'string' && d.trim().length >= 10,
    );
    photos.push({
      MediaKey: key,
      MediaURL: url,
      Order: typeof item['Order'] === 'number' ? item['Order'] : i,
      MediaModificationTimestamp: stamp,
      description: description?.trim(),
    });
  }
  photos.sort((a, b) => a.Order - b.Order);
  return { photos, problems };
}

/**
 * A photo's alt text: the MLS's description when it says something, else its place in the
 * gallery and the home, named by street unless the address is withheld.
 */
export function photoAlt(photo: MediaItem, index: number, count: number, home: ResoRecord): string {
  if (photo.description) return photo.description;
  const street = [home['StreetNumber'], home['StreetDirPrefix'], home['StreetName'], home['StreetSuffix']]
    .filter((p) => typeof p === 'string' && p)
    .join(' ');
  const city = typeof home['City'] === 'string' ? home['City'] : '';
  const place = street ? `${street}, ${city}` : city ? `this home in ${city}` : 'this home';
  return `Photo ${index + 1} of ${count} of ${place}`;
}

/**
 * The listing collection's own check of a home, photos as their file names: the reasons the build
 * would refuse it, field by field, or undefined. The sync writes no home the build would refuse.
 */
export function schemaCheck(home: ResoRecord): string | undefined {
  const result = listingSchema(z.string()).safeParse(home);
  if (result.success) return undefined;
  return result.error.issues.map((i) => `${i.path.join('.') || 'home'}: ${i.message}`).join('; ');
}

/** The sync's gate: the short reasons first, then the collection's schema. */
export function checkHome(home: ResoRecord): string | undefined {
  return basicCheck(home) ?? schemaCheck(home);
}

/**
 * The least a home needs before the site may show it: its key and status, a price, where it is,
 * the listing firm (the IDX rule names it on every home) and a photo. The build's own collection
 * schema is stricter; this is the sync's first gate.
 */
export function basicCheck(home: ResoRecord): string | undefined {
  const missing = [
    'ListingKey',
    'StandardStatus',
    'ListPrice',
    'City',
    'StateOrProvince',
    'PostalCode',
    'ListOfficeName',
  ].filter((name) => home[name] === undefined);
  if (missing.length) return `missing ${missing.join(', ')}`;
  if (typeof home['ListPrice'] !== 'number' || !(home['ListPrice'] > 0))
    return `ListPrice is not a price (${JSON.stringify(home['ListPrice'])})`;
  if (!Array.isArray(home['Photos']) || home['Photos'].length === 0) return 'no photo';
  return undefined;
}

/** An open house of a synced home, as the snapshot keeps it: times as New York wall-clock times. */
export interface SyncedOpenHouse {
  OpenHouseKey: string;
  ListingKey: string;
  /** The record's full ModificationTimestamp. */
  ModificationTimestamp: string;
  OpenHouseStartTime: string;
  OpenHouseEndTime: string;
  OpenHouseRemarks?: string | undefined;
}

export type OpenHouseDecision =
  | { action: 'keep'; openHouse: SyncedOpenHouse }
  /** Off the site: a previous version goes too. */
  | { action: 'remove'; reason: string }
  /** Malformed: a previous version stays. */
  | { action: 'skip'; reason: string };

/**
 * A RESO Timestamp as a New York wall-clock time "YYYY-MM-DDTHH:MM" (the listing collection's
 * form). An instant (with Z or an offset) is converted; a time without one is taken as New York's,
 * as MLSs that send local times mean it. Undefined when it is neither, or names no real time.
 */
export function toLocalTime(value: unknown): string | undefined {
  if (typeof value !== 'string') return undefined;
  const local = /^(\d{4}-\d{2}-\d{2}T\d{2}:\d{2})(:00(\.0+)?)?$/.exec(value)?.[1];
  if (local) return localTimeInZone(local) ? local : undefined;
  if (!/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(:\d{2}(\.\d+)?)?(Z|[+-]\d{2}:\d{2})$/.test(value)) return undefined;
  const instant = new Date(value);
  if (Number.isNaN(instant.getTime())) return undefined;
  const w = wallClock(instant);
  const p = (n: number) => String(n).padStart(2, '0');
  const time = `${w.year}-${p(w.month)}-${p(w.day)}T${p(w.hour)}:${p(w.minute)}`;
  // A placeholder such as 0001-01-01 (a year of one digit), or a time before New York kept whole
  // minutes (1883), is no time an open house has.
  return localTimeInZone(time) ? time : undefined;
}

/**
 * What one replicated `OpenHouse` record becomes: an open house the public may come to, or off the
 * site. MlgCanView false (deleted at the source), a cancelled or ended one, and a broker's or
 * office's preview (OpenHouseType other than Public) are not shown; one without a usable key,
 * listing or times is skipped with the reason.
 */
export function openHouseOf(record: ResoRecord): OpenHouseDecision {
  const key = record['OpenHouseKey'];
  if (typeof key !== 'string' || !/^[A-Za-z0-9_.-]{1,128}$/.test(key))
    return { action: 'skip', reason: `no usable OpenHouseKey (${JSON.stringify(key)})` };
  if (record['MlgCanView'] === false)
    return { action: 'remove', reason: 'MlgCanView is false (deleted at the source)' };
  const status = record['OpenHouseStatus'];
  if (typeof status === 'string' && status !== 'Active')
    return { action: 'remove', reason: `OpenHouseStatus is ${status}` };
  const type = record['OpenHouseType'];
  if (typeof type === 'string' && type !== 'Public')
    return { action: 'remove', reason: `OpenHouseType is ${type} (not open to the public)` };
  const listing = record['ListingKey'];
  if (typeof listing !== 'string' || !listing) return { action: 'skip', reason: 'no ListingKey' };
  const stamp = record['ModificationTimestamp'];
  if (typeof stamp !== 'string' || Number.isNaN(Date.parse(stamp)))
    return { action: 'skip', reason: `no usable ModificationTimestamp (${JSON.stringify(stamp)})` };
  const start = toLocalTime(record['OpenHouseStartTime']);
  const end = toLocalTime(record['OpenHouseEndTime']);
  if (!start)
    return {
      action: 'skip',
      reason: `OpenHouseStartTime is not a time (${JSON.stringify(record['OpenHouseStartTime'])})`,
    };
  if (!end)
    return { action: 'skip', reason: `OpenHouseEndTime is not a time (${JSON.stringify(record['OpenHouseEndTime'])})` };
  if (localTimeInZone(end)!.getTime() <= localTimeInZone(start)!.getTime())
    return { action: 'skip', reason: `ends (${end}) before it starts (${start})` };
  const remarks = typeof record['OpenHouseRemarks'] === 'string' ? record['OpenHouseRemarks'].trim() : '';
  return {
    action: 'keep',
    openHouse: {
      OpenHouseKey: key,
      ListingKey: listing,
      ModificationTimestamp: stamp,
      OpenHouseStartTime: start,
      OpenHouseEndTime: end,
      ...(remarks ? { OpenHouseRemarks: remarks } : {}),
    },
  };
}

/**
 * A home's open houses as the listing collection holds them (`OpenHouse`): those that have not
 * ended at `now`, earliest first, one per start time (each start names the home's calendar file),
 * each with the day the MLS last changed it in `timeZone` (its calendar entry's DTSTAMP). A stamp
 * that is no such day (a placeholder such as 0001-01-01) or comes after `now` (9999-12-31, which would
 * hold the entry's stamp for good) is left out: the entry takes the home's day.
 */
export function homeOpenHouses(openHouses: readonly SyncedOpenHouse[], now: Date, timeZone: string) {
  const seen = new Set<string>();
  const today = dayIn(now.toISOString(), timeZone);
  const changed = (stamp: string) => {
    const day = readableDay(stamp, timeZone);
    return day && day <= today ? { ModificationTimestamp: day } : {};
  };
  return upcomingOpenHouses(openHouses, now)
    .filter((o) => !seen.has(o.OpenHouseStartTime) && seen.add(o.OpenHouseStartTime))
    .map((o) => ({
      OpenHouseStartTime: o.OpenHouseStartTime,
      OpenHouseEndTime: o.OpenHouseEndTime,
      ...(o.OpenHouseRemarks ? { OpenHouseRemarks: o.OpenHouseRemarks } : {}),
      ...changed(o.ModificationTimestamp),
    }));
}
