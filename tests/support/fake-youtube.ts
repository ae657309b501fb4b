/**
 * A local stand-in for the YouTube Data API v3 on 127.0.0.1, answering playlists.list and
 * playlistItems.list in the real response format (items, nextPageToken, error bodies), so the
 * real client code runs against it. Tests describe channels as data and may script failures.
 */
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { Thumbnails } from '../../src/lib/video/client.ts';

export interface FakePlaylist {
  id: string;
  title: string;
  description?: string;
  thumbnails?: Thumbnails;
  items: FakeItem[];
}

export interface FakeItem {
  id: string;
  videoId: string;
  title: string;
  description?: string;
  thumbnails?: Thumbnails;
  /** When the item joined the playlist (snippet.publishedAt). */
  addedAt?: string;
  /** The video's publish date (contentDetails.videoPublishedAt); absent for private/deleted videos. */
  videoPublishedAt?: string;
}

export interface FakeRequest {
  path: string;
  params: URLSearchParams;
}

/** A scripted answer that takes the place of the normal one for one request. */
export type Override = (req: FakeRequest, res: ServerResponse) => boolean;

export interface FakeYouTube {
  baseUrl: string;
  origin: string;
  requests: FakeRequest[];
  /** Scripted answers, consumed first to last; each returns true when it answered. */
  overrides: Override[];
  close(): Promise<void>;
}

export const thumbs = (id: string, sizes: (keyof Thumbnails)[] = ['default', 'medium', 'high']): Thumbnails =>
  Object.fromEntries(sizes.map((s) => [s, { url: `https://i.ytimg.com/vi/${id}/${s}.jpg` }]));

export function sendJson(res: ServerResponse, status: number, body: unknown, statusText?: string): void {
  res.writeHead(status, statusText ?? '', { 'Content-Type': 'application/json; charset=UTF-8' });
  res.end(JSON.stringify(body));
}

/** YouTube's own error body shape. */
export function errorBody(code: number, message: string, reason: string) {
  return { error: { code, message, errors: [{ message, domain: 'youtube.quota', reason }] } };
}

export async function startFakeYouTube(
  channels: Record<string, FakePlaylist[]>,
  options: { pageSize?: number; apiKey?: string; files?: Record<string, Buffer> } = {},
): Promise<FakeYouTube> {
  const requests: FakeRequest[] = [];
  const overrides: Override[] = [];
  const apiKey = options.apiKey ?? 'test-key';

  function page<T>(all: T[], params: URLSearchParams) {
    const size = options.pageSize ?? Number(params.get('maxResults') ?? 5);
    const start = Number(params.get('pageToken')?.replace('page-', '') ?? 0);
    const items = all.slice(start, start + size);
    const next = start + size < all.length ? `page-${start + size}` : undefined;
    return { items, ...(next ? { nextPageToken: next } : {}) };
  }

  function handle(req: IncomingMessage, res: ServerResponse): void {
    const url = new URL(req.url ?? '/', 'http://127.0.0.1');
    const request = { path: url.pathname, params: url.searchParams };
    requests.push(request);

    const file = options.files?.[url.pathname];
    if (file) {
      res.writeHead(200, { 'Content-Type': 'image/jpeg' }).end(file);
      return;
    }
    const override = overrides.shift();
    if (override?.(request, res)) return;

    if (url.searchParams.get('key') !== apiKey) {
      sendJson(res, 400, errorBody(400, 'API key not valid. Please pass a valid API key.', 'keyInvalid'));
      return;
    }
    if (url.pathname === '/youtube/v3/playlists') {
      const playlists = channels[url.searchParams.get('channelId') ?? ''] ?? [];
      const { items, nextPageToken } = page(playlists, url.searchParams);
      sendJson(res, 200, {
        kind: 'youtube#playlistListResponse',
        ...(nextPageToken ? { nextPageToken } : {}),
        pageInfo: { totalResults: playlists.length, resultsPerPage: items.length },
        items: items.map((p) => ({
          kind: 'youtube#playlist',
          id: p.id,
          snippet: { title: p.title, description: p.description ?? '', thumbnails: p.thumbnails ?? {} },
        })),
      });
      return;
    }
    if (url.pathname === '/youtube/v3/playlistItems') {
      const id = url.searchParams.get('playlistId');
      const playlist = Object.values(channels)
        .flat()
        .find((p) => p.id === id);
      if (!playlist) {
        sendJson(
          res,
          404,
          errorBody(
            404,
            `The playlist identified with the request's playlistId parameter cannot be found.`,
            'playlistNotFound',
          ),
        );
        return;
      }
      const { items, nextPageToken } = page(playlist.items, url.searchParams);
      sendJson(res, 200, {
        kind: 'youtube#playlistItemListResponse',
        ...(nextPageToken ? { nextPageToken } : {}),
        items: items.map((it) => ({
          kind: 'youtube#playlistItem',
          id: it.id,
          snippet: {
            publishedAt: it.addedAt ?? '2026-01-01T00:00:00Z',
            title: it.title,
            description: it.description ?? '',
            thumbnails: it.thumbnails ?? {},
            playlistId: playlist.id,
            resourceId: { kind: 'youtube#video', videoId: it.videoId },
          },
          contentDetails: {
            videoId: it.videoId,
            ...(it.videoPublishedAt ? { videoPublishedAt: it.videoPublishedAt } : {}),
          },
        })),
      });
      return;
    }
    sendJson(res, 404, errorBody(404, 'Not Found', 'notFound'));
  }

  const server: Server = createServer(handle);
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  const origin = `http://127.0.0.1:${port}`;
  return {
    baseUrl: `${origin}/youtube/v3`,
    origin,
    requests,
    overrides,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

/** `count` playable items for a playlist, one a day from `start`. */
export function makeItems(prefix: string, count: number, start = Date.UTC(2026, 0, 1)): FakeItem[] {
  return Array.from({ length: count }, (_, i) => {
    const videoId = `${prefix}${String(i).padStart(11 - prefix.length, '0')}`.slice(0, 11);
    return {
      id: `item-${prefix}-${i}`,
      videoId,
      title: `${prefix} video ${i}`,
      thumbnails: thumbs(videoId),
      videoPublishedAt: new Date(start + i * 86_400_000).toISOString(),
    };
  });
}
