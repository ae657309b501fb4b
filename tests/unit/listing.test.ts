/** The home's model and its pure helpers: schema refusals, slug, price lines, times, .ics and JSON-LD. */
import { z } from 'astro/zod';
import { describe, expect, it } from 'vitest';
import {
  compareListings,
  directionsUrl,
  fullAddress,
  homeInWords,
  homePageOffers,
  keyFacts,
  listPageOffers,
  listingSlug,
  lotText,
  monthlyAssociationFee,
  priceDrop,
  priceLine,
  pricePerSquareFoot,
  startingDownPayment,
  annualPropertyTax,
  assessedValue,
  houseTaxBill,
  statusLabel,
  toSlug,
} from '#src/lib/listing/format.ts';
import {
  buildOpenHouseCalendar,
  buildOpenHouseIcs,
  googleCalendarUrl,
  openHouseEvent,
  openHouseCalendarName,
  openHouseFileName,
  subscribeLinks,
  type OpenHouseEvent,
} from '#src/lib/listing/ics.ts';
import { buildOpenHouseEvent, buildRealEstateListing } from '#src/lib/listing/jsonld.ts';
import { listingSchema, type StandardStatus } from '#src/lib/listing/model.ts';
import { withoutControls } from '#src/lib/text.ts';
import {
  formatOpenHouse,
  dayInZone,
  dayStartInZone,
  isoInZone,
  shortOpenHouse,
  localTimeInZone,
  openHouseParts,
  openHouseSchedule,
  upcomingOpenHouses,
} from '#src/lib/listing/time.ts';

import { sampleHome as home } from '../support/sample-home.ts';

const schema = listingSchema(z.string());

/** The field paths and messages zod gives for a home changed by `patch`. */
function refusals(patch: Record<string, unknown>): { path: string; message: string }[] {
  const result = schema.safeParse({ ...home, ...patch });
  if (result.success) return [];
  return result.error.issues.map((i) => ({ path: i.path.join('.'), message: i.message }));
}

describe('listing schema', () => {
  it('accepts the sample home', () => {
    expect(refusals({})).toEqual([]);
    expect(schema.parse(home).BathroomsHalf).toBe(1);
  });

  it('leaves out the control characters a feed may carry, which no page or XML feed may hold', () => {
    const parsed = schema.parse({
      ...home,
      ListOfficeName: 'Triangle\u000b Realty\u0001',
      PublicRemarks: `${home.PublicRemarks}\u001b[31m\nSecond line.`,
      InteriorFeatures: ['Pantry\u007f'],
    });
    expect(parsed.ListOfficeName).toBe('Triangle Realty');
    expect(parsed.PublicRemarks).toBe(`${home.PublicRemarks}[31m\nSecond line.`);
    expect(parsed.InteriorFeatures).toEqual(['Pantry']);
    expect(withoutControls('a\tb\r\nc\u0085d\uffff')).toBe('a\tb\r\ncd');
  });

  it.each([
    ['a negative price', { ListPrice: -5 }, 'ListPrice', 'must be more than $0'],
    ['a missing price', { ListPrice: undefined }, 'ListPrice', 'is required'],
    ['a first price in cents', { OriginalListPrice: 539900.5 }, 'OriginalListPrice', 'must be whole dollars'],
    ['a price change that is no day', { PriceChangeTimestamp: '11/18/2026' }, 'PriceChangeTimestamp', 'must be a day'],
    ['an unknown status', { StandardStatus: 'Sold' }, 'StandardStatus', 'must be one of "Coming Soon", "Active"'],
    [
      'a Closed home without close price',
      { StandardStatus: 'Closed', CloseDate: '2026-12-01' },
      'ClosePrice',
      'a Closed home needs its ClosePrice',
    ],
    [
      'a Closed home without close date',
      { StandardStatus: 'Closed', ClosePrice: 520000 },
      'CloseDate',
      'a Closed home needs its CloseDate',
    ],
    ['a photo without alt', { Photos: [{ src: './front.jpg' }] }, 'Photos.0.alt', 'every photo needs alt text'],
    [
      'a photo with an empty alt',
      { Photos: [{ src: './front.jpg', alt: ' ' }] },
      'Photos.0.alt',
      'must describe the photo',
    ],
    ['no photo at all', { Photos: [] }, 'Photos', 'needs at least one photo'],
    [
      'an open house that ends before it starts',
      { OpenHouse: [{ OpenHouseStartTime: '2027-01-16T15:00', OpenHouseEndTime: '2027-01-16T13:00' }] },
      'OpenHouse.0.OpenHouseEndTime',
      'must be after OpenHouseStartTime',
    ],
    [
      'an open house at a time New York skips',
      { OpenHouse: [{ OpenHouseStartTime: '2027-03-14T02:30', OpenHouseEndTime: '2027-03-14T04:00' }] },
      'OpenHouse.0.OpenHouseStartTime',
      'is not a real time of day in New York',
    ],
    ['a sale price on a home for sale', { ClosePrice: 500000 }, 'ClosePrice', 'only a Closed home'],
    [
      'an HOA fee without its frequency',
      { AssociationFee: 65 },
      'AssociationFeeFrequency',
      'is required with an AssociationFee',
    ],
    ['an offer of compensation', { BuyerAgencyCompensation: '2.5%' }, '', 'never an offer of compensation'],
    ['a town with no letter or digit to name its page by', { City: '—' }, 'City', 'must hold a letter or digit'],
  ])('refuses %s, naming the field', (_what, patch, path, message) => {
    const found = refusals(patch);
    expect(found.map((f) => f.path)).toContain(path);
    expect(found.find((f) => f.path === path)?.message).toContain(message);
  });

  it('accepts a town outside the service area', () => {
    expect(refusals({ City: 'Durham', PostalCode: '27701' })).toEqual([]);
  });
});

