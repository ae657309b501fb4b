/**
 * The reviews island (SPEC §2, §5, §8, §9) on /testimonials. Google is never called: the Maps
 * script URL is answered by a local stub (tests/fixtures/maps-places-stub.js) that calls back
 * with fixture data or a non-OK status, or by nothing at all.
 */
import { readFileSync } from 'node:fs';
import { expect, test, type Page } from '@playwright/test';
import { site } from '../../src/site.config.ts';
import { openAndInteract } from '../support/interact.ts';
import { layoutShifts, observeLayoutShifts } from '../support/layout-shifts.ts';

const stub = readFileSync(new URL('../fixtures/maps-places-stub.js', import.meta.url), 'utf8');
const testimonials = (
  JSON.parse(readFileSync(new URL('../../content/reviews/testimonials.json', import.meta.url), 'utf8')) as {
    testimonials: { author_name: string }[];
  }
).testimonials;
const MAPS = 'https://maps.googleapis.com/maps/api/js';
const section = (page: Page) => page.locator('#reviews');
const cards = (page: Page) => section(page).locator('li:not([data-skeleton])');

interface Fixture {
  status: string;
  place?: unknown;
  delayMs?: number;
  /** Which API the Maps script has (default both); what the Place class answers (default `status`). */
  api?: 'both' | 'new' | 'legacy';
  newStatus?: string;
}

/** Configures a browser key, and answers the Maps script with the stub (or `script`). */
async function withMaps(page: Page, fixture: Fixture | null, script: string = stub): Promise<string[]> {
  const scriptRequests: string[] = [];
  if (fixture)
    await page.addInitScript((f) => ((window as unknown as { __placesFixture: Fixture }).__placesFixture = f), fixture);
  await page.route('**/api/reviews-config', (route) =>
    route.fulfill({ json: { mapsKey: 'test-browser-key', placeId: 'ChIJtestPlace', scriptUrl: MAPS } }),
  );
  await page.route(`${MAPS}?**`, (route) => {
    scriptRequests.push(route.request().url());
    return script === 'abort' ? route.abort() : route.fulfill({ contentType: 'text/javascript', body: script });
  });
  await page.route('https://lh3.googleusercontent.com/**', (route) =>
    route.fulfill({
      contentType: 'image/svg+xml',
      body: '<svg xmlns="http://www.w3.org/2000/svg" width="1" height="1"/>',
    }),
  );
  return scriptRequests;
}

const placesRequests = (page: Page) =>
  page.evaluate(() => (window as unknown as { __placesRequests: unknown[] }).__placesRequests);
const legacyRequest = { placeId: 'ChIJtestPlace', fields: ['name', 'rating', 'user_ratings_total', 'reviews'] };
const newRequest = { id: 'ChIJtestPlace', fields: ['displayName', 'rating', 'userRatingCount', 'reviews'] };

const long = `${'Wonderful experience from start to finish. '.repeat(6)}`;
const place = {
  name: 'Jordan Avery Real Estate',
  rating: 4.8,
  user_ratings_total: 77,
  reviews: [
    {
      author_name: 'Old Five',
      rating: 5,
      relative_time_description: 'a year ago',
      text: 'Older review',
      time: 1_600_000_000,
    },
    { author_name: 'Four Star', rating: 4, relative_time_description: 'a week ago', text: 'Good', time: 1_790_000_000 },
    { rating: 5, relative_time_description: '2 weeks ago', text: 'No name given', time: 1_780_000_000 },
    {
      author_name: 'Photo Person',
      author_url: 'https://www.google.com/maps/contrib/1',
      profile_photo_url: 'https://lh3.googleusercontent.com/a/photo',
      rating: 5,
      relative_time_description: '3 weeks ago',
      text: long,
      time: 1_770_000_000,
    },
    { author_name: 'zoe q.', rating: 5, text: 'No time text', time: 1_760_000_000 },
    {
      author_name: 'Newest',
      rating: 5,
      relative_time_description: 'a day ago',
      text: 'Newest review',
      time: 1_785_000_000,
    },
  ],
};

