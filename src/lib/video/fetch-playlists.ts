/**
 * The browser's side of GET /api/videos, which the video page's island (VideoBlog.tsx) loads: in a
 * module of its own, so the island never loads the server's feed (feed.ts), whose model.ts brings
 * zod's schemas (about 14 KB gzip) with it.
 */
import { FALLBACK_ERROR_MESSAGE } from './client.ts';
import type { FeedAnswer } from './feed.ts';
import type { Playlist } from './model.ts';

/**
 * How long the browser waits for /api/videos, in ms, on the video page and the home page's card:
 * past it the page says so, or keeps its built card, instead of loading for ever.
 */
export const VIDEOS_TIMEOUT_MS = 15_000;

/** True when `value` is an object whose `keys` (space-separated) are all strings. */
const hasText = (value: unknown, keys: string): value is Record<string, unknown> =>
  typeof value === 'object' &&
  value !== null &&
  keys.split(' ').every((k) => typeof (value as Record<string, unknown>)[k] === 'string');

/**
 * The Refresh Content request. A failed answer throws with the server's error message, else
 * the status line; a network failure, no answer within `timeoutMs` or an unreadable answer throws
 * 'Failed to load YouTube data'. A playlist or video without the fields the page shows is left
 * out (a checked answer, not zod, which would weigh more than the island), and playlists with
 * no videos are dropped (SPEC §4).
 */
export async function fetchPlaylists(
  endpoint: string,
  doFetch: typeof fetch = fetch,
  timeoutMs = VIDEOS_TIMEOUT_MS,
): Promise<Playlist[]> {
  let res: Response;
  let body: (Partial<FeedAnswer> & { error?: { message?: unknown } }) | null | undefined;
  try {
    const signal = AbortSignal.timeout(timeoutMs);
    res = await doFetch(endpoint, { headers: { Accept: 'application/json' }, cache: 'no-store', signal });
    // Read under the same time limit: a body can stall too.
    body = (await res.json().catch(() => undefined)) as typeof body;
  } catch {
    throw new Error(FALLBACK_ERROR_MESSAGE);
  }
  if (!res.ok) {
    const message = body?.error?.message;
    throw new Error(
      (typeof message === 'string' && message) || `${res.status} ${res.statusText}`.trim() || FALLBACK_ERROR_MESSAGE,
    );
  }
  if (!body || !Array.isArray(body.playlists)) throw new Error(FALLBACK_ERROR_MESSAGE);
  return body.playlists
    .filter((p: unknown) => hasText(p, 'id title description thumbnailUrl') && Array.isArray(p['videos']))
    .map((p) => ({
      ...p,
      videos: p.videos.filter((v: unknown) => hasText(v, 'id videoId title description thumbnailUrl publishedAt')),
    }))
    .filter((p) => p.videos.length > 0);
}
