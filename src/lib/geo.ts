/**
 * The service-area map without any map library: the map view and styles of SPEC §2, the
 * link of each area, a checked reading of the geojson file, coordinate rounding for the
 * generator script, and the Web Mercator projection that draws the no-JavaScript SVG.
 */
import type { Feature, FeatureCollection, MultiPolygon, Polygon, Position } from 'geojson';
import { slugify } from './seo/meta.ts';

/** Where the service areas are published; the map island fetches it, the SVG fallback inlines it. */
export const serviceAreasUrl = '/geo/service-areas.geojson';

/** SPEC §2: centred at about 35.78, -78.64 at zoom 9.5 (so the zoom snap must allow halves). */
export const mapView = { center: [35.78, -78.64] as [number, number], zoom: 9.5, zoomSnap: 0.5 } as const;

/** SPEC §2 area styles: red at fill opacity 0.2 and weight 5, a lighter red at 0.4 and 7 on hover. */
export const areaStyle = { color: '#dc2626', fillColor: '#dc2626', fillOpacity: 0.2, weight: 5 } as const;
export const areaHoverStyle = { color: '#f87171', fillColor: '#f87171', fillOpacity: 0.4, weight: 7 } as const;
/** The pins of a map of homes, drawn or on Leaflet (HomesMap.astro): for sale brand red, else ink. */
export const pinColours = { available: '#961c22', other: '#14213d' } as const;

export interface ServiceAreaProperties {
  name: string;
  county?: string;
}
export type ServiceArea = Feature<Polygon | MultiPolygon, ServiceAreaProperties>;
export type ServiceAreaCollection = FeatureCollection<Polygon | MultiPolygon, ServiceAreaProperties>;

/** City page of an area: SPEC's slug rule applied to the feature's `name`. */
export function areaHref(name: string): string {
  return `/city/${slugify(name)}`;
}

const isRecord = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null;
const isPosition = (p: unknown): p is Position =>
  Array.isArray(p) && p.length >= 2 && p.every((n) => typeof n === 'number' && Number.isFinite(n));
const isRing = (r: unknown): r is Position[] => Array.isArray(r) && r.length >= 4 && r.every(isPosition);
const isPolygonCoords = (c: unknown): c is Position[][] => Array.isArray(c) && c.length > 0 && c.every(isRing);

/**
 * Reads a service-area FeatureCollection, throwing an Error that names the first problem: it must
 * hold at least one feature, and every feature must be a Polygon or MultiPolygon with a non-empty
 * string `name`.
 */
export function parseServiceAreas(json: unknown): ServiceAreaCollection {
  if (!isRecord(json) || json['type'] !== 'FeatureCollection' || !Array.isArray(json['features'])) {
    throw new Error('not a GeoJSON FeatureCollection');
  }
  // An empty one would draw a blank map in place of the drawing and its links.
  if (json['features'].length === 0) throw new Error('no outline: the FeatureCollection has no features');
  const features = json['features'].map((f: unknown, i): ServiceArea => {
    if (!isRecord(f) || f['type'] !== 'Feature' || !isRecord(f['geometry']) || !isRecord(f['properties'])) {
      throw new Error(`feature ${i} is not a GeoJSON Feature with geometry and properties`);
    }
    const { name, county } = f['properties'];
    if (typeof name !== 'string' || name.trim() === '') throw new Error(`feature ${i} has no "name" property`);
    const g = f['geometry'];
    const ok =
      (g['type'] === 'Polygon' && isPolygonCoords(g['coordinates'])) ||
      (g['type'] === 'MultiPolygon' && Array.isArray(g['coordinates']) && g['coordinates'].every(isPolygonCoords));
    if (!ok) throw new Error(`feature "${name}" is not a Polygon or MultiPolygon`);
    const properties: ServiceAreaProperties = { name: name.trim() };
    if (typeof county === 'string') properties.county = county;
    return { type: 'Feature', properties, geometry: g as unknown as Polygon | MultiPolygon };
  });
  return { type: 'FeatureCollection', features };
}

/**
 * What is wrong when the outlines are not one per city guide, each in its town's county (a city
 * file added, removed or moved to another county since `npm run geo` last ran): the towns without
 * an outline, the outlines without a town and those drawn in another county, and what to do;
 * undefined when they match.
 */
export function serviceAreasMismatch(
  towns: readonly { name: string; county: string }[],
  drawn: readonly { name: string; county?: string | undefined }[],
): string | undefined {
  const names = (list: readonly { name: string }[]) => list.map((t) => t.name);
  const missing = names(towns).filter((town) => !names(drawn).includes(town));
  const extra = names(drawn).filter((name) => !names(towns).includes(name));
  const moved = towns.flatMap((town) => {
    const outline = drawn.find((d) => d.name === town.name);
    return outline && outline.county !== town.county ? [`${town.name} in ${outline.county}, not ${town.county}`] : [];
  });
  if (missing.length === 0 && extra.length === 0 && moved.length === 0) return undefined;
  const parts = [
    ...(missing.length ? [`has no outline for ${missing.join(', ')}`] : []),
    ...(extra.length ? [`has an outline for ${extra.join(', ')}, which no file of content/cities/ names`] : []),
    ...(moved.length ? [`draws ${moved.join(', ')}`] : []),
  ];
  return `${parts.join(' and ')}: run npm run geo (README, "Adding a city") and commit the file`;
}