test('without a configured key the built-in reviews show and nothing loads from Google', async ({ page }) => {
  const outside: string[] = [];
  page.on('request', (r) => {
    if (!r.url().startsWith('http://127.0.0.1')) outside.push(r.url());
  });
  const config = page.waitForResponse('**/api/reviews-config');
  await openAndInteract(page, '/testimonials');
  expect(await (await config).json()).toEqual({ mapsKey: null, placeId: null, scriptUrl: MAPS });
  await expect(section(page).getByRole('heading', { name: 'REAL STORIES, REAL SUCCESS' })).toBeVisible();
  await expect(section(page).getByText(`${site.agent.name}, ${site.agent.brokerage}`)).toBeVisible();
  await expect(section(page).getByText('5.0 from 34 reviews')).toBeVisible();
  await expect(cards(page)).toHaveCount(4);
  for (const t of testimonials.slice(0, 4)) await expect(section(page).getByText(t.author_name)).toBeVisible();
  await expect(section(page).getByText('1 week ago')).toBeVisible();
  await expect(section(page).getByText('4 weeks ago')).toBeVisible();
  await expect(section(page).getByText('Reviews from Google Maps', { exact: true })).toHaveCount(0);
  const more = section(page).getByRole('link', { name: /READ MORE REVIEWS/ });
  await expect(more).toHaveAttribute('href', site.links.reviewSearch);
  await expect(more).toHaveAttribute('target', '_blank');
  expect(outside).toEqual([]);
});

test('the island hydrates only on interaction near the viewport and the built-in reviews are in the HTML', async ({
  request,
}) => {
  const html = await (await request.get('/testimonials')).text();
  expect(html).toMatch(/<astro-island[^>]*component-export="default"[^>]*client="interaction"/);
  expect(html).toContain(testimonials[0]!.author_name);
});

test("a reviewer's photo that does not load (a blocker, Google's host down) gives way to the initial", async ({
  page,
}) => {
  await withMaps(page, { status: 'OK', place });
  // Routed after withMaps, so this one answers the photo's host.
  await page.route('https://lh3.googleusercontent.com/**', (route) => route.abort('blockedbyclient'));
  await openAndInteract(page, '/testimonials');
  await expect(section(page).getByRole('status')).toHaveText('Reviews loaded');
  // The photo is lazy: it is asked for once its card is in view.
  await cards(page).nth(2).scrollIntoViewIfNeeded();
  await expect(cards(page).nth(2).locator('img')).toHaveCount(0);
  await expect(cards(page).nth(2).locator('span[aria-hidden="true"]').first()).toHaveText('P');
});

test("a campaign's query in the address (utm_source, gclid) loads nothing from Google before an interaction", async ({
  page,
}) => {
  const scripts = await withMaps(page, { status: 'OK', place });
  await page.goto('/testimonials?utm_source=newsletter&gclid=abc', { waitUntil: 'networkidle' });
  await page.waitForTimeout(1000);
  await expect(section(page).locator('astro-island')).toHaveAttribute('ssr');
  expect(scripts).toEqual([]);
  // The first interaction still loads Google's reviews.
  await page.mouse.wheel(0, 1);
  await expect(section(page).locator('astro-island')).not.toHaveAttribute('ssr');
  await expect.poll(() => scripts.length).toBe(1);
});

