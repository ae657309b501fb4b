/**
 * The service-area map of SPEC §2 on /areas, against the production build. Tile requests are
 * answered locally with a small PNG and every other outside request is refused, so the real
 * client code runs without touching the network.
 */
import { expect, test, type Locator, type Page } from '@playwright/test';
import { axeViolations } from '../support/axe.ts';

const tile = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP4/vP/fwAJ9AP1R5VMTgAAAABJRU5ErkJggg==',
  'base64',
);
const tileHost = /^https:\/\/[a-d]\.basemaps\.cartocdn\.com\//;
const leafletChunk = /\/_astro\/LeafletAreaMap\.[\w-]+\.js$/;

const slugs: Record<string, string> = {
  Raleigh: 'raleigh',
  Cary: 'cary',
  Apex: 'apex',
  'Wake Forest': 'wake-forest',
  'Holly Springs': 'holly-springs',
  Garner: 'garner',
  Rolesville: 'rolesville',
  Knightdale: 'knightdale',
  Wendell: 'wendell',
  Zebulon: 'zebulon',
  Youngsville: 'youngsville',
  Franklinton: 'franklinton',
  'Fuquay-Varina': 'fuquay-varina',
};

async function offline(page: Page): Promise<string[]> {
  const outside: string[] = [];
  await page.route(/^https?:\/\/(?!127\.0\.0\.1[:/])/, (route) => {
    const url = route.request().url();
    if (tileHost.test(url)) return route.fulfill({ status: 200, contentType: 'image/png', body: tile });
    outside.push(url);
    return route.abort();
  });
  return outside;
}

/** Scrolls to the map and waits until Leaflet has drawn the 13 areas. */
async function openMap(page: Page): Promise<Locator> {
  await page.goto('/areas');
  const map = page.locator('[data-area-map] .leaflet-container');
  // Leaflet waits for the visitor's first interaction: a wheel turn is one.
  await page.mouse.wheel(0, 1);
  await page.locator('[data-area-map]').scrollIntoViewIfNeeded();
  await expect(map).toBeVisible();
  await expect(map.locator('path.leaflet-interactive')).toHaveCount(13);
  return map;
}

const area = (map: Locator, name: string) => map.getByRole('link', { name, exact: true });

/** A point of the map that no area covers, so a drag or a double click starts on the bare map. */
async function emptyPoint(page: Page, map: Locator): Promise<{ x: number; y: number }> {
  const box = (await map.boundingBox())!;
  for (let y = box.y + 8; y < box.y + box.height - 30; y += 12) {
    for (let x = box.x + 8; x < box.x + box.width - 8; x += 12) {
      const bare = await page.evaluate(
        ([px, py]) => !document.elementFromPoint(px!, py!)?.closest('.leaflet-interactive, .leaflet-control'),
        [x, y],
      );
      if (bare) return { x, y };
    }
  }
  throw new Error('no bare point on the map');
}

