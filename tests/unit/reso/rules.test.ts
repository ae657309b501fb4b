import { describe, expect, it } from 'vitest';
import {
  checkHome,
  dayIn,
  decide,
  homeOpenHouses,
  openHouseOf,
  toLocalTime,
  photoAlt,
  photosOf,
  schemaCheck,
  soldSince,
  toHomeFields,
} from '#src/lib/reso/rules.ts';

describe('the licence rules', () => {
  it('removes a record MlgCanView false, one not for the Internet and an off-market one', () => {
    expect(decide({ MlgCanView: false, StandardStatus: 'Active' })).toMatchObject({ action: 'remove' });
    expect(decide({ InternetEntireListingDisplayYN: false, StandardStatus: 'Active' })).toMatchObject({
      action: 'remove',
      reason: expect.stringContaining('InternetEntireListingDisplayYN') as string,
    });
    expect(decide({ StandardStatus: 'Expired' })).toMatchObject({
      action: 'remove',
      reason: expect.stringContaining('Expired') as string,
    });
    expect(decide({ StandardStatus: 'Closed', MlgCanView: true })).toEqual({ action: 'keep', addressHidden: false });
  });

  it('reads a status sent as its lookup member name (ActiveUnderContract), as the site writes it', () => {
    expect(decide({ StandardStatus: 'ActiveUnderContract' })).toMatchObject({ action: 'keep' });
    expect(decide({ StandardStatus: 'COMING_SOON' })).toMatchObject({ action: 'keep' });
    expect(decide({ StandardStatus: 'Closed', CloseDate: '2020-01-02' }, { soldSince: '2025-01-01' })).toMatchObject({
      action: 'remove',
      olderSale: true,
    });
    expect(decide({ StandardStatus: 'ComingSoonish' })).toMatchObject({ action: 'remove' });
    const fields = toHomeFields({ StandardStatus: 'ActiveUnderContract' }, { addressHidden: false, timeZone: 'UTC' });
    expect(fields).toEqual({ StandardStatus: 'Active Under Contract' });
  });

  it('publishes only a record licensed for IDX display, where MLS Grid says which uses it may serve', () => {
    expect(decide({ StandardStatus: 'Active', MlgCanUse: ['VOW', 'BO'] })).toEqual({
      action: 'remove',
      reason: 'MlgCanUse is VOW, BO (not for IDX display)',
    });
    expect(decide({ StandardStatus: 'Active', MlgCanUse: [] })).toMatchObject({ action: 'remove' });
    expect(decide({ StandardStatus: 'Active', MlgCanUse: ['IDX', 'VOW'] })).toMatchObject({ action: 'keep' });
    // A server that does not say (not MLS Grid) leaves it to the other rules.
    expect(decide({ StandardStatus: 'Active' })).toMatchObject({ action: 'keep' });
  });

  it('hides the street when InternetAddressDisplayYN is false', () => {
    expect(decide({ StandardStatus: 'Active', InternetAddressDisplayYN: false })).toEqual({
      action: 'keep',
      addressHidden: true,
    });
    const home = toHomeFields(
      {
        StreetNumber: 12,
        StreetDirPrefix: 'N',
        StreetName: 'Elm',
        StreetSuffix: 'St',
        UnitNumber: '4',
        City: 'Town',
        PostalCode: '27000',
        Latitude: 35.8,
        Longitude: -78.7,
      },
      { addressHidden: true, timeZone: 'America/New_York' },
    );
    // The coordinates would point at the house as well as the street does: they go too.
    expect(home).toEqual({ City: 'Town', PostalCode: '27000', InternetAddressDisplayYN: false });
  });
});

