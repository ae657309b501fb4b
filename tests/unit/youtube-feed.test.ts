/**
 * The Refresh Content feed behind /api/videos against a local fake YouTube: snapshot without a
 * key, live with one, in-memory caching so clicks cannot spend quota, and SPEC §8 messages.
 */
import { afterEach, describe, expect, it } from 'vitest';
import {
  createVideoFeed,
  EMPTY_CHANNEL_MESSAGE,
  FEED_FAILURE_TTL_MS,
  FEED_TTL_MS,
  untilQuotaReset,
} from '#src/lib/video/feed.ts';
import type { Playlist } from '#src/lib/video/model.ts';
import { PLAYLIST_DESCRIPTION_LIMIT, VIDEO_DESCRIPTION_SHOWN } from '#src/lib/video/rules.ts';
import { truncate } from '#src/lib/text.ts';
import { fetchPlaylists } from '#src/lib/video/fetch-playlists.ts';
import { errorBody, makeItems, sendJson, startFakeYouTube, type FakeYouTube } from '../support/fake-youtube.ts';

const CHANNEL = 'UCfeedChannel';
const snapshot: Playlist[] = [
  { id: 'PLsnap', title: 'Snapshot', description: '', thumbnailUrl: '', isOpen: false, videos: [] },
];
let fake: FakeYouTube | undefined;
afterEach(async () => {
  await fake?.close();
  fake = undefined;
});

/** The feed with a key, against the fake, on the test's clock. */
const liveFeed = (f: FakeYouTube, now: () => number) =>
  createVideoFeed({ apiKey: 'test-key', channelId: CHANNEL, baseUrl: f.baseUrl, snapshot: () => snapshot, now });

