/**
 * Writes public/geo/service-areas.geojson: one outline per service-area town, drawn by the
 * home-page map and its no-JavaScript SVG fallback.
 *
 * Official municipal boundaries cannot be downloaded here, so by default the areas are
 * approximate: the US Census county outlines of us-atlas (counties-10m) around the towns are
 * cut into one Voronoi cell per town centre (the land nearer that town than any other), each
 * cell kept within a radius of its town so outlying countryside is not claimed. The output is
 * the same bytes on every run.
 *
 *   npm run geo                                        # approximate areas
 *   npm run geo -- --boundaries official.geojson       # official outlines instead
 *   node scripts/make-geojson.ts --out other/file.geojson
 *
 * `--boundaries` takes a GeoJSON FeatureCollection with one Polygon or MultiPolygon feature per
 * town whose `name` property is the town's name as in content/cities/*.yaml; the script only
 * checks, simplifies, rounds and rewinds it.
 */
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { dirname, resolve } from 'node:path';
import { parseArgs } from 'node:util';
import {
  booleanValid,
  circle,
  featureCollection,
  intersect,
  kinks,
  point,
  rewind,
  simplify,
  union,
  voronoi,
} from '@turf/turf';
import type { Feature, FeatureCollection, MultiPolygon, Polygon } from 'geojson';
import { feature } from 'topojson-client';
import type { GeometryCollection, Topology } from 'topojson-specification';
import { parseServiceAreas, polygonsOf, roundGeometry, type ServiceArea } from '../src/lib/geo.ts';

const root = resolve(import.meta.dirname, '..');
const defaultOut = resolve(root, 'public/geo/service-areas.geojson');

/**
 * The 13 towns of SPEC with their centres (downtown, WGS84) and home county. Raleigh reaches
 * further from its centre than the smaller towns, so its area may too.
 */
export const towns = [
  { name: 'Raleigh', county: 'Wake County', lat: 35.7796, lng: -78.6382, radiusKm: 20 },
  { name: 'Cary', county: 'Wake County', lat: 35.7915, lng: -78.7811 },
  { name: 'Apex', county: 'Wake County', lat: 35.7327, lng: -78.8503 },
  { name: 'Wake Forest', county: 'Wake County', lat: 35.9799, lng: -78.5097 },
  { name: 'Holly Springs', county: 'Wake County', lat: 35.6513, lng: -78.8336 },
  { name: 'Garner', county: 'Wake County', lat: 35.7113, lng: -78.6142 },
  { name: 'Rolesville', county: 'Wake County', lat: 35.9232, lng: -78.4575 },
  { name: 'Knightdale', county: 'Wake County', lat: 35.7877, lng: -78.4806 },
  { name: 'Wendell', county: 'Wake County', lat: 35.781, lng: -78.3697 },
  { name: 'Zebulon', county: 'Wake County', lat: 35.8243, lng: -78.3147 },
  { name: 'Youngsville', county: 'Franklin County', lat: 36.0249, lng: -78.4744 },
  { name: 'Franklinton', county: 'Franklin County', lat: 36.1018, lng: -78.4583 },
  { name: 'Fuquay-Varina', county: 'Wake County', lat: 35.5843, lng: -78.8 },
] as const;

/** The towns' own counties (Wake, Franklin) and the two their edges spill into (Johnston, Harnett). */
export const regionCounties = new Map([
  ['37183', 'Wake'],
  ['37069', 'Franklin'],
  ['37101', 'Johnston'],
  ['37085', 'Harnett'],
]);

/** No area reaches further than this from its town centre, unless the town says otherwise. */
const radiusKm = 13;
/** Douglas-Peucker tolerance in degrees (about 200 m): the map is seen at county scale. */
const tolerance = 0.002;
/**
 * About 1 m: finer than the map can show, small enough for a few KB, and where one area has a
 * vertex on a neighbour's straight edge, rounding leaves slivers a metre wide, not ten.
 */
const decimals = 5;

const metadata = (source: 'approximate' | 'official') => ({
  title: 'Triangle service areas',
  approximate: source === 'approximate',
  description:
    source === 'approximate'
      ? `Approximate service areas, not municipal boundaries. Each area is the land nearer to its town centre than to any other of the 13 towns (a Voronoi cell), within ${radiusKm} km of the centre (${towns.flatMap((t) => ('radiusKm' in t ? [`${t.name}: ${t.radiusKm} km`] : [])).join(', ')}) and inside the ${[...regionCounties.values()].join(', ')} county outlines. County outlines: US Census Bureau cartographic boundaries via the us-atlas package (counties-10m).`
      : 'Boundaries supplied with --boundaries, simplified and rounded for the web map.',
  howToReplace:
    'To draw official boundaries instead, run: npm run geo -- --boundaries official.geojson (a GeoJSON FeatureCollection with one Polygon or MultiPolygon feature per town, each with a "name" property equal to the city name in content/cities).',
  generator: 'scripts/make-geojson.ts',
});

