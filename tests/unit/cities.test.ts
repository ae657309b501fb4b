/**
 * The city guide content files: exactly the 13 service areas of SPEC §2, SPEC's figures
 * verbatim, enough neighborhoods, real coordinates inside the Triangle, and file names
 * that follow SPEC's slug rule (the map links to /city/{slugify(name)}).
 */
import { readFileSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { parse } from 'yaml';
import { slugify } from '~/lib/seo/meta.ts';

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
  tagline: string;
  neighborhoods: { name: string; blurb: string }[];
  coordinates: { lat: number; lng: number };
  image: { src: string; alt: string };
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

  it.each(slugs)('%s: at least 3 neighborhoods, each with a blurb', (slug) => {
    const { neighborhoods } = city(slug);
    expect(neighborhoods.length).toBeGreaterThanOrEqual(3);
    for (const n of neighborhoods) expect(n.blurb.trim().length).toBeGreaterThan(10);
    expect(new Set(neighborhoods.map((n) => n.name)).size).toBe(neighborhoods.length);
  });

  it.each(slugs)('%s: coordinates lie inside the Triangle', (slug) => {
    const { lat, lng } = city(slug).coordinates;
    expect(lat).toBeGreaterThan(35.4);
    expect(lat).toBeLessThan(36.3);
    expect(lng).toBeGreaterThan(-79.2);
    expect(lng).toBeLessThan(-78.1);
  });

  it.each(slugs)('%s: figures are formatted, the card line is short and the image is its own', (slug) => {
    const c = city(slug);
    expect(c.population).toMatch(/^\d{1,3}(,\d{3})+$/);
    expect(c.medianHome).toMatch(/^\$\d{3},\d{3}$/);
    expect(c.tagline.length).toBeLessThanOrEqual(90);
    expect(c.image.src).toBe(`./${slug}.jpg`);
    expect(c.image.alt.length).toBeGreaterThan(20);
  });

  it('name the school system of the county each town is in', () => {
    for (const slug of slugs) {
      const expected = ['youngsville', 'franklinton'].includes(slug)
        ? 'Franklin County Schools'
        : 'Wake County Public School System';
      expect(city(slug).schools, slug).toBe(expected);
    }
  });
});
