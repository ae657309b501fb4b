/**
 * How far back the MLS sync keeps sales (`mls.soldMonths` in src/site.config.ts): the MLS holds a
 * firm's closings for years, and the site shows those of the last 24 months as "recently sold".
 * Against the fake MLS Grid server (fake-reso.ts): the real script leaves an old sale out without
 * fetching its photos; the sync module with its clock set shows a sale leaving the snapshot, photos
 * and all, once it grows too old although its record never changed, and coming back on a full run
 * when the window is widened.
 */
import { execFile } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { soldSince } from '../../src/lib/reso/rules.ts';
import type { ListingSnapshot } from '../../src/lib/reso/snapshot.ts';
import { site } from '../../src/site.config.ts';
import {
  mediaRecord,
  propertyRecord,
  startFakeReso,
  syncEnv,
  syncWithFake,
  SYSTEM,
  type FakeReso,
} from './fake-reso.ts';
import { root } from './support.ts';

let fake: FakeReso;

/** A sale of the firm's that closed on `closed` (YYYY-MM-DD), with one photo. */
function sale(key: string, closed: string) {
  const day = Date.parse(`${closed}T12:00:00Z`);
  return propertyRecord(fake, key, {
    StandardStatus: 'Closed',
    ClosePrice: 455000,
    CloseDate: closed,
    OnMarketDate: new Date(day - 40 * 86_400_000).toISOString().slice(0, 10),
    ModificationTimestamp: new Date(day + 3_600_000).toISOString(),
    Media: [mediaRecord(fake, key, Number(key.slice(-1)))],
  });
}

const readSnapshot = (dir: string) => JSON.parse(readFileSync(join(dir, 'snapshot.json'), 'utf8')) as ListingSnapshot;
const keysIn = (dir: string) => readSnapshot(dir).homes.map((h) => h.home['ListingKey']);
const daysAgo = (days: number) => new Date(Date.now() - days * 86_400_000).toISOString().slice(0, 10);

beforeAll(async () => {
  fake = await startFakeReso({ originatingSystem: SYSTEM });
  fake.top = 10;
});

afterAll(async () => {
  await fake.close();
});

describe('npm run sync-listings keeps the sales the site shows', () => {
  it('leaves out a sale older than mls.soldMonths without fetching its photos, and says how many', async () => {
    expect(site.mls.soldMonths).toBe(24);
    const dir = join(mkdtempSync(join(tmpdir(), 'sold-window-')), 'listings-mls');
    fake.records = [sale('OLD001', daysAgo(3 * 365)), sale('NEW002', daysAgo(30)), propertyRecord(fake, 'ACT003')];
    const from = fake.log.length;
    const run = await promisify(execFile)(process.execPath, ['scripts/sync-listings.ts'], {
      cwd: root,
      env: syncEnv(fake, dir),
    });
    const out = run.stdout + run.stderr;
    expect(keysIn(dir)).toEqual(['ACT003', 'NEW002']);
    expect(readSnapshot(dir).soldSince).toBe(soldSince(new Date(), 24, 'America/New_York'));
    expect(out).toContain('1 sales older than 24 months left out');
    const photos = fake.log.slice(from).filter((r) => r.path.startsWith('/media/'));
    expect(photos.map((r) => r.path).sort()).toEqual(['/media/p0.jpg', '/media/p1.jpg', '/media/p2.jpg']);
    expect(existsSync(join(dir, 'photos', 'OLD001'))).toBe(false);
  });
});

describe('the sync module as the clock moves', () => {
  const dir = join(mkdtempSync(join(tmpdir(), 'sold-window-clock-')), 'listings-mls');
  const lines: string[] = [];
  const run = (now: string, soldMonths: number) =>
    syncWithFake(fake, dir, (line) => lines.push(line), { soldMonths, now: () => new Date(now) });

  it('takes off a sale that has grown too old on a run that brings no change, photos and all', async () => {
    fake.records = [sale('AGE001', '2024-08-01'), sale('NEW002', '2026-05-01')];
    const first = await run('2026-06-15T16:00:00Z', 24);
    expect(first.mode).toBe('full');
    expect(keysIn(dir)).toEqual(['AGE001', 'NEW002']);
    expect(readSnapshot(dir).soldSince).toBe('2024-06-15');
    expect(existsSync(join(dir, 'photos', 'AGE001', 'AGE001-M1.jpg'))).toBe(true);

    const later = await run('2026-09-15T16:00:00Z', 24);
    expect(later.mode).toBe('incremental');
    expect(later.updated).toBe(0);
    expect(later.removed).toBe(1);
    expect(keysIn(dir)).toEqual(['NEW002']);
    expect(readSnapshot(dir).soldSince).toBe('2024-09-15');
    expect(existsSync(join(dir, 'photos', 'AGE001'))).toBe(false);
    expect(existsSync(join(dir, 'photos', 'NEW002', 'NEW002-M2.jpg'))).toBe(true);
    expect(lines).toContain('Removed AGE001: sold on 2024-08-01, before 2024-09-15 (older sales are not shown)');
  });

  it('replicates everything again when sales from further back are to be shown', async () => {
    const wider = await run('2026-09-15T16:00:00Z', 36);
    expect(wider.mode).toBe('full');
    expect(lines).toContain('Sales from before 2024-09-15 are shown now: replicating everything again');
    expect(keysIn(dir)).toEqual(['AGE001', 'NEW002']);
    expect(readSnapshot(dir).soldSince).toBe('2023-09-15');
    // A narrower window needs nothing new from the server: the next run is incremental again.
    const narrower = await run('2026-09-15T16:00:00Z', 24);
    expect(narrower.mode).toBe('incremental');
    expect(keysIn(dir)).toEqual(['NEW002']);
  });
});
