import { describe, expect, it } from 'vitest';
import {
  guideOf,
  inNarrowing,
  listingFacets,
  listingPages,
  listingsPath,
  listingTowns,
  townSpelling,
  type FacetHome,
} from '../../src/lib/listing/facets.ts';

const homes: FacetHome[] = [
  { City: 'Cary', StandardStatus: 'Active' },
  { City: 'Cary', StandardStatus: 'Closed' },
  { City: 'Cary', StandardStatus: 'Coming Soon' },
  { City: 'Fuquay-Varina', StandardStatus: 'Pending' },
  { City: 'Apex', StandardStatus: 'Active' },
];

/** Each link as `label (count) -> href`, with a star on the current one. */
const shown = (facets: { label: string; count: number; href: string; current: boolean }[]) =>
  facets.map((f) => `${f.label} (${f.count}) -> ${f.href}${f.current ? ' *' : ''}`);

describe('listing narrowings', () => {
  it('names each narrowing by its address', () => {
    expect(listingsPath({})).toBe('/listings');
    expect(listingsPath({ town: 'cary' })).toBe('/listings/town/cary');
    expect(listingsPath({ status: 'sold' })).toBe('/listings/status/sold');
    expect(listingsPath({ town: 'cary', status: 'sold' })).toBe('/listings/town/cary/sold');
    expect(listingsPath({}, 1)).toBe('/listings');
    expect(listingsPath({}, 2)).toBe('/listings/page/2');
    expect(listingsPath({ town: 'cary', status: 'sold' }, 3)).toBe('/listings/town/cary/sold/page/3');
  });

  it('gives every narrowing with homes its pages, perPage homes to a page, and /listings always one', () => {
    const pages = (perPage: number, of = homes) =>
      listingPages(of, perPage).map(
        (p) => `${listingsPath({ town: p.town?.slug, status: p.group?.slug }, p.page)} (${p.page}/${p.pages})`,
      );
    expect(pages(2)).toEqual([
      '/listings (1/3)',
      '/listings/page/2 (2/3)',
      '/listings/page/3 (3/3)',
      '/listings/status/for-sale (1/2)',
      '/listings/status/for-sale/page/2 (2/2)',
      '/listings/status/under-contract (1/1)',
      '/listings/status/sold (1/1)',
      '/listings/town/apex (1/1)',
      '/listings/town/apex/for-sale (1/1)',
      '/listings/town/cary (1/2)',
      '/listings/town/cary/page/2 (2/2)',
      '/listings/town/cary/for-sale (1/1)',
      '/listings/town/cary/sold (1/1)',
      '/listings/town/fuquay-varina (1/1)',
      '/listings/town/fuquay-varina/under-contract (1/1)',
    ]);
    expect(pages(24, [])).toEqual(['/listings (1/1)']);
  });

  it('puts a home in a town by its slug and in a status by its group', () => {
    expect(inNarrowing({ City: 'Fuquay-Varina', StandardStatus: 'Pending' }, { town: 'fuquay-varina' })).toBe(true);
    expect(inNarrowing({ City: 'Cary', StandardStatus: 'Coming Soon' }, { town: 'cary', status: 'for-sale' })).toBe(
      true,
    );
    expect(inNarrowing({ City: 'Cary', StandardStatus: 'Closed' }, { town: 'cary', status: 'for-sale' })).toBe(false);
    expect(inNarrowing({ City: 'Apex', StandardStatus: 'Active' }, { town: 'cary' })).toBe(false);
  });

  it('finds a town’s city guide by slug, as its homes are found, however the MLS spells the town', () => {
    const cities = [
      { id: 'fuquay-varina', data: { name: 'Fuquay-Varina' } },
      { id: 'cary', data: { name: 'Cary' } },
    ];
    expect(guideOf(cities, 'Fuquay Varina')?.id).toBe('fuquay-varina');
    expect(guideOf(cities, 'CARY')?.id).toBe('cary');
    expect(guideOf(cities, 'Apex')).toBeUndefined();
    // The guide a home links is the one whose town page lists it.
    expect(inNarrowing({ City: 'Fuquay Varina', StandardStatus: 'Active' }, { town: 'fuquay-varina' })).toBe(true);
  });

  it("writes a home's town as its guide does: a feed's spelling is taken, a hand-written one refused", () => {
    const cities = [{ data: { name: 'Fuquay-Varina' } }, { data: { name: 'Cary' } }];
    const synced = { file: 'content/listings-mls/snapshot.json', synced: true };
    const written = { file: 'content/listings/x.yaml', synced: false };
    expect(townSpelling(cities, { City: 'FUQUAY VARINA' }, synced)).toBe('Fuquay-Varina');
    expect(townSpelling(cities, { City: 'Cary' }, written)).toBeUndefined();
    expect(townSpelling(cities, { City: 'Morrisville' }, written)).toBeUndefined();
    expect(() => townSpelling(cities, { City: 'cary' }, written)).toThrow(
      'content/listings/x.yaml: City: write "Cary", as its city guide does, not "cary".',
    );
  });

  it('lists the towns by name with the status groups their homes are in', () => {
    expect(listingTowns(homes)).toEqual([
      { slug: 'apex', name: 'Apex', statuses: ['for-sale'] },
      { slug: 'cary', name: 'Cary', statuses: ['for-sale', 'sold'] },
      { slug: 'fuquay-varina', name: 'Fuquay-Varina', statuses: ['under-contract'] },
    ]);
  });

  it('on /listings, every town and every status group with homes, with their counts', () => {
    const { towns, statuses } = listingFacets(homes, {});
    expect(shown(towns)).toEqual([
      'All towns (5) -> /listings *',
      'Apex (1) -> /listings/town/apex',
      'Cary (3) -> /listings/town/cary',
      'Fuquay-Varina (1) -> /listings/town/fuquay-varina',
    ]);
    expect(shown(statuses)).toEqual([
      'All homes (5) -> /listings *',
      'For sale (3) -> /listings/status/for-sale',
      'Under contract (1) -> /listings/status/under-contract',
      'Sold (1) -> /listings/status/sold',
    ]);
  });

  it("on a town's page, the status links stay in the town and count its homes", () => {
    const { towns, statuses } = listingFacets(homes, { town: 'cary' });
    expect(shown(statuses)).toEqual([
      'All homes (3) -> /listings/town/cary *',
      'For sale (2) -> /listings/town/cary/for-sale',
      'Sold (1) -> /listings/town/cary/sold',
    ]);
    expect(shown(towns)).toEqual([
      'All towns (5) -> /listings',
      'Apex (1) -> /listings/town/apex',
      'Cary (3) -> /listings/town/cary *',
      'Fuquay-Varina (1) -> /listings/town/fuquay-varina',
    ]);
  });

  it("on a status group's page, the town links keep the status and leave out towns without such homes", () => {
    const { towns, statuses } = listingFacets(homes, { status: 'for-sale' });
    expect(shown(towns)).toEqual([
      'All towns (3) -> /listings/status/for-sale *',
      'Apex (1) -> /listings/town/apex/for-sale',
      'Cary (2) -> /listings/town/cary/for-sale',
    ]);
    expect(statuses[0]).toMatchObject({ label: 'All homes', href: '/listings', count: 5, current: false });
  });

  it('on a town and status page, each list clears its own narrowing and keeps the other', () => {
    const { towns, statuses } = listingFacets(homes, { town: 'cary', status: 'sold' });
    expect(shown(towns)).toEqual(['All towns (1) -> /listings/status/sold', 'Cary (1) -> /listings/town/cary/sold *']);
    expect(shown(statuses)).toEqual([
      'All homes (3) -> /listings/town/cary',
      'For sale (2) -> /listings/town/cary/for-sale',
      'Sold (1) -> /listings/town/cary/sold *',
    ]);
  });
});
