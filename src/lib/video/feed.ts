/**
 * What the video page's Refresh Content button gets: live playlists from YouTube when the
 * server has an API key and channel id, otherwise the build's snapshot. Live answers (and
 * failures) are kept in memory for a few minutes and concurrent requests share one fetch,
 * so repeated clicks cannot spend the API quota.
 */
import { createYouTubeClient, errorMessage, FALLBACK_ERROR_MESSAGE, type YouTubeClientOptions } from './client.ts';
import type { Playlist } from './model.ts';

/** What GET /api/videos answers. */
export interface FeedAnswer {
  source: 'youtube' | 'snapshot';
  playlists: Playlist[];
  fetchedAt: string;
}

export type FeedResult = { ok: true; answer: FeedAnswer } | { ok: false; message: string };

export interface VideoFeedOptions {
  apiKey?: string | undefined;
  channelId?: string | undefined;
  baseUrl?: string | undefined;
  snapshot: () => Playlist[] | Promise<Playlist[]>;
  ttlMs?: number;
  now?: () => number;
  client?: Partial<YouTubeClientOptions>;
}

export const FEED_TTL_MS = 5 * 60 * 1000;

export function createVideoFeed(options: VideoFeedOptions) {
  const { apiKey, channelId, baseUrl, snapshot, ttlMs = FEED_TTL_MS, now = Date.now } = options;
  const live = Boolean(apiKey && channelId);
  let cached: { at: number; result: Promise<FeedResult> } | undefined;

  async function fetchLive(): Promise<FeedResult> {
    try {
      const client = createYouTubeClient({
        apiKey: apiKey!,
        ...(baseUrl ? { baseUrl } : {}),
        // A visitor is waiting: fewer, shorter retries than the sync script.
        retries: 2,
        maxDelayMs: 2000,
        ...options.client,
      });
      const playlists = await client.getChannelPlaylists(channelId!);
      return { ok: true, answer: { source: 'youtube', playlists, fetchedAt: new Date(now()).toISOString() } };
    } catch (error) {
      console.error('YouTube refresh failed:', errorMessage(error));
      return { ok: false, message: errorMessage(error) };
    }
  }

  return {
    live,
    async get(): Promise<FeedResult> {
      if (!live) {
        const playlists = await snapshot();
        return { ok: true, answer: { source: 'snapshot', playlists, fetchedAt: new Date(now()).toISOString() } };
      }
      if (!cached || now() - cached.at >= ttlMs) cached = { at: now(), result: fetchLive() };
      return cached.result;
    },
  };
}

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
