import { describe, expect, it } from 'vitest';
import {
  distanceLabel,
  milesBetween,
  milesLabel,
  nearbyHomes,
  nearbyLinks,
  placeDistances,
  type NearbyHome,
} from '../../src/lib/listing/nearby.ts';
import { placeSchema, type Place } from '../../src/lib/town.ts';

const home = (key: string, fields: Partial<NearbyHome> = {}): { data: NearbyHome } => ({
  data: { ListingKey: key, City: 'Cary', StandardStatus: 'Active', ListPrice: 500_000, ...fields },
});
/** Downtown Cary, and points about 1, 3 and 10 miles north of it (a degree of latitude is 69.1 miles). */
const at = (milesNorth: number) => ({ Latitude: 35.7915 + milesNorth / 69.09, Longitude: -78.7811 });
const keys = (chosen: { home: { data: NearbyHome } }[]) => chosen.map((n) => n.home.data.ListingKey);

describe('homes for sale nearby', () => {
  it('measures great-circle miles, and nothing without coordinates on both sides', () => {
    // Raleigh's Capitol to Cary's town hall: about 8 miles as the crow flies.
    const capitol = { ...home('a').data, Latitude: 35.7804, Longitude: -78.6391 };
    const cary = { ...home('b').data, Latitude: 35.7915, Longitude: -78.7811 };
    expect(milesBetween(capitol, cary)).toBeCloseTo(8.0, 0);
    expect(milesBetween(capitol, capitol)).toBe(0);
    expect(milesBetween(capitol, home('c').data)).toBeUndefined();
    expect(milesBetween(home('c').data, cary)).toBeUndefined();
  });

  it('leaves out the home itself and every home that cannot be bought', () => {
    const self = home('self', at(0));
    const homes = [
      self,
      home('pending', { ...at(1), StandardStatus: 'Pending' }),
      home('under-contract', { ...at(1), StandardStatus: 'Active Under Contract' }),
      home('sold', { ...at(1), StandardStatus: 'Closed' }),
      home('coming', { ...at(3), StandardStatus: 'Coming Soon' }),
      home('active', at(10)),
    ];
    expect(keys(nearbyHomes(self.data, homes, 5))).toEqual(['coming', 'active']);
  });

  it('puts the same town first, then the nearest, then the closest price, and keeps at most `count`', () => {
    const self = home('self', at(0));
    const homes = [
      home('apex-near', { ...at(1), City: 'Apex' }),
      home('cary-far', at(10)),
      home('cary-withheld', { ListPrice: 700_000 }),
      home('cary-near', at(3)),
      home('cary-withheld-close-price', { ListPrice: 510_000 }),
    ];
    expect(keys(nearbyHomes(self.data, homes, 9))).toEqual([
      'cary-near',
      'cary-far',
      'cary-withheld-close-price',
      'cary-withheld',
      'apex-near',
    ]);
    expect(keys(nearbyHomes(self.data, homes, 2))).toEqual(['cary-near', 'cary-far']);
    // The town is matched as its slug: the feed's spelling of a town may vary in case.
    expect(keys(nearbyHomes({ ...self.data, City: 'APEX' }, homes, 1))).toEqual(['apex-near']);
  });

  it('compares prices as ratios, so a gap weighs more on a cheaper home', () => {
    const self = home('self', { ListPrice: 300_000 });
    // 250,000 is 17% below; 375,000 is 25% above, though both are within 75,000.
    const homes = [home('higher', { ListPrice: 375_000 }), home('lower', { ListPrice: 250_000 })];
    expect(keys(nearbyHomes(self.data, homes, 2))).toEqual(['lower', 'higher']);
  });

  it('gives the distance of each home chosen when both homes have coordinates', () => {
    const self = home('self', at(0));
    const chosen = nearbyHomes(self.data, [home('near', at(3)), home('withheld')], 2);
    expect(chosen[0]!.miles).toBeCloseTo(3, 1);
    expect(chosen[1]!.miles).toBeUndefined();
    // A home whose own address is withheld measures nothing.
    expect(nearbyHomes(home('self').data, [home('near', at(3))], 1)[0]!.miles).toBeUndefined();
  });

  it('says how far in tenths of a mile under 10 miles and in whole miles from there', () => {
    expect(distanceLabel(0)).toBe('0.1 miles away');
    expect(distanceLabel(0.44)).toBe('0.4 miles away');
    expect(distanceLabel(1.02)).toBe('1 mile away');
    expect(distanceLabel(3.26)).toBe('3.3 miles away');
    expect(distanceLabel(9.94)).toBe('9.9 miles away');
    expect(distanceLabel(9.96)).toBe('10 miles away');
    expect(distanceLabel(12.6)).toBe('13 miles away');
  });

  it("links to the town's homes for sale only when it has more than the cards show, then to all of them", () => {
    const self = home('self', at(0));
    const homes = [
      self,
      home('cary-1', at(1)),
      home('cary-2', at(2)),
      home('cary-sold', { ...at(1), StandardStatus: 'Closed' }),
      home('apex', { ...at(3), City: 'Apex' }),
    ];
    const links = (count: number) =>
      nearbyLinks(self.data, homes, nearbyHomes(self.data, homes, count)).map((l) => `${l.label} -> ${l.href}`);
    // The counts are those of the pages the links lead to, this home (for sale) included.
    expect(links(1)).toEqual([
      'Homes for sale in Cary (3) -> /listings/town/cary/for-sale',
      'All homes for sale (4) -> /listings/status/for-sale',
    ]);
    expect(links(3)).toEqual(['All homes for sale (4) -> /listings/status/for-sale']);
    // Under a sold home, the town's count is of the others only.
    const sold = home('self', { ...at(0), StandardStatus: 'Closed' });
    const withSold = [sold, ...homes.slice(1)];
    const under = nearbyLinks(sold.data, withSold, nearbyHomes(sold.data, withSold, 1));
    expect(under.map((l) => l.label)).toEqual(['Homes for sale in Cary (2)', 'All homes for sale (3)']);
  });
});

describe('how far a home is from the places buyers measure it against', () => {
  const places: Place[] = [
    { name: 'Ten miles north', coordinates: { lat: at(10).Latitude, lng: at(10).Longitude } },
    { name: 'Downtown Raleigh', coordinates: { lat: 35.7804, lng: -78.6391 } },
    { name: 'Three miles north', coordinates: { lat: at(3).Latitude, lng: at(3).Longitude } },
  ];

  it('names each place with its straight-line miles, the nearest first', () => {
    const distances = placeDistances(at(0), places);
    expect(distances.map((d) => [d.name, milesLabel(d.miles)])).toEqual([
      ['Three miles north', '3 miles'],
      ['Downtown Raleigh', '8 miles'],
      ['Ten miles north', '10 miles'],
    ]);
  });

  it('says nothing for a home without coordinates, or with no places', () => {
    expect(placeDistances({}, places)).toEqual([]);
    expect(placeDistances(at(0), [])).toEqual([]);
  });

  it('refuses a place outside the Triangle, naming the field', () => {
    const far = placeSchema.safeParse({ name: 'Charlotte', coordinates: { lat: 35.2271, lng: -80.8431 } });
    expect(far.success).toBe(false);
    expect(far.error?.issues.map((i) => [i.path.join('.'), i.message])).toEqual([
      ['coordinates.lat', 'must lie in the Triangle (latitude 35.4 to 36.3)'],
      ['coordinates.lng', 'must lie in the Triangle (longitude -79.2 to -78.1)'],
    ]);
  });
});
