/**
 * GET /videos/thumbnails.json: the build's local copy of every snapshot thumbnail (id -> <img>
 * attributes), pre-rendered. The video page's island reads it only when Refresh Content renders
 * playlists itself, so refreshed cards show the same optimised pictures as the page; the page
 * itself carries its pictures in its markup.
 */
import type { APIRoute } from 'astro';
import { getSnapshotPlaylists, getThumbnailMap } from '#src/data/videos.ts';

export const GET: APIRoute = async () => {
  const playlists = await getSnapshotPlaylists();
  const thumbnails = await getThumbnailMap(playlists);
  return new Response(JSON.stringify(thumbnails), { headers: { 'Content-Type': 'application/json' } });
};
