/**
 * What the video page's Refresh Content button gets: live playlists from YouTube when the
 * server has an API key and channel id, otherwise the build's snapshot. A live call that fails
 * or takes longer than `timeoutMs` answers the snapshot too (with YouTube's message beside it),
 * so a visitor never waits on YouTube or gets less than the page already had.
 *
 * The home page's latest-video card asks this on most visits, so the live call is rationed: a
 * refresh costs one quota unit per page of playlists and one per page of each playlist's items
 * (about 41 units for a channel of 40 playlists), and the key's default quota of 10,000 units a
 * day is shared with `npm run sync`. Live answers are kept 30 minutes (48 calls, about 2,000
 * units a day at most), failures 5 minutes, a spent quota until YouTube restores it at midnight
 * Pacific time, and concurrent requests share one fetch.
 */
import { createYouTubeClient, errorMessage, isQuotaError, type YouTubeClientOptions } from './client.ts';
import { keepValidVideos, type Playlist } from './model.ts';
import { shownOnRefresh } from './rules.ts';
import { withinTime } from '../within-time.ts';

/** What GET /api/videos answers: the playlists cut as the pages show them (shownOnRefresh). */
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
  /** How long a spent quota is believed; by default until midnight Pacific time. */
  quotaTtlMs?: (now: number) => number;
  timeoutMs?: number;
  now?: () => number;
  client?: Partial<YouTubeClientOptions>;
}

/** Why an empty live answer gives way to the snapshot. */
export const EMPTY_CHANNEL_MESSAGE = 'YouTube listed no playable video for the channel';

export const FEED_TTL_MS = 30 * 60 * 1000;
export const FEED_FAILURE_TTL_MS = 5 * 60 * 1000;
export const FEED_TIMEOUT_MS = 8000;

const pacificClock = new Intl.DateTimeFormat('en-US', {
  timeZone: 'America/Los_Angeles',
  hourCycle: 'h23',
  hour: 'numeric',
  minute: 'numeric',
  second: 'numeric',
});

/**
 * Milliseconds from `at` to the next midnight Pacific time, when YouTube restores a spent daily
 * quota (an hour off on the two days the clocks change, which costs at most one early try).
 */
export function untilQuotaReset(at: number): number {
  const parts = pacificClock.formatToParts(at);
  const part = (type: Intl.DateTimeFormatPartTypes) => Number(parts.find((p) => p.type === type)?.value ?? 0);
  const elapsed = ((part('hour') * 60 + part('minute')) * 60 + part('second')) * 1000 + (at % 1000);
  return 24 * 60 * 60 * 1000 - elapsed;
}

export function createVideoFeed(options: VideoFeedOptions) {
  const {
    apiKey,
    channelId,
    baseUrl,
    snapshot,
    ttlMs = FEED_TTL_MS,
    failureTtlMs = FEED_FAILURE_TTL_MS,
    quotaTtlMs = untilQuotaReset,
    timeoutMs = FEED_TIMEOUT_MS,
    now = Date.now,
  } = options;
  const live = Boolean(apiKey && channelId);
  let cached: { at: number; ttl: number; answer: Promise<FeedAnswer> } | undefined;
  // How long the answer being fetched may be served, once known (a failure is kept less).
  type Fetched = { answer: FeedAnswer; ttl: number };

  const fromSnapshot = async (liveError?: string): Promise<FeedAnswer> => ({
    source: 'snapshot',
    playlists: shownOnRefresh(await snapshot()),
    fetchedAt: new Date(now()).toISOString(),
    ...(liveError ? { liveError } : {}),
  });

  async function fetchLive(): Promise<Fetched> {
    const deadline = AbortSignal.timeout(timeoutMs);
    const lateMessage = `YouTube did not answer within ${timeoutMs} ms`;
    const doFetch = options.client?.fetch ?? globalThis.fetch;
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
      const late = () => new Error(lateMessage);
      const playlists = keepValidVideos(
        await withinTime(client.getChannelPlaylists(channelId!), timeoutMs, late),
        (playlist, videoId, reason) =>
          console.warn(`YouTube refresh: ${playlist}: video ${JSON.stringify(videoId)} left out (${reason})`),
      );
      // An empty answer is far more often YouTube's passing state or a wrong channel id than a
      // channel emptied: the page keeps what it shows (npm run sync decides that, see its --allow-empty).
      if (playlists.length === 0 && (await snapshot()).length > 0) throw new Error(EMPTY_CHANNEL_MESSAGE);
      return {
        answer: { source: 'youtube', playlists: shownOnRefresh(playlists), fetchedAt: new Date(now()).toISOString() },
        ttl: ttlMs,
      };
    } catch (error) {
      const message = deadline.aborted ? lateMessage : errorMessage(error);
      console.error('YouTube refresh failed, answering the snapshot:', message);
      return { answer: await fromSnapshot(message), ttl: isQuotaError(error) ? quotaTtlMs(now()) : failureTtlMs };
    }
  }

  return {
    live,
    get(): Promise<FeedAnswer> {
      if (!live) return fromSnapshot();
      if (!cached || now() - cached.at >= cached.ttl) {
        const fetched = fetchLive();
        const entry = { at: now(), ttl: ttlMs, answer: fetched.then((f) => f.answer) };
        cached = entry;
        void fetched.then((f) => {
          entry.ttl = f.ttl;
        });
      }
      return cached.answer;
    },
  };
}
