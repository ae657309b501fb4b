/**
 * Named queries over the homes (content/listings/ and the MLS snapshot): each filters and sorts in
 * one place. The rule no single file's schema can check fails the build here, naming the file: a
 * hand-written home's file name is its page address, the slug of the street address and town (a
 * synced home's is made from its address by the loader).
 */
import { getImage } from 'astro:assets';
import { getCollection, type CollectionEntry } from 'astro:content';
import { buildTime } from '#src/lib/build-time.ts';
import { getCities } from '#src/data/content.ts';
import { inNarrowing, townSpelling } from '#src/lib/listing/facets.ts';
import {
  compareListings,
  isAvailable,
  isOnMarket,
  listingSlug,
  toSlug,
  type StatusGroup,
} from '#src/lib/listing/format.ts';
import { courtesyLine, isSynced } from '#src/lib/listing/display.ts';
import { openHouseEvent, type OpenHouseEvent } from '#src/lib/listing/ics.ts';
import { openHouseSchedule } from '#src/lib/listing/time.ts';
import { canonicalUrl } from '#src/lib/seo/meta.ts';
import { site } from '#src/site.config.ts';

export type Home = CollectionEntry<'listing'>;

let all: Promise<Home[]> | undefined;

/** Every home, in /listings order: on the market first (newest first), then sold (latest first). */
export function getListings(): Promise<Home[]> {
  all ??= Promise.all([getCollection('listing'), getCities()]).then(([homes, cities]) => {
    const keys = new Map<string, string>();
    for (const home of homes) {
      const file = home.filePath ?? home.id;
      home.data.City = townSpelling(cities, home.data, { file, synced: isSynced(home.data) }) ?? home.data.City;
      const slug = listingSlug(home.data);
      if (!isSynced(home.data) && slug !== home.id) {
        throw new Error(
          `${home.filePath}: the file name must be the slug of the address: call it ${slug}.yaml (the page is /listings/{slug})`,
        );
      }
      const other = keys.get(home.data.ListingKey);
      if (other) throw new Error(`${home.filePath}: ListingKey "${home.data.ListingKey}" is also used by ${other}`);
      keys.set(home.data.ListingKey, home.filePath ?? home.id);
    }
    return homes.sort((a, b) => compareListings(a.data, b.data));
  });
  return all;
}

/**
 * The first `site.listings.featuredCount` homes of a status group in /listings order (newest first;
 * sold homes latest sale first): the head of the group's page, /listings/status/{group}.
 */
export async function getLatestHomes(status: StatusGroup['slug']): Promise<Home[]> {
  return (await getListings()).filter((h) => inNarrowing(h.data, { status })).slice(0, site.listings.featuredCount);
}

/** Every home a buyer can still make an offer on (Coming Soon and Active), newest first: the homes feed. */
export async function getHomesForSale(): Promise<Home[]> {
  return (await getListings()).filter((h) => isAvailable(h.data.StandardStatus));
}

/**
 * A town's homes on the market and its sold homes, for its city guide: those whose town has the
 * guide's slug, as the town's homes page finds them (an MLS may write a hyphen as a space).
 */
export async function getCityListings(cityName: string): Promise<{ forSale: Home[]; sold: Home[] }> {
  const homes = (await getListings()).filter((h) => inNarrowing(h.data, { town: toSlug(cityName) }));
  return {
    forSale: homes.filter((h) => isOnMarket(h.data.StandardStatus)).slice(0, site.listings.perCityGuide),
    sold: homes.filter((h) => !isOnMarket(h.data.StandardStatus)).slice(0, site.listings.perCityGuide),
  };
}

/** The day the newest data was updated: the compliance line's date. */
export async function getListingsUpdated(): Promise<string | undefined> {
  return (await getListings())
    .map((h) => h.data.ModificationTimestamp)
    .sort()
    .at(-1);
}

/** The coming open houses of the homes not yet sold, soonest first, as of the build. */
export async function getOpenHouseSchedule(): Promise<{ home: Home; openHouse: Home['data']['OpenHouse'][number] }[]> {
  return openHouseSchedule(await getListings(), buildTime());
}

/**
 * An open house's calendar entry as the site publishes it (its .ics file, its Google Calendar link
 * and the calendar of every open house): the home's page at `siteUrl`, the listing firm's line and
 * the site's name.
 */
export function openHouseEntry(
  home: Home,
  openHouse: Home['data']['OpenHouse'][number],
  siteUrl: URL | undefined,
): OpenHouseEvent {
  return openHouseEvent(home.data, openHouse, {
    url: canonicalUrl(`/listings/${home.id}`, siteUrl ?? site.baseUrl),
    courtesy: courtesyLine(home.data, site.listings),
    producer: site.name,
  });
}

/** The addresses of a home's first `count` photos for structured data: JPEG, 1200 px wide, on the site at `siteUrl`. */
export function photoUrls(home: Home, siteUrl: string, count: number): Promise<string[]> {
  return Promise.all(
    home.data.Photos.slice(0, count).map(
      async (p) => new URL((await getImage({ src: p.src, width: 1200, format: 'jpeg' })).src, `${siteUrl}/`).href,
    ),
  );
}
