/**
 * The one loader of what `npm run sync` stores under content/videos/: the snapshot of the
 * channel (snapshot.json, the videoPlaylists collection of src/content.config.ts) and the pictures:
 * a local copy of every video and playlist thumbnail (thumbnails/{id}.jpg) and the oEmbed
 * thumbnails of the blog's playlists (playlist-thumbnails.json + playlist-thumbnails/). The
 * build never calls YouTube: with no snapshot every video view shows its empty state, and a
 * missing picture falls back to the placeholder graphic. Pictures go through astro:assets, so a
 * first view never asks YouTube's image host for anything.
 */
import type { ImageMetadata } from 'astro';
import { getImage } from 'astro:assets';
import { getCollection } from 'astro:content';
import { z } from 'astro/zod';
import { thumbnailCacheSchema, type Playlist, type ThumbnailCache, type Video } from '#src/lib/video/model.ts';
import { findRelocationVideo } from '#src/lib/video/rules.ts';
import { remoteThumbnailUrl } from '#src/lib/video/urls.ts';

// Globs, not imports, so a clone without a cache builds with the placeholders.
const caches = import.meta.glob<unknown>('/content/videos/playlist-thumbnails.json', {
  eager: true,
  import: 'default',
});
const localImages = import.meta.glob<ImageMetadata>('/content/videos/thumbnails/*.{jpg,jpeg,png,webp}', {
  eager: true,
  import: 'default',
});
const oembedImages = import.meta.glob<ImageMetadata>('/content/videos/playlist-thumbnails/*.{jpg,png,webp}', {
  eager: true,
  import: 'default',
});

// ---------------------------------------------------------------------------------------
// The snapshot
// ---------------------------------------------------------------------------------------

/**
 * The snapshot's playlists (the videoPlaylists collection), in its order, empty ones dropped
 * (SPEC §4); [] when there is no snapshot.
 */
export async function getSnapshotPlaylists(): Promise<Playlist[]> {
  const entries = await getCollection('videoPlaylists');
  return entries
    .sort((a, b) => a.data.order - b.data.order)
    .map(({ data: { order: _order, ...playlist } }) => playlist)
    .filter((p) => p.videos.length > 0);
}

/** The video of the relocation page's video block (SPEC §2), if the snapshot has one. */
export async function getRelocationVideo(): Promise<Video | undefined> {
  return findRelocationVideo(await getSnapshotPlaylists());
}

// ---------------------------------------------------------------------------------------
// Thumbnails
// ---------------------------------------------------------------------------------------

const byId = new Map<string, ImageMetadata>(
  Object.entries(localImages).map(([path, image]) => [path.replace(/^.*\/([^/]+)\.[a-z]+$/, '$1'), image]),
);

/** The local thumbnail of a video id or playlist id, if `npm run sync` saved one. */
export function getLocalThumbnail(id: string): ImageMetadata | undefined {
  return byId.get(id);
}

/**
 * A video's picture at an absolute address, for structured data: the local copy at the largest
 * width its player's poster is built at (so no extra file), else the snapshot's or YouTube's.
 */
export async function getVideoThumbnailUrl(video: Pick<Video, 'videoId' | 'thumbnailUrl'>, base: URL): Promise<string> {
  const local = byId.get(video.videoId);
  if (!local) return video.thumbnailUrl || remoteThumbnailUrl(video.videoId);
  const image = await getImage({ src: local, width: Math.min(1280, local.width), format: 'webp' });
  return new URL(image.src, base).href;
}

/** Plain attributes for an <img> in a React island (which cannot use astro:assets itself). */
export interface ThumbnailAttributes {
  src: string;
  srcSet: string;
  width: number;
  height: number;
}

export const thumbnailWidths = [320, 480];

export async function getThumbnailAttributes(id: string): Promise<ThumbnailAttributes | undefined> {
  const image = byId.get(id);
  if (!image) return undefined;
  const result = await getImage({ src: image, widths: thumbnailWidths, format: 'webp', quality: 70 });
  return {
    src: result.src,
    srcSet: result.srcSet.attribute,
    width: image.width,
    height: image.height,
  };
}

/** Attributes of every playlist and video picture of `playlists` that has a local copy, keyed by id. */
export async function getThumbnailMap(playlists: readonly Playlist[]): Promise<Record<string, ThumbnailAttributes>> {
  const map: Record<string, ThumbnailAttributes> = {};
  for (const id of new Set(playlists.flatMap((p) => [p.id, ...p.videos.map((v) => v.videoId)]))) {
    const attributes = await getThumbnailAttributes(id);
    if (attributes) map[id] = attributes;
  }
  return map;
}

function readCache(): ThumbnailCache {
  const raw = Object.values(caches)[0];
  if (raw === undefined) return { version: 1, thumbnails: {} };
  const result = thumbnailCacheSchema.safeParse(raw);
  if (!result.success) {
    throw new Error(`content/videos/playlist-thumbnails.json is not valid:\n${z.prettifyError(result.error)}`);
  }
  return result.data;
}
const cache = readCache();

function cached(playlistId: string, sample: boolean): ImageMetadata | undefined {
  const entry = cache.thumbnails[playlistId];
  if (!entry || Boolean(entry.sample) !== sample) return undefined;
  return oembedImages[`/content/videos/playlist-thumbnails/${entry.file}`];
}

/**
 * A blog playlist's picture, in order of preference: its oEmbed thumbnail; the local copy of the
 * snapshot's thumbnail when the playlist is in the channel snapshot; a drawn SAMPLE picture
 * (cache entries marked `"sample": true`, drawn by scripts/make-sample-thumbnails.ts, replaced
 * by the real one at the next successful sync); else none, and the card shows its placeholder.
 */
export function getPlaylistThumbnail(playlistId: string): ImageMetadata | undefined {
  if (!playlistId) return undefined;
  return cached(playlistId, false) ?? getLocalThumbnail(playlistId) ?? cached(playlistId, true);
}
