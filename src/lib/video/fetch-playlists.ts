/**
 * The browser's side of GET /api/videos, which the video page's island (VideoBlog.tsx) loads: in a
 * module of its own, so the island never loads the server's feed (feed.ts), whose model.ts brings
 * zod's schemas (about 14 KB gzip) with it.
 */
import { FALLBACK_ERROR_MESSAGE } from './client.ts';
import type { FeedAnswer } from './feed.ts';
import type { Playlist } from './model.ts';

/**
 * The Refresh Content request. A failed answer throws with the server's error message, else
 * the status line; a network failure or unreadable answer throws 'Failed to load YouTube data'.
 * Playlists with no videos are dropped (SPEC §4).
 */
export async function fetchPlaylists(endpoint: string, doFetch: typeof fetch = fetch): Promise<Playlist[]> {
  let res: Response;
  try {
    res = await doFetch(endpoint, { headers: { Accept: 'application/json' }, cache: 'no-store' });
  } catch {
    throw new Error(FALLBACK_ERROR_MESSAGE);
  }
  const body = (await res.json().catch(() => undefined)) as
    (Partial<FeedAnswer> & { error?: { message?: string } }) | undefined;
  if (!res.ok) {
    throw new Error(body?.error?.message || `${res.status} ${res.statusText}`.trim() || FALLBACK_ERROR_MESSAGE);
  }
  if (!body || !Array.isArray(body.playlists)) throw new Error(FALLBACK_ERROR_MESSAGE);
  return body.playlists.filter((p) => Array.isArray(p.videos) && p.videos.length > 0);
}
