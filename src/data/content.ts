/** Named queries over the content collections: each filters and sorts in one place. */
import { getCollection, getEntry, type CollectionEntry } from 'astro:content';

export type City = CollectionEntry<'cities'>;
export type Article = CollectionEntry<'articles'>;
export type Playlist = CollectionEntry<'playlists'>;

/** All service-area cities, alphabetical by name. */
export async function getCities(): Promise<City[]> {
  const all = await getCollection('cities');
  return all.sort((a, b) => a.data.name.localeCompare(b.data.name));
}

export async function getCity(slug: string): Promise<City | undefined> {
  return getEntry('cities', slug);
}

/** Published written articles, newest first. Drafts are built only in development. */
export async function getPublishedArticles(): Promise<Article[]> {
  const all = await getCollection('articles', (a) => import.meta.env.DEV || !a.data.draft);
  return all.sort((a, b) => b.data.datePublished.getTime() - a.data.datePublished.getTime());
}

/** Playlist pages in the order their files sort. */
export async function getPlaylists(): Promise<Playlist[]> {
  const all = await getCollection('playlists');
  return all.sort((a, b) => a.data.title.localeCompare(b.data.title));
}
