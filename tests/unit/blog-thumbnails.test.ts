/**
 * scripts/fetch-thumbnails.ts (run by `npm run sync` and `npm run thumbnails`, never by the
 * build) against a local server on 127.0.0.1 answering the way YouTube's oEmbed endpoint does: JSON for a known playlist, 404 for an unknown one, plus a broken answer.
 */
import { execFile } from 'node:child_process';
import { mkdir, mkdtemp, readdir, readFile, rm, stat, writeFile } from 'node:fs/promises';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import sharp from 'sharp';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import {
  cacheFile,
  collectPlaylistIds,
  fetchThumbnails,
  imageDir,
  oembedRequestUrl,
  readPlaylistId,
  sampleNotice,
  serializeCache,
} from '../../scripts/fetch-thumbnails.ts';
import type { ThumbnailCache } from '#src/lib/video/model.ts';
import { stream50Mb } from '../support/big-answer.ts';

const known = 'PLknownAAAAAAAAAAAAAAAAAAAAAAAAAAA';
const unknown = 'PLunknownBBBBBBBBBBBBBBBBBBBBBBBBB';
const broken = 'PLbrokenCCCCCCCCCCCCCCCCCCCCCCCCCC';
const cachedId = 'PLcachedDDDDDDDDDDDDDDDDDDDDDDDDDD';
const videoId = 'dQw4w9WgXcQ';
/** Its oEmbed answer names a thumbnail that is an error page sent as image/jpeg. */
const badPicture = 'PLbadPictureEEEEEEEEEEEEEEEEEEEEEE';
/** Its oEmbed answer names a thumbnail of 50 MB, streamed without a Content-Length. */
const huge = 'PLhugeFFFFFFFFFFFFFFFFFFFFFFFFFFFF';

let server: Server;
let base: string;
let jpeg: Buffer;
const requests: string[] = [];

beforeAll(async () => {
  jpeg = await sharp({ create: { width: 480, height: 360, channels: 3, background: '#336699' } })
    .jpeg()
    .toBuffer();
  server = createServer((req, res) => {
    const url = new URL(req.url ?? '/', 'http://127.0.0.1');
    requests.push(`${url.pathname}${url.search}`);
    if (url.pathname === `/vi/${videoId}/hqdefault.jpg`) {
      res.writeHead(200, { 'Content-Type': 'image/jpeg' }).end(jpeg);
      return;
    }
    if (url.pathname === '/vi/huge/hqdefault.jpg') {
      stream50Mb(res);
      return;
    }
    if (url.pathname === '/vi/badpic/hqdefault.jpg') {
      res.writeHead(200, { 'Content-Type': 'image/jpeg' }).end('<html><body>Try again later</body></html>');
      return;
    }
    if (url.pathname !== '/oembed' || url.searchParams.get('format') !== 'json') {
      res.writeHead(400).end('Bad Request');
      return;
    }
    const list = new URL(url.searchParams.get('url') ?? '').searchParams.get('list');
    if (list === known) {
      res.writeHead(200, { 'Content-Type': 'application/json' }).end(
        JSON.stringify({
          title: 'Knightdale NC',
          author_name: 'Jordan Avery',
          author_url: 'https://www.youtube.com/@example',
          type: 'video',
          height: 113,
          width: 200,
          version: '1.0',
          provider_name: 'YouTube',
          provider_url: 'https://www.youtube.com/',
          thumbnail_height: 360,
          thumbnail_width: 480,
          thumbnail_url: `${base}/vi/${videoId}/hqdefault.jpg`,
          html: `<iframe width="200" height="113" src="https://www.youtube.com/embed/videoseries?list=${known}" frameborder="0" allowfullscreen title="Knightdale NC"></iframe>`,
        }),
      );
    } else if (list === badPicture) {
      res
        .writeHead(200, { 'Content-Type': 'application/json' })
        .end(JSON.stringify({ title: 'Bad', thumbnail_url: `${base}/vi/badpic/hqdefault.jpg` }));
    } else if (list === huge) {
      res
        .writeHead(200, { 'Content-Type': 'application/json' })
        .end(JSON.stringify({ title: 'Huge', thumbnail_url: `${base}/vi/huge/hqdefault.jpg` }));
    } else if (list === broken) {
      res.writeHead(200, { 'Content-Type': 'application/json' }).end('{"title": "Broken", "thumbnail_url": ');
    } else {
      res.writeHead(404, { 'Content-Type': 'text/html' }).end('Not Found');
    }
  });
  await new Promise<void>((done) => server.listen(0, '127.0.0.1', done));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});