describe('slug and address', () => {
  it('is the street address and town, as the issue writes it', () => {
    expect(listingSlug(home)).toBe('412-oak-grove-lane-cary-nc');
  });

  it('cuts an address longer than any street at a word and adds the listing key: the page file stays writable', () => {
    const long = { ...home, StreetName: 'Salem Pond Meadowbrook '.repeat(11).trim() };
    const slug = listingSlug(long);
    expect(slug).toMatch(/^412-salem-pond-meadowbrook-salem-pond-[a-z-]+-ja-2026-014$/);
    expect(slug.length).toBeLessThanOrEqual(100);
    expect(slug).not.toContain('--');
    // Another home on the same long street keeps a page of its own.
    expect(listingSlug({ ...long, ListingKey: 'JA-2026-015' })).not.toBe(slug);
  });

  it('keeps the unit and drops punctuation and accents', () => {
    const condo = {
      ...home,
      StreetNumber: '1208',
      StreetName: "O'Kelly Château",
      StreetSuffix: 'Row',
      UnitNumber: '3B',
    };
    expect(listingSlug(condo)).toBe('1208-o-kelly-chateau-row-unit-3b-cary-nc');
    expect(fullAddress(condo)).toBe("1208 O'Kelly Château Row Unit 3B, Cary, NC 27513");
    expect(toSlug('  Wake  Forest ')).toBe('wake-forest');
  });

  it('gives directions to the full address, encoded into the map site’s link', () => {
    const condo = { ...home, StreetNumber: '1208', StreetName: 'Dogwood', StreetSuffix: 'Row', UnitNumber: '3B&4' };
    expect(directionsUrl('https://maps.example/dir?to={address}&from=', condo)).toBe(
      'https://maps.example/dir?to=1208%20Dogwood%20Row%20Unit%203B%264%2C%20Cary%2C%20NC%2027513&from=',
    );
  });
});