type Area = Feature<Polygon | MultiPolygon>;

function loadRegion(): Feature<Polygon | MultiPolygon> {
  const atlas = resolve(root, 'node_modules/us-atlas/counties-10m.json');
  const topology = JSON.parse(readFileSync(atlas, 'utf8')) as Topology<{ counties: GeometryCollection }>;
  const counties = feature(topology, topology.objects.counties) as FeatureCollection<Polygon | MultiPolygon>;
  const wanted = counties.features.filter((f) => regionCounties.has(String(f.id)));
  if (wanted.length !== regionCounties.size) throw new Error('us-atlas lacks a region county');
  const merged = union(featureCollection(wanted));
  if (!merged) throw new Error('the region counties do not merge into one outline');
  return simplify(merged, { tolerance, highQuality: true });
}

/**
 * Voronoi cells are computed with longitude scaled by cos(latitude), so the cell edges lie
 * half-way between towns in kilometres rather than in degrees.
 */
function makeApproximateAreas(): Area[] {
  const region = loadRegion();
  const k = Math.cos((36 * Math.PI) / 180);
  const seeds = featureCollection(towns.map((t) => point([t.lng * k, t.lat])));
  const cells = voronoi(seeds, { bbox: [-80 * k, 34.5, -77 * k, 37] });
  return towns.map((t, i) => {
    const cell = cells.features[i];
    if (!cell) throw new Error(`no Voronoi cell for ${t.name}`);
    const unscaled: Feature<Polygon> = {
      ...cell,
      geometry: { type: 'Polygon', coordinates: cell.geometry.coordinates.map((r) => r.map(([x, y]) => [x! / k, y!])) },
    };
    const near = circle([t.lng, t.lat], 'radiusKm' in t ? t.radiusKm : radiusKm, { units: 'kilometers', steps: 48 });
    const inCounties = intersect(featureCollection([unscaled, region]));
    const area = inCounties && intersect(featureCollection([inCounties, near]));
    if (!area) throw new Error(`the area of ${t.name} is empty`);
    return area;
  });
}

function readBoundaries(file: string): Area[] {
  let parsed;
  try {
    parsed = parseServiceAreas(JSON.parse(readFileSync(file, 'utf8')));
  } catch (error) {
    throw new Error(`${file} is not a usable boundary file: ${(error as Error).message}`, { cause: error });
  }
  const byName = new Map(parsed.features.map((f) => [f.properties.name, f]));
  return towns.map((t) => {
    const f = byName.get(t.name);
    if (!f) throw new Error(`${file} has no feature named "${t.name}" (names must match content/cities exactly)`);
    return simplify(f, { tolerance, highQuality: true });
  });
}

/** Same bytes for the same input: fixed town order, rounded coordinates, RFC 7946 winding. */
export function buildServiceAreas(boundaries?: string): FeatureCollection & { metadata: object } {
  const areas = boundaries ? readBoundaries(boundaries) : makeApproximateAreas();
  const features = towns.map((t, i): ServiceArea => {
    const geometry = roundGeometry((rewind(areas[i]!) as Area).geometry, decimals);
    const out: ServiceArea = {
      type: 'Feature',
      properties: { name: t.name, county: t.county },
      geometry,
    };
    const problems = !booleanValid(out) ? 'is not a valid polygon' : kinks(out).features.length ? 'crosses itself' : '';
    if (problems) throw new Error(`the outline of ${t.name} ${problems}`);
    if (polygonsOf(geometry).some((p) => p[0]!.length < 4)) throw new Error(`the outline of ${t.name} collapsed`);
    return out;
  });
  return { type: 'FeatureCollection', metadata: metadata(boundaries ? 'official' : 'approximate'), features };
}

/** One feature a line: readable diffs when an outline changes, and still only a few KB. */
export function serialise(collection: FeatureCollection & { metadata: object }): string {
  const features = collection.features.map((f) => `    ${JSON.stringify(f)}`).join(',\n');
  const meta = JSON.stringify(collection.metadata, null, 2).replace(/\n/g, '\n  ');
  return `{\n  "type": "FeatureCollection",\n  "metadata": ${meta},\n  "features": [\n${features}\n  ]\n}\n`;
}

const usage = 'Usage: node scripts/make-geojson.ts [--boundaries official.geojson] [--out file.geojson]';

if (import.meta.main) {
  try {
    const { values } = parseArgs({ options: { boundaries: { type: 'string' }, out: { type: 'string' } } });
    const out = values.out ? resolve(values.out) : defaultOut;
    const text = serialise(buildServiceAreas(values.boundaries && resolve(values.boundaries)));
    mkdirSync(dirname(out), { recursive: true });
    writeFileSync(out, text);
    console.log(`Wrote ${out} (${(Buffer.byteLength(text) / 1024).toFixed(1)} KB, ${towns.length} areas)`);
  } catch (error) {
    console.error(`make-geojson: ${(error as Error).message}\n${usage}`);
    process.exitCode = 1;
  }
}
