/**
 * A typed client for the two YouTube Data API v3 calls the site needs (SPEC §7.2, §7.3) and
 * the Playlist and Video entities built from them (SPEC §3).
 *
 * It runs only on the server and in `npm run sync`: the API key is passed in by the caller
 * from the environment and never reaches the browser. Plain TypeScript with relative imports
 * only, so Node runs it directly from scripts/.
 */
import type { Playlist, Video } from './model.ts';

export interface Thumbnail {
  url: string;
  width?: number;
  height?: number;
}
export type Thumbnails = Partial<Record<'default' | 'medium' | 'high' | 'standard' | 'maxres', Thumbnail>>;

interface PlaylistResource {
  id: string;
  snippet?: { title?: string; description?: string; thumbnails?: Thumbnails };
}

interface PlaylistItemResource {
  id: string;
  snippet?: {
    title?: string;
    description?: string;
    thumbnails?: Thumbnails;
    publishedAt?: string;
    resourceId?: { kind?: string; videoId?: string };
  };
  contentDetails?: { videoId?: string; videoPublishedAt?: string };
}

interface ListResponse<T> {
  items?: T[];
  nextPageToken?: string;
}

/** SPEC §9: 50 per page, at most 10 pages of playlists and 20 pages of items per playlist. */
export const PAGE_SIZE = 50;
export const MAX_PLAYLIST_PAGES = 10;
export const MAX_ITEM_PAGES = 20;
export const DEFAULT_BASE_URL = 'https://www.googleapis.com/youtube/v3';
/** SPEC §8: shown when a failed request carries no message of its own. */
export const FALLBACK_ERROR_MESSAGE = 'Failed to load YouTube data';

/** Playlist thumbnail (SPEC §3): high, else standard, else medium, else empty. */
export function pickPlaylistThumbnail(thumbnails: Thumbnails | undefined): string {
  return thumbnails?.high?.url || thumbnails?.standard?.url || thumbnails?.medium?.url || '';
}

/** Video thumbnail (SPEC §3): high, else standard, medium or default, else empty. */
export function pickVideoThumbnail(thumbnails: Thumbnails | undefined): string {
  return (
    thumbnails?.high?.url || thumbnails?.standard?.url || thumbnails?.medium?.url || thumbnails?.default?.url || ''
  );
}

/**
 * YouTube keeps private and deleted videos in playlists as placeholders with these titles,
 * no thumbnails and no `videoPublishedAt`; they cannot be played, so they are skipped.
 */
const unavailableTitles = new Set(['Private video', 'Deleted video']);

export function isUnavailableItem(item: PlaylistItemResource): boolean {
  const title = item.snippet?.title ?? '';
  if (unavailableTitles.has(title)) return true;
  if (!item.snippet?.resourceId?.videoId && !item.contentDetails?.videoId) return true;
  // contentDetails is requested, so a missing publish date means YouTube withholds the video.
  return item.contentDetails !== undefined && !item.contentDetails.videoPublishedAt;
}

export function toVideo(item: PlaylistItemResource): Video {
  const s = item.snippet ?? {};
  return {
    id: item.id,
    videoId: s.resourceId?.videoId ?? item.contentDetails?.videoId ?? '',
    title: s.title ?? '',
    description: s.description ?? '',
    thumbnailUrl: pickVideoThumbnail(s.thumbnails),
    // The video's own publish date when known; snippet.publishedAt is when it joined the playlist.
    publishedAt: item.contentDetails?.videoPublishedAt ?? s.publishedAt ?? '',
  };
}

/** A failed YouTube request (SPEC §8). `message` is the API's error.message, else "status statusText". */
export class YouTubeError extends Error {
  readonly status: number | undefined;
  readonly reason: string | undefined;
  readonly retryable: boolean;

  constructor(message: string, options: { status?: number; reason?: string; retryable: boolean; cause?: unknown }) {
    super(message || FALLBACK_ERROR_MESSAGE, { cause: options.cause });
    this.name = 'YouTubeError';
    this.status = options.status;
    this.reason = options.reason;
    this.retryable = options.retryable;
  }
}

/** Reasons that more requests can only make worse: the daily quota is spent. */
const quotaReasons = new Set(['quotaExceeded', 'dailyLimitExceeded']);

/** True when YouTube refused because the key's daily quota is spent (it comes back at midnight Pacific). */
export function isQuotaError(error: unknown): boolean {
  return error instanceof YouTubeError && quotaReasons.has(error.reason ?? '');
}

/**
 * What playlistItems.list answers for one playlist that cannot be read while the channel can: it
 * was deleted after playlists.list named it (404 playlistNotFound), or YouTube keeps its items
 * private (403 playlistItemsNotAccessible). Such a playlist is left out; other failures stop the run.
 */
const unreadablePlaylistReasons = new Set(['playlistNotFound', 'playlistItemsNotAccessible']);

const entities: Record<string, string> = { amp: '&', lt: '<', gt: '>', quot: '"', apos: "'", '#39': "'" };

/**
 * An API error message as plain text. YouTube writes some with markup (the quota's reads "…exceeded
 * your <a href="/youtube/v3/getting-started#quota">quota</a>."), which a page shows as text.
 */
