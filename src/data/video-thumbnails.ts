/**
 * Local copies of video and playlist thumbnails (content/videos/thumbnails/{id}.jpg, saved by
 * `npm run sync`), optimised by astro:assets. Pages show these, so a first view never asks
 * YouTube's image host for anything; only a video without a local copy falls back to its
 * remote thumbnail, loaded lazily.
 */
import { getImage } from 'astro:assets';
import type { ImageMetadata } from 'astro';

const images = import.meta.glob<ImageMetadata>('/content/videos/thumbnails/*.{jpg,jpeg,png,webp}', {
  eager: true,
  import: 'default',
});

const byId = new Map<string, ImageMetadata>(
  Object.entries(images).map(([path, image]) => [path.replace(/^.*\/([^/]+)\.[a-z]+$/, '$1'), image]),
);

/** The local thumbnail of a video id or playlist id, if one was saved. */
export function getLocalThumbnail(id: string): ImageMetadata | undefined {
  return byId.get(id);
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

/** Attributes for every id given that has a local copy, keyed by id. */
export async function getThumbnailMap(ids: Iterable<string>): Promise<Record<string, ThumbnailAttributes>> {
  const map: Record<string, ThumbnailAttributes> = {};
  for (const id of new Set(ids)) {
    const attributes = await getThumbnailAttributes(id);
    if (attributes) map[id] = attributes;
  }
  return map;
}
