/** Which synced homes the build publishes beside the hand-written ones (src/lib/reso/snapshot.ts). */
import { spawn, spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { lockFile, lockSnapshot, snapshotEntries, type ListingSnapshot } from '#src/lib/reso/snapshot.ts';

const asOf = '2026-05-02T13:15:00.000Z';

function synced(key: string, home: Record<string, unknown> = {}): ListingSnapshot['homes'][number] {
  return {
    home: {
      ListingKey: key,
      StreetNumber: '12',
      StreetName: 'Sample',
      StreetSuffix: 'Lane',
      City: 'Cary',
      StateOrProvince: 'NC',
      PostalCode: '27513',
      OnMarketDate: '2026-04-28',
      ...home,
    },
    sync: { ModificationTimestamp: '2026-05-02T10:00:00Z', addressHidden: false, media: [] },
  };
}

const snapshot = (homes: ListingSnapshot['homes']): ListingSnapshot => ({
  asOf,
  source: { apiUrl: 'https://api.example/v2', originatingSystem: 'carolina' },
  homes,
  retry: [],
  waiting: [],
  openHouses: [],
});

describe('synced homes in the listing collection', () => {
  it('get their page address and the snapshot’s time', () => {
    const { entries, overridden } = snapshotEntries(snapshot([synced('CAR100')]), []);
    expect(overridden).toEqual([]);
    expect(entries).toEqual([
      {
        id: '12-sample-lane-cary-nc',
        key: 'CAR100',
        data: { ...synced('CAR100').home, mls: { asOf } },
      },
    ]);
  });

  it('a home whose street is withheld has town, ZIP and key as its page address', () => {
    const hidden = synced('CAR101', {
      InternetAddressDisplayYN: false,
      StreetNumber: undefined,
      StreetName: undefined,
      StreetSuffix: undefined,
    });
    expect(snapshotEntries(snapshot([hidden]), []).entries[0]!.id).toBe('home-in-cary-nc-27513-car101');
  });

  it('a hand-written home wins over a synced one with its ListingKey, or with its address', () => {
    const { entries, overridden } = snapshotEntries(
      snapshot([synced('CAR100'), synced('CAR200', { StreetNumber: '40' }), synced('CAR300', { StreetNumber: '7' })]),
      [
        { id: 'some-other-slug', ListingKey: 'CAR100', filePath: 'content/listings/a.yaml' },
        { id: '40-sample-lane-cary-nc', ListingKey: 'JA-2026-001', filePath: 'content/listings/b.yaml' },
      ],
    );
    expect(entries.map((e) => e.key)).toEqual(['CAR300']);
    expect(overridden).toEqual([
      { key: 'CAR100', by: 'content/listings/a.yaml' },
      { key: 'CAR200', by: 'content/listings/b.yaml' },
    ]);
  });

  it('two synced listings of one address both stay: the latest on the market keeps the plain address', () => {
    const { entries } = snapshotEntries(
      snapshot([
        synced('CAR001', { OnMarketDate: '2023-03-01', StandardStatus: 'Closed' }),
        synced('CAR900', { OnMarketDate: '2026-04-28' }),
      ]),
      [],
    );
    expect(entries.map((e) => [e.key, e.id])).toEqual([
      ['CAR900', '12-sample-lane-cary-nc'],
      ['CAR001', '12-sample-lane-cary-nc-car001'],
    ]);
  });
});

describe('one sync at a time', () => {
  const folder = () => join(mkdtempSync(join(tmpdir(), 'snapshot-lock-')), 'listings-mls');

  it('holds the folder for one run; another stops, saying why, until it is released', () => {
    const dir = folder();
    const release = lockSnapshot(dir);
    expect(() => lockSnapshot(dir)).toThrow(
      `Another sync is running (process ${process.pid}, ${dir}.lock): this one stops and changes nothing. If none runs, delete ${dir}.lock.`,
    );
    release();
    expect(existsSync(lockFile(dir))).toBe(false);
    lockSnapshot(dir)();
  });

  it('takes over the lock of a run whose process is gone, or one naming this process that it does not hold', () => {
    const dir = folder();
    const { pid } = spawnSync(process.execPath, ['-e', '']);
    writeFileSync(lockFile(dir), `${pid}\n`);
    const release = lockSnapshot(dir);
    expect(existsSync(lockFile(dir))).toBe(true);
    release();
    // A lock naming this process, which it does not hold: left by a run before a container's restart.
    writeFileSync(lockFile(dir), `${process.pid}\n`);
    lockSnapshot(dir)();
  });

  it('leaves a stale lock that another run has just taken over to that run, and stops', () => {
    const dir = folder();
    const { pid: gone } = spawnSync(process.execPath, ['-e', '']);
    writeFileSync(lockFile(dir), `${gone}\n`);
    // Another run, alive, finds the same stale lock and takes it over first.
    const other = spawn(process.execPath, ['-e', 'setTimeout(() => {}, 60_000)']);
    try {
      const takeOver = () => {
        rmSync(lockFile(dir));
        writeFileSync(lockFile(dir), `${other.pid}\n`);
      };
      expect(() => lockSnapshot(dir, takeOver)).toThrow(`Another sync is running (process ${other.pid}, ${dir}.lock)`);
      expect(readFileSync(lockFile(dir), 'utf8')).toBe(`${other.pid}\n`);
      expect(readdirSync(dirname(dir))).toEqual(['listings-mls.lock']);
    } finally {
      other.kill();
    }
  });
});