test("Google's reviews: 5-star only, newest first, 4 at most, defaults, cut text, initials", async ({ page }) => {
  const scripts = await withMaps(page, { status: 'OK', place, delayMs: 800 });
  await openAndInteract(page, '/testimonials');
  // The 4-card skeleton while Google answers.
  await expect(section(page).locator('[data-skeleton]')).toHaveCount(4);
  // Said by the one status line, in the page from the start; the skeleton is hidden from screen readers.
  await expect(section(page).getByRole('status')).toHaveText('Loading reviews');
  await expect(cards(page)).toHaveCount(4);
  await expect(section(page).locator('[data-skeleton]')).toHaveCount(0);
  await expect(section(page).getByRole('status')).toHaveText('Reviews loaded');

  const url = new URL(scripts[0]!);
  expect(url.searchParams.get('key')).toBe('test-browser-key');
  expect(url.searchParams.get('libraries')).toBe('places');
  // Asked of the Place class (Places API (New)), SPEC §7.1's four fields by their names there.
  expect(await placesRequests(page)).toEqual([newRequest]);

  const names = await cards(page).locator('p.font-semibold').allInnerTexts();
  expect(names).toEqual(['Newest', 'Anonymous', 'Photo Person', 'zoe q.']);
  await expect(section(page).getByText('Four Star')).toHaveCount(0);
  await expect(section(page).getByText('Old Five')).toHaveCount(0);
  await expect(cards(page).nth(3).getByText('Recently')).toBeVisible();
  await expect(
    cards(page)
      .nth(2)
      .getByText(`${long.slice(0, 200)}...`),
  ).toBeVisible();
  // Initial letter without a photo, the photo otherwise.
  await expect(cards(page).nth(0).locator('span[aria-hidden="true"]').first()).toHaveText('N');
  await expect(cards(page).nth(3).locator('span[aria-hidden="true"]').first()).toHaveText('Z');
  await expect(cards(page).nth(2).locator('img')).toHaveAttribute('src', 'https://lh3.googleusercontent.com/a/photo');
  await expect(cards(page).nth(2).getByRole('link', { name: 'Photo Person' })).toHaveAttribute(
    'href',
    'https://www.google.com/maps/contrib/1',
  );
  // Header: floor(4.8) = 4 filled stars, the rating and the count; Google's attribution.
  const header = section(page).getByRole('img', { name: 'Average rating 4.8 out of 5' });
  await expect(header.locator('svg.text-amber-500')).toHaveCount(4);
  await expect(section(page).getByText('4.8 from 77 reviews')).toBeVisible();
  await expect(
    cards(page).first().getByRole('img', { name: 'Rated 5 out of 5' }).locator('svg.text-amber-500'),
  ).toHaveCount(5);
  await expect(section(page).getByText('Reviews from Google Maps', { exact: true })).toBeVisible();
});

for (const { width, height } of [
  { width: 1280, height: 800 },
  // Tall enough that the button under the reviews is in view too: a taller box or a line added above it moved it.
  { width: 1280, height: 1300 },
  { width: 360, height: 740 },
]) {
  for (const { outcome, fixture, shown } of [
    { outcome: "Google's reviews", fixture: { status: 'OK', place }, shown: 'Reviews from Google Maps' },
    {
      outcome: "Google's refusal (its error and the built-in reviews again)",
      fixture: { status: 'REQUEST_DENIED' },
      shown: 'Places getDetails failed: REQUEST_DENIED',
    },
  ])
    test(`nothing moves as the skeleton and then ${outcome} take the built-in ones' place (${width}×${height} px)`, async ({
      page,
    }) => {
      await page.setViewportSize({ width, height });
      await withMaps(page, { ...fixture, delayMs: 800 });
      await observeLayoutShifts(page);
      await page.goto('/testimonials');
      // The visitor has the section in view, header and cards, when the island starts asking Google.
      await section(page).getByRole('heading', { name: 'REAL STORIES, REAL SUCCESS' }).scrollIntoViewIfNeeded();
      await page.mouse.wheel(0, 1);
      await expect(section(page).locator('[data-skeleton]')).toHaveCount(4);
      await expect(cards(page)).toHaveCount(4);
      await expect(section(page).getByText(shown, { exact: true })).toBeVisible();
      await page.waitForTimeout(300);
      expect(await layoutShifts(page)).toEqual([]);
    });
}

for (const { name, fixture, asked } of [
  {
    name: 'a project with the legacy Places API only (the Place class refused): getDetails answers',
    fixture: { status: 'OK', newStatus: 'PERMISSION_DENIED' },
    asked: [newRequest, legacyRequest],
  },
  {
    name: 'a Maps script without the Place class: getDetails answers',
    fixture: { status: 'OK', api: 'legacy' as const },
    asked: [legacyRequest],
  },
]) {
  test(`${name}, with the same rules`, async ({ page }) => {
    await withMaps(page, { ...fixture, place });
    await openAndInteract(page, '/testimonials');
    await expect(section(page).getByRole('status')).toHaveText('Reviews loaded');
    expect(await cards(page).locator('p.font-semibold').allInnerTexts()).toEqual([
      'Newest',
      'Anonymous',
      'Photo Person',
      'zoe q.',
    ]);
    await expect(section(page).getByText('4.8 from 77 reviews')).toBeVisible();
    expect(await placesRequests(page)).toEqual(asked);
  });
}

test("a project with neither API enabled: the Place class's code is said ('Places getDetails failed: {status}')", async ({
  page,
}) => {
  await withMaps(page, { status: 'PERMISSION_DENIED', api: 'new', place });
  await openAndInteract(page, '/testimonials');
  await expect(section(page).getByRole('status')).toHaveText('Places getDetails failed: PERMISSION_DENIED');
  await expect(section(page).getByText('5.0 from 34 reviews')).toBeVisible();
  await expect(section(page).getByText(testimonials[0]!.author_name)).toBeVisible();
  expect(await placesRequests(page)).toEqual([newRequest]);
});