describe('price and facts', () => {
  it('shows the list price of a home on the market', () => {
    expect(priceLine({ StandardStatus: 'Active', ListPrice: 525000 })).toEqual({
      label: 'List price',
      price: '$525,000',
    });
  });

  it('shows Sold, the close price and the date of a sold home', () => {
    expect(
      priceLine({ StandardStatus: 'Closed', ListPrice: 715000, ClosePrice: 702500, CloseDate: '2026-09-30' }),
    ).toEqual({ label: 'Sold', price: '$702,500', note: 'on September 30, 2026' });
    expect(statusLabel('Closed')).toBe('Sold');
    expect(statusLabel('Active Under Contract')).toBe('Active Under Contract');
  });

  it('puts a home in words: what it is, and where it stands with its price', () => {
    const data = schema.parse(home);
    expect(homeInWords({ ...data, OriginalListPrice: 539900 })).toEqual({
      kind: '4 beds, 2.5 baths, 2,450 sq ft single family residence',
      standing: 'active at $525,000, reduced from $539,900',
    });
    expect(homeInWords({ ...data, StandardStatus: 'Coming Soon' }).standing).toBe('coming soon at $525,000');
    expect(homeInWords({ ...data, StandardStatus: 'Closed', ClosePrice: 519000 }).standing).toBe('sold for $519,000');
  });

  it("describes what a home's page offers by its status: no showing or open house where it has none", () => {
    expect(homePageOffers('Active', true)).toBe('Photos, open houses, monthly cost and showings.');
    expect(homePageOffers('Active Under Contract', false)).toBe('Photos, monthly cost and showings.');
    expect(homePageOffers('Coming Soon', false)).toBe('Photos, monthly cost, and word as soon as it can be seen.');
    expect(homePageOffers('Pending', false)).toBe('Photos, monthly cost, and word if it comes back on the market.');
    expect(homePageOffers('Closed', false)).toBe("Photos and the home's facts.");
    expect(listPageOffers('sold')).toBe('photos and sale prices');
    expect(listPageOffers('under-contract')).toBe('photos, prices and monthly costs');
    expect(listPageOffers('for-sale')).toBe('photos, prices, open houses and showings');
    expect(listPageOffers(undefined)).toBe('photos, prices, open houses and showings');
  });

  it('says how much a price came down from the first one, and since when; never a raise or a sale', () => {
    const active = { StandardStatus: 'Active', ListPrice: 525000 } as const;
    expect(priceDrop({ ...active, OriginalListPrice: 539900, PriceChangeTimestamp: '2026-11-18' })).toEqual({
      amount: '$14,900',
      from: '$539,900',
      on: 'November 18, 2026',
    });
    expect(priceDrop({ ...active, StandardStatus: 'Pending', OriginalListPrice: 530000 })).toEqual({
      amount: '$5,000',
      from: '$530,000',
    });
    expect(priceDrop(active)).toBeUndefined();
    expect(priceDrop({ ...active, OriginalListPrice: 525000 })).toBeUndefined();
    expect(priceDrop({ ...active, OriginalListPrice: 499000, PriceChangeTimestamp: '2026-11-18' })).toBeUndefined();
    // A sold home shows its close price against its list price instead.
    expect(
      priceDrop({
        ...active,
        StandardStatus: 'Closed',
        ClosePrice: 520000,
        CloseDate: '2026-12-01',
        OriginalListPrice: 539900,
      }),
    ).toBeUndefined();
  });

  it('gives the price per square foot of the price shown, rounded to the dollar', () => {
    expect(pricePerSquareFoot({ StandardStatus: 'Active', ListPrice: 525000, LivingArea: 2450 })).toBe('$214');
    expect(
      pricePerSquareFoot({ StandardStatus: 'Closed', ListPrice: 715000, ClosePrice: 702500, LivingArea: 3640 }),
    ).toBe('$193');
  });

  it('writes beds, baths and square feet', () => {
    expect(keyFacts({ BedroomsTotal: 4, BathroomsFull: 2, BathroomsHalf: 1, LivingArea: 2450 })).toEqual([
      '4 beds',
      '2.5 baths',
      '2,450 sq ft',
    ]);
    expect(keyFacts({ BedroomsTotal: 1, BathroomsFull: 1, BathroomsHalf: 0, LivingArea: 640 })).toEqual([
      '1 bed',
      '1 bath',
      '640 sq ft',
    ]);
    expect([lotText(1), lotText(0.25), lotText(2)]).toEqual(['1 acre', '0.25 acres', '2 acres']);
  });

  it("takes a home's property tax from its listing's bill where it was the house's, else from its price at its town's rate", () => {
    const bill = { TaxAnnualAmount: 3_890, TaxYear: 2025, YearBuilt: 1998 };
    expect(houseTaxBill(bill)).toBe(3_890);
    expect(houseTaxBill({ TaxAnnualAmount: 3_890 })).toBe(3_890); // year or age unknown: taken as the house's
    // A bill of the year the house was built, or earlier, taxed the land (NC assesses on January 1).
    expect(houseTaxBill({ ...bill, YearBuilt: 2025 })).toBeUndefined();
    expect(houseTaxBill({ ...bill, TaxAnnualAmount: 0 })).toBeUndefined();
    expect(houseTaxBill({})).toBeUndefined();

    expect(annualPropertyTax(bill, 525_000, 0.8571)).toBe(3_890);
    expect(annualPropertyTax({ ...bill, YearBuilt: 2025 }, 525_000, 0.8571)).toBe(4_500); // 4,499.78
    expect(annualPropertyTax({}, 525_000, 0.8571)).toBe(4_500);
    expect(annualPropertyTax({}, 525_000, 0)).toBe(0);
    expect(annualPropertyTax(bill, 525_000, 0)).toBe(3_890);

    // The value it is taxed on is the bill at the rate: 3,890 / 0.8571 per $100.
    expect(assessedValue(bill, 0.8571)).toBe(453_856);
    expect(assessedValue(bill, 0)).toBeUndefined();
    expect(assessedValue({ ...bill, YearBuilt: 2026 }, 0.8571)).toBeUndefined();
  });

  it('turns RESO fee frequencies into monthly dues and starts at 20% down', () => {
    expect(monthlyAssociationFee(240, 'Quarterly')).toBe(80);
    expect(monthlyAssociationFee(600, 'Annually')).toBe(50);
    expect(monthlyAssociationFee(undefined, undefined)).toBe(0);
    expect(startingDownPayment(525000)).toBe(105000);
    expect(startingDownPayment(389000)).toBe(77800);
    expect(startingDownPayment(349900)).toBe(70000);
    // Rounded to the nearest thousand this was 68,000: 19.9% down, and PMI on a page saying 20%.
    expect(startingDownPayment(342400)).toBe(68500);
    for (let price = 100_000; price <= 2_000_000; price += 1_234) {
      const down = startingDownPayment(price);
      expect(down / price).toBeGreaterThanOrEqual(0.2);
      expect(down - price / 5).toBeLessThan(100);
    }
  });

  it('orders homes on the market newest first, then sold homes by sale date', () => {
    const homes = [
      { id: 'sold-early', StandardStatus: 'Closed', OnMarketDate: '2026-01-01', CloseDate: '2026-03-01' },
      { id: 'old', StandardStatus: 'Pending', OnMarketDate: '2026-05-01' },
      { id: 'sold-late', StandardStatus: 'Closed', OnMarketDate: '2025-01-01', CloseDate: '2026-09-01' },
      { id: 'new', StandardStatus: 'Active', OnMarketDate: '2026-11-01' },
    ] as const;
    expect([...homes].sort(compareListings).map((h) => h.id)).toEqual(['new', 'old', 'sold-late', 'sold-early']);
  });
});

