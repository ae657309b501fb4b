/** The YouTube Data API client against a local fake YouTube on 127.0.0.1 (SPEC §3, §7, §8, §9). */
import { afterEach, describe, expect, it } from 'vitest';
import {
  backoffDelay,
  createYouTubeClient,
  FALLBACK_ERROR_MESSAGE,
  pickPlaylistThumbnail,
  pickVideoThumbnail,
  plainMessage,
  YouTubeError,
  type ProgressEvent,
} from '#src/lib/video/client.ts';
import {
  errorBody,
  makeItems,
  sendJson,
  startFakeYouTube,
  thumbs,
  type FakePlaylist,
  type FakeYouTube,
} from '../support/fake-youtube.ts';

const CHANNEL = 'UCfakeChannel0000000000';
let fake: FakeYouTube | undefined;
afterEach(async () => {
  await fake?.close();
  fake = undefined;
});

function client(f: FakeYouTube, extra: { sleeps?: number[]; events?: ProgressEvent[]; retries?: number } = {}) {
  return createYouTubeClient({
    apiKey: 'test-key',
    baseUrl: f.baseUrl,
    retries: extra.retries ?? 3,
    baseDelayMs: 100,
    maxDelayMs: 250,
    sleep: async (ms) => {
      extra.sleeps?.push(ms);
    },
    onProgress: (e) => extra.events?.push(e),
  });
}

const apiRequests = (f: FakeYouTube, endpoint: string) => f.requests.filter((r) => r.path.endsWith(endpoint));

describe('entities (SPEC §3)', () => {
  it('builds Playlist and Video exactly, with the request parameters of SPEC §7', async () => {
    fake = await startFakeYouTube({
      [CHANNEL]: [
        {
          id: 'PLtours',
          title: 'Cary Tours',
          description: 'Tours of Cary',
          thumbnails: thumbs('plt'),
          items: [
            {
              id: 'item-1',
              videoId: 'abcDEF12345',
              title: 'Preston tour',
              description: 'Golf course homes',
              thumbnails: thumbs('abcDEF12345'),
              addedAt: '2026-03-01T10:00:00Z',
              videoPublishedAt: '2026-02-20T15:00:00Z',
            },
          ],
        },
      ],
    });
    const playlists = await client(fake).getChannelPlaylists(CHANNEL);
    expect(playlists).toEqual([
      {
        id: 'PLtours',
        title: 'Cary Tours',
        description: 'Tours of Cary',
        thumbnailUrl: 'https://i.ytimg.com/vi/plt/high.jpg',
        isOpen: false,
        videos: [
          {
            id: 'item-1',
            videoId: 'abcDEF12345',
            title: 'Preston tour',
            description: 'Golf course homes',
            thumbnailUrl: 'https://i.ytimg.com/vi/abcDEF12345/high.jpg',
            publishedAt: '2026-02-20T15:00:00Z',
          },
        ],
      },
    ]);
    const [list] = apiRequests(fake, '/playlists');
    expect(Object.fromEntries(list!.params)).toEqual({
      part: 'snippet',
      channelId: CHANNEL,
      maxResults: '50',
      key: 'test-key',
    });
    const [items] = apiRequests(fake, '/playlistItems');
    expect(Object.fromEntries(items!.params)).toEqual({
      part: 'snippet,contentDetails',
      playlistId: 'PLtours',
      maxResults: '50',
      key: 'test-key',
    });
  });

  it('chooses thumbnails as SPEC states: playlist high > standard > medium; video adds default', () => {
    expect(pickPlaylistThumbnail(thumbs('p', ['default', 'medium', 'standard', 'high']))).toContain('/high.jpg');
    expect(pickPlaylistThumbnail(thumbs('p', ['default', 'medium', 'standard']))).toContain('/standard.jpg');
    expect(pickPlaylistThumbnail(thumbs('p', ['default', 'medium']))).toContain('/medium.jpg');
    expect(pickPlaylistThumbnail(thumbs('p', ['default']))).toBe('');
    expect(pickPlaylistThumbnail(undefined)).toBe('');
    expect(pickVideoThumbnail(thumbs('v', ['default', 'medium', 'standard']))).toContain('/standard.jpg');
    expect(pickVideoThumbnail(thumbs('v', ['default']))).toContain('/default.jpg');
    expect(pickVideoThumbnail({})).toBe('');
  });

  it('fills missing thumbnails and descriptions with empty strings', async () => {
    fake = await startFakeYouTube({
      [CHANNEL]: [
        {
          id: 'PLbare',
          title: 'Bare',
          items: [{ id: 'i', videoId: 'bare0000000', title: 'No pictures', videoPublishedAt: '2026-01-02T00:00:00Z' }],
        },
      ],
    });
    const [playlist] = await client(fake).getChannelPlaylists(CHANNEL);
    expect(playlist!.thumbnailUrl).toBe('');
    expect(playlist!.description).toBe('');
    expect(playlist!.videos[0]!.thumbnailUrl).toBe('');
    expect(playlist!.videos[0]!.description).toBe('');
  });

  it('skips private and deleted videos and drops playlists left empty', async () => {
    const events: ProgressEvent[] = [];
    fake = await startFakeYouTube({
      [CHANNEL]: [
        {
          id: 'PLmixed',
          title: 'Mixed',
          items: [
            { id: 'a', videoId: 'private0000', title: 'Private video', description: 'This video is private.' },
            { id: 'b', videoId: 'deleted0000', title: 'Deleted video', description: 'This video is unavailable.' },
            { id: 'c', videoId: 'good0000000', title: 'Good', videoPublishedAt: '2026-01-02T00:00:00Z' },
          ],
        },
        { id: 'PLempty', title: 'Nothing yet', items: [] },
        {
          id: 'PLgone',
          title: 'All private',
          items: [{ id: 'd', videoId: 'private0001', title: 'Private video' }],
        },
      ],
    });
    const playlists = await client(fake, { events }).getChannelPlaylists(CHANNEL);
    expect(playlists.map((p) => p.id)).toEqual(['PLmixed']);
    expect(playlists[0]!.videos.map((v) => v.videoId)).toEqual(['good0000000']);
    expect(events.filter((e) => e.type === 'playlist-dropped').map((e) => 'title' in e && e.title)).toEqual([
      'Nothing yet',
      'All private',
    ]);
  });
});

