/**
 * The video model (SPEC §3): a playlist and its videos, and the snapshot `npm run sync` writes
 * to content/videos/snapshot.json. The zod schemas are the only definition: the sync validates
 * what it writes with them, the build validates what it reads with them, and every type is
 * inferred from them. Plain TypeScript: Node runs it directly from scripts/.
 */
import { z } from 'astro/zod';
import { withoutControls } from '../text.ts';

/** YouTube's text as the pages show it, control characters left out (`withoutControls`). */
const plain = z.string().transform(withoutControls);

export const videoSchema = z.object({
  /** The playlist item id (unique per playlist). */
  id: z.string().min(1),
  videoId: z.string().regex(/^[A-Za-z0-9_-]{11}$/, 'must be an 11-character YouTube video id'),
  title: plain,
  description: plain.default(''),
  thumbnailUrl: z.string().default(''),
  /** ISO 8601 date-time. */
  publishedAt: z.string(),
});

/** `isOpen` is the page's expanded state and starts false. */
export const playlistSchema = z.object({
  id: z.string().min(1),
  title: plain,
  description: plain.default(''),
  thumbnailUrl: z.string().default(''),
  videos: z.array(videoSchema),
  isOpen: z.boolean().default(false),
});

export const snapshotSchema = z.object({
  /** True for the sample that ships with the repository. */
  sample: z.boolean().default(false),
  notice: z.string().optional(),
  generatedAt: z.string(),
  channelId: z.string().optional(),
  playlists: z.array(playlistSchema),
});

/**
 * Playlists from YouTube as the site may hold them: a video the schema refuses (a malformed id,
 * which names pages and files) is left out alone, `leftOut` told why, and a playlist left with no
 * video goes too. (Here, not in client.ts, which the video page's island loads through fetch-playlists.ts:
 * zod stays out of the island.)
 */
export function keepValidVideos(
  playlists: readonly Playlist[],
  leftOut: (playlistId: string, videoId: unknown, reason: string) => void = () => {},
): Playlist[] {
  return playlists
    .map((p) => ({
      ...p,
      videos: p.videos.filter((video) => {
        const checked = videoSchema.safeParse(video);
        if (!checked.success)
          leftOut(p.id, video.videoId, checked.error.issues.map((i) => `${i.path.join('.')}: ${i.message}`).join('; '));
        return checked.success;
      }),
    }))
    .filter((p) => p.videos.length > 0);
}

/** YouTube's API Services Developer Policies: stored API data is refreshed at least every 30 days. */
export const SNAPSHOT_MAX_AGE_DAYS = 30;

/**
 * What the build warns when the agent's snapshot is older than YouTube allows it to be kept (the
 * monthly `npm run refresh-videos` has stopped running, say); nothing for a fresh one or the sample.
 */
export function staleSnapshotWarning(
  snapshot: Pick<VideoSnapshot, 'sample' | 'generatedAt'>,
  now: Date,
): string | undefined {
  if (snapshot.sample) return undefined;
  const days = Math.floor((now.getTime() - Date.parse(snapshot.generatedAt)) / 86_400_000);
  const refresh = `YouTube's policies ask for a refresh every ${SNAPSHOT_MAX_AGE_DAYS} days: run npm run refresh-videos`;
  if (Number.isNaN(days)) return `the video snapshot's generatedAt is not a date, so its age is unknown; ${refresh}`;
  if (days <= SNAPSHOT_MAX_AGE_DAYS) return undefined;
  return `the video snapshot was synced ${days} days ago; ${refresh}`;
}

export type Video = z.infer<typeof videoSchema>;
export type Playlist = z.infer<typeof playlistSchema>;
export type VideoSnapshot = z.infer<typeof snapshotSchema>;

/**
 * content/videos/playlist-thumbnails.json, the oEmbed cache of the blog's playlists written by
 * scripts/fetch-thumbnails.ts: playlist id -> YouTube's thumbnail_url and the downloaded file in
 * playlist-thumbnails/; `sample` marks a drawn stand-in (scripts/make-sample-thumbnails.ts).
 */
export const thumbnailCacheSchema = z.object({
  version: z.literal(1),
  notice: z.string().optional(),
  thumbnails: z.record(
    z.string(),
    z.object({
      thumbnailUrl: z.string(),
      file: z.string().min(1),
      /** When oEmbed gave it; fetched again after 30 days. */
      fetchedAt: z.string().optional(),
      sample: z.boolean().optional(),
    }),
  ),
});
export type ThumbnailCache = z.infer<typeof thumbnailCacheSchema>;