describe('how far back sales are shown', () => {
  it('counts whole calendar months back from today in the office’s time zone', () => {
    expect(soldSince(new Date('2026-11-25T15:00:00Z'), 24, 'America/New_York')).toBe('2024-11-25');
    // 02:00 UTC on 1 March is still the last day of February in Raleigh.
    expect(soldSince(new Date('2026-03-01T02:00:00Z'), 1, 'America/New_York')).toBe('2026-01-28');
    // A month with fewer days ends the count on its last day; January less one month is December.
    expect(soldSince(new Date('2026-05-31T12:00:00Z'), 3, 'America/New_York')).toBe('2026-02-28');
    expect(soldSince(new Date('2024-05-31T12:00:00Z'), 3, 'America/New_York')).toBe('2024-02-29');
    expect(soldSince(new Date('2026-01-15T12:00:00Z'), 1, 'America/New_York')).toBe('2025-12-15');
    expect(soldSince(new Date('2026-01-15T12:00:00Z'), 13, 'America/New_York')).toBe('2024-12-15');
  });

  it('removes a sale before the first day shown, and nothing else', () => {
    const since = { soldSince: '2024-11-25' };
    expect(decide({ StandardStatus: 'Closed', CloseDate: '2024-11-24' }, since)).toEqual({
      action: 'remove',
      reason: 'sold on 2024-11-24, before 2024-11-25 (older sales are not shown)',
      olderSale: true,
    });
    // A CloseDate sent as a timestamp counts by its day.
    expect(decide({ StandardStatus: 'Closed', CloseDate: '2024-11-24T23:00:00Z' }, since)).toMatchObject({
      action: 'remove',
    });
    expect(decide({ StandardStatus: 'Closed', CloseDate: '2024-11-25' }, since)).toEqual({
      action: 'keep',
      addressHidden: false,
    });
    // Only a sale: an old date on a home still on the market, or no window at all, removes nothing.
    expect(decide({ StandardStatus: 'Pending', CloseDate: '2020-01-01' }, since)).toMatchObject({ action: 'keep' });
    expect(decide({ StandardStatus: 'Closed', CloseDate: '2020-01-01' })).toMatchObject({ action: 'keep' });
    // A sale without its CloseDate is left to the schema check, which names the field.
    expect(decide({ StandardStatus: 'Closed' }, since)).toMatchObject({ action: 'keep' });
  });
});