describe('paging (SPEC §9: at most 10 pages of playlists, 20 of items)', () => {
  it('follows nextPageToken and stops after 10 pages of playlists', async () => {
    const playlists: FakePlaylist[] = Array.from({ length: 12 }, (_, i) => ({
      id: `PL${i}`,
      title: `Playlist ${i}`,
      items: makeItems(`p${i}x`, 1),
    }));
    fake = await startFakeYouTube({ [CHANNEL]: playlists }, { pageSize: 1 });
    const events: ProgressEvent[] = [];
    const result = await client(fake, { events }).getChannelPlaylists(CHANNEL);
    // The cut is said, so the sync can warn that the channel has more than it keeps.
    expect(events.filter((e) => e.type === 'limit-reached')).toEqual([{ type: 'limit-reached', pages: 10 }]);
    const pages = apiRequests(fake, '/playlists');
    expect(pages).toHaveLength(10);
    expect(pages.map((r) => r.params.get('pageToken'))).toEqual([
      null,
      ...Array.from({ length: 9 }, (_, i) => `page-${i + 1}`),
    ]);
    expect(result.map((p) => p.id)).toEqual(playlists.slice(0, 10).map((p) => p.id));
  });

  it('reads every page when there are fewer than the cap', async () => {
    fake = await startFakeYouTube(
      { [CHANNEL]: [{ id: 'PLa', title: 'A', items: makeItems('ax', 7) }] },
      { pageSize: 3 },
    );
    const events: ProgressEvent[] = [];
    const [playlist] = await client(fake, { events }).getChannelPlaylists(CHANNEL);
    expect(playlist!.videos).toHaveLength(7);
    expect(apiRequests(fake, '/playlistItems')).toHaveLength(3);
    expect(events.filter((e) => e.type === 'limit-reached')).toEqual([]);
  });

  it('stops after 20 pages of items per playlist', async () => {
    fake = await startFakeYouTube(
      { [CHANNEL]: [{ id: 'PLbig', title: 'Big', items: makeItems('bx', 25) }] },
      { pageSize: 1 },
    );
    const events: ProgressEvent[] = [];
    const [playlist] = await client(fake, { events }).getChannelPlaylists(CHANNEL);
    expect(apiRequests(fake, '/playlistItems')).toHaveLength(20);
    expect(playlist!.videos).toHaveLength(20);
    expect(events.filter((e) => e.type === 'limit-reached')).toEqual([
      { type: 'limit-reached', playlistId: 'PLbig', pages: 20 },
    ]);
  });
});

