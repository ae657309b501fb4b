/**
 * A media host that is down during a run loses no listing. Against the fake MLS Grid server
 * (fake-reso.ts), whose photos can answer 503: a new listing whose only photo cannot be fetched is
 * not published, but the saved watermark stays just before its record, so the next run reads it
 * again and publishes it once the photo comes; a photo that keeps failing is given up after
 * PHOTO_RUNS runs, and a photo the build cannot read never holds the watermark. The sync module
 * runs with its retries shortened (the script's are seconds long).
 */
import { existsSync, mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ListingSnapshot } from '../../src/lib/reso/snapshot.ts';
import { FAILING_HOST_PHOTOS, PHOTO_RUNS } from '../../src/lib/reso/sync.ts';
import { mediaRecord, propertyRecord, startFakeReso, syncWithFake, SYSTEM, type FakeReso } from './fake-reso.ts';

let fake: FakeReso;
let dir: string;
const lines: string[] = [];

const run = () => syncWithFake(fake, dir, (line) => lines.push(line));
const snapshot = () => JSON.parse(readFileSync(join(dir, 'snapshot.json'), 'utf8')) as ListingSnapshot;
const keys = () => snapshot().homes.map((h) => h.home['ListingKey']);

beforeAll(async () => {
  fake = await startFakeReso({ originatingSystem: SYSTEM });
  fake.top = 10;
  dir = join(mkdtempSync(join(tmpdir(), 'photo-outage-')), 'listings-mls');
});

afterAll(async () => {
  await fake.close();
});

