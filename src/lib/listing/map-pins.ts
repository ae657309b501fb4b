/**
 * The pins of a map of homes (src/components/listing/HomesMap.astro): every home whose address
 * may be shown and that has coordinates, with its page, its name as a link says it, and its price
 * as a map search writes it; and the drawing they stand on. Pure.
 */
import type { Position } from 'geojson';
import { projectMercator, type SvgArea } from '../geo.ts';
import {
  formatPrice,
  formatPriceShort,
  isAddressShown,
  isAvailable,
  shownPrice,
  statusLabel,
  streetLine,
  type AddressParts,
  type PriceFields,
} from './format.ts';

export interface PinHome {
  id: string;
  data: AddressParts & PriceFields & { Latitude?: number | undefined; Longitude?: number | undefined };
}

export interface HomePin {
  href: string;
  /** [longitude, latitude], the order of GeoJSON and of `toSvgAreas` (src/lib/geo.ts). */
  at: [number, number];
  /** The pin's link name: "{street}, {town}: {status}, {price}", e.g. "..., Active, $525,000". */
  name: string;
  /** "$525K": the label beside the pin. */
  price: string;
  /** Can still be bought (Active or Coming Soon): a filled pin; under contract or sold: a hollow one. */
  available: boolean;
}

/** Whether every pin shows its price (kept apart by `placeLabels`), or only the one pointed at or focused: all while they are few. */
export const pinsLabelled = (count: number) => count <= 12;

/** Where a price label or a pin is on screen (a DOMRect). */
export interface ScreenBox {
  left: number;
  top: number;
  right: number;
  bottom: number;
}

/**
 * Where each price label goes, as a map search places them: in the list's order, above its pin,
 * else below it, where it touches no label placed before it and no other home's pin (`gap` pixels
 * apart at least); else nowhere (`null`: left out until its pin is pointed at). `above` is the
 * label's box above its pin; below is its mirror image across the pin. What is not shown (a box
 * of no size: a pin the list's choices hide) is not placed and is in no label's way.
 */
export function placeLabels(
  labels: readonly { href: string; above: ScreenBox; pin: ScreenBox }[],
  gap = 2,
): Map<string, 'top' | 'bottom' | null> {
  const shown = (b: ScreenBox) => b.right > b.left && b.bottom > b.top;
  const touch = (a: ScreenBox, b: ScreenBox) =>
    a.left < b.right + gap && b.left < a.right + gap && a.top < b.bottom + gap && b.top < a.bottom + gap;
  const present = labels.filter((l) => shown(l.pin) && shown(l.above));
  const placed: ScreenBox[] = [];
  const sides = new Map<string, 'top' | 'bottom' | null>();
  for (const { href, above, pin } of present) {
    // Mirrored across the pin's middle (y -> top + bottom - y). Named one by one: a DOMRect's
    // sides are getters, which a spread would not copy.
    const across = pin.top + pin.bottom;
    const below = { left: above.left, right: above.right, top: across - above.bottom, bottom: across - above.top };
    const free = (box: ScreenBox) =>
      !placed.some((p) => touch(box, p)) && !present.some((l) => l.href !== href && touch(box, l.pin));
    const side = free(above) ? 'top' : free(below) ? 'bottom' : null;
    if (side) placed.push(side === 'top' ? above : below);
    sides.set(href, side);
  }
  return sides;
}

/** A home as the Leaflet map takes it (src/components/map/LeafletAreaMap.tsx). */
export type MapPin = Omit<HomePin, 'at'> & { lat: number; lng: number };

export function homePins(homes: readonly PinHome[]): HomePin[] {
  return homes.flatMap(({ id, data: h }): HomePin[] => {
    if (!isAddressShown(h) || h.Latitude === undefined || h.Longitude === undefined) return [];
    const price = shownPrice(h);
    return [
      {
        href: `/listings/${id}`,
        at: [h.Longitude, h.Latitude],
        name: `${streetLine(h)}, ${h.City}: ${statusLabel(h.StandardStatus)}, ${formatPrice(price)}`,
        price: formatPriceShort(price),
        available: isAvailable(h.StandardStatus),
      },
    ];
  });
}

/**
 * The drawing under the pins: the service areas' outlines and names, one SVG file
 * (src/pages/geo/service-areas.svg.ts) that every map of homes draws with `<use>`, so the pages of
 * the lists carry only their pins (the outlines inline pushed a list's HTML past what a first
 * round trip brings on a slow connection, for a map below the cards).
 */
export const outlinesHref = '/geo/service-areas.svg#areas';
/** Units around the outlines, in the drawing's units. */
export const outlinesPadding = 24;
/** The outlines' and names' ink. */
export const outlineInk = '#3c4a63';

/** One unit of type and pin sizes: the same size on screen whatever the drawing's extent. */
export const drawingUnit = (width: number, height: number) => Math.round((Math.max(width, height) / 500) * 100) / 100;

const size = (viewBox: string) => viewBox.split(' ').slice(2).map(Number) as [number, number];
const escapeXml = (s: string) => s.replace(/[&<>"]/g, (c) => `&#${c.charCodeAt(0)};`);

/** The outlines file: every area's outline and, at its middle, its name, in the group `#areas`. */
export function outlinesDocument({ viewBox, areas }: { viewBox: string; areas: readonly SvgArea[] }): string {
  const u = drawingUnit(...size(viewBox));
  const paths = areas.map(
    (a) =>
      `<path d="${a.d}" fill="#fff" fill-opacity="0.9" stroke="${outlineInk}" stroke-opacity="0.5" stroke-width="1.5" vector-effect="non-scaling-stroke"/>`,
  );
  const names = areas.map(
    (a) =>
      `<text x="${a.label[0]}" y="${a.label[1]}" fill="${outlineInk}" font-size="${13 * u}" text-anchor="middle" dominant-baseline="middle">${escapeXml(a.name)}</text>`,
  );
  return `<svg xmlns="http://www.w3.org/2000/svg" viewBox="${viewBox}"><g id="areas">${paths.join('')}${names.join('')}</g></svg>\n`;
}

/**
 * Where pins stand on the outlines' drawing (`origin` is its 0 0, projected at `zoom`), and a
 * viewBox holding the drawing and every pin with `padding` around, even a pin outside every outline.
 */
export function pinsOnOutlines(
  drawing: { viewBox: string; origin: readonly [number, number] },
  places: readonly Position[],
  zoom: number,
  padding = outlinesPadding,
): { points: [number, number][]; viewBox: string; unit: number } {
  const [width, height] = size(drawing.viewBox);
  const n = (v: number) => Math.round(v * 10) / 10;
  const points = places.map((p): [number, number] => {
    const [x, y] = projectMercator(p, zoom);
    return [n(x - drawing.origin[0]), n(y - drawing.origin[1])];
  });
  const xs = points.map(([x]) => x);
  const ys = points.map(([, y]) => y);
  const [minX, minY] = [Math.min(0, ...xs.map((x) => x - padding)), Math.min(0, ...ys.map((y) => y - padding))];
  const [maxX, maxY] = [
    Math.max(width, ...xs.map((x) => x + padding)),
    Math.max(height, ...ys.map((y) => y + padding)),
  ];
  return {
    points,
    viewBox: `${n(minX)} ${n(minY)} ${n(maxX - minX)} ${n(maxY - minY)}`,
    unit: drawingUnit(width, height),
  };
}
