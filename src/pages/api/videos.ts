/**
 * GET /api/videos: the playlists behind the video page's Refresh Content button.
 * Server-rendered on each request; the YouTube key is read from the server's environment at
 * run time (the server's settings, never import.meta.env, which Vite would write into the bundle).
 */
import type { APIRoute } from 'astro';
import { serverEnv } from '#src/server/config.ts';
import { methodNotAllowed } from '#src/server/http/respond.ts';
import { getSnapshotPlaylists } from '#src/data/videos.ts';
import { createVideoFeed } from '#src/lib/video/feed.ts';

export const prerender = false;

const env = serverEnv();
const feed = createVideoFeed({
  apiKey: env.YOUTUBE_API_KEY,
  channelId: env.YOUTUBE_CHANNEL_ID,
  baseUrl: env.YOUTUBE_API_BASE_URL,
  snapshot: getSnapshotPlaylists,
});

// A failed or slow live call answers the snapshot (see createVideoFeed), so this never waits
// on YouTube for more than a few seconds and never answers less than the page already shows.
export const GET: APIRoute = async () =>
  new Response(JSON.stringify(await feed.get()), {
    status: 200,
    headers: { 'Content-Type': 'application/json; charset=utf-8', 'Cache-Control': 'no-store' },
  });

// Astro would answer HEAD with ALL (405) before falling back to GET.
export const HEAD = GET;

export const ALL: APIRoute = () => methodNotAllowed('GET, HEAD');