describe('video feed', () => {
  it('answers the snapshot when no key is configured, without any request', async () => {
    const feed = createVideoFeed({ snapshot: () => snapshot, channelId: CHANNEL });
    const result = await feed.get();
    expect(feed.live).toBe(false);
    expect(result).toMatchObject({ source: 'snapshot', playlists: snapshot });
    expect(result).not.toHaveProperty('liveError');
  });

  it('fetches live playlists with a key and serves them from memory within the TTL', async () => {
    fake = await startFakeYouTube({ [CHANNEL]: [{ id: 'PLlive', title: 'Live', items: makeItems('lx', 2) }] });
    let clock = 1_000_000;
    const feed = liveFeed(fake, () => clock);
    const [a, b] = await Promise.all([feed.get(), feed.get()]);
    expect(a).toMatchObject({ source: 'youtube' });
    expect(a.playlists.map((p) => p.id)).toEqual(['PLlive']);
    expect(b).toBe(a);
    clock += FEED_TTL_MS - 1;
    await feed.get();
    expect(fake.requests.filter((r) => r.path.endsWith('/playlists'))).toHaveLength(1);
    clock += 1;
    await feed.get();
    expect(fake.requests.filter((r) => r.path.endsWith('/playlists'))).toHaveLength(2);
  });

  it('answers descriptions cut as the pages show them: a channel of long descriptions weighed megabytes', async () => {
    const long = 'A walk through the neighborhood and its parks. '.repeat(100);
    const items = makeItems('ld', 2).map((item) => ({ ...item, description: long }));
    fake = await startFakeYouTube({ [CHANNEL]: [{ id: 'PLlong', title: 'Long', description: long, items }] });
    const live = await liveFeed(fake, () => 1_000_000).get();
    const kept = await createVideoFeed({
      snapshot: () => [
        { ...snapshot[0]!, description: long, videos: [{ ...live.playlists[0]!.videos[0]!, description: long }] },
      ],
    }).get();
    for (const answer of [live, kept]) {
      expect(answer.playlists[0]!.description).toBe(truncate(long, PLAYLIST_DESCRIPTION_LIMIT));
      for (const video of answer.playlists[0]!.videos)
        expect(video.description).toBe(truncate(long, VIDEO_DESCRIPTION_SHOWN));
    }
    expect(JSON.stringify(live).length).toBeLessThan(2_000);
  });

  it('keeps live answers 30 minutes: a home page visited all day spends at most 48 calls', () => {
    expect(FEED_TTL_MS).toBe(30 * 60 * 1000);
    expect(FEED_FAILURE_TTL_MS).toBe(5 * 60 * 1000);
  });

  it("answers the snapshot with YouTube's message when the quota is spent, and asks again only after midnight Pacific", async () => {
    fake = await startFakeYouTube({ [CHANNEL]: [] });
    const quota = errorBody(
      403,
      'The request cannot be completed because you have exceeded your quota.',
      'quotaExceeded',
    );
    fake.overrides.push((_r, res) => (sendJson(res, 403, quota), true));
    // Noon Pacific (20:00 UTC in November): the quota comes back in 12 hours.
    let clock = Date.UTC(2026, 10, 28, 20, 0, 0);
    const feed = liveFeed(fake, () => clock);
    const first = await feed.get();
    expect(first).toMatchObject({
      source: 'snapshot',
      playlists: snapshot,
      liveError: 'The request cannot be completed because you have exceeded your quota.',
    });
    clock += 12 * 60 * 60 * 1000 - 1;
    expect(await feed.get()).toBe(first);
    expect(fake.requests).toHaveLength(1);
    clock += 1;
    await feed.get();
    expect(fake.requests).toHaveLength(2);
  });

  it('answers the snapshot when YouTube lists no playable video: the page keeps what it shows', async () => {
    fake = await startFakeYouTube({ [CHANNEL]: [{ id: 'PLgone', title: 'Gone', items: [] }] });
    const feed = liveFeed(fake, () => 1_000_000);
    expect(await feed.get()).toMatchObject({
      source: 'snapshot',
      playlists: snapshot,
      liveError: EMPTY_CHANNEL_MESSAGE,
    });
    // With nothing in the snapshot either, the live answer stands.
    const empty = createVideoFeed({
      apiKey: 'test-key',
      channelId: CHANNEL,
      baseUrl: fake.baseUrl,
      snapshot: () => [],
    });
    expect(await empty.get()).toMatchObject({ source: 'youtube', playlists: [] });
  });

  it('leaves out a live video whose id the site cannot hold, as the sync does', async () => {
    const items = makeItems('ok', 2);
    items[1] = { ...items[1]!, videoId: 'bad id"<>' };
    fake = await startFakeYouTube({
      [CHANNEL]: [
        { id: 'PLmixed', title: 'Mixed', items },
        { id: 'PLbad', title: 'Bad', items: [{ ...items[1], id: 'item-bad' }] },
      ],
    });
    const answer = await liveFeed(fake, () => 1_000_000).get();
    expect(answer.source).toBe('youtube');
    expect(answer.playlists.map((p) => [p.id, p.videos.map((v) => v.videoId)])).toEqual([
      ['PLmixed', [items[0]!.videoId]],
    ]);
  });

  it('keeps any other failure 5 minutes, then tries again', async () => {
    fake = await startFakeYouTube({ [CHANNEL]: [{ id: 'PLback', title: 'Back', items: makeItems('bk', 1) }] });
    fake.overrides.push((_r, res) => (sendJson(res, 400, errorBody(400, 'API key not valid.', 'keyInvalid')), true));
    let clock = 5_000_000;
    const feed = liveFeed(fake, () => clock);
    expect(await feed.get()).toMatchObject({ source: 'snapshot', liveError: 'API key not valid.' });
    clock += FEED_FAILURE_TTL_MS - 1;
    await feed.get();
    expect(fake.requests).toHaveLength(1);
    clock += 1;
    expect(await feed.get()).toMatchObject({ source: 'youtube', playlists: [{ id: 'PLback' }] });
    // The playlists, then the items of the one playlist.
    expect(fake.requests).toHaveLength(3);
  });

  it('counts to the next midnight Pacific, in standard and daylight time', () => {
    expect(untilQuotaReset(Date.UTC(2026, 10, 28, 8, 0, 0))).toBe(24 * 60 * 60 * 1000);
    expect(untilQuotaReset(Date.UTC(2026, 10, 28, 7, 59, 59, 500))).toBe(500);
    expect(untilQuotaReset(Date.UTC(2026, 6, 1, 7, 0, 0))).toBe(24 * 60 * 60 * 1000);
    expect(untilQuotaReset(Date.UTC(2026, 6, 1, 19, 30, 0))).toBe(11.5 * 60 * 60 * 1000);
  });

  it('gives up on a YouTube that never answers after the timeout and answers the snapshot', async () => {
    fake = await startFakeYouTube({ [CHANNEL]: [] });
    // Takes the request and never answers, like a hung upstream.
    fake.overrides.push(() => true);
    const feed = createVideoFeed({
      apiKey: 'test-key',
      channelId: CHANNEL,
      baseUrl: fake.baseUrl,
      snapshot: () => snapshot,
      timeoutMs: 300,
    });
    const started = performance.now();
    const answer = await feed.get();
    expect(performance.now() - started).toBeLessThan(2000);
    expect(answer).toMatchObject({
      source: 'snapshot',
      playlists: snapshot,
      liveError: 'YouTube did not answer within 300 ms',
    });
  });
});