test.describe('with JavaScript', () => {
  test('hovering an area lightens it and names it in a centred tooltip', async ({ page, isMobile }) => {
    test.skip(isMobile, 'a phone names every area all the time (issue 19) and has no hover');
    await offline(page);
    const map = await openMap(page);
    const raleigh = area(map, 'Raleigh');
    await expect(raleigh).toHaveAttribute('fill-opacity', '0.2');
    await expect(raleigh).toHaveAttribute('stroke-width', '5');
    const stroke = await raleigh.getAttribute('stroke');

    // The map is centred on 35.78, -78.64, which lies in Raleigh.
    const box = (await map.boundingBox())!;
    await page.mouse.move(box.x + box.width / 2, box.y + box.height / 2);
    await expect(raleigh).toHaveAttribute('fill-opacity', '0.4');
    await expect(raleigh).toHaveAttribute('stroke-width', '7');
    expect(await raleigh.getAttribute('stroke')).not.toBe(stroke);
    const tooltip = map.locator('.leaflet-tooltip');
    await expect(tooltip).toHaveText('Raleigh');
    await expect(tooltip).toHaveClass(/leaflet-tooltip-center/);

    const bare = await emptyPoint(page, map);
    await page.mouse.move(bare.x, bare.y);
    await expect(raleigh).toHaveAttribute('fill-opacity', '0.2');
    await expect(raleigh).toHaveAttribute('stroke-width', '5');
    await expect(tooltip).toHaveCount(0);
  });

  test('clicking an area opens its city page', async ({ page }) => {
    await offline(page);
    const map = await openMap(page);
    const box = (await map.boundingBox())!;
    await page.mouse.click(box.x + box.width / 2, box.y + box.height / 2);
    await expect(page).toHaveURL(/\/city\/raleigh$/);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Raleigh');
  });

  test('every area is a keyboard link: focus names it, Enter opens its city page', async ({ page }) => {
    await offline(page);
    const map = await openMap(page);
    for (const [name, slug] of Object.entries(slugs)) {
      const link = area(map, name);
      await expect(link).toHaveAttribute('tabindex', '0');
      await expect(link).toHaveAttribute('role', 'link');
      expect(slug).toBe(name.toLowerCase().replace(/\s+/g, '-'));
    }
    const cary = area(map, 'Cary');
    await cary.focus();
    await expect(cary).toBeFocused();
    await expect(map.locator('.leaflet-tooltip', { hasText: 'Cary' })).toBeVisible();
    await expect(cary).toHaveAttribute('fill-opacity', '0.4');
    await page.keyboard.press('Enter');
    // The city page itself comes from the cities content; the map's job is the address.
    await expect(page).toHaveURL(/\/city\/cary$/);
  });

  test('wheel, drag and double click leave the map where it is; there are no zoom buttons', async ({ page }) => {
    await offline(page);
    const map = await openMap(page);
    const raleigh = area(map, 'Raleigh');
    // Leaflet keeps a pan in the map pane's transform and redraws the paths on a zoom.
    const where = async () => ({
      pane: await map.locator('.leaflet-map-pane').evaluate((el) => getComputedStyle(el).transform),
      d: await raleigh.getAttribute('d'),
    });
    const before = await where();
    await expect(map.locator('.leaflet-control-zoom')).toHaveCount(0);

    const box = (await map.boundingBox())!;
    await page.mouse.move(box.x + box.width / 2, box.y + box.height / 2);
    await page.mouse.wheel(0, -400);
    await page.waitForTimeout(400);
    await map.scrollIntoViewIfNeeded();
    expect(await where()).toEqual(before);

    const bare = await emptyPoint(page, map);
    await page.mouse.move(bare.x, bare.y);
    await page.mouse.down();
    await page.mouse.move(bare.x + 120, bare.y + 90, { steps: 8 });
    await page.mouse.up();
    await page.mouse.dblclick(bare.x, bare.y);
    await page.waitForTimeout(400);
    expect(await where()).toEqual(before);
    await expect(page).toHaveURL(/\/areas$/);
  });

  test('Leaflet and the tiles load only when the map nears the viewport, in the final box', async ({ page }) => {
    await offline(page);
    const requests: string[] = [];
    page.on('request', (r) => requests.push(r.url()));
    const width = page.viewportSize()!.width;
    await page.setViewportSize({ width, height: 200 });
    await page.goto('/areas');
    await page.waitForLoadState('networkidle');

    const box = page.locator('[data-area-map] > div').first();
    const top = await box.evaluate((el) => el.getBoundingClientRect().top);
    expect(top, 'the map must start well below the first view for this test').toBeGreaterThan(200 + 200 + 50);
    expect(requests.filter((u) => leafletChunk.test(u) || tileHost.test(u))).toEqual([]);
    await expect(page.locator('.leaflet-container')).toHaveCount(0);
    await expect(page.locator('style#leaflet-css')).toHaveCount(0);

    // No Leaflet rule in the first-view stylesheets.
    for (const href of await page
      .locator('link[rel="stylesheet"]')
      .evaluateAll((ls) => ls.map((l) => l.getAttribute('href')!))) {
      expect(await (await page.request.get(href)).text()).not.toContain('leaflet');
    }
    const height = (await box.boundingBox())!.height;

    await box.scrollIntoViewIfNeeded();
    await expect.poll(() => requests.some((u) => leafletChunk.test(u))).toBe(true);
    await expect.poll(() => requests.some((u) => tileHost.test(u))).toBe(true);
    await expect(page.locator('[data-area-map] .leaflet-container path.leaflet-interactive')).toHaveCount(13);
    expect((await box.boundingBox())!.height).toBe(height);
  });

  test('a map inside the first view waits for the first interaction before Leaflet or tiles load', async ({ page }) => {
    await offline(page);
    const requests: string[] = [];
    page.on('request', (r) => requests.push(r.url()));
    await page.setViewportSize({ width: page.viewportSize()!.width, height: 1400 });
    await page.goto('/areas');
    await page.waitForLoadState('networkidle');
    await page.waitForTimeout(300);
    const top = await page.locator('[data-area-map]').evaluate((el) => el.getBoundingClientRect().top);
    expect(top, 'the map must start inside the first view for this test').toBeLessThan(1000);
    expect(requests.filter((u) => leafletChunk.test(u) || tileHost.test(u))).toEqual([]);
    await expect(page.locator('[data-area-map] svg.fallback a')).toHaveCount(13);

    await page.keyboard.press('Tab');
    await expect.poll(() => requests.some((u) => leafletChunk.test(u))).toBe(true);
    await expect(page.locator('[data-area-map] .leaflet-container path.leaflet-interactive')).toHaveCount(13);
  });

  test('a keyboard visitor on an area of the drawing keeps the focus as the map takes over', async ({ page }) => {
    await offline(page);
    await page.setViewportSize({ width: page.viewportSize()!.width, height: 1400 });
    await page.goto('/areas', { waitUntil: 'networkidle' });
    // Moving the focus is the first interaction: the map, in view, loads at once.
    await page.locator('[data-area-map] svg.fallback a[aria-label="Cary"]').focus();
    await expect(page.locator('[data-area-map] svg.fallback')).toBeHidden();
    const focused = page.locator('[data-area-map] .leaflet-container :focus');
    await expect(focused).toHaveAttribute('aria-label', 'Cary');
    await expect(focused).toHaveAttribute('role', 'link');
  });

  test('an area names no tooltip as its description, open or gone (Leaflet leaves aria-describedby behind)', async ({
    page,
  }) => {
    await offline(page);
    const map = await openMap(page);
    await area(map, 'Cary').focus();
    await expect(map.locator('.leaflet-tooltip').first()).toBeVisible();
    await area(map, 'Apex').focus();
    await page.locator('h1').click();
    // The name is the link's own; a tooltip that repeats it describes nothing, and one closed is gone.
    await expect(map.locator('[aria-describedby]')).toHaveCount(0);
  });

  test('the Leaflet map passes axe-core WCAG 2.2 A/AA checks', async ({ page }) => {
    await offline(page);
    await openMap(page);
    expect(await axeViolations(page, '[data-area-map]')).toEqual([]);
  });

  test('the drawing and its links stay until the map has drawn the areas, which may come late', async ({ page }) => {
    await offline(page);
    let answer: () => void = () => {};
    const held = new Promise<void>((resolve) => (answer = resolve));
    await page.route('**/geo/service-areas.geojson', async (route) => {
      await held;
      await route.continue();
    });
    await page.goto('/areas');
    await page.mouse.wheel(0, 1);
    await page.locator('[data-area-map]').scrollIntoViewIfNeeded();
    const map = page.locator('[data-area-map] .leaflet-container');
    await expect(map.locator('img.leaflet-tile').first()).toBeAttached();
    // Leaflet is there with its tiles, the areas not yet: the drawing is what a visitor sees and clicks.
    await expect(page.locator('[data-area-map] svg.fallback')).toBeVisible();
    await page.locator('[data-area-map] svg.fallback a[aria-label="Apex"]').click({ trial: true });
    answer();
    await expect(map.locator('path.leaflet-interactive')).toHaveCount(13);
    await expect(page.locator('[data-area-map] svg.fallback')).toBeHidden();
  });

  for (const [failure, answer] of [
    ['a failed geojson request', { status: 500, body: 'Server error' }],
    // A collection without a feature would hide the drawing behind a blank map.
    [
      'an empty geojson collection',
      { status: 200, contentType: 'application/geo+json', body: '{"type":"FeatureCollection","features":[]}' },
    ],
  ] as const)
    test(`${failure} logs the message and draws no regions`, async ({ page }) => {
      await offline(page);
      const logged: string[] = [];
      page.on('console', (m) => logged.push(m.text()));
      await page.route('**/geo/service-areas.geojson', (route) => route.fulfill(answer));
      await page.goto('/areas');
      await page.mouse.wheel(0, 1);
      await page.locator('[data-area-map]').scrollIntoViewIfNeeded();
      await expect.poll(() => logged).toContain('Failed to load geojson');
      const map = page.locator('[data-area-map] .leaflet-container');
      await expect(map.locator('img.leaflet-tile').first()).toBeAttached();
      await expect(map.locator('.leaflet-overlay-pane path')).toHaveCount(0);
      // The drawing stays, each area still a link to its page.
      await expect(page.locator('[data-area-map] svg.fallback')).toBeVisible();
      await expect(page.locator('[data-area-map] svg.fallback a')).toHaveCount(13);
      await expect(page.locator('[data-area-map]')).not.toHaveAttribute('data-map', 'ready');
    });
  test('the tiles carry the attribution of the basemap provider', async ({ page }) => {
    await offline(page);
    const map = await openMap(page);
    const credit = map.locator('.leaflet-control-attribution');
    await expect(credit.getByRole('link', { name: 'OpenStreetMap contributors', exact: true })).toHaveAttribute(
      'href',
      'https://www.openstreetmap.org/copyright',
    );
    await expect(credit.getByRole('link', { name: 'CARTO', exact: true })).toHaveAttribute(
      'href',
      'https://carto.com/attributions',
    );
  });

  test("the map's buttons and credit pass under the sticky header, not over it", async ({ page }) => {
    await offline(page);
    // A home's street map has zoom buttons and the credit; the area map the credit.
    for (const path of ['/listings/412-oak-grove-lane-cary-nc', '/areas']) {
      await page.goto(path);
      await page.mouse.wheel(0, 1);
      await page.locator('[data-area-map]').scrollIntoViewIfNeeded();
      const controls = page.locator('[data-area-map] .leaflet-control');
      await expect(controls.first()).toBeVisible();
      for (const control of await controls.all()) {
        // Scrolled until the control's middle is under the header's: what is drawn there is the header.
        const covered = await control.evaluate((element) => {
          const header = document.querySelector('header')!.getBoundingClientRect();
          const box = element.getBoundingClientRect();
          window.scrollBy({ top: box.top + box.height / 2 - (header.top + header.height / 2), behavior: 'instant' });
          const moved = element.getBoundingClientRect();
          return document.elementFromPoint(moved.left + 4, moved.top + moved.height / 2)?.closest('header') !== null;
        });
        expect(covered, `${path}: ${await control.getAttribute('class')}`).toBe(true);
      }
    }
  });

  test('on the home page the map sits in #explore beside the latest video and opens city pages', async ({ page }) => {
    await offline(page);
    await page.goto('/');
    const explore = page.locator('section#explore');
    await expect(explore.getByRole('heading', { level: 2 })).toHaveText('Explore the Greater Triangle Area');
    // The plain list of the 13 towns stays under the map for keyboard and screen-reader users.
    const list = explore.getByRole('list', { name: 'Triangle service areas' });
    for (const [name, slug] of Object.entries(slugs)) {
      await expect(list.getByRole('link', { name, exact: true })).toHaveAttribute('href', `/city/${slug}`);
    }
    await page.mouse.wheel(0, 1);
    await explore.locator('[data-area-map]').scrollIntoViewIfNeeded();
    const map = explore.locator('[data-area-map] .leaflet-container');
    await expect(map.locator('path.leaflet-interactive')).toHaveCount(13);
    await area(map, 'Holly Springs').focus();
    await page.keyboard.press('Enter');
    await expect(page).toHaveURL(/\/city\/holly-springs$/);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Holly Springs');
  });
});

