/**
 * `npm run sync` end to end against a local fake YouTube: progress is printed, the snapshot and
 * thumbnails are written, the key never appears in the output or the files, and a failure
 * (YouTube's, a full disk's, an API server that never answers or trickles) leaves the previous
 * snapshot in place; a thumbnail host that is down, or answers far too much, costs no picture the
 * last run saved.
 */
import { execFile } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import type { ServerResponse } from 'node:http';
import { join } from 'node:path';
import { promisify } from 'node:util';
import sharp from 'sharp';
import { afterEach, describe, expect, it } from 'vitest';
import { snapshotSchema } from '#src/lib/video/model.ts';
import { errorBody, makeItems, sendJson, startFakeYouTube, type FakeYouTube } from '../support/fake-youtube.ts';
import { stream50Mb } from '../support/big-answer.ts';

const run = promisify(execFile);
const root = join(import.meta.dirname, '..', '..');
const node = join(root, 'node_modules', '.bin', 'node');
const script = join(root, 'scripts', 'sync-videos.ts');
const KEY = 'fake-sync-test-key-0000000000000';
const CHANNEL = 'UCsyncChannel';
const picture = sharp({ create: { width: 48, height: 36, channels: 3, background: '#369' } });

let fake: FakeYouTube | undefined;
let dir = '';
afterEach(async () => {
  await fake?.close();
  fake = undefined;
  if (dir) rmSync(dir, { recursive: true, force: true });
});

/** The sync's environment against the fake: the key, the channel and the fake's addresses. */
const envFor = (f: FakeYouTube) => ({
  YOUTUBE_API_KEY: KEY,
  YOUTUBE_CHANNEL_ID: CHANNEL,
  YOUTUBE_API_BASE_URL: f.baseUrl,
  OEMBED_URL: `${f.origin}/oembed`,
});

/**
 * Runs the sync; `fileLimitKb` is a disk that fills up (ulimit -f: a write past it fails with EFBIG).
 * A run still going after `killAfterMs` is stopped (its code then null), so a hang fails the test.
 */
async function sync(env: Record<string, string>, fileLimitKb?: number, killAfterMs = 60_000) {
  const [command, args] = fileLimitKb
    ? ['bash', ['-c', `ulimit -f ${fileLimitKb}; exec "${node}" "${script}"`]]
    : [node, [script]];
  return run(command, args, {
    env: { PATH: process.env['PATH'] ?? '', VIDEO_SNAPSHOT_DIR: dir, ...env },
    cwd: root,
    timeout: killAfterMs,
  }).then(
    (r) => ({ code: 0, ...r }),
    (e: { code: number; stdout: string; stderr: string }) => e,
  );
}