describe('a playlist YouTube will not read while the channel answers', () => {
  const three: FakePlaylist[] = ['PLone', 'PLtwo', 'PLthree'].map((id, i) => ({
    id,
    title: `Playlist ${i + 1}`,
    items: makeItems(`${id}x`, 1),
  }));
  // The second playlistItems request (after playlists and PLone's) answers `status` with `reason`.
  const failSecondItems = (f: FakeYouTube, status: number, message: string, reason: string) =>
    f.overrides.push(
      () => false,
      () => false,
      (_r, res) => (sendJson(res, status, errorBody(status, message, reason)), true),
    );

  it.each([
    [404, "The playlist identified with the request's playlistId parameter cannot be found.", 'playlistNotFound'],
    [403, 'The request is not properly authorized to retrieve the specified playlist.', 'playlistItemsNotAccessible'],
  ])('leaves out a playlist answered %i %s, with the reason, and keeps the others', async (status, message, reason) => {
    fake = await startFakeYouTube({ [CHANNEL]: three });
    failSecondItems(fake, status, message, reason);
    const events: ProgressEvent[] = [];
    const playlists = await client(fake, { events }).getChannelPlaylists(CHANNEL);
    expect(playlists.map((p) => p.id)).toEqual(['PLone', 'PLthree']);
    expect(events.filter((e) => e.type === 'playlist-dropped')).toEqual([
      { type: 'playlist-dropped', playlistId: 'PLtwo', title: 'Playlist 2', reason: message },
    ]);
  });

  it('still stops the run for any other failure of one playlist (quota, a refused key)', async () => {
    fake = await startFakeYouTube({ [CHANNEL]: three });
    failSecondItems(
      fake,
      403,
      'The request cannot be completed because you have exceeded your quota.',
      'quotaExceeded',
    );
    await expect(client(fake).getChannelPlaylists(CHANNEL)).rejects.toThrow(/exceeded your quota/);
  });
});

