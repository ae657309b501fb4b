import { describe, expect, it } from 'vitest';
import { buildTime } from '#src/lib/build-time.ts';
import { upcomingOpenHouses } from '#src/lib/listing/time.ts';
import { samplesDate } from '../support/samples-date.ts';

describe('buildTime', () => {
  it('is the clock when BUILD_TIME is unset or empty', () => {
    for (const env of [{}, { BUILD_TIME: '' }]) {
      const before = Date.now();
      const now = buildTime(env).getTime();
      expect(now).toBeGreaterThanOrEqual(before);
      expect(now).toBeLessThanOrEqual(Date.now());
    }
  });

  it('is the moment BUILD_TIME names, offset included', () => {
    expect(buildTime({ BUILD_TIME: '2026-11-25T12:00:00-05:00' }).toISOString()).toBe('2026-11-25T17:00:00.000Z');
    expect(buildTime({ BUILD_TIME: '2027-01-16T20:00:00Z' }).toISOString()).toBe('2027-01-16T20:00:00.000Z');
  });

  it('refuses a BUILD_TIME that is not a date and time with its offset, naming it', () => {
    for (const value of ['tomorrow', '2026-11-25', '2026-11-25T12:00:00', '2026-13-40T12:00:00Z']) {
      expect(() => buildTime({ BUILD_TIME: value })).toThrow(`BUILD_TIME must be a date and time with its offset`);
      expect(() => buildTime({ BUILD_TIME: value })).toThrow(`got "${value}"`);
    }
  });

  it("keeps the samples' open house of January 16, 2027 coming in the tests' builds, whatever the date", () => {
    const openHouses = [
      { OpenHouseStartTime: '2026-11-08T13:00', OpenHouseEndTime: '2026-11-08T15:00' },
      { OpenHouseStartTime: '2027-01-16T13:00', OpenHouseEndTime: '2027-01-16T15:00' },
    ];
    const coming = (now: Date) => upcomingOpenHouses(openHouses, now).map((o) => o.OpenHouseStartTime);
    expect(coming(buildTime({ BUILD_TIME: samplesDate }))).toEqual(['2027-01-16T13:00']);
    // What a build made with the clock would list once January 16, 2027 is over.
    expect(coming(buildTime({ BUILD_TIME: '2027-02-01T12:00:00-05:00' }))).toEqual([]);
  });
});
