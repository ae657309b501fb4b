/**
 * The city guide content files hold SPEC's content: exactly the 13 service areas of SPEC §2,
 * SPEC's figures verbatim, its twelve relocation cards in order. The rules any city file must
 * follow (formats, neighborhoods, coordinates, file name = slugify(name)) are the content
 * schema's (src/content.config.ts, src/lib/town.ts, src/data/content.ts) and fail the build;
 * tests/unit/content-errors.test.ts shows them doing so.
 */
import { readFileSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { parse } from 'yaml';
import { slugify } from '#src/lib/seo/meta.ts';
import { relocationCardIds } from '../support/spec.ts';

const dir = join(import.meta.dirname, '..', '..', 'content', 'cities');
const slugs = [
  'raleigh',
  'cary',
  'apex',
  'wake-forest',
  'holly-springs',
  'garner',
  'rolesville',
  'knightdale',
  'wendell',
  'zebulon',
  'youngsville',
  'franklinton',
  'fuquay-varina',
];

interface CityFile {
  name: string;
  population: string;
  medianHome: string;
  schools: string;
  county: string;
  relocationCard?: number;
}

const files = readdirSync(dir).filter((f) => /\.ya?ml$/.test(f));
const cities = new Map<string, CityFile>(
  files.map((f) => [f.replace(/\.ya?ml$/, ''), parse(readFileSync(join(dir, f), 'utf8')) as CityFile]),
);
const city = (slug: string): CityFile => cities.get(slug) ?? expect.unreachable(`missing ${slug}.yaml`);

describe('city guide files', () => {
  it('are exactly the 13 service areas of SPEC', () => {
    expect([...cities.keys()].sort()).toEqual([...slugs].sort());
  });

  it("carry SPEC's figures verbatim", () => {
    expect(city('raleigh')).toMatchObject({ population: '467,665', medianHome: '$425,000' });
    expect(city('cary')).toMatchObject({ population: '174,721', medianHome: '$525,000' });
    expect(city('garner').medianHome).toBe('$325,000');
  });

  it.each(slugs)('%s: file name is slugify(name), as the map links it', (slug) => {
    expect(slugify(city(slug).name)).toBe(slug);
  });

  it('spells Fuquay-Varina with its hyphen', () => {
    expect(city('fuquay-varina').name).toBe('Fuquay-Varina');
  });

  it("give SPEC's twelve relocation cards, in order", () => {
    const cards = [...cities]
      .filter(([, c]) => c.relocationCard !== undefined)
      .sort(([, a], [, b]) => a.relocationCard! - b.relocationCard!)
      .map(([slug]) => slug);
    expect(cards).toEqual(relocationCardIds);
  });

  it('name the school system of the county each town is in', () => {
    for (const slug of slugs) {
      const expected = ['youngsville', 'franklinton'].includes(slug)
        ? ['Franklin County', 'Franklin County Schools']
        : ['Wake County', 'Wake County Public School System'];
      expect([city(slug).county, city(slug).schools], slug).toEqual(expected);
    }
  });
});