test("a non-OK status shows 'Places getDetails failed: {status}' and the built-in reviews", async ({ page }) => {
  await withMaps(page, { status: 'REQUEST_DENIED' });
  await openAndInteract(page, '/testimonials');
  // Both APIs refused: the legacy one's status is said.
  await expect.poll(() => placesRequests(page)).toEqual([newRequest, legacyRequest]);
  await expect(section(page).getByText('Places getDetails failed: REQUEST_DENIED')).toBeVisible();
  await expect(section(page).getByRole('status')).toHaveText('Places getDetails failed: REQUEST_DENIED');
  await expect(section(page).getByText('5.0 from 34 reviews')).toBeVisible();
  await expect(cards(page)).toHaveCount(4);
  await expect(section(page).getByText(testimonials[0]!.author_name)).toBeVisible();
  await expect(section(page).getByText('Reviews from Google Maps', { exact: true })).toHaveCount(0);
});

test('zero 5-star reviews from Google show the built-in reviews', async ({ page }) => {
  await withMaps(page, { status: 'OK', place: { rating: 3, user_ratings_total: 2, reviews: [place.reviews[1]] } });
  await openAndInteract(page, '/testimonials');
  await expect(section(page).getByText('5.0 from 34 reviews')).toBeVisible();
  await expect(section(page).getByText(testimonials[0]!.author_name)).toBeVisible();
});

test('a Maps script that never defines the places API fails after 100 polls of 100 ms', async ({ page }) => {
  const errors: string[] = [];
  page.on('console', (m) => m.type() === 'error' && errors.push(m.text()));
  const scripts = await withMaps(page, null, '/* loads, defines nothing */');
  const started = Date.now();
  await openAndInteract(page, '/testimonials');
  await expect.poll(() => scripts.length).toBe(1);
  const skeleton = section(page).locator('[data-skeleton]');
  await expect(skeleton).toHaveCount(4);
  // It pulses while it waits, unless the visitor asks for less motion.
  const animation = () => skeleton.first().evaluate((card) => getComputedStyle(card).animationName);
  expect(await animation()).toBe('pulse');
  await page.emulateMedia({ reducedMotion: 'reduce' });
  expect(await animation()).toBe('none');
  await expect(section(page).getByText('Google Maps interface failed to load')).toBeVisible({ timeout: 15_000 });
  expect(Date.now() - started).toBeGreaterThanOrEqual(9_000);
  await expect(cards(page)).toHaveCount(4);
  expect(errors.join('\n')).toContain('Google Maps interface failed to load');
});

test('a Maps script that cannot load at all fails at once with the same message', async ({ page }) => {
  await withMaps(page, null, 'abort');
  await openAndInteract(page, '/testimonials');
  await expect(section(page).getByText('Google Maps interface failed to load')).toBeVisible({ timeout: 6_000 });
  await expect(cards(page)).toHaveCount(4);
});

test("any other failure shows 'Failed to load reviews' and the built-in reviews", async ({ page }) => {
  await page.route('**/api/reviews-config', (route) => route.fulfill({ status: 500, body: 'broken' }));
  await openAndInteract(page, '/testimonials');
  await expect(section(page).getByText('Failed to load reviews')).toBeVisible();
  await expect(cards(page)).toHaveCount(4);
});

test('issue 19: a review with a long unbroken string stays inside its card at 360 px', async ({ page }) => {
  await page.setViewportSize({ width: 360, height: 780 });
  const unbroken = { ...place.reviews[5]!, author_name: 'Long Word', text: `https://example.com/${'x'.repeat(180)}` };
  await withMaps(page, { status: 'OK', place: { ...place, reviews: [unbroken] } });
  await openAndInteract(page, '/testimonials');
  const card = cards(page).filter({ hasText: 'Long Word' });
  await expect(card).toHaveCount(1);
  const sizes = await card.evaluate((li) => ({ scroll: li.scrollWidth, client: li.clientWidth }));
  expect(sizes.scroll).toBeLessThanOrEqual(sizes.client);
  expect(await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth)).toBeLessThanOrEqual(0);
});