test.describe('without JavaScript', () => {
  test.use({ javaScriptEnabled: false });

  test('the box has its final size and the outline map links every area to its city page', async ({ page }) => {
    const outside = await offline(page);
    await page.goto('/areas');
    const box = page.locator('[data-area-map] > div').first();
    const width = page.viewportSize()!.width;
    expect((await box.boundingBox())!.height).toBe(width >= 1024 ? 600 : width >= 768 ? 500 : 400);

    const svg = box.getByRole('group', { name: 'Map of the Triangle service areas' });
    for (const [name, slug] of Object.entries(slugs)) {
      await expect(svg.getByRole('link', { name, exact: true })).toHaveAttribute('href', `/city/${slug}`);
      await expect(page.getByRole('main').getByRole('link', { name: new RegExp(`^${name}\\b`) })).toHaveCount(2);
    }
    await expect(svg.getByRole('link')).toHaveCount(13);

    const wakeForest = svg.getByRole('link', { name: 'Wake Forest', exact: true });
    await wakeForest.focus();
    await expect(wakeForest).toBeFocused();
    await page.keyboard.press('Enter');
    await expect(page).toHaveURL(/\/city\/wake-forest$/);

    await page.goto('/areas');
    await svg.getByRole('link', { name: 'Raleigh', exact: true }).click();
    await expect(page).toHaveURL(/\/city\/raleigh$/);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Raleigh');
    expect(outside).toEqual([]);
  });

  for (const [width, height] of [
    [360, 400],
    [800, 500],
    [1280, 600],
  ] as const) {
    test(`the map box is ${height} px high at ${width} px wide`, async ({ page }) => {
      await page.setViewportSize({ width, height: 900 });
      await page.goto('/areas');
      expect((await page.locator('[data-area-map] > div').first().boundingBox())!.height).toBe(height);
    });
  }
});

