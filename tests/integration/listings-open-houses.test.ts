/**
 * Open houses from the MLS: `npm run sync-listings` (the real script) against the fake MLS Grid
 * server, whose OpenHouse resource holds the open houses of the firm's homes and of others'. A
 * first run copies them whole and folds each public, upcoming one into its home's `OpenHouse` in
 * New York time; a second run asks only for what changed since the open houses' own watermark,
 * and applies a cancellation and a new one.
 */
import { execFile } from 'node:child_process';
import { mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ListingSnapshot } from '../../src/lib/reso/snapshot.ts';
import {
  openHouseRecord,
  propertyRecord,
  startFakeReso,
  syncEnv,
  SYSTEM,
  type FakeReso,
  type LoggedRequest,
} from './fake-reso.ts';
import { root } from './support.ts';

let fake: FakeReso;
let dir: string;

async function sync(): Promise<{ out: string; requests: LoggedRequest[] }> {
  const from = fake.log.length;
  const { stdout, stderr } = await promisify(execFile)(process.execPath, ['scripts/sync-listings.ts'], {
    cwd: root,
    env: syncEnv(fake, dir),
  });
  return { out: stdout + stderr, requests: fake.log.slice(from) };
}

const snapshot = () => JSON.parse(readFileSync(join(dir, 'snapshot.json'), 'utf8')) as ListingSnapshot;
const openHousesOf = (key: string) => snapshot().homes.find((h) => h.home['ListingKey'] === key)?.home['OpenHouse'];
const openHouseRequests = (requests: LoggedRequest[]) => requests.filter((r) => r.path === '/v2/OpenHouse');

beforeAll(async () => {
  fake = await startFakeReso({ originatingSystem: SYSTEM });
  fake.top = 10;
  dir = join(mkdtempSync(join(tmpdir(), 'open-houses-')), 'listings-mls');
  fake.records = [propertyRecord(fake, 'CAR200'), propertyRecord(fake, 'CAR201', { StreetNumber: '14' })];
  fake.openHouses = [
    openHouseRecord('OH-1', 'CAR200', { OpenHouseRemarks: 'Meet the listing agent at the door.' }),
    // Sent out of order: the home shows them earliest first. 1 to 3 PM in December is 18:00-20:00 UTC.
    openHouseRecord('OH-2', 'CAR200', {
      OpenHouseStartTime: '2030-12-07T18:00:00.000Z',
      OpenHouseEndTime: '2030-12-07T20:00:00.000Z',
    }),
    openHouseRecord('OH-3', 'CAR200', { OpenHouseType: 'Broker', OpenHouseStartTime: '2030-06-03T14:00:00.000Z' }),
    openHouseRecord('OH-4', 'CAR200', {
      OpenHouseStartTime: '2020-06-06T17:00:00.000Z',
      OpenHouseEndTime: '2020-06-06T19:00:00.000Z',
    }),
    openHouseRecord('OH-5', 'CAR201', { OpenHouseStatus: 'Cancelled' }),
    openHouseRecord('OH-6', 'CAR201', { OpenHouseStartTime: 'Saturday afternoon' }),
    // Another firm's home: not in the snapshot, so its open house is not kept.
    openHouseRecord('OH-7', 'OTHER900'),
  ];
});

afterAll(async () => {
  await fake.close();
});

