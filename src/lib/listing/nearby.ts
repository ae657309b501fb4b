/**
 * "More homes for sale nearby" under a home's page: the other homes a visitor who came for this
 * one can still make an offer on (Active or Coming Soon), homes in the same town first, then the
 * nearest (by the published coordinates; a home whose address is withheld has none and comes
 * after those that have), then the closest in price. A sold home's page gets them too: its
 * visitor was looking in that place and at that price.
 */
import { inNarrowing, listingsPath } from './facets.ts';
import { isAvailable, toSlug } from './format.ts';
import type { Place } from '../town.ts';
import type { StandardStatus } from './model.ts';

/** What choosing needs of a home. */
export type NearbyHome = {
  ListingKey: string;
  City: string;
  StandardStatus: StandardStatus;
  ListPrice: number;
  Latitude?: number | undefined;
  Longitude?: number | undefined;
};

/** Another home chosen for the list, with its distance in miles when both homes have coordinates. */
export interface Nearby<H> {
  home: H;
  miles: number | undefined;
}

const earthRadiusMiles = 3958.8;

/** Where a home is, when its coordinates are published. */
type Located = Pick<NearbyHome, 'Latitude' | 'Longitude'>;

/** The great-circle distance between two homes in miles, or undefined when either has no coordinates. */
export function milesBetween(a: Located, b: Located): number | undefined {
  if (a.Latitude === undefined || a.Longitude === undefined || b.Latitude === undefined || b.Longitude === undefined)
    return undefined;
  const rad = Math.PI / 180;
  const dLat = (b.Latitude - a.Latitude) * rad;
  const dLng = (b.Longitude - a.Longitude) * rad;
  const h = Math.sin(dLat / 2) ** 2 + Math.cos(a.Latitude * rad) * Math.cos(b.Latitude * rad) * Math.sin(dLng / 2) ** 2;
  return 2 * earthRadiusMiles * Math.asin(Math.min(1, Math.sqrt(h)));
}

/** Up to `count` homes for sale near `home` (never itself), in the order above. */
export function nearbyHomes<H extends { data: NearbyHome }>(
  home: NearbyHome,
  homes: readonly H[],
  count: number,
): Nearby<H>[] {
  const town = toSlug(home.City);
  return homes
    .filter((other) => other.data.ListingKey !== home.ListingKey && isAvailable(other.data.StandardStatus))
    .map((other) => ({
      home: other,
      miles: milesBetween(home, other.data),
      elsewhere: toSlug(other.data.City) === town ? 0 : 1,
      // A ratio, so that $50,000 apart counts for more on a $300,000 home than on a $1.5 million one.
      priceGap: Math.abs(Math.log(other.data.ListPrice / home.ListPrice)),
    }))
    .sort(
      (a, b) =>
        a.elsewhere - b.elsewhere ||
        (a.miles ?? Infinity) - (b.miles ?? Infinity) ||
        a.priceGap - b.priceGap ||
        a.home.data.ListingKey.localeCompare(b.home.data.ListingKey),
    )
    .slice(0, count)
    .map(({ home: other, miles }) => ({ home: other, miles }));
}

/** "0.4 miles", "1 mile", "12 miles": a tenth under 10 miles, whole miles from there. */
export function milesLabel(miles: number): string {
  const shown = miles < 9.95 ? Math.max(0.1, Math.round(miles * 10) / 10) : Math.round(miles);
  return `${shown} ${shown === 1 ? 'mile' : 'miles'}`;
}

/** "0.4 miles away", "1 mile away", "12 miles away". */
export const distanceLabel = (miles: number) => `${milesLabel(miles)} away`;

/**
 * How far a home is from each of the places buyers measure it against (content/places.yaml), as
 * the crow flies, the nearest first; none for a home without coordinates.
 */
export function placeDistances(home: Located, places: readonly Place[]): { name: string; miles: number }[] {
  return places
    .flatMap(({ name, coordinates: { lat, lng } }) => {
      const miles = milesBetween(home, { Latitude: lat, Longitude: lng });
      return miles === undefined ? [] : [{ name, miles }];
    })
    .sort((a, b) => a.miles - b.miles || a.name.localeCompare(b.name));
}

/**
 * The links under the cards, each with the number of homes it leads to: the town's homes for sale
 * when it has more than the cards show, then every home for sale.
 */
export function nearbyLinks(
  home: NearbyHome,
  homes: readonly { data: NearbyHome }[],
  shown: readonly Nearby<{ data: NearbyHome }>[],
): { label: string; href: string }[] {
  const town = toSlug(home.City);
  const count = (town?: string) => homes.filter((h) => inNarrowing(h.data, { town, status: 'for-sale' })).length;
  const others = (list: readonly { data: NearbyHome }[]) =>
    list.filter((h) => h.data.ListingKey !== home.ListingKey && toSlug(h.data.City) === town).length;
  const inTown = others(homes.filter((h) => isAvailable(h.data.StandardStatus)));
  return [
    ...(inTown > others(shown.map((n) => n.home))
      ? [{ label: `Homes for sale in ${home.City} (${count(town)})`, href: listingsPath({ town, status: 'for-sale' }) }]
      : []),
    { label: `All homes for sale (${count()})`, href: listingsPath({ status: 'for-sale' }) },
  ];
}