test.describe('issue 19: the map on a phone', () => {
  test.use({ viewport: { width: 360, height: 780 } });

  test('every outline fits inside the box and every town is named', async ({ page }) => {
    await offline(page);
    const map = await openMap(page);
    const box = (await map.boundingBox())!;
    for (const name of Object.keys(slugs)) {
      const outline = (await area(map, name).boundingBox())!;
      expect(outline.x, name).toBeGreaterThanOrEqual(box.x - 1);
      expect(outline.y, name).toBeGreaterThanOrEqual(box.y - 1);
      expect(outline.x + outline.width, name).toBeLessThanOrEqual(box.x + box.width + 1);
      expect(outline.y + outline.height, name).toBeLessThanOrEqual(box.y + box.height + 1);
    }
    const labels = map.locator('.leaflet-tooltip');
    await expect(labels).toHaveCount(13);
    expect((await labels.allInnerTexts()).sort()).toEqual(Object.keys(slugs).sort());
    for (const label of await labels.all()) await expect(label).toBeVisible();
  });

  test('on touch the first tap names and highlights a town, the second opens it', async ({ page, isMobile }) => {
    test.skip(!isMobile, 'touch');
    await offline(page);
    const map = await openMap(page);
    const zebulon = area(map, 'Zebulon');
    const label = map.locator('.leaflet-tooltip', { hasText: 'Zebulon' });
    const point = (await label.boundingBox())!;
    const at = { x: point.x + point.width / 2, y: point.y + point.height / 2 };
    await page.touchscreen.tap(at.x, at.y);
    await expect(zebulon).toHaveAttribute('fill-opacity', '0.4');
    await page.waitForTimeout(300);
    expect(page.url()).toMatch(/\/areas$/);
    await page.touchscreen.tap(at.x, at.y);
    await expect(page).toHaveURL(/\/city\/zebulon$/);
  });
});

test('issue 19: on a desktop screen the map keeps SPEC centre and zoom with hover names only', async ({
  page,
  isMobile,
}) => {
  test.skip(isMobile, 'desktop');
  await page.setViewportSize({ width: 1366, height: 800 });
  await offline(page);
  const map = await openMap(page);
  await expect(map.locator('.leaflet-tooltip')).toHaveCount(0);
});
