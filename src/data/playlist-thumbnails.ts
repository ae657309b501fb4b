/**
 * Playlist thumbnails for the build, read from the cache that `npm run thumbnails` writes
 * (scripts/fetch-thumbnails.ts). The build never calls YouTube: a playlist without a cached,
 * downloaded thumbnail simply has none, and its card shows the placeholder graphic.
 * The images live in the repo so they go through astro:assets and no page hot-links YouTube.
 */
import type { ImageMetadata } from 'astro';
import cache from './playlist-thumbnails.json';

export interface ThumbnailCache {
  version: 1;
  /** Playlist id -> the oEmbed `thumbnail_url` and the downloaded copy in src/assets/playlist-thumbnails. */
  thumbnails: Record<string, { thumbnailUrl: string; file: string }>;
}

const images = import.meta.glob<{ default: ImageMetadata }>('../assets/playlist-thumbnails/*.{jpg,png,webp}', {
  eager: true,
});

export function getPlaylistThumbnail(playlistId: string): ImageMetadata | undefined {
  if (!playlistId) return undefined;
  const entry = (cache as ThumbnailCache).thumbnails[playlistId];
  return entry ? images[`../assets/playlist-thumbnails/${entry.file}`]?.default : undefined;
}