afterAll(() => new Promise<void>((done) => server.close(() => done())));

let root: string;
beforeEach(async () => {
  requests.length = 0;
  root = await mkdtemp(join(tmpdir(), 'thumbs-'));
  await mkdir(join(root, 'content/playlists'), { recursive: true });
  await mkdir(join(root, 'content/articles'), { recursive: true });
  await writeFile(join(root, 'content/playlists/a.yaml'), `slug: a\ntitle: A\nplaylistId: ${known}\n`);
  await writeFile(join(root, 'content/playlists/b.yaml'), `slug: b\ntitle: B\nplaylistId: '${unknown}'\n`);
  await writeFile(join(root, 'content/playlists/empty.yaml'), `slug: empty\ntitle: Empty\nplaylistId: ''\n`);
  await writeFile(
    join(root, 'content/articles/c.mdx'),
    `---\ntitle: C\nplaylistId: "${broken}"\n---\n\nplaylistId: PLnotFrontMatterXXXXXXXXXXXXXXXXXX\n`,
  );
});
afterEach(() => rm(root, { recursive: true, force: true }));

const readJson = async () => JSON.parse(await readFile(join(root, cacheFile), 'utf8')) as ThumbnailCache;

describe('reading playlist ids', () => {
  it('reads plain, quoted and front-matter values, and nothing from the article body', () => {
    expect(readPlaylistId('slug: a\nplaylistId: PL123456789012\n')).toBe('PL123456789012');
    expect(readPlaylistId("playlistId: 'PL123456789012' # sample\n")).toBe('PL123456789012');
    expect(readPlaylistId("playlistId: ''\n")).toBe('');
    expect(readPlaylistId('---\ntitle: X\n---\nplaylistId: PL123456789012\n')).toBe('');
  });
  it('builds the oEmbed request of SPEC §7 with the playlist page URL encoded', () => {
    expect(oembedRequestUrl('PLabc', 'https://www.youtube.com/oembed')).toBe(
      'https://www.youtube.com/oembed?url=https%3A%2F%2Fwww.youtube.com%2Fplaylist%3Flist%3DPLabc&format=json',
    );
  });
});