describe('a record as a home', () => {
  it('copies the RESO fields it shows, normalised, and leaves the rest out', () => {
    const home = toHomeFields(
      {
        ListingKey: 'K1',
        ListPrice: '450000.00',
        LivingArea: 1850.4,
        StreetNumber: 12,
        OnMarketDate: '2026-04-28T00:00:00Z',
        Appliances: 'Dishwasher, Microwave,None',
        InteriorFeatures: ['Pantry', 'None'],
        ModificationTimestamp: '2026-05-03T02:30:00Z',
        UnitNumber: null,
        ElementarySchool: 'Salem Elementary',
        MiddleOrJuniorSchool: '',
        HighSchool: '  ',
        HighSchoolDistrict: 'Wake County Public School System',
        BuyerAgencyCompensation: '3',
        MlgCanView: true,
      },
      { addressHidden: false, timeZone: 'America/New_York' },
    );
    expect(home).toEqual({
      ListingKey: 'K1',
      ListPrice: 450000,
      LivingArea: 1850,
      StreetNumber: '12',
      OnMarketDate: '2026-04-28',
      Appliances: ['Dishwasher', 'Microwave'],
      InteriorFeatures: ['Pantry'],
      ElementarySchool: 'Salem Elementary',
      HighSchoolDistrict: 'Wake County Public School System',
      // 02:30 UTC on the 3rd is still the 2nd in New York.
      ModificationTimestamp: '2026-05-02',
    });
  });

  it('takes ListingContractDate as the day on the market when a Coming Soon record has no OnMarketDate', () => {
    const fields = (r: Record<string, unknown>) =>
      toHomeFields(r, { addressHidden: false, timeZone: 'America/New_York' })['OnMarketDate'];
    expect(fields({ ListingContractDate: '2026-06-01' })).toBe('2026-06-01');
    expect(fields({ ListingContractDate: '2026-06-01', OnMarketDate: '2026-06-05' })).toBe('2026-06-05');
    expect(fields({})).toBeUndefined();
  });

  it('keeps a first price and the day its price changed, and leaves out what says nothing', () => {
    const fields = (r: Record<string, unknown>) =>
      toHomeFields(r, { addressHidden: false, timeZone: 'America/New_York' });
    expect(fields({ OriginalListPrice: '539900.00', PriceChangeTimestamp: '2026-11-19T01:15:00Z' })).toEqual({
      OriginalListPrice: 539900,
      // 01:15 UTC on the 19th is the evening of the 18th in New York.
      PriceChangeTimestamp: '2026-11-18',
    });
    // 0 (not recorded) and an unreadable timestamp only decorate a home: they go, the home stays.
    expect(fields({ ListingKey: 'K2', OriginalListPrice: 0, PriceChangeTimestamp: 'last week' })).toEqual({
      ListingKey: 'K2',
    });
    expect(fields({ OriginalListPrice: '0.00', PriceChangeTimestamp: null })).toEqual({});
    // A placeholder for "never" (a .NET default): the home stays, without it.
    expect(fields({ ListingKey: 'K3', PriceChangeTimestamp: '0001-01-01T00:00:00Z' })).toEqual({ ListingKey: 'K3' });
  });

  it('writes a ZIP+4 as its five digits, as the site writes every address', () => {
    const fields = (r: Record<string, unknown>) =>
      toHomeFields(r, { addressHidden: false, timeZone: 'America/New_York' });
    expect(fields({ PostalCode: '27513-1234' })).toEqual({ PostalCode: '27513' });
    expect(fields({ PostalCode: '275131234' })).toEqual({ PostalCode: '27513' });
    expect(fields({ PostalCode: '27513' })).toEqual({ PostalCode: '27513' });
    // Anything else is left to the schema, which names it.
    expect(fields({ PostalCode: '2751' })).toEqual({ PostalCode: '2751' });
  });

  it("leaves out a condominium's lot of 0 acres, and gives a fee at another frequency as its monthly equal", () => {
    const fields = (r: Record<string, unknown>) =>
      toHomeFields(r, { addressHidden: false, timeZone: 'America/New_York' });
    expect(fields({ LotSizeAcres: 0 })).toEqual({});
    expect(fields({ LotSizeAcres: '0.00' })).toEqual({});
    expect(fields({ LotSizeAcres: 0.25 })).toEqual({ LotSizeAcres: 0.25 });
    const fee = (AssociationFee: unknown, AssociationFeeFrequency: unknown) =>
      fields({ AssociationFee, AssociationFeeFrequency });
    expect(fee(100, 'Weekly')).toEqual({ AssociationFee: 433.33, AssociationFeeFrequency: 'Monthly' });
    expect(fee(300, 'Bi-Monthly')).toEqual({ AssociationFee: 150, AssociationFeeFrequency: 'Monthly' });
    expect(fee('120.00', 'Semi-Monthly')).toEqual({ AssociationFee: 240, AssociationFeeFrequency: 'Monthly' });
    expect(fee(60, 'Bi-Weekly')).toEqual({ AssociationFee: 130, AssociationFeeFrequency: 'Monthly' });
    // The four the site names stay as the listing gives them.
    expect(fee(450, 'Quarterly')).toEqual({ AssociationFee: 450, AssociationFeeFrequency: 'Quarterly' });
    // Not a monthly cost at all: left out, the home kept.
    expect(fee(500, 'One Time')).toEqual({});
    expect(fee(200, 'Seasonal')).toEqual({});
  });

  it('reads a timestamp without a time zone as UTC, as the watermark does, whatever the machine’s zone', () => {
    const zone = process.env.TZ;
    process.env.TZ = 'America/Los_Angeles';
    try {
      const fields = toHomeFields(
        { ModificationTimestamp: '2026-11-19T03:30:00', PriceChangeTimestamp: '2026-11-19T03:30:00' },
        { addressHidden: false, timeZone: 'America/New_York' },
      );
      // 03:30 UTC on the 19th is the evening of the 18th in New York (read in Los Angeles, the 19th).
      expect(fields).toEqual({ ModificationTimestamp: '2026-11-18', PriceChangeTimestamp: '2026-11-18' });
    } finally {
      if (zone === undefined) delete process.env.TZ;
      else process.env.TZ = zone;
    }
  });

  it('gives the day of a timestamp in a time zone', () => {
    expect(dayIn('2026-05-03T03:59:00Z', 'America/New_York')).toBe('2026-05-02');
    expect(dayIn('2026-05-03T04:00:00Z', 'America/New_York')).toBe('2026-05-03');
    expect(() => dayIn('yesterday', 'America/New_York')).toThrow('not a timestamp');
  });
});

