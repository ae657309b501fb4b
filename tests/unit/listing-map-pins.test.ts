/** The pins of a map of homes (src/lib/listing/map-pins.ts) and the short prices beside them. */
import { describe, expect, it } from 'vitest';
import { formatPriceShort } from '../../src/lib/listing/format.ts';
import { projectMercator } from '../../src/lib/geo.ts';
import {
  homePins,
  outlinesDocument,
  outlinesHref,
  pinsLabelled,
  pinsOnOutlines,
  placeLabels,
  type PinHome,
} from '../../src/lib/listing/map-pins.ts';
import { sampleHome } from '../support/sample-home.ts';

const home = (id: string, fields: Partial<PinHome['data']> = {}): PinHome => ({
  id,
  data: { ...sampleHome, ...fields },
});

describe('a map of homes', () => {
  it('pins each home at its coordinates, linked to its page and named with its status and price', () => {
    expect(homePins([home('412-oak-grove-lane-cary-nc')])).toEqual([
      {
        href: '/listings/412-oak-grove-lane-cary-nc',
        at: [-78.8032, 35.7968],
        name: '412 Oak Grove Lane, Cary: Active, $525,000',
        price: '$525K',
        available: true,
      },
    ]);
  });

  it('prices a sold home at its close price, and marks only homes that can be bought as available', () => {
    const [sold, pending, coming] = homePins([
      home('a', { StandardStatus: 'Closed', ClosePrice: 702_500, CloseDate: '2026-09-30' }),
      home('b', { StandardStatus: 'Pending' }),
      home('c', { StandardStatus: 'Coming Soon' }),
    ]);
    expect(sold).toMatchObject({ name: '412 Oak Grove Lane, Cary: Sold, $702,500', price: '$703K', available: false });
    expect(pending).toMatchObject({ available: false });
    expect(coming).toMatchObject({ available: true });
  });

  it('leaves out a home whose address is withheld, and one without coordinates', () => {
    const withheld = home('withheld', {
      InternetAddressDisplayYN: false,
      StreetNumber: undefined,
      StreetName: undefined,
      StreetSuffix: undefined,
    });
    expect(homePins([withheld, home('nowhere', { Latitude: undefined }), home('here')]).map((p) => p.href)).toEqual([
      '/listings/here',
    ]);
  });

  it('writes every price while the pins are few, only on pointing when they are many', () => {
    expect(pinsLabelled(1)).toBe(true);
    expect(pinsLabelled(12)).toBe(true);
    expect(pinsLabelled(13)).toBe(false);
  });
});

describe('a short price', () => {
  it('is in thousands or millions, to three figures', () => {
    expect(formatPriceShort(525_000)).toBe('$525K');
    expect(formatPriceShort(559_900)).toBe('$560K');
    expect(formatPriceShort(1_250_000)).toBe('$1.25M');
    expect(formatPriceShort(2_000_000)).toBe('$2M');
    expect(formatPriceShort(85_000)).toBe('$85K');
  });
});

describe('the drawing under the pins', () => {
  const areas = [
    { name: 'Cary', href: '/city/cary', d: 'M0 0L10 0L10 10Z', label: [5, 5] as [number, number] },
    { name: 'A & <B>', href: '/city/a-b', d: 'M10 0L20 0L20 10Z', label: [15, 5] as [number, number] },
  ];

  it('is one SVG file of every outline and name, in the group the maps use', () => {
    const svg = outlinesDocument({ viewBox: '0 0 500 400', areas });
    expect(outlinesHref).toBe('/geo/service-areas.svg#areas');
    expect(svg).toMatch(/^<svg xmlns="http:\/\/www.w3.org\/2000\/svg" viewBox="0 0 500 400"><g id="areas">/);
    expect(svg.match(/<path d="M0 0L10 0L10 10Z"/g)).toHaveLength(1);
    expect(svg).toContain('>Cary</text>');
    expect(svg).toContain('>A &#38; &#60;B&#62;</text>');
  });

  it('places pins on it from its origin, and widens the view for a pin outside it', () => {
    const zoom = 9.5;
    const inside: [number, number] = [-78.78, 35.79];
    const [x, y] = projectMercator(inside, zoom);
    const drawing = { viewBox: '0 0 500 400', origin: [x - 100, y - 50] as [number, number] };
    expect(pinsOnOutlines(drawing, [inside], zoom)).toEqual({ points: [[100, 50]], viewBox: '0 0 500 400', unit: 1 });
    const west = projectMercator([-79.5, 35.79], zoom);
    const far = pinsOnOutlines(drawing, [inside, [-79.5, 35.79]], zoom, 24);
    const farX = Math.round((west[0] - drawing.origin[0]) * 10) / 10;
    expect(far.points[1]![0]).toBe(farX);
    expect(far.viewBox.split(' ').map(Number)[0]).toBeCloseTo(farX - 24, 1);
    expect(far.viewBox.split(' ').map(Number)[1]).toBe(0);
  });
});

describe('price labels kept apart', () => {
  /** A box as the browser gives it (a DOMRect: its sides are getters, not own properties). */
  class Box {
    readonly x: number;
    readonly y: number;
    readonly width: number;
    readonly height: number;
    constructor(x: number, y: number, width: number, height: number) {
      [this.x, this.y, this.width, this.height] = [x, y, width, height];
    }
    get left() {
      return this.x;
    }
    get top() {
      return this.y;
    }
    get right() {
      return this.x + this.width;
    }
    get bottom() {
      return this.y + this.height;
    }
  }
  /** A pin of 16 px centred at x, y, and its 40 by 20 px label above it (14 px from its middle). */
  const home = (href: string, x: number, y: number) => ({
    href,
    pin: new Box(x - 8, y - 8, 16, 16),
    above: new Box(x - 20, y - 34, 40, 20),
  });

  it('puts each label above its pin while nothing is in its way', () => {
    expect(placeLabels([home('a', 100, 100), home('b', 200, 100)])).toEqual(
      new Map([
        ['a', 'top'],
        ['b', 'top'],
      ]),
    );
  });

  it("puts a label below its pin when another home's pin is above, and leaves it out when both are", () => {
    // b's pin is where a's label would be above; c's pin where it would be below.
    const sides = placeLabels([home('a', 100, 100), home('b', 100, 76), home('c', 100, 124)]);
    expect(sides.get('a')).toBeNull();
    expect(placeLabels([home('a', 100, 100), home('b', 100, 76)]).get('a')).toBe('bottom');
  });

  it('gives way to a label placed before it, in the order given', () => {
    // Side by side, 30 px apart: their labels (40 px wide) would overlap; the second goes below.
    const sides = placeLabels([home('a', 100, 100), home('b', 130, 100)]);
    expect([...sides]).toEqual([
      ['a', 'top'],
      ['b', 'bottom'],
    ]);
    // Apart by more than the gap, they stay side by side.
    expect(placeLabels([home('a', 100, 100), home('b', 143, 100)]).get('b')).toBe('top');
    expect(placeLabels([home('a', 100, 100), home('b', 141, 100)]).get('b')).toBe('bottom');
  });

  it('neither places nor gives way to a pin that is not shown', () => {
    const hidden = { href: 'b', pin: new Box(0, 0, 0, 0), above: new Box(0, 0, 0, 0) };
    expect([...placeLabels([home('a', 100, 100), hidden])]).toEqual([['a', 'top']]);
  });
});