describe('open-house times (America/New_York)', () => {
  it('reads wall-clock times in winter and summer', () => {
    expect(localTimeInZone('2027-01-16T13:00')?.toISOString()).toBe('2027-01-16T18:00:00.000Z');
    expect(localTimeInZone('2027-07-10T13:00')?.toISOString()).toBe('2027-07-10T17:00:00.000Z');
    expect(localTimeInZone('2027-03-14T02:30')).toBeUndefined();
  });

  it('says the day and the hours', () => {
    expect(formatOpenHouse('2027-01-16T13:00', '2027-01-16T15:00')).toBe(
      'Saturday, January 16, 2027, 1:00 PM to 3:00 PM',
    );
    expect(openHouseParts('2027-07-10T11:30', '2027-07-10T13:00')).toEqual({
      day: 'Saturday, July 10, 2027',
      hours: '11:30 AM to 1:00 PM',
    });
  });

  it('says it briefly on a home’s card, in New York time whatever the machine’s zone', () => {
    expect(shortOpenHouse('2027-01-16T13:00', '2027-01-16T15:00')).toBe('Sat, Jan 16, 1:00 PM to 3:00 PM');
    expect(shortOpenHouse('2027-07-10T11:30', '2027-07-10T13:00')).toBe('Sat, Jul 10, 11:30 AM to 1:00 PM');
    expect(() => shortOpenHouse('2027-03-14T02:30', '2027-03-14T04:00')).toThrow(/not a New York time/);
  });

  it('names the day an open house ends on when it is not the day it starts (its calendar file has it so)', () => {
    expect(formatOpenHouse('2027-01-16T22:00', '2027-01-17T01:00')).toBe(
      'Saturday, January 16, 2027, 10:00 PM to Sunday, January 17, 2027, 1:00 AM',
    );
    expect(openHouseParts('2027-01-20T10:00', '2027-01-22T16:00')).toEqual({
      day: 'Wednesday, January 20, 2027',
      hours: '10:00 AM to Friday, January 22, 2027, 4:00 PM',
    });
    expect(shortOpenHouse('2027-01-20T10:00', '2027-01-22T16:00')).toBe(
      'Wed, Jan 20, 10:00 AM to Fri, Jan 22, 4:00 PM',
    );
    // Midnight in New York, not in UTC, is where the day changes.
    expect(shortOpenHouse('2027-07-10T18:00', '2027-07-10T21:00')).toBe('Sat, Jul 10, 6:00 PM to 9:00 PM');
  });

  it('schedules the coming open houses of every home on the market, soonest first across the homes', () => {
    const at = (day: string, hour = '13') => ({
      OpenHouseStartTime: `${day}T${hour}:00`,
      OpenHouseEndTime: `${day}T${Number(hour) + 2}:00`,
    });
    const home = (id: string, StandardStatus: StandardStatus, OpenHouse: ReturnType<typeof at>[]) => ({
      id,
      data: { StandardStatus, OpenHouse },
    });
    const homes = [
      home('cary', 'Active', [at('2026-11-08'), at('2027-01-16'), at('2027-01-09', '10')]),
      home('apex', 'Pending', [at('2027-01-09', '14')]),
      home('sold', 'Closed', [at('2027-01-02')]),
      home('none', 'Active', []),
      // Not on the market yet, it may not be shown: its open house waits for it to be Active.
      home('soon', 'Coming Soon', [at('2027-01-10')]),
    ];
    const schedule = openHouseSchedule(homes, new Date('2026-11-23T12:00:00Z'));
    expect(schedule.map((s) => `${s.home.id} ${s.openHouse.OpenHouseStartTime}`)).toEqual([
      'cary 2027-01-09T10:00',
      'apex 2027-01-09T14:00',
      'cary 2027-01-16T13:00',
    ]);
    // One that has begun and not ended is still on; one that has ended is not.
    const during = openHouseSchedule(homes, new Date('2027-01-09T20:00:00Z'));
    expect(during.map((s) => `${s.home.id} ${s.openHouse.OpenHouseStartTime}`)).toEqual([
      'apex 2027-01-09T14:00',
      'cary 2027-01-16T13:00',
    ]);
    expect(openHouseSchedule(homes, new Date('2027-02-01T00:00:00Z'))).toEqual([]);
  });

  it('leaves out open houses that have ended', () => {
    const list = [
      { OpenHouseStartTime: '2027-01-16T13:00', OpenHouseEndTime: '2027-01-16T15:00' },
      { OpenHouseStartTime: '2026-11-08T13:00', OpenHouseEndTime: '2026-11-08T15:00' },
    ];
    expect(upcomingOpenHouses(list, new Date('2026-11-23T12:00:00Z'))).toEqual([list[0]]);
    expect(upcomingOpenHouses(list, new Date('2026-11-08T19:30:00Z'))).toEqual([list[1], list[0]]);
    expect(upcomingOpenHouses(list, new Date('2027-01-16T20:00:00Z'))).toEqual([]);
  });
});