describe('npm run sync-listings with open houses', () => {
  it('gives each home its public, upcoming open houses in New York time on a first run', async () => {
    const { out, requests } = await sync();
    const [first] = openHouseRequests(requests);
    expect(first?.filter).toBe("OriginatingSystemName eq 'carolina' and MlgCanView eq true");
    expect(new URL(first!.url, fake.origin).searchParams.get('$expand')).toBeNull();
    expect(openHousesOf('CAR200')).toEqual([
      {
        OpenHouseStartTime: '2030-06-01T13:00',
        OpenHouseEndTime: '2030-06-01T15:00',
        OpenHouseRemarks: 'Meet the listing agent at the door.',
        ModificationTimestamp: '2026-05-03',
      },
      {
        OpenHouseStartTime: '2030-12-07T13:00',
        OpenHouseEndTime: '2030-12-07T15:00',
        ModificationTimestamp: '2026-05-03',
      },
    ]);
    expect(openHousesOf('CAR201')).toBeUndefined();
    expect(snapshot().openHouses.map((o) => o.OpenHouseKey)).toEqual(['OH-1', 'OH-2']);
    expect(snapshot().openHouseWatermark).toBe('2026-05-03T09:00:00.000Z');
    expect(out).toContain(
      'Skipped the open house OH-6 of CAR201: OpenHouseStartTime is not a time ("Saturday afternoon")',
    );
    expect(out).toMatch(/open houses 2\n/);
  });

  it('applies only what changed on the next run: a cancellation and a new open house', async () => {
    fake.openHouses = [
      ...fake.openHouses.filter((o) => o['OpenHouseKey'] !== 'OH-1'),
      openHouseRecord('OH-1', 'CAR200', {
        OpenHouseStatus: 'Cancelled',
        ModificationTimestamp: '2026-05-04T08:00:00Z',
      }),
      openHouseRecord('OH-8', 'CAR201', {
        ModificationTimestamp: '2026-05-04T09:30:00Z',
        OpenHouseStartTime: '2030-06-02T14:00:00-04:00',
        OpenHouseEndTime: '2030-06-02T16:00:00-04:00',
      }),
    ];
    const { requests } = await sync();
    const [next] = openHouseRequests(requests);
    expect(next?.filter).toBe(
      "OriginatingSystemName eq 'carolina' and ModificationTimestamp gt 2026-05-03T09:00:00.000Z",
    );
    expect(openHousesOf('CAR200')).toEqual([
      {
        OpenHouseStartTime: '2030-12-07T13:00',
        OpenHouseEndTime: '2030-12-07T15:00',
        ModificationTimestamp: '2026-05-03',
      },
    ]);
    expect(openHousesOf('CAR201')).toEqual([
      {
        OpenHouseStartTime: '2030-06-02T14:00',
        OpenHouseEndTime: '2030-06-02T16:00',
        ModificationTimestamp: '2026-05-04',
      },
    ]);
    expect(snapshot().openHouseWatermark).toBe('2026-05-04T09:30:00.000Z');
  });

  it('goes on without open houses from a feed whose licence has no OpenHouse resource, keeping those it had', async () => {
    fake.openHouseStatus = 403;
    fake.records = fake.records.map((r) =>
      r['ListingKey'] === 'CAR200' ? { ...r, ListPrice: 440000, ModificationTimestamp: '2026-05-05T10:00:00Z' } : r,
    );
    const { out } = await sync();
    expect(out).toMatch(/No open houses from this feed \(.*403.*\): the homes keep those they had/);
    expect(snapshot().homes.find((h) => h.home['ListingKey'] === 'CAR200')?.home['ListPrice']).toBe(440000);
    expect(openHousesOf('CAR201')).toEqual([
      {
        OpenHouseStartTime: '2030-06-02T14:00',
        OpenHouseEndTime: '2030-06-02T16:00',
        ModificationTimestamp: '2026-05-04',
      },
    ]);
    expect(snapshot().openHouseWatermark).toBe('2026-05-04T09:30:00.000Z');
    fake.openHouseStatus = undefined;
  });

  it('reads pages of open houses that each name a home already named, saved at one moment, as new ones', async () => {
    // A first run, two a page: the home's open houses, all stamped alike, fill pages of their own.
    dir = join(mkdtempSync(join(tmpdir(), 'open-houses-paged-')), 'listings-mls');
    const before = fake.openHouses;
    fake.openHouses = [1, 2, 3, 4, 5].map((n) =>
      openHouseRecord(`OH-P${n}`, 'CAR200', {
        OpenHouseStartTime: `2030-06-0${n}T17:00:00.000Z`,
        OpenHouseEndTime: `2030-06-0${n}T19:00:00.000Z`,
      }),
    );
    fake.top = 2;
    try {
      const run = await sync();
      expect(run.out).not.toContain('repeats records');
      expect(openHouseRequests(run.requests).length).toBeGreaterThan(2);
    } finally {
      fake.top = 10;
      fake.openHouses = before;
    }
    expect(openHousesOf('CAR200')).toHaveLength(5);
  });
});
