/**
 * Where the drawn sample thumbnails carry their title: content/videos/sample-title-areas.json,
 * written by scripts/make-sample-thumbnails.ts with each picture it draws. The browser tests
 * (tests/e2e/sample-media.spec.ts) map each area onto the page to check that no play button
 * covers the title. An entry holds the SHA-256 of the file it describes, so a picture replaced by
 * a real thumbnail (npm run sync) is no longer taken for a drawn one.
 */
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Box } from './text.ts';

export const titleAreasFile = 'content/videos/sample-title-areas.json';

/** The size the sample thumbnails are drawn at (YouTube's largest thumbnail, 16:9). */
export const sampleThumbnailSize = { width: 1280, height: 720 };

export interface TitleArea {
  sha256: string;
  /** The picture's own size. */
  width: number;
  height: number;
  /** The box of the title's pixels, in picture pixels. */
  title: Box;
}

export interface TitleAreas {
  $comment: string;
  /** Keyed by the picture's path from the repository root. */
  areas: Record<string, TitleArea>;
}

const comment =
  'Written by scripts/make-sample-thumbnails.ts: where each drawn sample thumbnail sets its title (picture pixels), for the tests that keep play buttons off it. Entries whose sha256 no longer matches the file are stale.';

export function readTitleAreas(root: string): TitleAreas {
  const file = join(root, titleAreasFile);
  if (!existsSync(file)) return { $comment: comment, areas: {} };
  const data = JSON.parse(readFileSync(file, 'utf8')) as TitleAreas;
  return { $comment: comment, areas: data.areas ?? {} };
}

export function writeTitleAreas(root: string, areas: TitleAreas): void {
  const sorted = Object.fromEntries(Object.entries(areas.areas).sort(([a], [b]) => a.localeCompare(b)));
  writeFileSync(join(root, titleAreasFile), `${JSON.stringify({ $comment: comment, areas: sorted }, null, 2)}\n`);
}