describe('.ics (RFC 5545)', () => {
  const openHouse: OpenHouseEvent = {
    uid: 'JA-2026-014-20270116T130000@example.com',
    start: '2027-01-16T13:00',
    end: '2027-01-16T15:00',
    summary: 'Open house: 412 Oak Grove Lane, Cary, NC 27513',
    location: '412 Oak Grove Lane, Cary, NC 27513',
    description:
      'Walk through with the listing agent; no appointment needed.\nhttps://www.example.com/listings/412-oak-grove-lane-cary-nc',
    url: 'https://www.example.com/listings/412-oak-grove-lane-cary-nc',
    geo: { lat: 35.7968, lng: -78.8032 },
    stamp: new Date('2026-11-20T00:00:00Z'),
    producer: 'Jordan Avery Real Estate',
  };
  const ics = buildOpenHouseIcs(openHouse);
  const lines = ics.split('\r\n');

  it('is one calendar with one event, CRLF line endings throughout', () => {
    expect(ics.endsWith('END:VCALENDAR\r\n')).toBe(true);
    expect(ics.replace(/\r\n/g, '')).not.toMatch(/[\r\n]/);
    expect(lines[0]).toBe('BEGIN:VCALENDAR');
    expect(lines).toContain('VERSION:2.0');
    expect(lines).toContain('PRODID:-//Jordan Avery Real Estate//Open houses//EN');
    expect(lines.filter((l) => l === 'BEGIN:VEVENT')).toHaveLength(1);
  });

  it('carries America/New_York with its VTIMEZONE rules, and the wall-clock times', () => {
    expect(ics).toContain(
      'BEGIN:VTIMEZONE\r\nTZID:America/New_York\r\nBEGIN:DAYLIGHT\r\nTZOFFSETFROM:-0500\r\nTZOFFSETTO:-0400\r\nTZNAME:EDT\r\nDTSTART:20070311T020000\r\nRRULE:FREQ=YEARLY;BYMONTH=3;BYDAY=2SU\r\nEND:DAYLIGHT\r\nBEGIN:STANDARD\r\nTZOFFSETFROM:-0400\r\nTZOFFSETTO:-0500\r\nTZNAME:EST\r\nDTSTART:20071104T020000\r\nRRULE:FREQ=YEARLY;BYMONTH=11;BYDAY=1SU\r\nEND:STANDARD\r\nEND:VTIMEZONE',
    );
    expect(lines).toContain('DTSTART;TZID=America/New_York:20270116T130000');
    expect(lines).toContain('DTEND;TZID=America/New_York:20270116T150000');
    expect(lines).toContain('DTSTAMP:20261120T000000Z');
    expect(lines).toContain('UID:JA-2026-014-20270116T130000@example.com');
    expect(lines).toContain('GEO:35.7968;-78.8032');
  });

  it('escapes commas, semicolons and line breaks, and folds long lines at 75 octets', () => {
    expect(lines).toContain('LOCATION:412 Oak Grove Lane\\, Cary\\, NC 27513');
    const unfolded = ics.replace(/\r\n /g, '');
    expect(unfolded).toContain(
      'DESCRIPTION:Walk through with the listing agent\\; no appointment needed.\\nhttps://www.example.com/listings/412-oak-grove-lane-cary-nc',
    );
    for (const line of lines) expect(new TextEncoder().encode(line).length).toBeLessThanOrEqual(75);
  });

  it('makes every coming open house one calendar to subscribe to, named and refreshed, each event kept whole', () => {
    const second = {
      uid: 'JA-2026-021-20270123T100000@example.com',
      start: '2027-01-23T10:00',
      end: '2027-01-23T12:00',
    };
    const event = (fields: Partial<OpenHouseEvent>): OpenHouseEvent => ({ ...openHouse, ...fields });
    const calendar = buildOpenHouseCalendar([openHouse, event(second)], {
      name: openHouseCalendarName('Jordan Avery Real Estate'),
      producer: 'Jordan Avery Real Estate',
    });
    const all = calendar.split('\r\n');
    expect(all.slice(0, 10)).toEqual([
      'BEGIN:VCALENDAR',
      'VERSION:2.0',
      'PRODID:-//Jordan Avery Real Estate//Open houses//EN',
      'CALSCALE:GREGORIAN',
      'METHOD:PUBLISH',
      'NAME:Jordan Avery Real Estate: open houses',
      'X-WR-CALNAME:Jordan Avery Real Estate: open houses',
      'X-WR-TIMEZONE:America/New_York',
      'REFRESH-INTERVAL;VALUE=DURATION:PT12H',
      'X-PUBLISHED-TTL:PT12H',
    ]);
    expect(all.filter((l) => l.startsWith('UID:'))).toEqual([`UID:${openHouse.uid}`, `UID:${second.uid}`]);
    expect(all).toContain('DTSTART;TZID=America/New_York:20270123T100000');
    // Each event as its own file has it, in the one time zone.
    const body = (file: string) => /BEGIN:VEVENT[\s\S]*END:VEVENT\r\n/.exec(file)?.[0];
    expect(calendar).toContain(body(ics));
    expect(calendar.match(/BEGIN:VTIMEZONE/g)).toHaveLength(1);
    expect(calendar.endsWith('END:VEVENT\r\nEND:VCALENDAR\r\n')).toBe(true);
    // With none, a valid calendar still (its time zone is a component), which keeps being polled.
    const empty = buildOpenHouseCalendar([], { name: 'x', producer: 'x' });
    expect(empty).not.toContain('BEGIN:VEVENT');
    expect(empty).toMatch(/END:VTIMEZONE\r\nEND:VCALENDAR\r\n$/);
  });

  it('is subscribed to by webcal (Apple, Outlook) and by Google Calendar, from its https address', () => {
    expect(subscribeLinks('https://www.example.com/listings/open-houses.ics')).toEqual({
      webcal: 'webcal://www.example.com/listings/open-houses.ics',
      google: 'https://calendar.google.com/calendar/r?cid=webcal%3A%2F%2Fwww.example.com%2Flistings%2Fopen-houses.ics',
    });
  });

  it('is named after the start', () => {
    expect(openHouseFileName('2027-01-16T13:00')).toBe('open-house-2027-01-16-1300.ics');
  });
});