describe('fetching thumbnails', () => {
  it('caches a found playlist, leaves out a 404 and a malformed answer, and prints progress', async () => {
    const lines: string[] = [];
    const now = () => new Date('2026-11-28T12:00:00Z');
    const summary = await fetchThumbnails({ root, oembedUrl: `${base}/oembed`, log: (l) => lines.push(l), now });

    expect(summary.fetched).toEqual([known]);
    expect(summary.skipped.map((s) => s.playlistId).sort()).toEqual([broken, unknown].sort());
    expect(summary.skipped.find((s) => s.playlistId === unknown)?.reason).toBe('oEmbed answered HTTP 404');
    expect(summary.skipped.find((s) => s.playlistId === broken)?.reason).toBe('oEmbed answered malformed JSON');

    const cache = await readJson();
    expect(cache).toEqual({
      version: 1,
      thumbnails: {
        [known]: {
          thumbnailUrl: `${base}/vi/${videoId}/hqdefault.jpg`,
          file: `${known}.jpg`,
          fetchedAt: '2026-11-28T12:00:00.000Z',
        },
      },
    });
    expect(await readFile(join(root, imageDir, `${known}.jpg`))).toEqual(jpeg);
    expect(requests).toContain(
      `/oembed?url=${encodeURIComponent(`https://www.youtube.com/playlist?list=${known}`)}&format=json`,
    );
    expect(lines.join('\n')).toMatch(new RegExp(`fetched +${known} \\(content/playlists/a\\.yaml\\)`));
    expect(lines.join('\n')).toMatch(new RegExp(`skipped +${unknown} .*HTTP 404`));
    expect(lines.at(-1)).toContain('1 fetched, 0 cached, 2 skipped');
  });

  it('leaves out a thumbnail the build could not publish, and writes no file for it', async () => {
    await writeFile(join(root, 'content/playlists/e.yaml'), `slug: e\ntitle: E\nplaylistId: ${badPicture}\n`);
    const summary = await fetchThumbnails({ root, oembedUrl: `${base}/oembed`, log: () => {} });
    expect(summary.skipped.find((s) => s.playlistId === badPicture)?.reason).toBe(
      'thumbnail is not a JPEG, PNG or WebP picture (sent as image/jpeg)',
    );
    expect((await readJson()).thumbnails).not.toHaveProperty(badPicture);
    expect((await readdir(join(root, imageDir))).sort()).toEqual([`${known}.jpg`]);
  });

  it('refuses a thumbnail larger than 10 MB as it arrives, and keeps the cached picture', async () => {
    await writeFile(join(root, 'content/playlists/h.yaml'), `slug: h\ntitle: H\nplaylistId: ${huge}\n`);
    await mkdir(join(root, imageDir), { recursive: true });
    await writeFile(join(root, imageDir, `${huge}.jpg`), 'last month');
    const entry = {
      thumbnailUrl: `${base}/vi/huge/hqdefault.jpg`,
      file: `${huge}.jpg`,
      fetchedAt: '2026-10-01T00:00:00.000Z',
    };
    await writeFile(join(root, cacheFile), JSON.stringify({ version: 1, thumbnails: { [huge]: entry } }));
    const lines: string[] = [];
    const started = Date.now();
    const summary = await fetchThumbnails({
      root,
      oembedUrl: `${base}/oembed`,
      log: (l) => lines.push(l),
      now: () => new Date('2026-11-28T12:00:00Z'),
    });
    expect(Date.now() - started).toBeLessThan(5000);
    expect(summary.skipped.find((s) => s.playlistId === huge)?.reason).toBe('thumbnail is larger than 10 MB');
    expect(lines.join('\n')).toMatch(
      new RegExp(`skipped +${huge} .*thumbnail is larger than 10 MB \\(keeps the cached picture\\)`),
    );
    expect((await readJson()).thumbnails[huge]).toEqual(entry);
    expect(await readFile(join(root, imageDir, `${huge}.jpg`), 'utf8')).toBe('last month');
  });

  it('uses cached entries first and asks YouTube only for the rest', async () => {
    await writeFile(join(root, 'content/playlists/d.yaml'), `slug: d\ntitle: D\nplaylistId: ${cachedId}\n`);
    await mkdir(join(root, imageDir), { recursive: true });
    await writeFile(join(root, imageDir, `${cachedId}.jpg`), jpeg);
    const entry = {
      thumbnailUrl: 'https://i.ytimg.com/vi/x/hqdefault.jpg',
      file: `${cachedId}.jpg`,
      fetchedAt: new Date(Date.now() - 29 * 86_400_000).toISOString(),
    };
    await writeFile(join(root, cacheFile), JSON.stringify({ version: 1, thumbnails: { [cachedId]: entry } }));

    const summary = await fetchThumbnails({ root, oembedUrl: `${base}/oembed`, log: () => {} });
    expect(summary.cached).toEqual([cachedId]);
    expect(requests.some((r) => r.includes(cachedId))).toBe(false);
    expect((await readJson()).thumbnails[cachedId]).toEqual(entry);

    // A second run finds everything it could fetch in the cache.
    requests.length = 0;
    const again = await fetchThumbnails({ root, oembedUrl: `${base}/oembed`, log: () => {} });
    expect(again.cached.sort()).toEqual([cachedId, known].sort());
    expect(requests.some((r) => r.includes(known))).toBe(false);
  });

  it('fetches a thumbnail again after 30 days, and keeps the cached picture when that fails', async () => {
    await mkdir(join(root, imageDir), { recursive: true });
    const old = new Date('2026-10-01T00:00:00Z').toISOString();
    for (const id of [known, unknown]) await writeFile(join(root, imageDir, `${id}.jpg`), 'last month');
    const entry = (id: string) => ({ thumbnailUrl: `https://i.ytimg.com/vi/${id}/hqdefault.jpg`, file: `${id}.jpg` });
    await writeFile(
      join(root, cacheFile),
      JSON.stringify({
        version: 1,
        thumbnails: { [known]: { ...entry(known), fetchedAt: old }, [unknown]: { ...entry(unknown), fetchedAt: old } },
      }),
    );
    const now = () => new Date('2026-11-28T12:00:00Z');
    const lines: string[] = [];
    const summary = await fetchThumbnails({ root, oembedUrl: `${base}/oembed`, log: (l) => lines.push(l), now });
    expect(summary.fetched).toEqual([known]);
    const cache = await readJson();
    expect(cache.thumbnails[known]).toEqual({
      thumbnailUrl: `${base}/vi/${videoId}/hqdefault.jpg`,
      file: `${known}.jpg`,
      fetchedAt: '2026-11-28T12:00:00.000Z',
    });
    expect(await readFile(join(root, imageDir, `${known}.jpg`))).toEqual(jpeg);
    // YouTube no longer knows the other: its picture and entry stay as they were.
    expect(cache.thumbnails[unknown]).toEqual({ ...entry(unknown), fetchedAt: old });
    expect(await readFile(join(root, imageDir, `${unknown}.jpg`), 'utf8')).toBe('last month');
    expect(lines.join('\n')).toMatch(new RegExp(`skipped +${unknown} .*HTTP 404 \\(keeps the cached picture\\)`));

    // 30 days on, the refreshed one is still fresh enough.
    requests.length = 0;
    const later = () => new Date('2026-12-28T11:00:00Z');
    const again = await fetchThumbnails({ root, oembedUrl: `${base}/oembed`, log: () => {}, now: later });
    expect(again.cached).toEqual([known]);
    expect(requests.some((r) => r.includes(known))).toBe(false);
  });

  it('forgets a playlist content/ no longer names, with its picture and any stray file', async () => {
    await mkdir(join(root, imageDir), { recursive: true });
    const fresh = new Date().toISOString();
    await writeFile(join(root, imageDir, `${known}.jpg`), jpeg);
    await writeFile(join(root, imageDir, `${cachedId}.jpg`), jpeg);
    await writeFile(join(root, imageDir, `${known}.download.jpg`), 'cut off');
    await writeFile(
      join(root, cacheFile),
      JSON.stringify({
        version: 1,
        thumbnails: {
          [known]: { thumbnailUrl: 'https://i.ytimg.com/a.jpg', file: `${known}.jpg`, fetchedAt: fresh },
          [cachedId]: { thumbnailUrl: 'https://i.ytimg.com/b.jpg', file: `${cachedId}.jpg`, fetchedAt: fresh },
        },
      }),
    );
    const lines: string[] = [];
    const summary = await fetchThumbnails({ root, oembedUrl: `${base}/oembed`, log: (l) => lines.push(l) });
    expect(summary.removed).toEqual([cachedId]);
    expect(Object.keys((await readJson()).thumbnails)).toEqual([known]);
    expect(await readdir(join(root, imageDir))).toEqual([`${known}.jpg`]);
    expect(lines).toContain(`  removed  ${cachedId}: no file of content/ names it any more`);
    expect(lines.at(-1)).toMatch(/^Done: 0 fetched, 1 cached, 2 skipped, 1 removed -> /);
  });

  it('swallows network errors and still writes a valid cache', async () => {
    const closed = createServer();
    await new Promise<void>((done) => closed.listen(0, '127.0.0.1', done));
    const port = (closed.address() as AddressInfo).port;
    await new Promise<void>((done) => closed.close(() => done()));

    const summary = await fetchThumbnails({ root, oembedUrl: `http://127.0.0.1:${port}/oembed`, log: () => {} });
    expect(summary.fetched).toEqual([]);
    expect(summary.skipped).toHaveLength(3);
    expect(await readJson()).toEqual({ version: 1, thumbnails: {} });
  });

  it('tries sample entries on every run: replaced when oEmbed answers, kept when it does not', async () => {
    await mkdir(join(root, imageDir), { recursive: true });
    const sample = { thumbnailUrl: '', file: '', sample: true };
    for (const id of [known, unknown]) await writeFile(join(root, imageDir, `${id}.jpg`), 'drawn sample');
    await writeFile(
      join(root, cacheFile),
      JSON.stringify({
        version: 1,
        notice: sampleNotice,
        thumbnails: { [known]: { ...sample, file: `${known}.jpg` }, [unknown]: { ...sample, file: `${unknown}.jpg` } },
      }),
    );
    const lines: string[] = [];
    const summary = await fetchThumbnails({ root, oembedUrl: `${base}/oembed`, log: (l) => lines.push(l) });
    expect(summary.fetched).toEqual([known]);
    expect(summary.cached).toEqual([]);
    const cache = await readJson();
    expect(cache.thumbnails[known]).toEqual({
      thumbnailUrl: `${base}/vi/${videoId}/hqdefault.jpg`,
      file: `${known}.jpg`,
      fetchedAt: expect.any(String),
    });
    expect(await readFile(join(root, imageDir, `${known}.jpg`))).toEqual(jpeg);
    // The unknown playlist keeps its drawn picture, still marked sample, with the notice.
    expect(cache.thumbnails[unknown]).toEqual({ ...sample, file: `${unknown}.jpg` });
    expect(await readFile(join(root, imageDir, `${unknown}.jpg`), 'utf8')).toBe('drawn sample');
    expect(cache.notice).toBe(sampleNotice);
    expect(lines.join('\n')).toMatch(new RegExp(`skipped +${unknown} .*HTTP 404 \\(keeps the sample picture\\)`));
  });

  it('stops asking once the overall time limit is spent, and leaves an unchanged cache file alone', async () => {
    await mkdir(join(root, imageDir), { recursive: true });
    await writeFile(join(root, imageDir, `${known}.jpg`), 'drawn sample');
    const text = serializeCache({
      version: 1,
      notice: sampleNotice,
      thumbnails: { [known]: { thumbnailUrl: '', file: `${known}.jpg`, sample: true } },
    });
    await writeFile(join(root, cacheFile), text);
    const before = (await stat(join(root, cacheFile))).mtimeMs;
    await new Promise((done) => setTimeout(done, 20));

    const summary = await fetchThumbnails({ root, oembedUrl: `${base}/oembed`, log: () => {}, totalTimeMs: 0 });
    expect(requests).toEqual([]);
    expect(summary.skipped.map((s) => s.reason)).toEqual(Array(3).fill('time limit reached'));
    expect(await readFile(join(root, cacheFile), 'utf8')).toBe(text);
    expect((await stat(join(root, cacheFile))).mtimeMs).toBe(before);
  });

  it('runs as `npm run thumbnails` does, with OEMBED_URL from the environment', async () => {
    const project = join(import.meta.dirname, '..', '..');
    const { stdout } = await promisify(execFile)(
      join(project, 'node_modules/.bin/node'),
      [join(project, 'scripts/fetch-thumbnails.ts')],
      { cwd: root, env: { ...process.env, OEMBED_URL: `${base}/oembed` } },
    );
    expect(stdout).toContain('Playlist thumbnails: 3 playlist(s) in content/');
    expect(stdout).toContain('1 fetched, 0 cached, 2 skipped');
    expect((await readJson()).thumbnails[known]?.file).toBe(`${known}.jpg`);
    expect((await stat(join(root, imageDir, `${known}.jpg`))).size).toBe(jpeg.length);
  });

  it('leaves the pictures to a video sync that is running, and says so', async () => {
    const project = join(import.meta.dirname, '..', '..');
    // This test's own process stands for the sync still running.
    const lock = `${join(root, 'content', 'videos')}.lock`;
    await writeFile(lock, `${process.pid}\n`);
    try {
      const run = await promisify(execFile)(
        join(project, 'node_modules/.bin/node'),
        [join(project, 'scripts/fetch-thumbnails.ts')],
        { cwd: root, env: { ...process.env, OEMBED_URL: `${base}/oembed` } },
      ).then(
        () => ({ code: 0, stderr: '' }),
        (error: { code: number; stderr: string }) => error,
      );
      expect(run.code).toBe(1);
      expect(run.stderr).toContain(
        `Playlist thumbnails: a video sync is running (process ${process.pid}, ${lock}), which fetches them too; nothing changed.`,
      );
      expect(requests).toEqual([]);
    } finally {
      await rm(lock, { force: true });
    }
  });
});

describe('the shipped cache', () => {
  it('gives every playlist of content/ a picture: a cached or sample thumbnail, or the snapshot copy', async () => {
    const project = join(import.meta.dirname, '..', '..');
    const ids = await collectPlaylistIds(project);
    const cache = JSON.parse(await readFile(join(project, cacheFile), 'utf8')) as ThumbnailCache;
    expect(ids.size).toBeGreaterThan(0);
    for (const id of ids.keys()) {
      const entry = cache.thumbnails[id];
      const file = entry
        ? join(project, imageDir, entry.file)
        : join(project, 'content/videos/thumbnails', `${id}.jpg`);
      expect((await stat(file)).size, `${id}: ${file}`).toBeGreaterThan(0);
    }
    // Drawn pictures are labelled as such in the file.
    if (Object.values(cache.thumbnails).some((e) => e.sample)) expect(cache.notice).toBe(sampleNotice);
  });
});
