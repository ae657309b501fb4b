/**
 * What the video page's Refresh Content button gets: live playlists from YouTube when the
 * server has an API key and channel id, otherwise the build's snapshot. A live call that fails
 * or takes longer than `timeoutMs` answers the snapshot too (with YouTube's message beside it),
 * so a visitor never waits on YouTube or gets less than the page already had. Live answers are
 * kept in memory for a few minutes, failures for one, and concurrent requests share one fetch,
 * so repeated clicks cannot spend the API quota.
 */
import { createYouTubeClient, errorMessage, FALLBACK_ERROR_MESSAGE, type YouTubeClientOptions } from './client.ts';
import type { Playlist } from './model.ts';

/** What GET /api/videos answers. */
export interface FeedAnswer {
  source: 'youtube' | 'snapshot';
  playlists: Playlist[];
  fetchedAt: string;
  /** Why the live call failed, when the snapshot stands in for it. */
  liveError?: string;
}

export interface VideoFeedOptions {
  apiKey?: string | undefined;
  channelId?: string | undefined;
  baseUrl?: string | undefined;
  snapshot: () => Playlist[] | Promise<Playlist[]>;
  ttlMs?: number;
  failureTtlMs?: number;
  timeoutMs?: number;
  now?: () => number;
  client?: Partial<YouTubeClientOptions>;
}

export const FEED_TTL_MS = 5 * 60 * 1000;
export const FEED_FAILURE_TTL_MS = 60 * 1000;
export const FEED_TIMEOUT_MS = 8000;

export function createVideoFeed(options: VideoFeedOptions) {
  const {
    apiKey,
    channelId,
    baseUrl,
    snapshot,
    ttlMs = FEED_TTL_MS,
    failureTtlMs = FEED_FAILURE_TTL_MS,
    timeoutMs = FEED_TIMEOUT_MS,
    now = Date.now,
  } = options;
  const live = Boolean(apiKey && channelId);
  let cached: { at: number; ttl: number; answer: Promise<FeedAnswer> } | undefined;

  const fromSnapshot = async (liveError?: string): Promise<FeedAnswer> => ({
    source: 'snapshot',
    playlists: await snapshot(),
    fetchedAt: new Date(now()).toISOString(),
    ...(liveError ? { liveError } : {}),
  });

  async function fetchLive(): Promise<FeedAnswer> {
    const deadline = AbortSignal.timeout(timeoutMs);
    const doFetch = options.client?.fetch ?? globalThis.fetch;
    let timer: NodeJS.Timeout | undefined;
    try {
      const client = createYouTubeClient({
        apiKey: apiKey!,
        ...(baseUrl ? { baseUrl } : {}),
        // A visitor is waiting: fewer, shorter retries than the sync script.
        retries: 2,
        maxDelayMs: 2000,
        ...options.client,
        fetch: (url, init) => doFetch(url, { ...init, signal: deadline }),
      });
      const timedOut = new Promise<never>((_, reject) => {
        timer = setTimeout(() => reject(new Error(`YouTube did not answer within ${timeoutMs} ms`)), timeoutMs);
      });
      const playlists = await Promise.race([client.getChannelPlaylists(channelId!), timedOut]);
      return { source: 'youtube', playlists, fetchedAt: new Date(now()).toISOString() };
    } catch (error) {
      const message = deadline.aborted ? `YouTube did not answer within ${timeoutMs} ms` : errorMessage(error);
      console.error('YouTube refresh failed, answering the snapshot:', message);
      return fromSnapshot(message);
    } finally {
      clearTimeout(timer);
    }
  }

  return {
    live,
    get(): Promise<FeedAnswer> {
      if (!live) return fromSnapshot();
      if (!cached || now() - cached.at >= cached.ttl) {
        const answer = fetchLive();
        const entry = { at: now(), ttl: ttlMs, answer };
        cached = entry;
        void answer.then((a) => {
          if (a.liveError) entry.ttl = failureTtlMs;
        });
      }
      return cached.answer;
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
