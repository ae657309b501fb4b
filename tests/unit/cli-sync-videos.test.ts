/**
 * `npm run sync`'s command line (scripts/sync-videos.ts), read before anything else: `--help` shows
 * the options and an option it cannot read stops it, and neither asks YouTube (a local fake here)
 * anything nor writes a file. A mistyped `--allow-empty` used to start a real sync without it.
 */
import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runScript } from '../support/run-script.ts';
import { makeItems, startFakeYouTube, type FakeYouTube } from '../support/fake-youtube.ts';

const CHANNEL = 'UCcliChannel';
const KEY = 'fake-cli-test-key-000000000000000';
const usage = 'Usage: npm run sync -- [--allow-empty] [--help]';

let fake: FakeYouTube;
let dir: string;

beforeAll(async () => {
  fake = await startFakeYouTube(
    { [CHANNEL]: [{ id: 'PLcli', title: 'Cli', items: makeItems('cx', 2) }] },
    { apiKey: KEY },
  );
  dir = mkdtempSync(join(tmpdir(), 'cli-sync-videos-'));
  writeFileSync(join(dir, 'snapshot.json'), '{"previous":true}');
});

afterAll(async () => {
  await fake.close();
  rmSync(dir, { recursive: true, force: true });
  rmSync(`${dir}.lock`, { force: true });
});

/** Runs the script without blocking this process, whose fake server must stay able to answer. */
const sync = (env: Record<string, string>, ...args: string[]) =>
  runScript('sync-videos.ts', { VIDEO_SNAPSHOT_DIR: dir, ...env }, args);

const settings = () => ({
  YOUTUBE_API_KEY: KEY,
  YOUTUBE_CHANNEL_ID: CHANNEL,
  YOUTUBE_API_BASE_URL: fake.baseUrl,
  OEMBED_URL: `${fake.origin}/oembed`,
});

describe('npm run sync, its command line', () => {
  it('shows the options with --help (exit 0), without its settings too, asking YouTube nothing', async () => {
    for (const env of [settings(), {}]) {
      const run = await sync(env, '--help');
      expect(run.stderr).toBe('');
      expect(run.status).toBe(0);
      expect(run.stdout.split('\n')[0]).toBe(usage);
      expect(run.stdout).toMatch(/^ {2}--allow-empty {2}\S/m);
    }
    expect(fake.requests).toEqual([]);
  });

  it.each([
    [['--allow-emptyy'], "Unknown option '--allow-emptyy'"],
    [['--bogus', 'x'], "Unknown option '--bogus'"],
    [['x'], "Unexpected argument 'x'"],
  ])('stops on %j with the reason and the usage line (exit 1), asking YouTube nothing', async (args, reason) => {
    const run = await sync(settings(), ...args);
    expect(run.status).toBe(1);
    expect(run.stdout).toBe('');
    const [first, ...rest] = run.stderr.trimEnd().split('\n');
    expect(first).toContain(reason);
    expect(rest).toEqual([usage]);
    expect(fake.requests).toEqual([]);
  });

  it('leaves the snapshot folder as it was: no thumbnails, no lock', () => {
    expect(readdirSync(dir)).toEqual(['snapshot.json']);
    expect(readFileSync(join(dir, 'snapshot.json'), 'utf8')).toBe('{"previous":true}');
    expect(existsSync(`${dir}.lock`)).toBe(false);
  });
});
