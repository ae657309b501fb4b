/** What must be said with a home, by where it came from (src/lib/listing/display.ts). */
import { describe, expect, it } from 'vitest';
import {
  allListedBy,
  courtesyLine,
  formatAsOf,
  isSynced,
  listDisclosure,
  listedByAnotherFirm,
  mlsDisclaimer,
} from '#src/lib/listing/display.ts';
import { toListingRef } from '#src/lib/listing/lead.ts';
import { site } from '#src/site.config.ts';

const settings = { courtesy: 'Listing courtesy of', mlsDisclaimer: 'Based on the MLS as of {asOf}. Verify it.' };
const handWritten: { ListOfficeName: string; ModificationTimestamp: string; mls?: { asOf: string } } = {
  ListOfficeName: 'Triangle Realty Partners',
  ModificationTimestamp: '2026-11-21',
};
const synced = {
  ListOfficeName: 'Sample Realty',
  ModificationTimestamp: '2026-05-02',
  mls: { asOf: '2026-05-02T13:15:00.000Z' },
};

describe('where a home comes from', () => {
  it('tells a home from the MLS snapshot from a hand-written one', () => {
    expect(isSynced(synced)).toBe(true);
    expect(isSynced(handWritten)).toBe(false);
  });

  it('names the listing firm on every home, synced or hand-written', () => {
    expect(courtesyLine(synced, settings)).toBe('Listing courtesy of Sample Realty');
    expect(courtesyLine(handWritten, settings)).toBe('Listing courtesy of Triangle Realty Partners');
  });
});

describe("another firm's home", () => {
  it("is told from the agent's firm's own, however the feed spaces or capitalises the firm", () => {
    expect(listedByAnotherFirm(synced, site.agent.brokerage)).toBe(true);
    expect(listedByAnotherFirm({ ListOfficeName: site.agent.brokerage }, site.agent.brokerage)).toBe(false);
    expect(listedByAnotherFirm({ ListOfficeName: ' TRIANGLE  realty Partners ' }, 'Triangle Realty Partners')).toBe(
      false,
    );
  });
});

describe('the MLS disclaimer', () => {
  it('writes the snapshot time in New York time, summer and winter', () => {
    expect(formatAsOf('2026-05-02T13:15:00.000Z')).toBe('May 2, 2026, 9:15 AM EDT');
    expect(formatAsOf('2026-12-01T17:05:00Z')).toBe('December 1, 2026, 12:05 PM EST');
    expect(() => formatAsOf('soon')).toThrow('not a time');
  });

  it('puts the time where the setting says {asOf}, or after the text when it does not', () => {
    expect(mlsDisclaimer(settings.mlsDisclaimer, synced.mls.asOf)).toBe(
      'Based on the MLS as of May 2, 2026, 9:15 AM EDT. Verify it.',
    );
    expect(mlsDisclaimer('Data courtesy of the MLS. ', synced.mls.asOf)).toBe(
      'Data courtesy of the MLS. Listing data as of May 2, 2026, 9:15 AM EDT.',
    );
  });

  it('the site’s setting says {asOf}', () => {
    expect(site.mls.disclaimer).toContain('{asOf}');
  });
});

describe('the compliance lines under a list of homes', () => {
  it('give the newest update, and the MLS disclaimer only when a home in it comes from the MLS', () => {
    expect(listDisclosure([handWritten], settings)).toEqual({ updated: '2026-11-21' });
    expect(listDisclosure([handWritten, synced], settings)).toEqual({
      updated: '2026-11-21',
      mls: {
        text: 'Based on the MLS as of May 2, 2026, 9:15 AM EDT. Verify it.',
        asOf: '2026-05-02T13:15:00.000Z',
      },
    });
    expect(listDisclosure([], settings)).toBeUndefined();
  });

  it('give the latest snapshot time of the homes shown', () => {
    const later = { ...synced, mls: { asOf: '2026-05-03T09:00:00Z' } };
    expect(listDisclosure([synced, later], settings)?.mls?.asOf).toBe('2026-05-03T09:00:00Z');
  });
});

describe("a list called the agent's homes", () => {
  it('is one the agent lists every home of, and not an empty one', () => {
    const agents = { ListAgentFullName: site.agent.name };
    const colleagues = { ListAgentFullName: 'Sam Agent' };
    expect(allListedBy([agents, agents], site.agent.name)).toBe(true);
    expect(allListedBy([agents, colleagues], site.agent.name)).toBe(false);
    expect(allListedBy([], site.agent.name)).toBe(false);
  });
});

describe('the lead of a home whose street is withheld', () => {
  it('carries town, ZIP and key, and no street', () => {
    const ref = toListingRef(
      {
        ListingKey: 'CAR101',
        InternetAddressDisplayYN: false,
        City: 'Cary',
        StateOrProvince: 'NC',
        PostalCode: '27513',
        ListPrice: 450000,
        StandardStatus: 'Active',
      },
      'https://www.example.com/listings/home-in-cary-nc-27513-car101',
    );
    expect(ref).toMatchObject({ key: 'CAR101', address: 'Home in Cary, NC 27513', street: '', city: 'Cary' });
  });
});
