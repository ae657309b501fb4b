/**
 * GET /api/videos: the playlists behind the video page's Refresh Content button.
 * Server-rendered on each request; the YouTube key is read from the server's environment at
 * run time (process.env, never import.meta.env, which Vite would write into the bundle).
 */
import type { APIRoute } from 'astro';
import { getSnapshotPlaylists } from '~/data/videos.ts';
import { createVideoFeed } from '~/lib/video/feed.ts';

export const prerender = false;

const feed = createVideoFeed({
  apiKey: process.env['YOUTUBE_API_KEY'],
  channelId: process.env['YOUTUBE_CHANNEL_ID'],
  baseUrl: process.env['YOUTUBE_API_BASE_URL'],
  snapshot: getSnapshotPlaylists,
});

export const GET: APIRoute = async () => {
  const result = await feed.get();
  const headers = { 'Content-Type': 'application/json; charset=utf-8', 'Cache-Control': 'no-store' };
  if (!result.ok) {
    return new Response(JSON.stringify({ error: { message: result.message } }), { status: 502, headers });
  }
  return new Response(JSON.stringify(result.answer), { status: 200, headers });
};