describe('photos', () => {
  const m = (o: Record<string, unknown>) => ({
    MediaKey: 'M1',
    MediaURL: 'https://media.example/1.jpg',
    MediaModificationTimestamp: '2026-05-01T00:00:00Z',
    MediaCategory: 'Photo',
    ...o,
  });

  it('keeps pictures MlgCanView allows, in Order, and reports broken entries', () => {
    const { photos, problems } = photosOf({
      Media: [
        m({ MediaKey: 'B', Order: 2 }),
        m({ MediaKey: 'A', Order: 1, LongDescription: 'Kitchen with an island and a window' }),
        m({ MediaKey: 'V', MediaCategory: 'Video', MimeType: 'video/mp4' }),
        m({ MediaKey: 'D', MlgCanView: false }),
        m({ MediaKey: 'X', MediaURL: null }),
        m({ MediaKey: 'Y', MediaModificationTimestamp: undefined }),
      ],
    });
    expect(photos.map((p) => p.MediaKey)).toEqual(['A', 'B']);
    expect(photos[0]!.description).toBe('Kitchen with an island and a window');
    expect(problems).toEqual(['Media X has no MediaURL', 'Media Y has no MediaModificationTimestamp']);
  });

  it('writes alt text from the description, else the place in the gallery without a hidden street', () => {
    const [p] = photosOf({ Media: [m({ ShortDescription: 'Short' })] }).photos;
    expect(photoAlt(p!, 0, 3, { StreetNumber: '12', StreetName: 'Elm', StreetSuffix: 'Street', City: 'Town' })).toBe(
      'Photo 1 of 3 of 12 Elm Street, Town',
    );
    expect(photoAlt(p!, 1, 3, { City: 'Town' })).toBe('Photo 2 of 3 of this home in Town');
  });
});

describe('the sync’s gate: the listing collection’s own schema', () => {
  const good = {
    ListingKey: 'CAR1',
    StandardStatus: 'Active',
    ListPrice: 450000,
    OnMarketDate: '2026-04-28',
    ModificationTimestamp: '2026-05-02',
    StreetNumber: '12',
    StreetName: 'Sample',
    City: 'Cary',
    StateOrProvince: 'NC',
    PostalCode: '27513',
    CountyOrParish: 'Wake',
    Latitude: 35.8,
    Longitude: -78.7,
    PropertySubType: 'Single Family Residence',
    BedroomsTotal: 3,
    BathroomsFull: 2,
    LivingArea: 1850,
    YearBuilt: 2004,
    PublicRemarks: 'A bright two-story home on a quiet street, with a fenced yard and a screened porch.',
    ListOfficeName: 'Sample Realty',
    ListAgentFullName: 'Sam Agent',
    Photos: [{ src: './photos/CAR1/CAR1-M0.jpg', alt: 'Front of the house from the street' }],
  };

  it('passes a home the build would publish', () => {
    expect(checkHome(good)).toBeUndefined();
  });

  it('refuses what the build would refuse, naming the field', () => {
    expect(schemaCheck({ ...good, PropertySubType: 'Cabin' })).toMatch(/^PropertySubType: must be one of/);
    expect(schemaCheck({ ...good, CountyOrParish: undefined })).toMatch(/^CountyOrParish: /);
    expect(checkHome({ ...good, ListPrice: undefined })).toBe('missing ListPrice');
  });

  it('refuses a North Carolina home whose pin would fall outside the state (a lost minus, the two swapped)', () => {
    expect(schemaCheck({ ...good, Longitude: 78.7 })).toBe(
      'Longitude: must lie in North Carolina (-84.4 to -75.3), like the home',
    );
    expect(schemaCheck({ ...good, Latitude: -78.7, Longitude: 35.8 })).toBe(
      'Latitude: must lie in North Carolina (33.7 to 36.7), like the home; Longitude: must lie in North Carolina (-84.4 to -75.3), like the home',
    );
    // The coast and the mountains are North Carolina too; a home in another state is not held to it.
    expect(schemaCheck({ ...good, Latitude: 34.2, Longitude: -77.8 })).toBeUndefined();
    expect(schemaCheck({ ...good, Latitude: 35.6, Longitude: -83.5 })).toBeUndefined();
    expect(schemaCheck({ ...good, StateOrProvince: 'SC', Latitude: 32.8, Longitude: -79.9 })).toBeUndefined();
  });

  it('passes a home without its street when InternetAddressDisplayYN is false, and only then', () => {
    const { StreetNumber: _n, StreetName: _s, Latitude: _a, Longitude: _o, ...hidden } = good;
    expect(schemaCheck({ ...hidden, InternetAddressDisplayYN: false })).toBeUndefined();
    expect(schemaCheck(hidden)).toBe(
      'StreetNumber: is required; StreetName: is required; Latitude: is required; Longitude: is required',
    );
  });
});