describe('a media host that is down', () => {
  it('costs a new listing nothing: the next run reads it again and publishes it', async () => {
    fake.records = [
      propertyRecord(fake, 'OLD400', { Media: [mediaRecord(fake, 'OLD400', 4)] }),
      propertyRecord(fake, 'NEW401', {
        ModificationTimestamp: '2026-05-02T11:00:00.000Z',
        Media: [mediaRecord(fake, 'NEW401', 5)],
      }),
    ];
    fake.photoOutages.set('p5.jpg', 100);
    const first = await run();
    expect(keys()).toEqual(['OLD400']);
    expect(first.photosFailed).toBe(1);
    expect(lines.join('\n')).toMatch(/NEW401: photo NEW401-M5 not saved: .*503/);
    expect(snapshot().retry).toEqual([
      { ListingKey: 'NEW401', ModificationTimestamp: '2026-05-02T11:00:00.000Z', runs: 1 },
    ]);
    expect(snapshot().watermark).toBe('2026-05-02T10:59:59.999Z');

    fake.photoOutages.clear();
    const from = fake.log.length;
    const second = await run();
    expect(second.mode).toBe('incremental');
    expect(second.updated).toBe(1);
    expect(fake.log.slice(from).find((r) => r.path === '/v2/Property')?.filter).toContain(
      'ModificationTimestamp gt 2026-05-02T10:59:59.999Z',
    );
    expect(keys()).toEqual(['NEW401', 'OLD400']);
    expect(existsSync(join(dir, 'photos', 'NEW401', 'NEW401-M5.jpg'))).toBe(true);
    expect(snapshot().retry).toEqual([]);
    expect(snapshot().watermark).toBe('2026-05-02T11:00:00.000Z');
  });

  it(`gives up on a photo that fails ${PHOTO_RUNS} runs in a row, keeping the home with the photos it has`, async () => {
    fake.records.push(
      propertyRecord(fake, 'TWO402', {
        ModificationTimestamp: '2026-05-02T12:00:00.000Z',
        Media: [mediaRecord(fake, 'TWO402', 6), mediaRecord(fake, 'TWO402', 7)],
      }),
    );
    fake.photoOutages.set('p7.jpg', 1000);
    for (let n = 1; n < PHOTO_RUNS; n++) {
      const result = await run();
      // Read again with the same photo missing, the home is not new or changed.
      expect(result.updated, `run ${n}`).toBe(n === 1 ? 1 : 0);
      expect(snapshot().retry, `run ${n}`).toEqual([
        { ListingKey: 'TWO402', ModificationTimestamp: '2026-05-02T12:00:00.000Z', runs: n },
      ]);
      expect(snapshot().watermark).toBe('2026-05-02T11:59:59.999Z');
    }
    // Published meanwhile with the photo that came.
    expect(
      snapshot()
        .homes.find((h) => h.home['ListingKey'] === 'TWO402')
        ?.sync.media.map((m) => m.MediaKey),
    ).toEqual(['TWO402-M6']);
    await run();
    expect(snapshot().retry).toEqual([]);
    expect(snapshot().watermark).toBe('2026-05-02T12:00:00.000Z');
    expect(lines).toContain(
      `TWO402: 1 photo(s) failed ${PHOTO_RUNS} runs in a row; they are tried again when its record changes`,
    );
    fake.photoOutages.clear();
  });

  it('does not read again a record whose photo the build cannot use', async () => {
    fake.photos.set('p8.jpg', Buffer.from('<html>Not a picture</html>'));
    fake.records.push(
      propertyRecord(fake, 'BAD403', {
        ModificationTimestamp: '2026-05-02T13:00:00.000Z',
        Media: [mediaRecord(fake, 'BAD403', 8)],
      }),
    );
    await run();
    expect(keys()).not.toContain('BAD403');
    expect(snapshot().retry).toEqual([]);
    expect(snapshot().watermark).toBe('2026-05-02T13:00:00.000Z');
  });

  it(`is not asked for more photos in a run once ${FAILING_HOST_PHOTOS} in a row have failed (each waits out its retries)`, async () => {
    const own = join(mkdtempSync(join(tmpdir(), 'photo-host-down-')), 'listings-mls');
    const photos = [0, 1, 2, 3];
    fake.records = ['HOST500', 'HOST501', 'HOST502'].map((key) =>
      propertyRecord(fake, key, { Media: photos.map((n) => mediaRecord(fake, key, n)) }),
    );
    for (const n of photos) fake.photoOutages.set(`p${n}.jpg`, 100);
    const from = fake.log.length;
    const result = await syncWithFake(fake, own, (line) => lines.push(line));
    fake.photoOutages.clear();
    // Two tries (the first and one retry) of each photo until photos of two homes have failed (the
    // first home's four, which may be that home's alone, then the second's first); none of the other seven.
    expect(FAILING_HOST_PHOTOS).toBeLessThanOrEqual(5);
    expect(fake.log.slice(from).filter((r) => r.path.startsWith('/media/'))).toHaveLength(2 * 5);
    expect(result.photosFailed).toBe(12);
    expect(lines).toContain(
      `HOST502: photo HOST502-M3 not saved: not asked: ${fake.origin} failed the last ${FAILING_HOST_PHOTOS} photos of this run`,
    );
    // Each home is read again next run, as after any passing failure.
    const retried = (JSON.parse(readFileSync(join(own, 'snapshot.json'), 'utf8')) as ListingSnapshot).retry;
    expect(retried.map((r) => r.ListingKey)).toEqual(['HOST500', 'HOST501', 'HOST502']);
  });

  it('keeps the version shown through a full run as through an incremental one', async () => {
    const full = join(mkdtempSync(join(tmpdir(), 'photo-outage-full-')), 'listings-mls');
    fake.records = [propertyRecord(fake, 'FULL404', { Media: [mediaRecord(fake, 'FULL404', 9)] })];
    await syncWithFake(fake, full, (line) => lines.push(line));
    // The MLS stamps the photo again with a new price, while the media host is down.
    fake.records = [
      propertyRecord(fake, 'FULL404', {
        ListPrice: 440000,
        ModificationTimestamp: '2026-05-03T10:00:00.000Z',
        Media: [mediaRecord(fake, 'FULL404', 9, '2026-05-03T09:00:00.000Z')],
      }),
    ];
    fake.photoOutages.set('p9.jpg', 100);
    lines.length = 0;
    try {
      expect((await syncWithFake(fake, full, (line) => lines.push(line), { full: true })).mode).toBe('full');
    } finally {
      fake.photoOutages.clear();
    }
    const kept = JSON.parse(readFileSync(join(full, 'snapshot.json'), 'utf8')) as ListingSnapshot;
    expect(kept.homes.map((h) => [h.home['ListingKey'], h.home['ListPrice']])).toEqual([['FULL404', 450000]]);
    expect(existsSync(join(full, 'photos', 'FULL404', 'FULL404-M9.jpg'))).toBe(true);
    expect(lines.join('\n')).toMatch(/Skipped FULL404: .*\(the version shown stays until it is read again\)/);
    expect(kept.retry.map((r) => r.ListingKey)).toEqual(['FULL404']);
  });
});