export function plainMessage(message: string): string {
  return message
    .replace(/<[^>]*>/g, '')
    .replace(/&(amp|lt|gt|quot|apos|#39);/g, (_, name: string) => entities[name] ?? '')
    .replace(/\s+/g, ' ')
    .trim();
}

async function errorFromResponse(res: Response): Promise<YouTubeError> {
  let message = '';
  let reason: string | undefined;
  try {
    const body = (await res.json()) as { error?: { message?: unknown; errors?: { reason?: unknown }[] } } | null;
    const error = body?.error;
    message = typeof error?.message === 'string' ? plainMessage(error.message) : '';
    const first = Array.isArray(error?.errors) ? error.errors[0]?.reason : undefined;
    reason = typeof first === 'string' ? first : undefined;
  } catch {
    // Not JSON (a proxy's HTML error page, say), or not YouTube's shape: the status line is all there is.
  }
  if (!message) message = `${res.status} ${res.statusText}`.trim();
  const retryable = res.status >= 500 && !quotaReasons.has(reason ?? '');
  return new YouTubeError(message, { status: res.status, ...(reason ? { reason } : {}), retryable });
}

export type ProgressEvent =
  | { type: 'playlists-page'; page: number; count: number }
  | { type: 'items-page'; playlistId: string; page: number; count: number }
  | { type: 'playlist-done'; playlist: Playlist }
  | { type: 'playlist-dropped'; playlistId: string; title: string; reason?: string }
  | { type: 'limit-reached'; playlistId?: string; pages: number }
  | { type: 'retry'; url: string; attempt: number; delayMs: number; error: string };

export interface YouTubeClientOptions {
  apiKey: string;
  /** Overridable so tests can point the client at a local fake server. */
  baseUrl?: string;
  fetch?: typeof globalThis.fetch;
  /** Retries after the first attempt for 5xx answers and network errors. */
  retries?: number;
  /** Back-off doubles from `baseDelayMs` and never exceeds `maxDelayMs`. */
  baseDelayMs?: number;
  maxDelayMs?: number;
  sleep?: (ms: number) => Promise<void>;
  /**
   * Time limit of each attempt, its answer read included (default 30 s): a server that never
   * answers, or trickles its answer, fails that attempt, retried like a network error.
   */
  timeoutMs?: number;
  onProgress?: (event: ProgressEvent) => void;
}

export const DEFAULT_TIMEOUT_MS = 30_000;

/** "30 s", or "250 ms" for a limit that is no whole number of seconds. */
function shownLimit(ms: number): string {
  return ms % 1000 === 0 ? `${ms / 1000} s` : `${ms} ms`;
}

/** A list answer as YouTube writes one: an object whose items, when present, are objects with an id. */
function isListResponse(body: unknown): body is ListResponse<{ id: string }> {
  if (typeof body !== 'object' || body === null || Array.isArray(body)) return false;
  const { items, nextPageToken } = body as { items?: unknown; nextPageToken?: unknown };
  if (nextPageToken !== undefined && typeof nextPageToken !== 'string') return false;
  if (items === undefined) return true;
  return (
    Array.isArray(items) &&
    items.every(
      (item: unknown) => typeof item === 'object' && item !== null && typeof (item as { id?: unknown }).id === 'string',
    )
  );
}

/**
 * Reads a list page after page, at most `maxPages`, and keeps each resource once by its id. A page
 * token YouTube gives twice ends the reading: following it would read the same pages again.
 */
async function readPages<T extends { id: string }>(
  maxPages: number,
  readPage: (pageToken: string) => Promise<ListResponse<T>>,
  onPage: (page: number, items: T[]) => void,
  onLimit: (pages: number) => void,
): Promise<T[]> {
  const byId = new Map<string, T>();
  const tokens = new Set<string>();
  let pageToken = '';
  for (let page = 1; page <= maxPages; page++) {
    const body = await readPage(pageToken);
    const items = body.items ?? [];
    for (const item of items) if (!byId.has(item.id)) byId.set(item.id, item);
    onPage(page, items);
    if (!body.nextPageToken || tokens.has(body.nextPageToken)) break;
    // SPEC §9's limit, said aloud: a list longer than it keeps loses the rest.
    if (page === maxPages) onLimit(page);
    tokens.add(body.nextPageToken);
    pageToken = body.nextPageToken;
  }
  return [...byId.values()];
}

/** Capped exponential back-off: base, 2*base, 4*base, ... never above max. */
export function backoffDelay(attempt: number, baseDelayMs: number, maxDelayMs: number): number {
  return Math.min(maxDelayMs, baseDelayMs * 2 ** attempt);
}

export function createYouTubeClient(options: YouTubeClientOptions) {
  const {
    apiKey,
    baseUrl = DEFAULT_BASE_URL,
    fetch: doFetch = globalThis.fetch,
    retries = 3,
    baseDelayMs = 500,
    maxDelayMs = 8000,
    sleep = (ms: number) => new Promise<void>((r) => setTimeout(r, ms)),
    timeoutMs = DEFAULT_TIMEOUT_MS,
    onProgress = () => {},
  } = options;
  if (!apiKey) throw new YouTubeError('A YouTube API key is required', { retryable: false });

  async function getJson<T>(endpoint: string, params: Record<string, string>): Promise<T> {
    const url = new URL(`${baseUrl.replace(/\/$/, '')}/${endpoint}`);
    for (const [name, value] of Object.entries(params)) url.searchParams.set(name, value);
    url.searchParams.set('key', apiKey);
    // Progress and errors name the endpoint, never the URL with its key.
    const shown = `${endpoint}?${new URLSearchParams(params).toString()}`;

    for (let attempt = 0; ; attempt++) {
      let error: YouTubeError;
      // Each attempt has its own time limit (a caller's fetch may bring its own signal instead).
      const signal = AbortSignal.timeout(timeoutMs);
      const timedOut = (cause?: unknown) =>
        new YouTubeError(`YouTube did not answer ${endpoint} within ${shownLimit(timeoutMs)}`, {
          retryable: true,
          cause,
        });
      try {
        const res = await doFetch(url, { headers: { Accept: 'application/json' }, signal });
        if (!res.ok) error = await errorFromResponse(res);
        else {
          const body: unknown = await res.json().catch(() => undefined);
          if (isListResponse(body)) return body as T;
          // A 200 that is not a list (null, a proxy's HTML page, items that are not a list) is no answer: asked again.
          error = signal.aborted
            ? timedOut()
            : new YouTubeError(`YouTube answered ${endpoint} with a page that is not a list`, {
                status: res.status,
                retryable: true,
              });
        }
      } catch (cause) {
        error = signal.aborted
          ? timedOut(cause)
          : new YouTubeError(cause instanceof Error ? cause.message : String(cause), { retryable: true, cause });
      }
      if (!error.retryable || attempt >= retries) throw error;
      const delayMs = backoffDelay(attempt, baseDelayMs, maxDelayMs);
      onProgress({ type: 'retry', url: shown, attempt: attempt + 1, delayMs, error: error.message });
      await sleep(delayMs);
    }
  }

  /** playlists.list for a channel, following nextPageToken for at most 10 pages. */
  async function listPlaylists(channelId: string): Promise<PlaylistResource[]> {
    return readPages<PlaylistResource>(
      MAX_PLAYLIST_PAGES,
      (pageToken) =>
        getJson('playlists', {
          part: 'snippet',
          channelId,
          maxResults: String(PAGE_SIZE),
          ...(pageToken ? { pageToken } : {}),
        }),
      (page, items) => onProgress({ type: 'playlists-page', page, count: items.length }),
      (pages) => onProgress({ type: 'limit-reached', pages }),
    );
  }

  /** playlistItems.list for one playlist, at most 20 pages; private and deleted videos skipped. */
  async function listPlaylistVideos(playlistId: string): Promise<Video[]> {
    const items = await readPages<PlaylistItemResource>(
      MAX_ITEM_PAGES,
      (pageToken) =>
        getJson('playlistItems', {
          part: 'snippet,contentDetails',
          playlistId,
          maxResults: String(PAGE_SIZE),
          ...(pageToken ? { pageToken } : {}),
        }),
      (page, pageItems) => onProgress({ type: 'items-page', playlistId, page, count: pageItems.length }),
      (pages) => onProgress({ type: 'limit-reached', playlistId, pages }),
    );
    return items.filter((item) => !isUnavailableItem(item)).map(toVideo);
  }

  /**
   * Every playlist of the channel with its videos; playlists left with no video, and playlists
   * YouTube will not list the items of, are dropped (each reported).
   */
  async function getChannelPlaylists(channelId: string): Promise<Playlist[]> {
    const resources = await listPlaylists(channelId);
    const playlists: Playlist[] = [];
    for (const resource of resources) {
      const title = resource.snippet?.title ?? '';
      let videos: Video[];
      try {
        videos = await listPlaylistVideos(resource.id);
      } catch (error) {
        if (!(error instanceof YouTubeError && unreadablePlaylistReasons.has(error.reason ?? ''))) throw error;
        onProgress({ type: 'playlist-dropped', playlistId: resource.id, title, reason: error.message });
        continue;
      }
      if (videos.length === 0) {
        onProgress({ type: 'playlist-dropped', playlistId: resource.id, title });
        continue;
      }
      const playlist: Playlist = {
        id: resource.id,
        title,
        description: resource.snippet?.description ?? '',
        thumbnailUrl: pickPlaylistThumbnail(resource.snippet?.thumbnails),
        videos,
        isOpen: false,
      };
      onProgress({ type: 'playlist-done', playlist });
      playlists.push(playlist);
    }
    return playlists;
  }

  return { listPlaylists, listPlaylistVideos, getChannelPlaylists };
}

export type YouTubeClient = ReturnType<typeof createYouTubeClient>;

/** The message a page shows for a failed load (SPEC §8). */
export function errorMessage(error: unknown): string {
  return error instanceof Error && error.message ? error.message : FALLBACK_ERROR_MESSAGE;
}