describe("an open house's calendar entry, as .ics and as a Google Calendar link", () => {
  const url = 'https://www.example.com/listings/412-oak-grove-lane-cary-nc';
  const settings = { url, courtesy: 'Listing courtesy of Triangle Realty Partners', producer: 'Jordan Avery' };
  const openHouse = {
    OpenHouseStartTime: '2027-01-16T13:00',
    OpenHouseEndTime: '2027-01-16T15:00',
    OpenHouseRemarks: 'No appointment needed.',
  };

  it("is made from the home, the open house and the page: the file's fields", () => {
    expect(openHouseEvent(schema.parse(home), openHouse, settings)).toEqual({
      uid: 'JA-2026-014-20270116T1300@www.example.com',
      start: '2027-01-16T13:00',
      end: '2027-01-16T15:00',
      summary: 'Open house: 412 Oak Grove Lane, Cary, NC 27513',
      location: '412 Oak Grove Lane, Cary, NC 27513',
      description: `No appointment needed.\nListing courtesy of Triangle Realty Partners.\n${url}`,
      url,
      geo: { lat: 35.7968, lng: -78.8032 },
      stamp: new Date('2026-11-20T00:00:00Z'),
      producer: 'Jordan Avery',
    });
  });

  it('is stamped with the day the open house last changed when the MLS changed it after the home', () => {
    const parsed = schema.parse(home);
    // New remarks on 3 December, the home last changed on 20 November: a calendar refreshing the file takes them.
    const changed = { ...openHouse, ModificationTimestamp: '2026-12-03' };
    expect(openHouseEvent(parsed, changed, settings).stamp).toEqual(new Date('2026-12-03T00:00:00Z'));
    expect(buildOpenHouseIcs(openHouseEvent(parsed, changed, settings))).toContain('DTSTAMP:20261203T000000Z');
    // One changed before the home keeps the home's day.
    expect(openHouseEvent(parsed, { ...openHouse, ModificationTimestamp: '2026-10-01' }, settings).stamp).toEqual(
      new Date('2026-11-20T00:00:00Z'),
    );
    // Written by hand in a home's file, unquoted YAML makes it a date: read back as its day.
    const fromYaml = schema.parse({
      ...home,
      OpenHouse: [{ ...changed, ModificationTimestamp: new Date('2026-12-03') }],
    });
    expect(fromYaml.OpenHouse[0]?.ModificationTimestamp).toBe('2026-12-03');
  });

  it('gives Google Calendar the same title, New York wall-clock times, place and details', () => {
    const link = new URL(googleCalendarUrl(openHouseEvent(schema.parse(home), openHouse, settings)));
    expect(`${link.origin}${link.pathname}`).toBe('https://calendar.google.com/calendar/render');
    expect(Object.fromEntries(link.searchParams)).toEqual({
      action: 'TEMPLATE',
      text: 'Open house: 412 Oak Grove Lane, Cary, NC 27513',
      dates: '20270116T130000/20270116T150000',
      ctz: 'America/New_York',
      details: `No appointment needed.\nListing courtesy of Triangle Realty Partners.\n${url}`,
      location: '412 Oak Grove Lane, Cary, NC 27513',
    });
  });

  it('gives away no street or coordinates of a home whose address is withheld', () => {
    const { StreetNumber: _n, StreetName: _s, StreetSuffix: _x, Latitude: _a, Longitude: _o, ...rest } = home;
    const event = openHouseEvent(schema.parse({ ...rest, InternetAddressDisplayYN: false }), openHouse, settings);
    expect([event.summary, event.location, event.geo]).toEqual([
      'Open house: Home in Cary, NC 27513',
      'Cary, NC 27513',
      undefined,
    ]);
    expect(googleCalendarUrl(event)).not.toMatch(/Oak|Grove|35\.79/);
  });
});

