/**
 * A home's ModificationTimestamp, the day its page ("Data last updated"), its JSON-LD and the
 * sitemap say it last changed: a hand-written day that cannot be right is refused, naming the field
 * (src/lib/listing/model.ts); a feed's is fitted by the MLS sync (src/lib/reso/rules.ts), so that no
 * feed record holds a home off the site or stops the build.
 */
import { z } from 'astro/zod';
import { describe, expect, it } from 'vitest';
import { listingSchema } from '#src/lib/listing/model.ts';
import { checkHome, dayIn, toHomeFields, type ResoRecord } from '#src/lib/reso/rules.ts';
import { sampleHome as home } from '../support/sample-home.ts';

/** The build's day in the tests below (the sample home was changed on November 20). */
const today = '2026-11-25';
const schema = listingSchema(z.string(), { today });
const timeZone = 'America/New_York';

function refusals(patch: Record<string, unknown>): { path: string; message: string }[] {
  const result = schema.safeParse({ ...home, ...patch });
  if (result.success) return [];
  return result.error.issues.map((i) => ({ path: i.path.join('.'), message: i.message }));
}

describe('a hand-written home', () => {
  it("is refused when changed after the build's day, naming the field", () => {
    expect(refusals({ ModificationTimestamp: '2027-11-20' })).toEqual([
      {
        path: 'ModificationTimestamp',
        message: "must not be after the build's day (2026-11-25): a change is dated the day it is made",
      },
    ]);
    expect(refusals({ ModificationTimestamp: '2026-11-26' })).toHaveLength(1);
    expect(refusals({ ModificationTimestamp: today })).toEqual([]);
    // Without the build's day (the sync's own check), no day is too late.
    expect(listingSchema(z.string()).safeParse({ ...home, ModificationTimestamp: '2027-11-20' }).success).toBe(true);
  });

  it('is refused when changed before its price changed or it sold, naming the field', () => {
    expect(refusals({ PriceChangeTimestamp: '2026-11-21' })).toEqual([
      {
        path: 'ModificationTimestamp',
        message: 'must not be before PriceChangeTimestamp (2026-11-21): the facts last changed on that day or later',
      },
    ]);
    expect(refusals({ StandardStatus: 'Closed', ClosePrice: 520000, CloseDate: '2026-11-22' })).toEqual([
      {
        path: 'ModificationTimestamp',
        message: 'must not be before CloseDate (2026-11-22): the facts last changed on that day or later',
      },
    ]);
    expect(refusals({ PriceChangeTimestamp: '2026-11-20' })).toEqual([]);
    expect(refusals({ StandardStatus: 'Closed', ClosePrice: 520000, CloseDate: '2026-11-18' })).toEqual([]);
  });
});

describe("an MLS home's days", () => {
  /** The sample home as a RESO feed sends it (photos come from its Media, added by the sync). */
  const { Photos, OpenHouse: _openHouses, ...record } = home;
  const synced = (fields: ResoRecord, syncDay: string): ResoRecord => ({
    ...toHomeFields({ ...record, ...fields }, { addressHidden: false, timeZone, today: syncDay }),
    Photos,
  });

  it('of a record changed today in UTC, still yesterday in New York, are that yesterday, and pass the sync and the build', () => {
    // The sync runs at 9 PM on November 24 in New York (02:00 UTC on the 25th), the record changed at 01:30 UTC.
    const syncDay = dayIn('2026-11-25T02:00:00Z', timeZone);
    expect(syncDay).toBe('2026-11-24');
    const fields = synced({ ModificationTimestamp: '2026-11-25T01:30:00Z' }, syncDay);
    expect(fields['ModificationTimestamp']).toBe('2026-11-24');
    expect(checkHome(fields)).toBeUndefined();
    // The build that follows, still on the 24th in New York.
    expect(listingSchema(z.string(), { today: syncDay }).safeParse(fields).success).toBe(true);
  });

  it("stamped after the sync's day (a server's clock ahead, a placeholder) are the sync's day; a later price change is left out", () => {
    const fields = synced(
      { ModificationTimestamp: '9999-12-31T00:00:00Z', PriceChangeTimestamp: '2026-11-26T15:00:00Z' },
      '2026-11-24',
    );
    expect(fields['ModificationTimestamp']).toBe('2026-11-24');
    expect(fields).not.toHaveProperty('PriceChangeTimestamp');
    expect(checkHome(fields)).toBeUndefined();
  });

  it('changed before its price changed or it sold are dated by that day, not refused', () => {
    // A stamp without a time zone is read as UTC: 1 AM on the day of the sale falls on the day before in New York.
    const fields = synced(
      {
        ModificationTimestamp: '2026-11-21T01:00:00',
        PriceChangeTimestamp: '2026-11-19T15:00:00Z',
        StandardStatus: 'Closed',
        ClosePrice: 520000,
        CloseDate: '2026-11-21',
      },
      '2026-11-24',
    );
    expect(fields).toMatchObject({ ModificationTimestamp: '2026-11-21', PriceChangeTimestamp: '2026-11-19' });
    expect(checkHome(fields)).toBeUndefined();
    expect(synced({ PriceChangeTimestamp: '2026-11-22T15:00:00Z' }, '2026-11-24')['ModificationTimestamp']).toBe(
      '2026-11-22',
    );
  });

  it('as the snapshot holds them never stop the build, even a copy written before the sync fitted them', () => {
    const copy = {
      ...home,
      ModificationTimestamp: '2026-11-27',
      PriceChangeTimestamp: '2026-11-28',
      mls: { asOf: '2026-11-27T08:00:00Z' },
    };
    expect(schema.safeParse(copy).success).toBe(true);
  });
});