/** Polygons of a feature as one list, so Polygon and MultiPolygon are handled alike. */
export function polygonsOf(geometry: Polygon | MultiPolygon): Position[][][] {
  return geometry.type === 'Polygon' ? [geometry.coordinates] : geometry.coordinates;
}

/** Rounds every coordinate to `decimals` places (4 is about 11 m) and drops repeated points. */
export function roundGeometry<G extends Polygon | MultiPolygon>(geometry: G, decimals: number): G {
  const f = 10 ** decimals;
  const ring = (r: Position[]): Position[] =>
    r
      .map(([x, y]) => [Math.round(x! * f) / f, Math.round(y! * f) / f])
      .filter((p, i, all) => i === 0 || p[0] !== all[i - 1]![0] || p[1] !== all[i - 1]![1]);
  const polygon = (p: Position[][]) => p.map(ring);
  return (
    geometry.type === 'Polygon'
      ? { type: 'Polygon', coordinates: polygon(geometry.coordinates) }
      : { type: 'MultiPolygon', coordinates: geometry.coordinates.map(polygon) }
  ) as G;
}

/** Web Mercator (as Leaflet draws), in pixels at `zoom`: x grows east, y grows south. */
export function projectMercator([lng, lat]: Position, zoom: number): [number, number] {
  const size = 256 * 2 ** zoom;
  const phi = (lat! * Math.PI) / 180;
  const x = ((lng! + 180) / 360) * size;
  const y = (0.5 - Math.log(Math.tan(Math.PI / 4 + phi / 2)) / (2 * Math.PI)) * size;
  return [x, y];
}

/** Area-weighted centroid of the largest of the rings (shoelace formula). */
export function labelPoint(rings: readonly (readonly [number, number][])[]): [number, number] {
  let best: [number, number] = [0, 0];
  let bestArea = -1;
  for (const r of rings) {
    let a = 0;
    let cx = 0;
    let cy = 0;
    for (let i = 0; i < r.length - 1; i++) {
      const [x0, y0] = r[i]!;
      const [x1, y1] = r[i + 1]!;
      const cross = x0 * y1 - x1 * y0;
      a += cross;
      cx += (x0 + x1) * cross;
      cy += (y0 + y1) * cross;
    }
    if (Math.abs(a) > bestArea && a !== 0) {
      bestArea = Math.abs(a);
      best = [cx / (3 * a), cy / (3 * a)];
    }
  }
  return best;
}

export interface SvgArea {
  name: string;
  href: string;
  /** SVG path data of every ring. */
  d: string;
  /** Where the name is written: the centroid of the largest outer ring. */
  label: [number, number];
}

/**
 * Projects the areas for an inline SVG in the same projection and scale as the Leaflet map,
 * with a viewBox that fits all of them plus `padding` pixels. `origin` is the projected point at
 * the drawing's 0 0 (places go on it with `pinsOnOutlines`, src/lib/listing/map-pins.ts).
 */
export function toSvgAreas(
  collection: ServiceAreaCollection,
  zoom: number = mapView.zoom,
  padding = 12,
): { viewBox: string; areas: SvgArea[]; origin: [number, number] } {
  let minX = Infinity;
  let minY = Infinity;
  let maxX = -Infinity;
  let maxY = -Infinity;
  const projected = collection.features.map((f) => {
    const polygons = polygonsOf(f.geometry).map((rings) =>
      rings.map((r) =>
        r.map((p) => {
          const [x, y] = projectMercator(p, zoom);
          minX = Math.min(minX, x);
          minY = Math.min(minY, y);
          maxX = Math.max(maxX, x);
          maxY = Math.max(maxY, y);
          return [x, y] as [number, number];
        }),
      ),
    );
    return { f, polygons };
  });
  const ox = minX - padding;
  const oy = minY - padding;
  const n = (v: number) => Math.round(v * 10) / 10;
  const areas = projected.map(({ f, polygons }): SvgArea => {
    const d = polygons
      .flatMap((rings) => rings.map((r) => `M${r.map(([x, y]) => `${n(x - ox)} ${n(y - oy)}`).join('L')}Z`))
      .join('');
    const [lx, ly] = labelPoint(polygons.map((rings) => rings[0]!));
    return { name: f.properties.name, href: areaHref(f.properties.name), d, label: [n(lx - ox), n(ly - oy)] };
  });
  const viewBox = `0 0 ${n(maxX - minX + 2 * padding)} ${n(maxY - minY + 2 * padding)}`;
  return { viewBox, areas, origin: [ox, oy] };
}

const escapeHtml = (s: string) =>
  s.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!);

/** Leaflet wants its attribution as HTML: built here from the structured list in the site config. */
export function buildAttributionHtml(sources: readonly { label: string; url: string }[]): string {
  return sources.map((s) => `&copy; <a href="${escapeHtml(s.url)}">${escapeHtml(s.label)}</a>`).join(' ');
}
