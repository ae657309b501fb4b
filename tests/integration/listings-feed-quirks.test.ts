/**
 * What a feed sends that the site cannot publish as it stands, against the fake MLS Grid server
 * (fake-reso.ts): an update that fails the listing schema takes the home's version shown off the
 * site (its address may have been withheld since, its photos withdrawn, its status changed) unless
 * only a passing photo outage stopped it; a timestamp without a time zone, or in the future, does
 * not stop or freeze later runs; photo keys that differ after a dot stay two photos; a lot of 0
 * acres does not refuse a condominium; a listing that leaves the owner filter leaves the site; the
 * open houses of a home not yet published (refused, or held back by a photo outage) are kept for it.
 */
import { existsSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { createResoHttp } from '../../src/lib/reso/http.ts';
import type { ListingSnapshot } from '../../src/lib/reso/snapshot.ts';
import type { SyncOptions } from '../../src/lib/reso/sync.ts';
import {
  mediaRecord,
  OFFICE,
  openHouseRecord,
  propertyRecord,
  startFakeReso,
  syncWithFake,
  SYSTEM,
  type FakeReso,
} from './fake-reso.ts';

let fake: FakeReso;
let dir: string;
let lines: string[];

const run = () => syncWithFake(fake, dir, (line) => lines.push(line), { now: () => new Date('2026-06-01T12:00:00Z') });
const snapshot = () => JSON.parse(readFileSync(join(dir, 'snapshot.json'), 'utf8')) as ListingSnapshot;
const home = (key: string) => snapshot().homes.find((h) => h.home['ListingKey'] === key)?.home;
/** A new version of the record `key`, `overrides` applied, stamped `stamp`. */
const update = (key: string, stamp: string, overrides: Record<string, unknown>) => {
  const i = fake.records.findIndex((r) => r['ListingKey'] === key);
  fake.records[i] = { ...fake.records[i], ModificationTimestamp: stamp, ...overrides };
};

beforeAll(async () => {
  fake = await startFakeReso({ originatingSystem: SYSTEM });
});

beforeEach(() => {
  dir = join(mkdtempSync(join(tmpdir(), 'feed-quirks-')), 'listings-mls');
  lines = [];
  fake.records = [];
  fake.openHouses = [];
  fake.photoOutages.clear();
  fake.onQuery = undefined;
});

afterAll(async () => {
  await fake.close();
});

describe('an update the site cannot publish', () => {
  it('takes the version shown off until a record of the home passes, its withheld address never shown again', async () => {
    fake.records = [propertyRecord(fake, 'ADR001'), propertyRecord(fake, 'SLD002'), propertyRecord(fake, 'PIC003')];
    await run();
    expect(home('ADR001')?.['StreetName']).toBe('Sample');

    // The seller withholds the address, and the record fails the schema (remarks too short).
    update('ADR001', '2026-05-03T10:00:00.000Z', { InternetAddressDisplayYN: false, PublicRemarks: 'Short remark.' });
    // Sold, its price withheld: the site cannot say it sold, and must no longer say it is for sale.
    update('SLD002', '2026-05-03T10:00:00.000Z', {
      StandardStatus: 'Closed',
      CloseDate: '2026-05-20',
      ClosePrice: null,
    });
    // Every photo withdrawn from the Internet.
    update('PIC003', '2026-05-03T10:00:00.000Z', {
      Media: [0, 1].map((n) => ({ ...mediaRecord(fake, 'PIC003', n), MlgCanView: false })),
    });
    const second = await run();
    expect(second.mode).toBe('incremental');
    expect(snapshot().homes).toEqual([]);
    expect(second.removed).toBe(3);
    expect(lines).toContainEqual(expect.stringMatching(/^Removed ADR001: PublicRemarks: .*it returns once a record/));
    expect(lines).toContainEqual(
      expect.stringMatching(/^Removed SLD002: ClosePrice: a Closed home needs its ClosePrice/),
    );
    expect(existsSync(join(dir, 'photos', 'PIC003'))).toBe(false);

    update('ADR001', '2026-05-04T10:00:00.000Z', {
      PublicRemarks: 'A bright two-story home on a quiet street, with a fenced yard and a screened porch.',
    });
    await run();
    expect(home('ADR001')).toMatchObject({ InternetAddressDisplayYN: false, City: 'Sampletown' });
    expect(home('ADR001')).not.toHaveProperty('StreetName');
    expect(home('ADR001')).not.toHaveProperty('Latitude');
  });

  it('keeps the version shown while a passing photo outage holds back a record that says the same of its status', async () => {
    fake.records = [propertyRecord(fake, 'OUT004')];
    await run();
    // A price change with new photos, whose host is down through every retry.
    update('OUT004', '2026-05-03T10:00:00.000Z', { ListPrice: 439000, Media: [mediaRecord(fake, 'OUT004', 9)] });
    fake.photoOutages.set('p9.jpg', 100);
    await run();
    expect(home('OUT004')?.['ListPrice']).toBe(450000);
    expect(lines).toContainEqual(
      expect.stringMatching(/^Skipped OUT004: .*\(the version shown stays until it is read again\)$/),
    );
    expect(snapshot().retry.map((r) => r.ListingKey)).toEqual(['OUT004']);
    fake.photoOutages.clear();
    await run();
    expect(home('OUT004')?.['ListPrice']).toBe(439000);

    // The same outage on a record that is now under contract: the "Active" version goes.
    update('OUT004', '2026-05-04T10:00:00.000Z', {
      StandardStatus: 'Pending',
      Media: [mediaRecord(fake, 'OUT004', 8)],
    });
    fake.photoOutages.set('p8.jpg', 100);
    await run();
    expect(home('OUT004')).toBeUndefined();
  });
});

describe('the open houses of a home not yet published', () => {
  // The open house resource's watermark moves past them in the run that refuses their home, so they
  // are not read again when it passes.
  const oneToThree = [
    {
      OpenHouseStartTime: '2030-06-01T13:00',
      OpenHouseEndTime: '2030-06-01T15:00',
      ModificationTimestamp: '2026-05-03',
    },
  ];

  it('are shown once its photos come, after an outage held the new home back', async () => {
    fake.records = [
      propertyRecord(fake, 'NEW020', { Media: [mediaRecord(fake, 'NEW020', 5)] }),
      propertyRecord(fake, 'OLD021'),
    ];
    fake.openHouses = [openHouseRecord('OH-20', 'NEW020'), openHouseRecord('OH-99', 'OTHER999')];
    fake.photoOutages.set('p5.jpg', 100);
    const first = await run();
    expect(home('NEW020')).toBeUndefined();
    expect(snapshot().waiting).toEqual(['NEW020']);
    expect(snapshot().openHouses.map((o) => o.OpenHouseKey)).toEqual(['OH-20']);
    expect(first.openHouses).toBe(0);

    fake.photoOutages.clear();
    const second = await run();
    expect(home('NEW020')?.['OpenHouse']).toEqual(oneToThree);
    expect(second.openHouses).toBe(1);
    expect(snapshot().waiting).toEqual([]);
  });

  it('are shown once a refused record of it is corrected, and go with it when it leaves the market', async () => {
    fake.records = [
      propertyRecord(fake, 'FIX022', { PublicRemarks: 'Short remark.' }),
      propertyRecord(fake, 'GONE023', { PublicRemarks: 'Short remark.' }),
    ];
    fake.openHouses = [openHouseRecord('OH-22', 'FIX022'), openHouseRecord('OH-23', 'GONE023')];
    await run();
    expect(snapshot().homes).toEqual([]);
    expect(snapshot().waiting).toEqual(['FIX022', 'GONE023']);

    update('FIX022', '2026-05-03T10:00:00.000Z', {
      PublicRemarks: 'A bright two-story home on a quiet street, with a fenced yard and a screened porch.',
    });
    update('GONE023', '2026-05-03T10:00:00.000Z', { StandardStatus: 'Withdrawn' });
    await run();
    expect(home('FIX022')?.['OpenHouse']).toEqual(oneToThree);
    expect(home('GONE023')).toBeUndefined();
    expect(snapshot().waiting).toEqual([]);
    expect(snapshot().openHouses.map((o) => o.OpenHouseKey)).toEqual(['OH-22']);
  });
});

describe('an owner filter', () => {
  it('sees a listing move to another office: its later changes no longer match, so it leaves the site', async () => {
    fake.records = [propertyRecord(fake, 'MOV010'), propertyRecord(fake, 'STAY011')];
    await run();
    update('MOV010', '2026-05-03T10:00:00.000Z', {
      ListOfficeMlsId: 'CAR-OFF-9',
      ListOfficeName: 'Other Realty',
      StandardStatus: 'Withdrawn',
    });
    const second = await run();
    expect(second.mode).toBe('incremental');
    expect(snapshot().homes.map((h) => h.home['ListingKey'])).toEqual(['STAY011']);
    expect(lines).toContain(`Removed MOV010: no longer a listing of ${OFFICE}`);
    expect(existsSync(join(dir, 'photos', 'MOV010'))).toBe(false);
  });
});

describe('the live keys of an owner filter', () => {
  /** The same server, except that its live keys come back as an empty list (a feed in trouble). */
  const emptyKeys = (): Partial<SyncOptions> => {
    const http = createResoHttp({ auth: { kind: 'bearer', token: fake.token }, apiUrl: fake.apiUrl, retries: 1 });
    return {
      http: {
        ...http,
        getJson: (url: string) =>
          decodeURIComponent(url).includes('$select=ListingKey') ? Promise.resolve({ value: [] }) : http.getJson(url),
      },
    };
  };
  const keys = () => snapshot().homes.map((h) => h.home['ListingKey']);

  it('naming few of the homes held does not remove them (they would not come back), unless the agent says so', async () => {
    fake.records = [propertyRecord(fake, 'HELD030'), propertyRecord(fake, 'HELD031'), propertyRecord(fake, 'HELD032')];
    await run();
    const held = readFileSync(join(dir, 'snapshot.json'), 'utf8');
    await expect(
      syncWithFake(fake, dir, (line) => lines.push(line), {
        now: () => new Date('2026-06-01T12:00:00Z'),
        ...emptyKeys(),
      }),
    ).rejects.toThrow(
      `The MLS names 0 of the 3 homes held as still listings of ${OFFICE}: removing 3 at once looks like a fault of the feed, so nothing was changed. If they really left, run again with --allow-removals.`,
    );
    expect(readFileSync(join(dir, 'snapshot.json'), 'utf8')).toBe(held);
    expect(existsSync(join(dir, 'photos', 'HELD030'))).toBe(true);
    // The feed well again: every home is still there.
    await run();
    expect(keys()).toEqual(['HELD030', 'HELD031', 'HELD032']);
    // Told that they left, the run removes them.
    await syncWithFake(fake, dir, (line) => lines.push(line), {
      now: () => new Date('2026-06-01T12:00:00Z'),
      allowRemovals: true,
      ...emptyKeys(),
    });
    expect(keys()).toEqual([]);
    expect(lines).toContain(`Removed HELD031: no longer a listing of ${OFFICE}`);
  });
});

describe('timestamps', () => {
  // A run with two owner streams, the firm's and the agent's.
  const AGENT = 'CAR-AG-3';
  const both = () =>
    syncWithFake(fake, dir, (line) => lines.push(line), {
      listAgentMlsId: AGENT,
      now: () => new Date('2026-06-01T12:00:00Z'),
    });

  it('keeps a watermark for each owner stream, so a change the firm’s stream had not shown when the agent’s read a later one still arrives', async () => {
    fake.records = [
      propertyRecord(fake, 'FRM010'),
      propertyRecord(fake, 'AGT011', { ListOfficeMlsId: 'CAR-OFF-9', ListAgentMlsId: AGENT }),
    ];
    await both();
    // The agent's home changes before the run; the firm's, earlier by the MLS's clock, only once the
    // firm's stream has been read (our clock ahead of the MLS's, both stamps before the run began).
    update('AGT011', '2026-05-20T11:00:00.000Z', { ListPrice: 460000 });
    fake.onQuery = (filter) => {
      if (filter.includes('ListAgentMlsId')) update('FRM010', '2026-05-20T10:00:00.000Z', { ListPrice: 440000 });
    };
    const second = await both();
    expect(second.mode).toBe('incremental');
    expect(home('AGT011')?.['ListPrice']).toBe(460000);
    const afterSecond = snapshot();
    fake.onQuery = undefined;
    await both();
    expect(home('FRM010')?.['ListPrice']).toBe(440000);
    // The firm's stream kept its own watermark through the second run.
    expect(afterSecond.watermarks).toEqual({
      ListOfficeMlsId: '2026-05-02T10:00:00.000Z',
      ListAgentMlsId: '2026-05-20T11:00:00.000Z',
    });
    expect(snapshot().watermarks?.ListOfficeMlsId).toBe('2026-05-20T10:00:00.000Z');
    expect(snapshot().watermark).toBe('2026-05-20T11:00:00.000Z');
  });

  it('reads each stream from the one watermark of a snapshot written before streams had their own', async () => {
    fake.records = [
      propertyRecord(fake, 'FRM012'),
      propertyRecord(fake, 'AGT013', { ListOfficeMlsId: 'CAR-OFF-9', ListAgentMlsId: AGENT }),
    ];
    await both();
    const { watermarks: _own, ...older } = snapshot();
    writeFileSync(join(dir, 'snapshot.json'), JSON.stringify(older));
    const filters: string[] = [];
    fake.onQuery = (filter) => void filters.push(filter);
    expect((await both()).mode).toBe('incremental');
    expect(filters.filter((f) => !f.includes('MlgCanView') && f.includes('Id eq'))).toEqual([
      `OriginatingSystemName eq '${SYSTEM}' and ListOfficeMlsId eq '${OFFICE}' and ModificationTimestamp gt 2026-05-02T10:00:00.000Z`,
      `OriginatingSystemName eq '${SYSTEM}' and ListAgentMlsId eq '${AGENT}' and ModificationTimestamp gt 2026-05-02T10:00:00.000Z`,
    ]);
  });

  it('without an owner filter, reads from the watermark from the second run on', async () => {
    fake.records = [propertyRecord(fake, 'ALL014'), propertyRecord(fake, 'ALL015', { ListOfficeMlsId: 'CAR-OFF-9' })];
    const every = () => syncWithFake(fake, dir, (line) => lines.push(line), { listOfficeMlsId: undefined });
    await every();
    const filters: string[] = [];
    fake.onQuery = (filter) => void filters.push(filter);
    expect((await every()).mode).toBe('incremental');
    expect(filters).toContain(
      `OriginatingSystemName eq '${SYSTEM}' and ModificationTimestamp gt 2026-05-02T10:00:00.000Z`,
    );
    expect(snapshot().watermarks).toBeUndefined();
    expect(snapshot().homes).toHaveLength(2);
  });

  it('keeps the watermark in one form, so a stamp without a time zone does not stop the next run', async () => {
    fake.records = [propertyRecord(fake, 'TZ005', { ModificationTimestamp: '2026-05-02T10:00:00' })];
    await run();
    expect(snapshot().watermark).toBe('2026-05-02T10:00:00.000Z');
    const second = await run();
    expect(second.mode).toBe('incremental');
    expect(home('TZ005')).toBeDefined();
  });

  it('reads from a watermark an earlier version saved without a time zone, in the one form', async () => {
    fake.records = [propertyRecord(fake, 'OLD016')];
    await run();
    // As versions before the one form saved a feed's stamp without a zone: every run was refused.
    writeFileSync(join(dir, 'snapshot.json'), JSON.stringify({ ...snapshot(), watermark: '2026-05-02T10:00:00' }));
    const filters: string[] = [];
    fake.onQuery = (filter) => void filters.push(filter);
    expect((await run()).mode).toBe('incremental');
    expect(filters).toContain(
      `OriginatingSystemName eq '${SYSTEM}' and ListOfficeMlsId eq '${OFFICE}' and ModificationTimestamp gt 2026-05-02T10:00:00.000Z`,
    );
    expect(snapshot().watermark).toBe('2026-05-02T10:00:00.000Z');
  });

  it('never sets the watermark past the run’s start, so a record stamped in the future does not freeze the feed', async () => {
    fake.records = [
      propertyRecord(fake, 'FUT006', { ModificationTimestamp: '2099-01-01T00:00:00Z' }),
      propertyRecord(fake, 'NOW007'),
    ];
    await run();
    expect(snapshot().watermark).toBe('2026-06-01T12:00:00.000Z');
    expect(lines).toContain(
      'A listing record is stamped 2099-01-01T00:00:00.000Z, after this run began: the next run reads from 2026-06-01T12:00:00.000Z',
    );
    // A later change of another home still arrives.
    update('NOW007', '2026-06-01T13:00:00.000Z', { StandardStatus: 'Withdrawn' });
    await run();
    expect(snapshot().homes.map((h) => h.home['ListingKey'])).toEqual(['FUT006']);
  });
});

describe('a record’s details', () => {
  it('keeps photos whose keys differ only after a dot as different files', async () => {
    fake.records = [
      propertyRecord(fake, 'DOT008', {
        Media: [0, 1, 2].map((n) => ({ ...mediaRecord(fake, 'DOT008', n), MediaKey: `DOT008.${n}` })),
      }),
    ];
    await run();
    const files = snapshot().homes[0]?.sync.media.map((m) => m.file);
    expect(files).toEqual(['photos/DOT008/DOT008.0.jpg', 'photos/DOT008/DOT008.1.jpg', 'photos/DOT008/DOT008.2.jpg']);
    expect(files?.every((file) => existsSync(join(dir, file)))).toBe(true);
  });

  it('publishes a condominium whose lot the MLS gives as 0 acres, without a lot', async () => {
    fake.records = [propertyRecord(fake, 'LOT009', { PropertySubType: 'Condominium', LotSizeAcres: 0 })];
    await run();
    expect(home('LOT009')).toMatchObject({ PropertySubType: 'Condominium' });
    expect(home('LOT009')).not.toHaveProperty('LotSizeAcres');
  });
});

describe('a failed run', () => {
  it('leaves the photos shown as they were, even those of a home applied twice that run', async () => {
    const AGENT = 'CAR-AG-3';
    const both = () => syncWithFake(fake, dir, (line) => lines.push(line), { listAgentMlsId: AGENT });
    // The agent's own listing at the firm: it comes in both streams.
    fake.records = [propertyRecord(fake, 'TWO017', { ListAgentMlsId: AGENT, Media: [mediaRecord(fake, 'TWO017', 0)] })];
    await both();
    const live = join(dir, 'photos', 'TWO017', 'TWO017-M0.jpg');
    const shown = readFileSync(live);
    // The firm's stream reads a new price, the photo as it was (kept, linked to the live file); the
    // front photo is replaced before the agent's stream reads the home again; then the run fails.
    update('TWO017', '2026-05-03T10:00:00.000Z', { ListPrice: 440000 });
    fake.onQuery = (filter) => {
      if (!filter.includes('ListAgentMlsId eq') || !filter.includes(' gt ')) return;
      const photo = {
        ...mediaRecord(fake, 'TWO017', 0, '2026-05-03T11:00:00.000Z'),
        MediaURL: fake.mediaUrl('p5.jpg'),
      };
      update('TWO017', '2026-05-03T11:00:00.000Z', { Media: [photo] });
    };
    fake.openHouseStatus = 500;
    try {
      await expect(both()).rejects.toThrow('500');
    } finally {
      fake.openHouseStatus = undefined;
    }
    expect(fake.photos.get('p5.jpg')?.equals(shown)).toBe(false);
    expect(readFileSync(live).equals(shown)).toBe(true);
  });
});
