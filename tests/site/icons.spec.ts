/**
 * The site's icons: the favicon in tabs and search results, and the home-screen icon that iOS
 * shows on the home screen, in bookmarks and in the share sheet (and asks for by its address).
 */
import { readFileSync } from 'node:fs';
import { expect, test } from '@playwright/test';
import sharp from 'sharp';
import { allPagePaths } from '../support/pages.ts';

const drawing = readFileSync(new URL('../../src/assets/site/favicon.svg', import.meta.url), 'utf8');

test('every page links the favicon and the home-screen icon', async ({ request }) => {
  for (const path of allPagePaths()) {
    const html = await (await request.get(path)).text();
    expect(html, path).toContain('<link rel="icon" href="/favicon.svg" type="image/svg+xml">');
    expect(html, path).toContain('<link rel="apple-touch-icon" href="/apple-touch-icon.png">');
  }
});

test('the favicon is the drawing, as SVG', async ({ request }) => {
  const res = await request.get('/favicon.svg');
  expect(res.status()).toBe(200);
  expect(res.headers()['content-type']).toMatch(/^image\/svg\+xml/);
  expect(await res.text()).toBe(drawing);
});

test('the home-screen icon is the drawing as a 180×180 PNG, its corners square and opaque', async ({ request }) => {
  const res = await request.get('/apple-touch-icon.png');
  expect(res.status()).toBe(200);
  expect(res.headers()['content-type']).toBe('image/png');
  const { data, info } = await sharp(await res.body())
    .ensureAlpha()
    .raw()
    .toBuffer({ resolveWithObject: true });
  expect([info.width, info.height]).toEqual([180, 180]);
  const rgba = (x: number, y: number) => [...data.subarray((y * 180 + x) * 4, (y * 180 + x) * 4 + 4)];
  const hex = (color: string) => [1, 3, 5].map((i) => parseInt(color.slice(i, i + 2), 16));
  const [background, mark] = [...drawing.matchAll(/fill="(#[0-9a-f]{6})"/gi)].map((m) => [...hex(m[1]!), 255]);
  // iOS rounds the corners itself and shows transparent ones as black.
  for (const [x, y] of [
    [0, 0],
    [179, 0],
    [0, 179],
    [179, 179],
  ] as const) {
    expect(rgba(x, y), `corner ${x},${y}`).toEqual(background);
  }
  // The house, inside its roof: (16, 12) of the drawing's 32 units.
  expect(rgba(90, 68)).toEqual(mark);
});
