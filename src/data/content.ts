/** Named queries over the content collections: each filters and sorts in one place. */
import { getCollection, type CollectionEntry } from 'astro:content';
import { buildTime } from '#src/lib/build-time.ts';
import { dayInZone } from '#src/lib/listing/time.ts';
import { slugify } from '#src/lib/seo/meta.ts';
import type { Place } from '#src/lib/town.ts';

export type City = CollectionEntry<'cities'>;
export type Article = CollectionEntry<'articles'>;
export type County = CollectionEntry<'counties'>;
export type Playlist = CollectionEntry<'playlists'>;
export type LegalPage = CollectionEntry<'legal'>;

/** The places a home's page measures it against (content/places.yaml). */
export async function getPlaces(): Promise<Place[]> {
  return (await getCollection('places')).map((place) => place.data);
}

/**
 * All service-area cities, alphabetical by name. The rules no single file's schema can check fail
 * the build here, naming the file and the field: the file name is the address the map links to
 * (slugify(name)), and the county must be one of content/counties.yaml.
 */
export async function getCities(): Promise<City[]> {
  const [all, counties] = await Promise.all([getCollection('cities'), getCollection('counties')]);
  for (const city of all) {
    if (slugify(city.data.name) !== city.id) {
      throw new Error(
        `${city.filePath}: name "${city.data.name}" must match the file name: call the file ${slugify(city.data.name)}.yaml (the map links /city/{slugified name})`,
      );
    }
    if (!counties.some((c) => c.data.name === city.data.county)) {
      throw new Error(
        `${city.filePath}: county "${city.data.county}" is not in content/counties.yaml (known: ${counties.map((c) => c.data.name).join(', ')})`,
      );
    }
  }
  return all.sort((a, b) => a.data.name.localeCompare(b.data.name));
}

/** The towns with a card on /relocation, in their `relocationCard` order (then by name). */
export async function getRelocationCities(): Promise<City[]> {
  const cities = (await getCities()).filter((c) => c.data.relocationCard !== undefined);
  return cities.sort(
    (a, b) => (a.data.relocationCard ?? 0) - (b.data.relocationCard ?? 0) || a.data.name.localeCompare(b.data.name),
  );
}

/** The id of the towns-side-by-side table's heading (a landing page's `compareTowns` section). */
export const townComparisonId = 'compare-towns-heading';

/** Where the towns are compared side by side: the first landing page with a `compareTowns` section, if any. */
export async function getTownComparisonHref(): Promise<string | undefined> {
  const pages = await getCollection('landing');
  const page = [...pages]
    .sort((a, b) => a.id.localeCompare(b.id))
    .find((entry) => entry.data.sections.some((section) => section.type === 'compareTowns'));
  return page && `/${page.id}#${townComparisonId}`;
}

/** Articles dated after the build's day, each named once in the build's output. */
const scheduled = new Set<string>();

/**
 * Published written articles, newest first. Drafts are built only in development, as are articles
 * dated after the build's day (New York): such an article is published by the first build on or
 * after its day (the scheduled sync-and-build, or one by hand).
 */
export async function getPublishedArticles(): Promise<Article[]> {
  const today = dayInZone(buildTime());
  const all = (await getWrittenArticles()).filter((a) => {
    if (import.meta.env.DEV) return true;
    const day = a.data.datePublished.toISOString().slice(0, 10);
    if (day <= today) return true;
    if (!scheduled.has(a.id)) {
      scheduled.add(a.id);
      console.log(`${a.filePath ?? a.id}: dated ${day}, so published by the first build on or after that day.`);
    }
    return false;
  });
  return all.sort((a, b) => b.data.datePublished.getTime() - a.data.datePublished.getTime());
}

/**
 * The articles a build publishes now or on their day: every one but the drafts (in development,
 * every one). The build checks them all, so that a scheduled article's mistake stops today's
 * build, read by the agent, not the unattended one of its day.
 */
export function getWrittenArticles(): Promise<Article[]> {
  return getCollection('articles', (a) => import.meta.env.DEV || !a.data.draft);
}

/** Playlist pages, alphabetical by title. */
export async function getPlaylists(): Promise<Playlist[]> {
  const all = await getCollection('playlists');
  return all.sort((a, b) => a.data.title.localeCompare(b.data.title));
}

/** The legal and trust pages (privacy, terms, accessibility) in their footer order; each is /{id}. */
export async function getLegalPages(): Promise<LegalPage[]> {
  const all = await getCollection('legal');
  return all.sort((a, b) => a.data.order - b.data.order || a.id.localeCompare(b.id));
}

/** One legal page by its file name; a missing file fails the build naming it. */
export async function getLegalPage(id: string): Promise<LegalPage> {
  const page = (await getLegalPages()).find((p) => p.id === id);
  if (!page) throw new Error(`content/legal/${id}.mdx is missing: /${id} is built from it`);
  return page;
}
