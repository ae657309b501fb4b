/**
 * The video snapshot written by `npm run sync` (content/videos/snapshot.json), read at build
 * time. The build never calls YouTube: with no snapshot every video view shows its empty state.
 * A snapshot that breaks the schema fails the build with the field named.
 */
import { z } from 'astro/zod';
import type { Playlist } from '~/lib/youtube.ts';

const video = z.object({
  id: z.string().min(1),
  videoId: z.string().regex(/^[A-Za-z0-9_-]{11}$/, 'must be an 11-character YouTube video id'),
  title: z.string(),
  description: z.string().default(''),
  thumbnailUrl: z.string().default(''),
  publishedAt: z.string(),
});

const playlist = z.object({
  id: z.string().min(1),
  title: z.string(),
  description: z.string().default(''),
  thumbnailUrl: z.string().default(''),
  videos: z.array(video),
  isOpen: z.boolean().default(false),
});

export const snapshotSchema = z.object({
  /** True for the sample that ships with the repository. */
  sample: z.boolean().default(false),
  notice: z.string().optional(),
  generatedAt: z.string(),
  channelId: z.string().optional(),
  playlists: z.array(playlist),
});

export type VideoSnapshot = z.infer<typeof snapshotSchema>;

// A glob, not an import, so a missing snapshot means "no videos" rather than a failed build.
const files = import.meta.glob<unknown>('/content/videos/snapshot.json', { eager: true, import: 'default' });

let parsed: VideoSnapshot | undefined;

export function getVideoSnapshot(): VideoSnapshot | undefined {
  const raw = Object.values(files)[0];
  if (raw === undefined) return undefined;
  if (!parsed) {
    const result = snapshotSchema.safeParse(raw);
    if (!result.success) {
      throw new Error(`content/videos/snapshot.json is not a valid video snapshot:\n${z.prettifyError(result.error)}`);
    }
    parsed = result.data;
  }
  return parsed;
}

/** Playlists of the snapshot, empty ones dropped (SPEC §4); [] when there is no snapshot. */
export function getSnapshotPlaylists(): Playlist[] {
  return (getVideoSnapshot()?.playlists ?? []).filter((p) => p.videos.length > 0);
}