describe('RealEstateListing JSON-LD', () => {
  const data = schema.parse(home);
  const url = 'https://www.example.com/listings/412-oak-grove-lane-cary-nc';
  const ld = buildRealEstateListing(data, { url, images: ['https://www.example.com/a.jpg'] });

  it('offers the home at its price, in dollars, in stock', () => {
    expect(ld).toMatchObject({
      '@type': 'RealEstateListing',
      url,
      datePosted: '2026-11-02',
      offers: { '@type': 'Offer', price: 525000, priceCurrency: 'USD', availability: 'https://schema.org/InStock' },
    });
  });

  it('describes the home: type, address, geo, floor size and rooms', () => {
    expect((ld['offers'] as { itemOffered: unknown }).itemOffered).toMatchObject({
      '@type': 'SingleFamilyResidence',
      address: {
        streetAddress: '412 Oak Grove Lane',
        addressLocality: 'Cary',
        addressRegion: 'NC',
        postalCode: '27513',
      },
      geo: { latitude: 35.7968, longitude: -78.8032 },
      floorSize: { value: 2450, unitCode: 'FTK' },
      numberOfBedrooms: 4,
      numberOfBathroomsTotal: 3,
    });
    // schema.org's rooms leave the bathrooms out: a listing gives no such count, so none is claimed.
    expect((ld['offers'] as { itemOffered: object }).itemOffered).not.toHaveProperty('numberOfRooms');
  });

  it('gives a sold home its close price and SoldOut; a condo is an Apartment', () => {
    const sold = buildRealEstateListing(
      schema.parse({
        ...home,
        StandardStatus: 'Closed',
        ClosePrice: 520000,
        CloseDate: '2026-12-01',
        ModificationTimestamp: '2026-12-01',
        PropertySubType: 'Condominium',
      }),
      { url, images: [] },
    );
    expect(sold['offers']).toMatchObject({
      price: 520000,
      availability: 'https://schema.org/SoldOut',
      itemOffered: { '@type': 'Apartment' },
    });
  });
});

describe('an open house as a schema.org Event', () => {
  const data = schema.parse(home);
  const url = 'https://www.example.com/listings/412-oak-grove-lane-cary-nc';
  const [openHouse] = data.OpenHouse as [(typeof data.OpenHouse)[number]];

  it('dates it in New York time with the offset of its day, summer time included', () => {
    expect(isoInZone('2027-01-16T13:00')).toBe('2027-01-16T13:00:00-05:00');
    expect(isoInZone('2027-06-05T10:30')).toBe('2027-06-05T10:30:00-04:00');
    expect(() => isoInZone('2027-03-14T02:30')).toThrow('not a New York time: 2027-03-14T02:30');
  });

  it('starts a content day at midnight in New York, not at UTC midnight the evening before', () => {
    expect(dayStartInZone('2025-11-04')).toBe('2025-11-04T00:00:00-05:00');
    // A day in front matter, which the collection reads as UTC midnight.
    expect(dayStartInZone(new Date('2025-10-10'))).toBe('2025-10-10T00:00:00-04:00');
    expect(new Date(dayStartInZone('2025-11-04')).toUTCString()).toBe('Tue, 04 Nov 2025 05:00:00 GMT');
  });

  it('reads the day of an instant in New York: 10 pm there is the next day in UTC', () => {
    expect(dayInZone(new Date('2026-12-03T03:00:00Z'))).toBe('2026-12-02');
    expect(dayInZone(new Date('2026-12-03T05:00:00Z'))).toBe('2026-12-03');
    expect(dayInZone(new Date('2027-07-01T03:59:00Z'))).toBe('2027-06-30');
  });

  it('is in person at the home, free, organized by the listing firm, at the home’s page', () => {
    const image = 'https://www.example.com/_astro/front.jpg';
    expect(
      buildOpenHouseEvent(data, { ...openHouse, OpenHouseRemarks: 'Cider on the porch.' }, { url, image }),
    ).toEqual({
      '@type': 'Event',
      name: 'Open house: 412 Oak Grove Lane, Cary, NC 27513',
      description: 'Cider on the porch.',
      startDate: '2027-01-16T13:00:00-05:00',
      endDate: '2027-01-16T15:00:00-05:00',
      eventStatus: 'https://schema.org/EventScheduled',
      eventAttendanceMode: 'https://schema.org/OfflineEventAttendanceMode',
      location: {
        '@type': 'Place',
        name: '412 Oak Grove Lane, Cary, NC 27513',
        address: {
          '@type': 'PostalAddress',
          streetAddress: '412 Oak Grove Lane',
          addressLocality: 'Cary',
          addressRegion: 'NC',
          postalCode: '27513',
          addressCountry: 'US',
        },
      },
      image: [image],
      url,
      isAccessibleForFree: true,
      offers: { '@type': 'Offer', price: 0, priceCurrency: 'USD', availability: 'https://schema.org/InStock', url },
      organizer: { '@type': 'RealEstateAgent', name: 'Triangle Realty Partners' },
    });
  });

  it('says when, without remarks; at a withheld street, names only the town', () => {
    expect(buildOpenHouseEvent(data, openHouse, { url })['description']).toBe(
      'Open house: 412 Oak Grove Lane, Cary, NC 27513, Saturday, January 16, 2027, 1:00 PM to 3:00 PM.',
    );
    const { StreetNumber: _n, StreetName: _s, StreetSuffix: _x, Latitude: _a, Longitude: _o, ...rest } = home;
    const hidden = schema.parse({ ...rest, InternetAddressDisplayYN: false });
    const event = buildOpenHouseEvent(hidden, openHouse, { url });
    expect(event['location']).toEqual({
      '@type': 'Place',
      name: 'Home in Cary, NC 27513',
      address: {
        '@type': 'PostalAddress',
        addressLocality: 'Cary',
        addressRegion: 'NC',
        postalCode: '27513',
        addressCountry: 'US',
      },
    });
    expect(JSON.stringify(event)).not.toContain('Oak Grove');
  });
});