describe('errors (SPEC §8) and retries', () => {
  it("throws the response's error.message and does not retry a client error", async () => {
    fake = await startFakeYouTube({ [CHANNEL]: [] }, { apiKey: 'another-key' });
    const error = await client(fake)
      .getChannelPlaylists(CHANNEL)
      .catch((e: unknown) => e);
    expect(error).toBeInstanceOf(YouTubeError);
    expect((error as YouTubeError).message).toBe('API key not valid. Please pass a valid API key.');
    expect((error as YouTubeError).status).toBe(400);
    expect(fake.requests).toHaveLength(1);
  });

  it('uses the status code and status text when the body has no message', async () => {
    fake = await startFakeYouTube({ [CHANNEL]: [] });
    fake.overrides.push((_req, res) => {
      res.writeHead(404, 'Not Found', { 'Content-Type': 'text/html' }).end('<h1>Not Found</h1>');
      return true;
    });
    await expect(client(fake).listPlaylists(CHANNEL)).rejects.toThrow(/^404 Not Found$/);
  });

  it('does not retry quotaExceeded', async () => {
    const sleeps: number[] = [];
    fake = await startFakeYouTube({ [CHANNEL]: [] });
    const quota = errorBody(
      403,
      'The request cannot be completed because you have exceeded your quota.',
      'quotaExceeded',
    );
    fake.overrides.push((_r, res) => (sendJson(res, 403, quota, 'Forbidden'), true));
    const error = (await client(fake, { sleeps })
      .listPlaylists(CHANNEL)
      .catch((e: unknown) => e)) as YouTubeError;
    expect(error.message).toBe('The request cannot be completed because you have exceeded your quota.');
    expect(error.reason).toBe('quotaExceeded');
    expect(error.retryable).toBe(false);
    expect(fake.requests).toHaveLength(1);
    expect(sleeps).toEqual([]);
  });

  it('does not retry quotaExceeded even when it comes with a 5xx status', async () => {
    fake = await startFakeYouTube({ [CHANNEL]: [] });
    fake.overrides.push((_r, res) => (sendJson(res, 503, errorBody(503, 'Quota exceeded', 'quotaExceeded')), true));
    await expect(client(fake).listPlaylists(CHANNEL)).rejects.toThrow('Quota exceeded');
    expect(fake.requests).toHaveLength(1);
  });

  it('retries a 500 and then succeeds', async () => {
    const sleeps: number[] = [];
    const events: ProgressEvent[] = [];
    fake = await startFakeYouTube({ [CHANNEL]: [{ id: 'PLa', title: 'A', items: makeItems('ax', 2) }] });
    fake.overrides.push((_r, res) => (sendJson(res, 500, errorBody(500, 'Backend Error', 'backendError')), true));
    const playlists = await client(fake, { sleeps, events }).getChannelPlaylists(CHANNEL);
    expect(playlists[0]!.videos).toHaveLength(2);
    expect(apiRequests(fake, '/playlists')).toHaveLength(2);
    expect(sleeps).toEqual([100]);
    const retry = events.find((e) => e.type === 'retry');
    expect(retry).toMatchObject({ attempt: 1, delayMs: 100, error: 'Backend Error' });
    // Progress never shows the key.
    expect(JSON.stringify(events)).not.toContain('test-key');
  });

  it('gives up after the retries with capped exponential back-off and the last message', async () => {
    const sleeps: number[] = [];
    fake = await startFakeYouTube({ [CHANNEL]: [] });
    for (let i = 0; i < 5; i++) {
      fake.overrides.push((_r, res) => {
        res.writeHead(503, 'Service Unavailable').end();
        return true;
      });
    }
    await expect(client(fake, { sleeps }).listPlaylists(CHANNEL)).rejects.toThrow('503 Service Unavailable');
    expect(fake.requests).toHaveLength(4);
    expect(sleeps).toEqual([100, 200, 250]);
  });

  it('retries network errors', async () => {
    const sleeps: number[] = [];
    fake = await startFakeYouTube({ [CHANNEL]: [{ id: 'PLa', title: 'A', items: makeItems('ax', 1) }] });
    fake.overrides.push((_r, res) => {
      res.socket?.destroy();
      return true;
    });
    const playlists = await client(fake, { sleeps }).getChannelPlaylists(CHANNEL);
    expect(playlists).toHaveLength(1);
    expect(sleeps).toEqual([100]);
  });

  it('reports a network failure that never recovers', async () => {
    const dead = await startFakeYouTube({});
    const baseUrl = dead.baseUrl;
    await dead.close();
    const c = createYouTubeClient({ apiKey: 'k', baseUrl, retries: 1, sleep: async () => {} });
    const error = (await c.listPlaylists(CHANNEL).catch((e: unknown) => e)) as YouTubeError;
    expect(error).toBeInstanceOf(YouTubeError);
    expect(error.message.length).toBeGreaterThan(0);
    expect(error.retryable).toBe(true);
  });

  it('gives each attempt its own time limit: no answer, or one trickled, is retried, then named', async () => {
    fake = await startFakeYouTube({ [CHANNEL]: [{ id: 'PLa', title: 'A', items: makeItems('ax', 1) }] });
    // The first request is never answered; the second gets its headers and then a byte every 20 ms.
    fake.overrides.push(
      () => true,
      (_r, res) => {
        res.writeHead(200, { 'Content-Type': 'application/json' }).write('{');
        const timer = setInterval(() => res.write(' '), 20);
        res.on('close', () => clearInterval(timer));
        return true;
      },
    );
    const events: ProgressEvent[] = [];
    const c = createYouTubeClient({
      apiKey: 'test-key',
      baseUrl: fake.baseUrl,
      retries: 1,
      timeoutMs: 200,
      sleep: async () => {},
      onProgress: (e) => events.push(e),
    });
    const started = Date.now();
    const error = (await c.listPlaylists(CHANNEL).catch((e: unknown) => e)) as YouTubeError;
    expect(Date.now() - started).toBeLessThan(2000);
    expect(error).toBeInstanceOf(YouTubeError);
    expect(error.message).toBe('YouTube did not answer playlists within 200 ms');
    expect(events).toMatchObject([
      { type: 'retry', attempt: 1, error: 'YouTube did not answer playlists within 200 ms' },
    ]);
  });

  it('shows an error message YouTube writes with markup as plain text', async () => {
    fake = await startFakeYouTube({ [CHANNEL]: [] });
    // YouTube's own quota message, as it sends it.
    const quota = errorBody(
      403,
      'The request cannot be completed because you have exceeded your <a href="/youtube/v3/getting-started#quota">quota</a>.',
      'quotaExceeded',
    );
    fake.overrides.push((_r, res) => (sendJson(res, 403, quota, 'Forbidden'), true));
    await expect(client(fake).listPlaylists(CHANNEL)).rejects.toThrow(
      /^The request cannot be completed because you have exceeded your quota\.$/,
    );
    expect(plainMessage('Invalid value &quot;x&quot; &amp; <b>more</b>\n  here')).toBe('Invalid value "x" & more here');
  });

  it.each([
    ['null', 'null'],
    ['a list that is not one', '{"items":{"id":"x"}}'],
    ['an item without an id', '{"items":[null]}'],
    ['a page token that is not text', '{"items":[],"nextPageToken":7}'],
    ['an HTML page', '<html><body>Sign in to the hotel Wi-Fi</body></html>'],
  ])('asks again when a 200 carries %s instead of a list, and says so when it never does', async (_name, body) => {
    const sleeps: number[] = [];
    fake = await startFakeYouTube({ [CHANNEL]: [{ id: 'PLa', title: 'A', items: makeItems('ax', 1) }] });
    const bad = (_r: unknown, res: import('node:http').ServerResponse) => (res.writeHead(200).end(body), true);
    fake.overrides.push(bad);
    const playlists = await client(fake, { sleeps }).getChannelPlaylists(CHANNEL);
    expect(playlists.map((p) => p.id)).toEqual(['PLa']);
    expect(sleeps).toEqual([100]);
    fake.overrides.push(bad, bad, bad, bad);
    const error = (await client(fake)
      .listPlaylists(CHANNEL)
      .catch((e: unknown) => e)) as YouTubeError;
    expect(error).toBeInstanceOf(YouTubeError);
    expect(error.message).toBe('YouTube answered playlists with a page that is not a list');
  });

  it('stops at a page token YouTube gives again and keeps each playlist and video once', async () => {
    fake = await startFakeYouTube({ [CHANNEL]: [] });
    const playlist = { id: 'PLloop', snippet: { title: 'Loop' } };
    const item = {
      id: 'item-1',
      snippet: { title: 'Tour', resourceId: { kind: 'youtube#video', videoId: 'abcDEF12345' } },
      contentDetails: { videoId: 'abcDEF12345', videoPublishedAt: '2026-02-20T15:00:00Z' },
    };
    // Every page answers the same token, as a server stuck on one page would: read twice, then stopped.
    for (let i = 0; i < 25; i++) {
      fake.overrides.push((r, res) => {
        const items = r.path.endsWith('/playlistItems') ? [item] : [playlist];
        sendJson(res, 200, { items, nextPageToken: 'again' });
        return true;
      });
    }
    const events: ProgressEvent[] = [];
    const playlists = await client(fake, { events }).getChannelPlaylists(CHANNEL);
    expect(playlists.map((p) => [p.id, p.videos.map((v) => v.id)])).toEqual([['PLloop', ['item-1']]]);
    expect(apiRequests(fake, '/playlists')).toHaveLength(2);
    expect(apiRequests(fake, '/playlistItems')).toHaveLength(2);
    expect(events.filter((e) => e.type === 'limit-reached')).toEqual([]);
  });

  it('caps the back-off', () => {
    expect([0, 1, 2, 3, 4, 5].map((a) => backoffDelay(a, 500, 8000))).toEqual([500, 1000, 2000, 4000, 8000, 8000]);
  });

  it("falls back to 'Failed to load YouTube data' for an empty message", () => {
    expect(new YouTubeError('', { retryable: false }).message).toBe(FALLBACK_ERROR_MESSAGE);
    expect(FALLBACK_ERROR_MESSAGE).toBe('Failed to load YouTube data');
  });

  it('refuses to run without a key', () => {
    expect(() => createYouTubeClient({ apiKey: '' })).toThrow('A YouTube API key is required');
  });
});
