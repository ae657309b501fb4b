/**
 * Writes public/geo/service-areas.geojson: one outline per city guide of content/cities/, drawn
 * by the home-page map and its no-JavaScript SVG fallback. Each town's centre (`coordinates`),
 * reach (`map.radiusKm`) and county come from its file; the counties, from content/counties.yaml.
 *
 * Official municipal boundaries cannot be downloaded here, so by default the areas are
 * approximate: the US Census county outlines of us-atlas (counties-10m) of those counties are
 * cut into one Voronoi cell per town centre (the land nearer that town than any other), each
 * cell kept within its town's radius so outlying countryside is not claimed. The output is the
 * same bytes on every run.
 *
 *   npm run geo                                        # approximate areas
 *   npm run geo -- --boundaries official.geojson       # official outlines instead
 *   node scripts/make-geojson.ts --out other/file.geojson
 *
 * `--boundaries` takes a GeoJSON FeatureCollection with one Polygon or MultiPolygon feature per
 * town whose `name` property is the town's name as in content/cities/*.yaml; the script only
 * checks, simplifies, rounds and rewinds it.
 */
import { mkdirSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';
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
import { parse } from 'yaml';
import { z } from 'astro/zod';
import { parseServiceAreas, polygonsOf, roundGeometry, type ServiceArea } from '../src/lib/geo.ts';
import { countySchema, townSchema, type County, type Town } from '../src/lib/town.ts';

const root = resolve(import.meta.dirname, '..');
const defaultOut = resolve(root, 'public/geo/service-areas.geojson');

/** A file read and checked with the content schema; a wrong one stops the run, naming file and field. */
function readChecked<T>(file: string, schema: z.ZodType<T>): T {
  const result = schema.safeParse(parse(readFileSync(file, 'utf8')));
  if (!result.success) throw new Error(`${relative(root, file)}:\n${z.prettifyError(result.error)}`);
  return result.data;
}

type WithId<T> = T & { id: string };

/**
 * The towns (one per city file, ordered by file name; id = file name) and every county of
 * content/counties.yaml (id = its key), checked with the content schemas.
 */
export function readTowns(contentDir = resolve(root, 'content')): {
  towns: WithId<Town>[];
  counties: WithId<County>[];
} {
  const counties = Object.entries(
    readChecked(join(contentDir, 'counties.yaml'), z.record(z.string(), countySchema)),
  ).map(([id, county]) => ({ id, ...county }));
  const dir = join(contentDir, 'cities');
  const files = readdirSync(dir)
    .filter((f) => /\.ya?ml$/.test(f))
    .sort();
  const towns = files.map((f) => {
    const town = readChecked(join(dir, f), townSchema);
    if (!counties.some((c) => c.name === town.county)) {
      throw new Error(`content/cities/${f}: county "${town.county}" is not in content/counties.yaml`);
    }
    return { id: f.replace(/\.ya?ml$/, ''), ...town };
  });
  if (towns.length === 0) throw new Error(`no city files in ${relative(root, dir)}`);
  return { towns, counties };
}

/** Douglas-Peucker tolerance in degrees (about 200 m): the map is seen at county scale. */
const tolerance = 0.002;
/**
 * About 1 m: finer than the map can show, small enough for a few KB, and where one area has a
 * vertex on a neighbour's straight edge, rounding leaves slivers a metre wide, not ten.
 */
const decimals = 5;

const metadata = (source: 'approximate' | 'official', { towns, counties }: ReturnType<typeof readTowns>) => ({
  title: 'Triangle service areas',
  approximate: source === 'approximate',
  description:
    source === 'approximate'
      ? `Approximate service areas, not municipal boundaries. Each area is the land nearer to its town centre than to any other of the ${towns.length} towns (a Voronoi cell), within the town's radius of the centre (${towns.map((t) => `${t.name}: ${t.map.radiusKm} km`).join(', ')}) and inside the ${counties.map((c) => c.name.replace(/ County$/, '')).join(', ')} county outlines. County outlines: US Census Bureau cartographic boundaries via the us-atlas package (counties-10m).`
      : 'Boundaries supplied with --boundaries, simplified and rounded for the web map.',
  howToReplace:
    'To draw official boundaries instead, run: npm run geo -- --boundaries official.geojson (a GeoJSON FeatureCollection with one Polygon or MultiPolygon feature per town, each with a "name" property equal to the city name in content/cities).',
  generator: 'scripts/make-geojson.ts',
});

type Area = Feature<Polygon | MultiPolygon>;

function loadRegion(region: readonly County[]): Feature<Polygon | MultiPolygon> {
  const atlas = resolve(root, 'node_modules/us-atlas/counties-10m.json');
  const topology = JSON.parse(readFileSync(atlas, 'utf8')) as Topology<{ counties: GeometryCollection }>;
  const counties = feature(topology, topology.objects.counties) as FeatureCollection<Polygon | MultiPolygon>;
  const fips = new Set(region.map((c) => c.fips));
  const wanted = counties.features.filter((f) => fips.has(String(f.id)));
  if (wanted.length !== fips.size) throw new Error('us-atlas lacks a county of content/counties.yaml (check its fips)');
  const merged = union(featureCollection(wanted));
  if (!merged) throw new Error('the region counties do not merge into one outline');
  return simplify(merged, { tolerance, highQuality: true });
}

/**
 * Voronoi cells are computed with longitude scaled by cos(latitude), so the cell edges lie
 * half-way between towns in kilometres rather than in degrees.
 */
function makeApproximateAreas(towns: readonly Town[], counties: readonly County[]): Area[] {
  const region = loadRegion(counties);
  const k = Math.cos((36 * Math.PI) / 180);
  const seeds = featureCollection(towns.map((t) => point([t.coordinates.lng * k, t.coordinates.lat])));
  const cells = voronoi(seeds, { bbox: [-80 * k, 34.5, -77 * k, 37] });
  return towns.map((t, i) => {
    const cell = cells.features[i];
    if (!cell) throw new Error(`no Voronoi cell for ${t.name}`);
    const unscaled: Feature<Polygon> = {
      ...cell,
      geometry: { type: 'Polygon', coordinates: cell.geometry.coordinates.map((r) => r.map(([x, y]) => [x! / k, y!])) },
    };
    const near = circle([t.coordinates.lng, t.coordinates.lat], t.map.radiusKm, { units: 'kilometers', steps: 48 });
    const inCounties = intersect(featureCollection([unscaled, region]));
    const area = inCounties && intersect(featureCollection([inCounties, near]));
    if (!area) throw new Error(`the area of ${t.name} is empty`);
    return area;
  });
}

function readBoundaries(file: string, towns: readonly Town[]): Area[] {
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
export function buildServiceAreas(
  boundaries?: string,
  content = readTowns(),
): FeatureCollection & { metadata: object } {
  const { towns, counties } = content;
  const areas = boundaries ? readBoundaries(boundaries, towns) : makeApproximateAreas(towns, counties);
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
  return { type: 'FeatureCollection', metadata: metadata(boundaries ? 'official' : 'approximate', content), features };
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
    const collection = buildServiceAreas(values.boundaries && resolve(values.boundaries));
    const text = serialise(collection);
    mkdirSync(dirname(out), { recursive: true });
    writeFileSync(out, text);
    console.log(
      `Wrote ${out} (${(Buffer.byteLength(text) / 1024).toFixed(1)} KB, ${collection.features.length} areas)`,
    );
  } catch (error) {
    console.error(`make-geojson: ${(error as Error).message}\n${usage}`);
    process.exitCode = 1;
  }
}