describe('a home whose street address is withheld (InternetAddressDisplayYN false)', () => {
  const { StreetNumber: _n, StreetName: _s, StreetSuffix: _x, Latitude: _a, Longitude: _o, ...rest } = home;
  const hidden = { ...rest, InternetAddressDisplayYN: false };
  const data = schema.parse(hidden);

  it('is accepted without street and coordinates, which every other home needs', () => {
    expect(
      refusals({ StreetNumber: undefined, StreetName: undefined, Latitude: undefined, Longitude: undefined }),
    ).toEqual([
      { path: 'StreetNumber', message: 'is required' },
      { path: 'StreetName', message: 'is required' },
      { path: 'Latitude', message: 'is required' },
      { path: 'Longitude', message: 'is required' },
    ]);
    expect(schema.safeParse(hidden).success).toBe(true);
    expect(schema.parse(home).InternetAddressDisplayYN).toBe(true);
  });

  it('refuses a street or coordinates given anyway, so nothing gives the house away', () => {
    const result = schema.safeParse({ ...hidden, StreetName: 'Oak Grove', Latitude: 35.7968 });
    expect(result.success).toBe(false);
    expect(result.error?.issues.map((i) => [i.path.join('.'), i.message])).toEqual([
      ['StreetName', 'must be left out when InternetAddressDisplayYN is false (the address is not published)'],
      ['Latitude', 'must be left out when InternetAddressDisplayYN is false (the address is not published)'],
    ]);
  });

  it('is named by town and ZIP, and its page address by town, ZIP and key', () => {
    expect(fullAddress(data)).toBe('Home in Cary, NC 27513');
    expect(listingSlug(data)).toBe('home-in-cary-nc-27513-ja-2026-014');
  });

  it('has no directions, which would lead to the house', () => {
    expect(directionsUrl('https://maps.example/dir?to={address}', data)).toBeUndefined();
  });

  it('has structured data without street address or geo', () => {
    const ld = buildRealEstateListing(data, { url: 'https://www.example.com/listings/x', images: [] });
    const residence = (ld['offers'] as { itemOffered: Record<string, unknown> }).itemOffered;
    expect(residence['address']).toEqual({
      '@type': 'PostalAddress',
      addressLocality: 'Cary',
      addressRegion: 'NC',
      postalCode: '27513',
      addressCountry: 'US',
    });
    expect(residence).not.toHaveProperty('geo');
    expect(JSON.stringify(ld)).not.toContain('Oak Grove');
  });

  it('has a calendar file without GEO', () => {
    const ics = buildOpenHouseIcs({
      uid: 'u@example.com',
      start: '2027-01-16T13:00',
      end: '2027-01-16T15:00',
      summary: 'Open house: Home in Cary, NC 27513',
      location: 'Cary, NC 27513',
      description: 'x',
      url: 'https://www.example.com/listings/x',
      stamp: new Date('2026-11-20T00:00:00Z'),
      producer: 'Jordan Avery Real Estate',
    });
    expect(ics).not.toContain('GEO:');
    expect(ics).toContain('LOCATION:Cary\\, NC 27513');
  });
});
