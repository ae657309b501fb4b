/**
 * Playlist thumbnails for the build. The build never calls YouTube; in order of preference a
 * playlist's picture is
 *   1. the oEmbed thumbnail cached by scripts/fetch-thumbnails.ts (run by `npm run sync` and
 *      `npm run thumbnails`) in content/videos/playlist-thumbnails.json + playlist-thumbnails/,
 *   2. the local copy of the playlist's thumbnail saved by `npm run sync`, when the playlist is in
 *      the video snapshot (content/videos/thumbnails/{playlistId}.jpg),
 *   3. a drawn SAMPLE picture (cache entries marked `"sample": true`, drawn by
 *      scripts/make-sample-thumbnails.ts) so that a fresh clone shows thumbnails everywhere;
 *      a successful oEmbed fetch replaces it,
 * and with none of them the card shows the placeholder graphic. The images live in the repo so
 * they go through astro:assets and no page hot-links YouTube.
 */
import type { ImageMetadata } from 'astro';
import { getLocalThumbnail } from './video-thumbnails.ts';

export interface ThumbnailCache {
  version: 1;
  notice?: string;
  /** Playlist id -> the oEmbed `thumbnail_url` and the downloaded copy in src/assets/playlist-thumbnails. */
  thumbnails: Record<string, { thumbnailUrl: string; file: string; sample?: boolean }>;
}

// Globs, not imports, so a clone without the cache builds with placeholders.
const caches = import.meta.glob<ThumbnailCache>('/content/videos/playlist-thumbnails.json', {
  eager: true,
  import: 'default',
});
const cache: ThumbnailCache = Object.values(caches)[0] ?? { version: 1, thumbnails: {} };
const images = import.meta.glob<ImageMetadata>('/content/videos/playlist-thumbnails/*.{jpg,png,webp}', {
  eager: true,
  import: 'default',
});

function cached(playlistId: string, sample: boolean): ImageMetadata | undefined {
  const entry = cache.thumbnails[playlistId];
  if (!entry || Boolean(entry.sample) !== sample) return undefined;
  return images[`/content/videos/playlist-thumbnails/${entry.file}`];
}

export function getPlaylistThumbnail(playlistId: string): ImageMetadata | undefined {
  if (!playlistId) return undefined;
  return cached(playlistId, false) ?? getLocalThumbnail(playlistId) ?? cached(playlistId, true);
}