describe('npm run sync', () => {
  it('explains the two variables it needs', async () => {
    dir = mkdtempSync(join(tmpdir(), 'sync-'));
    const result = await sync({});
    expect(result.code).toBe(1);
    expect(result.stderr).toContain('YOUTUBE_API_KEY     missing');
    expect(result.stderr).toContain('YOUTUBE_CHANNEL_ID  missing');
  });

  it('writes the snapshot and the thumbnails the build can publish, and prints progress', async () => {
    dir = mkdtempSync(join(tmpdir(), 'sync-'));
    const items = makeItems('sx', 4).map((it) => ({
      ...it,
      thumbnails: { high: { url: `THUMBS/${it.videoId}.jpg` } },
    }));
    // All sent as image/jpeg: two JPEGs, a PNG, and the first six bytes of a JPEG.
    const jpeg = await picture.clone().jpeg().toBuffer();
    const bodies = [jpeg, jpeg, await picture.clone().png().toBuffer(), jpeg.subarray(0, 6)];
    fake = await startFakeYouTube(
      {
        [CHANNEL]: [
          { id: 'PLsync', title: 'Synced', items },
          { id: 'PLempty', title: 'Empty', items: [] },
        ],
      },
      { apiKey: KEY, files: Object.fromEntries(items.map((it, i) => [`/thumbs/${it.videoId}.jpg`, bodies[i]!])) },
    );
    for (const it of items) it.thumbnails.high.url = `${fake.origin}/thumbs/${it.videoId}.jpg`;
    writeFileSync(join(dir, 'stale.txt'), '');

    const result = await sync(envFor(fake));
    expect(result.code).toBe(0);
    expect(result.stdout).toContain('Playlists: page 1, 2 playlist(s)');
    expect(result.stdout).toContain('PLsync: page 1, 4 item(s)');
    expect(result.stdout).toContain('"Synced": 4 video(s)');
    expect(result.stdout).toContain('"Empty": no playable video, left out');
    expect(result.stdout).toMatch(/1 playlist\(s\), 4 video\(s\), 3 thumbnail\(s\)/);
    expect(result.stderr).toContain(
      `thumbnail of ${items[3]!.videoId} not saved: not a JPEG, PNG or WebP picture (sent as image/jpeg)`,
    );

    const text = readFileSync(join(dir, 'snapshot.json'), 'utf8');
    const snapshot = snapshotSchema.parse(JSON.parse(text));
    expect(snapshot.sample).toBe(false);
    expect(snapshot.playlists.map((p) => p.id)).toEqual(['PLsync']);
    expect(readdirSync(join(dir, 'thumbnails')).sort()).toEqual(
      items.slice(0, 3).map((it, i) => `${it.videoId}.${i === 2 ? 'png' : 'jpg'}`),
    );
    expect(text).not.toContain(KEY);
    expect(result.stdout + result.stderr).not.toContain(KEY);
    // Then the blog's playlists through oEmbed (the fake knows none of them), into the same folder.
    expect(result.stdout).toMatch(/Playlist thumbnails: \d+ playlist\(s\) in content\//);
    expect(result.stdout).toMatch(/Done: 0 fetched, 0 cached, \d+ skipped/);
    expect(JSON.parse(readFileSync(join(dir, 'playlist-thumbnails.json'), 'utf8'))).toEqual({
      version: 1,
      thumbnails: {},
    });
  });

  it('leaves out a video whose id the snapshot cannot hold, with the reason, and keeps the rest', async () => {
    dir = mkdtempSync(join(tmpdir(), 'sync-'));
    const [good, bad] = makeItems('sv', 2);
    const items = [good!, { ...bad!, videoId: '../../x' }];
    fake = await startFakeYouTube({ [CHANNEL]: [{ id: 'PLsync', title: 'Synced', items }] }, { apiKey: KEY });
    const result = await sync(envFor(fake));
    expect(result.code, result.stderr).toBe(0);
    expect(result.stderr).toContain(
      'PLsync: video "../../x" left out (videoId: must be an 11-character YouTube video id)',
    );
    const snapshot = snapshotSchema.parse(JSON.parse(readFileSync(join(dir, 'snapshot.json'), 'utf8')));
    expect(snapshot.playlists[0]!.videos.map((v) => v.videoId)).toEqual([good!.videoId]);
  });

  it('leaves out a playlist deleted while it runs, saying so, and writes the rest', async () => {
    dir = mkdtempSync(join(tmpdir(), 'sync-'));
    fake = await startFakeYouTube(
      {
        [CHANNEL]: [
          { id: 'PLkept', title: 'Kept', items: makeItems('kx', 2) },
          { id: 'PLgone', title: 'Deleted meanwhile', items: makeItems('gx', 2) },
        ],
      },
      { apiKey: KEY },
    );
    const gone = "The playlist identified with the request's playlistId parameter cannot be found.";
    fake.overrides.push(
      () => false,
      () => false,
      (_r, res) => (sendJson(res, 404, errorBody(404, gone, 'playlistNotFound')), true),
    );
    const result = await sync(envFor(fake));
    expect(result.code, result.stderr).toBe(0);
    expect(result.stderr).toContain(`"Deleted meanwhile" (PLgone): left out, YouTube answered: ${gone}`);
    const snapshot = snapshotSchema.parse(JSON.parse(readFileSync(join(dir, 'snapshot.json'), 'utf8')));
    expect(snapshot.playlists.map((p) => p.id)).toEqual(['PLkept']);
  });

  it('runs one at a time: a second sync stops with the first one named and changes nothing', async () => {
    dir = mkdtempSync(join(tmpdir(), 'sync-'));
    writeFileSync(join(dir, 'snapshot.json'), '{"previous":true}');
    fake = await startFakeYouTube(
      { [CHANNEL]: [{ id: 'PLone', title: 'One', items: makeItems('lk', 1) }] },
      { apiKey: KEY },
    );
    // This test's own process stands for the sync still running.
    const lock = `${dir}.lock`;
    writeFileSync(lock, `${process.pid}\n`);
    try {
      const result = await sync(envFor(fake));
      expect(result.code).toBe(1);
      expect(result.stderr).toContain(
        `Sync failed: Another video sync is running (process ${process.pid}, ${lock}): this one stops and changes nothing. If none runs, delete ${lock}.`,
      );
      expect(readFileSync(join(dir, 'snapshot.json'), 'utf8')).toBe('{"previous":true}');
      expect(fake.requests).toEqual([]);
    } finally {
      rmSync(lock, { force: true });
    }
    // The lock of a sync whose process is gone is taken over; the run's own is gone when it ends.
    writeFileSync(lock, '999999999\n');
    const next = await sync(envFor(fake));
    expect(next.code, next.stderr).toBe(0);
    expect(existsSync(lock)).toBe(false);
  });

  it('puts back the thumbnails a sync stopped halfway through its swap left aside', async () => {
    dir = mkdtempSync(join(tmpdir(), 'sync-'));
    writeFileSync(join(dir, 'snapshot.json'), '{"previous":true}');
    mkdirSync(join(dir, 'thumbnails.previous'));
    writeFileSync(join(dir, 'thumbnails.previous', 'kept.jpg'), 'x');
    fake = await startFakeYouTube({ [CHANNEL]: [] }, { apiKey: KEY });
    fake.overrides.push(
      (_r, res) => (sendJson(res, 403, errorBody(403, 'Daily quota used up', 'quotaExceeded')), true),
    );
    const result = await sync(envFor(fake));
    expect(result.code).toBe(1);
    expect(readdirSync(join(dir, 'thumbnails'))).toEqual(['kept.jpg']);
    expect(existsSync(join(dir, 'thumbnails.previous'))).toBe(false);
  });

  it('keeps the previous snapshot when YouTube fails', async () => {
    dir = mkdtempSync(join(tmpdir(), 'sync-'));
    writeFileSync(join(dir, 'snapshot.json'), '{"previous":true}');
    fake = await startFakeYouTube({ [CHANNEL]: [] }, { apiKey: KEY });
    fake.overrides.push(
      (_r, res) => (sendJson(res, 403, errorBody(403, 'Daily quota used up', 'quotaExceeded')), true),
    );
    const result = await sync(envFor(fake));
    expect(result.code).toBe(1);
    expect(result.stderr).toContain('Sync failed: Daily quota used up');
    expect(result.stderr).toContain(
      "YouTube gives the key's daily quota back at midnight Pacific time: run the sync again after it.",
    );
    expect(readFileSync(join(dir, 'snapshot.json'), 'utf8')).toBe('{"previous":true}');
    expect(existsSync(join(dir, 'thumbnails'))).toBe(false);
  });

  it('never empties a snapshot that has videos unless told to: an empty answer is kept from the site', async () => {
    dir = mkdtempSync(join(tmpdir(), 'sync-'));
    const items = makeItems('kx', 2).map((it) => ({ ...it, thumbnails: { high: { url: '' } } }));
    const jpeg = await picture.clone().jpeg().toBuffer();
    fake = await startFakeYouTube(
      { [CHANNEL]: [{ id: 'PLkept', title: 'Kept', items }] },
      { apiKey: KEY, files: Object.fromEntries(items.map((it) => [`/thumbs/${it.videoId}.jpg`, jpeg])) },
    );
    for (const it of items) it.thumbnails.high.url = `${fake.origin}/thumbs/${it.videoId}.jpg`;
    expect((await sync(envFor(fake))).code).toBe(0);
    const kept = readFileSync(join(dir, 'snapshot.json'), 'utf8');
    const thumbnails = readdirSync(join(dir, 'thumbnails')).sort();
    expect(thumbnails).toHaveLength(2);
    // The channel's playlists made private, or another channel id: YouTube lists nothing playable.
    await fake.close();
    fake = await startFakeYouTube({ [CHANNEL]: [{ id: 'PLkept', title: 'Kept', items: [] }] }, { apiKey: KEY });
    const empty = await sync(envFor(fake));
    expect(empty.code).toBe(1);
    expect(empty.stderr).toContain(
      `Sync failed: YouTube listed no playable video for channel ${CHANNEL}, where the snapshot holds 2. The previous snapshot is kept.`,
    );
    expect(readFileSync(join(dir, 'snapshot.json'), 'utf8')).toBe(kept);
    expect(readdirSync(join(dir, 'thumbnails')).sort()).toEqual(thumbnails);
    // Said on purpose, the channel's emptiness is written.
    const allowed = await run(node, [script, '--allow-empty'], {
      env: { PATH: process.env['PATH'] ?? '', VIDEO_SNAPSHOT_DIR: dir, ...envFor(fake) },
      cwd: root,
    });
    expect(allowed.stdout).toContain('0 playlist(s), 0 video(s)');
    expect(snapshotSchema.parse(JSON.parse(readFileSync(join(dir, 'snapshot.json'), 'utf8'))).playlists).toEqual([]);
  });

  it('keeps the previous snapshot whole when the disk fills while writing the new one', async () => {
    dir = mkdtempSync(join(tmpdir(), 'sync-'));
    writeFileSync(join(dir, 'snapshot.json'), '{"previous":true}');
    // About 40 KB of snapshot and no thumbnails: only snapshot.json passes the 16 KB limit.
    const items = makeItems('fx', 40).map((item) => ({ ...item, thumbnails: {}, description: 'd'.repeat(1000) }));
    fake = await startFakeYouTube({ [CHANNEL]: [{ id: 'PLfull', title: 'Full', items }] }, { apiKey: KEY });
    const result = await sync(envFor(fake), 16);
    expect(result.code).not.toBe(0);
    expect(result.stderr).toContain('EFBIG');
    expect(readFileSync(join(dir, 'snapshot.json'), 'utf8')).toBe('{"previous":true}');
  });

  it('keeps the pictures the last run saved while the thumbnail host is down', async () => {
    dir = mkdtempSync(join(tmpdir(), 'sync-'));
    const items = makeItems('tx', 3);
    fake = await startFakeYouTube({ [CHANNEL]: [{ id: 'PLthumbs', title: 'Thumbs', items }] }, { apiKey: KEY });
    for (const item of items) item.thumbnails = { high: { url: `${fake.origin}/thumbs/${item.videoId}.jpg` } };
    mkdirSync(join(dir, 'thumbnails'));
    const jpeg = await picture.clone().jpeg().toBuffer();
    for (const item of items) writeFileSync(join(dir, 'thumbnails', `${item.videoId}.jpg`), jpeg);
    writeFileSync(join(dir, 'thumbnails', 'gone-video.jpg'), jpeg);
    for (let i = 0; i < 50; i++) {
      fake.overrides.push((req, res) => {
        if (!req.path.startsWith('/thumbs/')) return false;
        res.writeHead(503).end('busy');
        return true;
      });
    }
    const result = await sync(envFor(fake));
    expect(result.code).toBe(0);
    expect(result.stdout).toMatch(/3 video\(s\), 0 thumbnail\(s\), 3 kept from the last run\./);
    // A video no longer on the channel takes its picture with it.
    expect(readdirSync(join(dir, 'thumbnails')).sort()).toEqual(items.map((item) => `${item.videoId}.jpg`).sort());
  });

  it('refuses a thumbnail larger than 10 MB as it arrives, and keeps the picture the last run saved', async () => {
    dir = mkdtempSync(join(tmpdir(), 'sync-'));
    const items = makeItems('hx', 2);
    fake = await startFakeYouTube({ [CHANNEL]: [{ id: 'PLhuge', title: 'Huge', items }] }, { apiKey: KEY });
    // The first streamed without a length, the second said to be 50 MB in its Content-Length.
    items.forEach((item, i) => (item.thumbnails = { high: { url: `${fake!.origin}/huge/${i}.jpg` } }));
    mkdirSync(join(dir, 'thumbnails'));
    const jpeg = await picture.clone().jpeg().toBuffer();
    for (const item of items) writeFileSync(join(dir, 'thumbnails', `${item.videoId}.jpg`), jpeg);
    for (let i = 0; i < 50; i++) {
      fake.overrides.push((req, res) => {
        if (!req.path.startsWith('/huge/')) return false;
        stream50Mb(res, req.path === '/huge/1.jpg');
        return true;
      });
    }
    const started = Date.now();
    const result = await sync(envFor(fake));
    expect(result.code, result.stderr).toBe(0);
    expect(Date.now() - started).toBeLessThan(15_000);
    for (const item of items) {
      expect(result.stderr).toContain(`thumbnail of ${item.videoId} not saved: the picture is larger than 10 MB`);
      expect(readFileSync(join(dir, 'thumbnails', `${item.videoId}.jpg`))).toEqual(jpeg);
    }
    expect(result.stdout).toMatch(/2 video\(s\), 0 thumbnail\(s\), 2 kept from the last run\./);
  });

  /** Runs the sync with a 300 ms limit a request against a YouTube whose every answer `answer` gives. */
  async function syncAgainstStuckYouTube(answer: (res: ServerResponse) => void) {
    dir = mkdtempSync(join(tmpdir(), 'sync-'));
    writeFileSync(join(dir, 'snapshot.json'), '{"previous":true}');
    fake = await startFakeYouTube({ [CHANNEL]: [] }, { apiKey: KEY });
    for (let i = 0; i < 4; i++) fake.overrides.push((_r, res) => (answer(res), true));
    const started = Date.now();
    // Without a limit of its own, the sync would wait minutes (or forever): stopped after 15 s.
    const result = await sync({ ...envFor(fake), YOUTUBE_TIMEOUT_MS: '300' }, undefined, 15_000);
    return { result, took: Date.now() - started };
  }

  it('fails with the time limit named, keeping the previous snapshot, when YouTube never answers', async () => {
    const { result, took } = await syncAgainstStuckYouTube(() => {});
    expect(result.code, result.stderr).toBe(1);
    expect(result.stdout).toContain('failed (YouTube did not answer playlists within 300 ms); retry 3 in 2000 ms');
    expect(result.stderr).toContain('Sync failed: YouTube did not answer playlists within 300 ms');
    expect(took).toBeLessThan(10_000);
    expect(readFileSync(join(dir, 'snapshot.json'), 'utf8')).toBe('{"previous":true}');
    expect(existsSync(join(dir, 'thumbnails'))).toBe(false);
  });

  it('fails the same way when YouTube trickles its answer a byte at a time', async () => {
    const { result, took } = await syncAgainstStuckYouTube((res) => {
      res.writeHead(200, { 'Content-Type': 'application/json; charset=UTF-8' });
      res.write('{');
      const timer = setInterval(() => res.write(' '), 50);
      res.on('close', () => clearInterval(timer));
    });
    expect(result.code, result.stderr).toBe(1);
    expect(result.stderr).toContain('Sync failed: YouTube did not answer playlists within 300 ms');
    expect(took).toBeLessThan(10_000);
    expect(readFileSync(join(dir, 'snapshot.json'), 'utf8')).toBe('{"previous":true}');
  });
});