describe('open houses from the MLS', () => {
  const record = (overrides: Record<string, unknown> = {}) => ({
    OpenHouseKey: 'OH-1',
    ListingKey: 'CAR100',
    MlgCanView: true,
    ModificationTimestamp: '2026-05-03T09:00:00.000Z',
    OpenHouseStatus: 'Active',
    OpenHouseType: 'Public',
    OpenHouseStartTime: '2030-06-01T17:00:00.000Z',
    OpenHouseEndTime: '2030-06-01T19:00:00.000Z',
    ...overrides,
  });

  it('writes a RESO timestamp as New York wall-clock time, whatever the season', () => {
    expect(toLocalTime('2030-06-01T17:00:00.000Z')).toBe('2030-06-01T13:00');
    expect(toLocalTime('2030-12-07T18:30:00Z')).toBe('2030-12-07T13:30');
    expect(toLocalTime('2030-12-07T13:30:00-05:00')).toBe('2030-12-07T13:30');
    // 00:30 UTC is still the evening before in Raleigh.
    expect(toLocalTime('2030-06-02T00:30:00Z')).toBe('2030-06-01T20:30');
    // Without an offset a time is New York's, as MLSs that send local times mean it.
    expect(toLocalTime('2030-06-01T13:00:00')).toBe('2030-06-01T13:00');
    expect(toLocalTime('2030-06-01T13:00')).toBe('2030-06-01T13:00');
    // 2:30 on the morning the clocks go forward does not exist.
    expect(toLocalTime('2030-03-10T02:30:00')).toBeUndefined();
    // Placeholders and typing slips: a year of fewer than four digits, or before New York kept whole minutes.
    for (const slip of ['0001-01-01T00:00:00Z', '0202-06-01T17:00:00Z', '1800-06-01T17:00:00Z']) {
      expect(toLocalTime(slip), slip).toBeUndefined();
      expect(openHouseOf(record({ OpenHouseEndTime: slip }))).toEqual({
        action: 'skip',
        reason: `OpenHouseEndTime is not a time ("${slip}")`,
      });
    }
    for (const bad of ['2030-06-01', 'June 1, 2030 1 PM', '2030-06-01T25:00:00Z', '', null, 17]) {
      expect(toLocalTime(bad), String(bad)).toBeUndefined();
    }
  });

  it('keeps a public open house with its times in New York and its remarks', () => {
    expect(openHouseOf(record({ OpenHouseRemarks: '  Cookies on the porch.  ' }))).toEqual({
      action: 'keep',
      openHouse: {
        OpenHouseKey: 'OH-1',
        ListingKey: 'CAR100',
        ModificationTimestamp: '2026-05-03T09:00:00.000Z',
        OpenHouseStartTime: '2030-06-01T13:00',
        OpenHouseEndTime: '2030-06-01T15:00',
        OpenHouseRemarks: 'Cookies on the porch.',
      },
    });
    // Neither status nor type said: shown.
    expect(openHouseOf(record({ OpenHouseStatus: null, OpenHouseType: undefined }))).toMatchObject({ action: 'keep' });
  });

  it('takes off a deleted, cancelled or ended one and a broker’s preview', () => {
    expect(openHouseOf(record({ MlgCanView: false }))).toMatchObject({ action: 'remove' });
    expect(openHouseOf(record({ OpenHouseStatus: 'Cancelled' }))).toEqual({
      action: 'remove',
      reason: 'OpenHouseStatus is Cancelled',
    });
    expect(openHouseOf(record({ OpenHouseStatus: 'Ended' }))).toMatchObject({ action: 'remove' });
    expect(openHouseOf(record({ OpenHouseType: 'Broker' }))).toEqual({
      action: 'remove',
      reason: 'OpenHouseType is Broker (not open to the public)',
    });
  });

  it('skips one it cannot read, saying why', () => {
    expect(openHouseOf(record({ OpenHouseKey: '' }))).toMatchObject({ action: 'skip' });
    expect(openHouseOf(record({ ListingKey: undefined }))).toEqual({ action: 'skip', reason: 'no ListingKey' });
    expect(openHouseOf(record({ OpenHouseStartTime: 'soon' }))).toEqual({
      action: 'skip',
      reason: 'OpenHouseStartTime is not a time ("soon")',
    });
    expect(openHouseOf(record({ OpenHouseEndTime: '2030-06-01T16:00:00Z' }))).toEqual({
      action: 'skip',
      reason: 'ends (2030-06-01T12:00) before it starts (2030-06-01T13:00)',
    });
  });

  it('gives a home its open houses that have not ended, earliest first, one per start time', () => {
    const at = (start: string, end: string, remarks?: string) => ({
      OpenHouseKey: `OH-${start}`,
      ListingKey: 'CAR100',
      ModificationTimestamp: '2026-05-03T09:00:00.000Z',
      OpenHouseStartTime: start,
      OpenHouseEndTime: end,
      ...(remarks ? { OpenHouseRemarks: remarks } : {}),
    });
    const zone = 'America/New_York';
    const list = [
      at('2030-06-08T13:00', '2030-06-08T15:00', 'Second weekend.'),
      at('2030-06-01T13:00', '2030-06-01T15:00'),
      { ...at('2030-06-01T13:00', '2030-06-01T16:00'), OpenHouseKey: 'OH-twin' },
      at('2030-05-25T13:00', '2030-05-25T15:00'),
    ];
    // 2:30 PM in Raleigh on 25 May: that one has not ended yet; at 3:30 PM it has.
    expect(homeOpenHouses(list, new Date('2030-05-25T18:30:00Z'), zone).map((o) => o.OpenHouseStartTime)).toEqual([
      '2030-05-25T13:00',
      '2030-06-01T13:00',
      '2030-06-08T13:00',
    ]);
    // A placeholder stamp, and one after the run (which would hold the calendar's stamp for good), are left out.
    const odd = ['0001-01-01T00:00:00Z', '9999-12-31T23:59:59Z', '2030-05-26T12:00:00Z'].map((stamp, i) => ({
      ...at(`2030-06-1${i}T13:00`, `2030-06-1${i}T15:00`),
      ModificationTimestamp: stamp,
    }));
    expect(homeOpenHouses(odd, new Date('2030-05-25T19:30:00Z'), zone).map((o) => o.ModificationTimestamp)).toEqual([
      undefined,
      undefined,
      undefined,
    ]);
    // Each with the day, in New York, the MLS last changed it (09:00 UTC on 3 May is 5 AM there).
    expect(homeOpenHouses(list, new Date('2030-05-25T19:30:00Z'), zone)).toEqual([
      {
        OpenHouseStartTime: '2030-06-01T13:00',
        OpenHouseEndTime: '2030-06-01T15:00',
        ModificationTimestamp: '2026-05-03',
      },
      {
        OpenHouseStartTime: '2030-06-08T13:00',
        OpenHouseEndTime: '2030-06-08T15:00',
        OpenHouseRemarks: 'Second weekend.',
        ModificationTimestamp: '2026-05-03',
      },
    ]);
  });
});
