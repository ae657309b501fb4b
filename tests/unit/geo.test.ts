/**
 * The service-area file and the map helpers: the slug rule leads every area to its SPEC city
 * page, the outlines are valid and do not overlap, the file is small and says it is approximate,
 * and the generator reproduces it byte for byte.
 */
import { readFileSync, readdirSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { area, booleanValid, featureCollection, intersect, kinks } from '@turf/turf';
import { describe, expect, it } from 'vitest';
import {
  areaHoverStyle,
  areaHref,
  areaStyle,
  buildAttributionHtml,
  labelPoint,
  mapView,
  parseServiceAreas,
  projectMercator,
  roundGeometry,
  serviceAreasMismatch,
  toSvgAreas,
} from '#src/lib/geo.ts';
import { slugify } from '#src/lib/seo/meta.ts';
import { buildServiceAreas, serialise } from '../../scripts/make-geojson.ts';
import { getContainerRenderer } from '@astrojs/react/container-renderer';
import { createContainer } from '../support/container.ts';
import { loadRenderers } from 'astro:container';
import AreaMap from '#src/components/map/AreaMap.astro';

const root = join(import.meta.dirname, '..', '..');
const file = join(root, 'public', 'geo', 'service-areas.geojson');
const text = readFileSync(file, 'utf8');
const collection = parseServiceAreas(JSON.parse(text));
const container = await createContainer({ renderers: await loadRenderers([getContainerRenderer()]) });

/** SPEC §2: the 13 city ids, and the names of the city records they belong to. */
const cityNames: Record<string, string> = {
  raleigh: 'Raleigh',
  cary: 'Cary',
  apex: 'Apex',
  'wake-forest': 'Wake Forest',
  'holly-springs': 'Holly Springs',
  garner: 'Garner',
  rolesville: 'Rolesville',
  knightdale: 'Knightdale',
  wendell: 'Wendell',
  zebulon: 'Zebulon',
  youngsville: 'Youngsville',
  franklinton: 'Franklinton',
  'fuquay-varina': 'Fuquay-Varina',
};

describe('the slug rule (SPEC §2)', () => {
  it('lower-cases and replaces runs of whitespace with one hyphen', () => {
    expect(slugify('Wake Forest')).toBe('wake-forest');
    expect(slugify('Holly \t Springs')).toBe('holly-springs');
    expect(slugify('Fuquay-Varina')).toBe('fuquay-varina');
    expect(slugify('RALEIGH')).toBe('raleigh');
  });
  it('links an area to /city/{slug}', () => {
    expect(areaHref('Wake Forest')).toBe('/city/wake-forest');
    expect(areaHref('Fuquay-Varina')).toBe('/city/fuquay-varina');
  });
});

describe('public/geo/service-areas.geojson', () => {
  it('has one feature for each of the 13 cities, named as the city records', () => {
    expect(collection.features).toHaveLength(13);
    const names = collection.features.map((f) => f.properties.name);
    expect([...names].sort()).toEqual(Object.values(cityNames).sort());
    expect(names.map(slugify).sort()).toEqual(Object.keys(cityNames).sort());
  });

  it('matches every city record present in content/cities by name and slug', () => {
    const dir = join(root, 'content', 'cities');
    const records = readdirSync(dir).filter((f) => /\.ya?ml$/.test(f));
    expect(records.length).toBeGreaterThan(0);
    const names = new Set(collection.features.map((f) => f.properties.name));
    for (const record of records) {
      const name = /^name:\s*['"]?(.+?)['"]?\s*$/m.exec(readFileSync(join(dir, record), 'utf8'))?.[1];
      expect(name, record).toBeDefined();
      expect(names.has(name!), `${record}: no area named "${name}"`).toBe(true);
      expect(`${slugify(name!)}.yaml`).toBe(record.replace(/\.yml$/, '.yaml'));
    }
  });

  it('holds valid polygons that do not cross themselves or each other', () => {
    for (const f of collection.features) {
      expect(booleanValid(f), f.properties.name).toBe(true);
      expect(kinks(f).features, f.properties.name).toHaveLength(0);
      expect(area(f), f.properties.name).toBeGreaterThan(20e6);
    }
    // Rounding to 1e-5 degrees leaves slivers about a metre wide along shared edges (up to
    // 20 km long, so up to about 20,000 m2); a real overlap of two towns would be square kilometres.
    const fs = collection.features;
    for (let i = 0; i < fs.length; i++) {
      for (let j = i + 1; j < fs.length; j++) {
        const overlap = intersect(featureCollection([fs[i]!, fs[j]!]));
        const m2 = overlap ? area(overlap) : 0;
        expect(m2, `${fs[i]!.properties.name} / ${fs[j]!.properties.name}`).toBeLessThan(20_000);
      }
    }
  });

  it('is small, rounded and lies around the map centre', () => {
    expect(statSync(file).size).toBeLessThan(30 * 1024);
    expect(text).not.toMatch(/\d\.\d{6,}/);
    const [x, y] = projectMercator([mapView.center[1], mapView.center[0]], mapView.zoom);
    const raleigh = collection.features.find((f) => f.properties.name === 'Raleigh')!;
    const ring = raleigh.geometry.type === 'Polygon' ? raleigh.geometry.coordinates[0]! : [];
    const xs = ring.map((p) => projectMercator(p, mapView.zoom)[0]);
    const ys = ring.map((p) => projectMercator(p, mapView.zoom)[1]);
    expect(Math.min(...xs) < x && x < Math.max(...xs) && Math.min(...ys) < y && y < Math.max(...ys)).toBe(true);
  });

  it('says the areas are approximate and how to use official boundaries', () => {
    const { metadata } = JSON.parse(text) as { metadata: Record<string, unknown> };
    expect(metadata['approximate']).toBe(true);
    expect(String(metadata['description'])).toMatch(/^Approximate service areas, not municipal boundaries/);
    expect(String(metadata['howToReplace'])).toContain('--boundaries');
  });

  it('is exactly what scripts/make-geojson.ts produces', () => {
    expect(serialise(buildServiceAreas())).toBe(text);
  });
});

describe('parseServiceAreas', () => {
  const poly = {
    type: 'Polygon',
    coordinates: [
      [
        [0, 0],
        [1, 0],
        [1, 1],
        [0, 0],
      ],
    ],
  };
  it('names the first problem', () => {
    expect(() => parseServiceAreas({ type: 'Feature' })).toThrow('not a GeoJSON FeatureCollection');
    expect(() => parseServiceAreas({ type: 'FeatureCollection', features: [] })).toThrow(
      'no outline: the FeatureCollection has no features',
    );
    expect(() =>
      parseServiceAreas({ type: 'FeatureCollection', features: [{ type: 'Feature', properties: {}, geometry: poly }] }),
    ).toThrow('feature 0 has no "name" property');
    expect(() =>
      parseServiceAreas({
        type: 'FeatureCollection',
        features: [{ type: 'Feature', properties: { name: 'Cary' }, geometry: { type: 'Point', coordinates: [0, 0] } }],
      }),
    ).toThrow('feature "Cary" is not a Polygon or MultiPolygon');
  });
  it('keeps name and county only', () => {
    const parsed = parseServiceAreas({
      type: 'FeatureCollection',
      features: [{ type: 'Feature', properties: { name: ' Cary ', county: 'Wake County', x: 1 }, geometry: poly }],
    });
    expect(parsed.features[0]!.properties).toEqual({ name: 'Cary', county: 'Wake County' });
  });
});

describe('the outlines against content/cities', () => {
  const wake = (...names: string[]) => names.map((name) => ({ name, county: 'Wake County' }));
  it('match one to one, or stop the build saying which towns differ and to run npm run geo', () => {
    expect(serviceAreasMismatch(wake('Apex', 'Cary'), wake('Cary', 'Apex'))).toBeUndefined();
    expect(serviceAreasMismatch(wake('Apex', 'Cary', 'Morrisville'), wake('Apex', 'Cary'))).toBe(
      'has no outline for Morrisville: run npm run geo (README, "Adding a city") and commit the file',
    );
    expect(serviceAreasMismatch(wake('Apex'), wake('Apex', 'Zebulon'))).toBe(
      'has an outline for Zebulon, which no file of content/cities/ names: run npm run geo (README, "Adding a city") and commit the file',
    );
    expect(serviceAreasMismatch(wake('Apex', 'Morrisville'), wake('Apex', 'Zebulon'))).toMatch(
      /^has no outline for Morrisville and has an outline for Zebulon, which/,
    );
  });
  it("stop the build on an outline drawn in another county than its town's file names", () => {
    expect(
      serviceAreasMismatch(
        [...wake('Apex'), { name: 'Youngsville', county: 'Wake County' }],
        [...wake('Apex'), { name: 'Youngsville', county: 'Franklin County' }],
      ),
    ).toBe(
      'draws Youngsville in Franklin County, not Wake County: run npm run geo (README, "Adding a city") and commit the file',
    );
  });
});

describe('map helpers', () => {
  it('uses the view and styles of SPEC §2', () => {
    expect(mapView).toEqual({ center: [35.78, -78.64], zoom: 9.5, zoomSnap: 0.5 });
    expect(areaStyle).toMatchObject({ fillOpacity: 0.2, weight: 5 });
    expect(areaHoverStyle).toMatchObject({ fillOpacity: 0.4, weight: 7 });
  });

  it('rounds coordinates and drops the points that rounding repeats', () => {
    const g = roundGeometry(
      {
        type: 'Polygon',
        coordinates: [
          [
            [0.123456, 1.000001],
            [0.123461, 1.000002],
            [2, 1],
            [2, 3],
            [0.123456, 1.000001],
          ],
        ],
      },
      4,
    );
    expect(g.coordinates[0]).toEqual([
      [0.1235, 1],
      [2, 1],
      [2, 3],
      [0.1235, 1],
    ]);
  });

  it('projects like Leaflet: Web Mercator in 256-pixel tiles', () => {
    expect(projectMercator([0, 0], 0)).toEqual([128, 128]);
    const [x, y] = projectMercator([180, 85.0511287798], 0);
    expect(x).toBe(256);
    expect(y).toBeCloseTo(0, 6);
    expect(projectMercator([-180, -85.0511287798], 1)[1]).toBeCloseTo(512, 6);
  });

  it('labels an area at the centroid of its largest ring', () => {
    const square: [number, number][] = [
      [0, 0],
      [4, 0],
      [4, 4],
      [0, 4],
      [0, 0],
    ];
    const small: [number, number][] = [
      [10, 10],
      [11, 10],
      [11, 11],
      [10, 10],
    ];
    expect(labelPoint([small, square])).toEqual([2, 2]);
  });

  it('draws one linked SVG path per area inside the viewBox', () => {
    const { viewBox, areas } = toSvgAreas(collection);
    const [, , w, h] = viewBox.split(' ').map(Number);
    expect(areas).toHaveLength(13);
    expect(areas.find((a) => a.name === 'Holly Springs')?.href).toBe('/city/holly-springs');
    for (const a of areas) {
      expect(a.d).toMatch(/^M[\d. L]+Z/);
      const nums = a.d.match(/[\d.]+/g)!.map(Number);
      expect(Math.max(...nums)).toBeLessThanOrEqual(Math.max(w!, h!));
      expect(a.label[0]).toBeGreaterThan(0);
      expect(a.label[0]).toBeLessThan(w!);
      expect(a.label[1]).toBeLessThan(h!);
    }
  });

  it('builds escaped attribution HTML from the structured list', () => {
    expect(
      buildAttributionHtml([
        { label: 'OpenStreetMap contributors', url: 'https://www.openstreetmap.org/copyright' },
        { label: 'A & <B>', url: 'https://x.example/?a=1&b="2"' },
      ]),
    ).toBe(
      '&copy; <a href="https://www.openstreetmap.org/copyright">OpenStreetMap contributors</a> &copy; <a href="https://x.example/?a=1&amp;b=&quot;2&quot;">A &amp; &lt;B&gt;</a>',
    );
  });
});

describe('AreaMap.astro (server render)', () => {
  it('reserves the final box and draws every area as a link before any script runs', async () => {
    const html = await container.renderToString(AreaMap);
    expect(html).toMatch(/class="[^"]*\bh-\[400px\][^"]*\bmd:h-\[500px\][^"]*\blg:h-\[600px\]/);
    const svg = html.slice(html.indexOf('<svg'), html.indexOf('</svg>'));
    for (const [slug, name] of Object.entries(cityNames)) {
      expect(svg).toContain(`<a href="/city/${slug}" aria-label="${name}"`);
      expect(html.slice(html.indexOf('</svg>'))).toMatch(
        new RegExp(`<a href="/city/${slug}"[^>]*>\\s*${name}\\s*</a>`),
      );
    }
    // Hydrated by the project's directive: after a first interaction, near the viewport.
    expect(html).toContain('client="interaction"');
    expect(html).toContain('astro:interaction');
    expect(html).not.toMatch(/leaflet/i);
  });

  it('leaves the town list out on request', async () => {
    const html = await container.renderToString(AreaMap, { props: { townList: false } });
    expect(html.match(/<a href="\/city\//g)).toHaveLength(13);
  });
});