describe('the browser side of Refresh Content (fetchPlaylists)', () => {
  const answer = (status: number, body: unknown, statusText = '') =>
    (async () =>
      new Response(typeof body === 'string' ? body : JSON.stringify(body), { status, statusText })) as typeof fetch;

  it('returns the playlists, empty ones dropped', async () => {
    const withVideos = {
      ...snapshot[0]!,
      id: 'PLfull',
      videos: [{ id: 'i', videoId: 'v0000000000', title: 't', description: '', thumbnailUrl: '', publishedAt: '' }],
    };
    const result = await fetchPlaylists(
      '/api/videos',
      answer(200, { source: 'youtube', playlists: [snapshot[0], withVideos] }),
    );
    expect(result.map((p) => p.id)).toEqual(['PLfull']);
  });

  it("shows the server's message, else the status line, else 'Failed to load YouTube data'", async () => {
    await expect(fetchPlaylists('/x', answer(502, { error: { message: 'Quota gone' } }))).rejects.toThrow('Quota gone');
    await expect(fetchPlaylists('/x', answer(500, 'oops', 'Internal Server Error'))).rejects.toThrow(
      /^500 Internal Server Error$/,
    );
    const offline = (async () => {
      throw new TypeError('Failed to fetch');
    }) as typeof fetch;
    await expect(fetchPlaylists('/x', offline)).rejects.toThrow(/^Failed to load YouTube data$/);
    await expect(fetchPlaylists('/x', answer(200, 'not json'))).rejects.toThrow(/^Failed to load YouTube data$/);
  });

  it("gives up after its time limit with 'Failed to load YouTube data'", async () => {
    // A server that never answers; the request ends only when its signal aborts.
    const silent = ((_url: string, init?: RequestInit) =>
      new Promise((_resolve, reject) =>
        init?.signal?.addEventListener('abort', () =>
          reject(new DOMException('The operation timed out.', 'TimeoutError')),
        ),
      )) as typeof fetch;
    await expect(fetchPlaylists('/x', silent, 20)).rejects.toThrow(/^Failed to load YouTube data$/);
  });

  it("leaves out what is not a playlist or a video, and never shows a script's own error", async () => {
    const video = { id: 'i', videoId: 'v0000000000', title: 't', description: '', thumbnailUrl: '', publishedAt: '' };
    const playlist = { ...snapshot[0]!, id: 'PLok', videos: [null, 7, { ...video, videoId: null }, video] };
    const result = await fetchPlaylists(
      '/x',
      answer(200, { playlists: [null, 'x', { id: 'PLnovideos', title: 't' }, { ...playlist, title: 5 }, playlist] }),
    );
    expect(result).toEqual([{ ...playlist, videos: [video] }]);
    await expect(fetchPlaylists('/x', answer(200, { playlists: [null] }))).resolves.toEqual([]);
    await expect(fetchPlaylists('/x', answer(200, null))).rejects.toThrow(/^Failed to load YouTube data$/);
    await expect(fetchPlaylists('/x', answer(502, { error: { message: { text: 'no' } } }))).rejects.toThrow(/^502$/);
  });
});
