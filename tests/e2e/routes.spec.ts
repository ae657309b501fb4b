/** Every route of SPEC §2 answers with its heading; unknown paths answer 404 with the exact texts. */
import { expect, test } from '@playwright/test';
import { site } from '../../src/site.config.ts';

const headings: [string, string][] = [
  ['/', 'TOP 5% REALTOR® IN RALEIGH NC'],
  ['/relocation', 'Relocating to the Triangle Area?'],
  ['/upsizing', 'Ready for More Space?'],
  ['/downsizing', 'Embrace the Freedom of Less'],
];

for (const [path, heading] of headings) {
  test(`${path} answers 200 with its heading`, async ({ page }) => {
    const res = await page.goto(path);
    expect(res?.status()).toBe(200);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(heading);
  });
}

const routes = [
  '/about',
  '/videos',
  '/blog',
  '/first-time-buyer',
  '/buyer-resources',
  '/seller-resources',
  '/city/raleigh',
  '/privacy',
  '/terms',
  '/accessibility',
];
for (const path of routes) {
  test(`${path} answers 200 with one h1`, async ({ page }) => {
    const res = await page.goto(path);
    expect(res?.status()).toBe(200);
    await expect(page.getByRole('heading', { level: 1 })).toHaveCount(1);
  });
}

// /search (SPEC's texts without JavaScript, the search with it): tests/e2e/search.spec.ts.

test('an unknown path answers 404 with the not-found page and logs the path', async ({ page }) => {
  const logged: string[] = [];
  page.on('console', (m) => logged.push(m.text()));
  const res = await page.goto('/no/such/page');
  expect(res?.status()).toBe(404);
  await expect(page.getByText('404', { exact: true })).toBeVisible();
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Oops! Page not found');
  await expect.poll(() => logged.join('\n')).toContain('/no/such/page');
  const back = page.locator('main').getByRole('link', { name: 'Return to Home', exact: true });
  await expect(back).toHaveText('Return to Home');
  await expect(back).toHaveAttribute('href', '/');
  await back.click();
  await expect(page).toHaveURL(/\/$/);
});

test('the 404 page searches the site, starting from the words of the missing address', async ({ page }) => {
  expect((await page.goto('/blog/best-cary-neighborhoods.html'))?.status()).toBe(404);
  const box = page.getByRole('searchbox', { name: 'Looking for something in particular?' });
  await expect(box).toHaveValue('best cary neighborhoods');
  await page.getByRole('search').getByRole('button', { name: 'Search' }).click();
  await expect(page).toHaveURL(/\/search\?q=best\+cary\+neighborhoods$/);

  // An address of no words, or one that does not decode, leaves the box empty; markup stays text.
  for (const [path, value] of [
    ['/2024/11', ''],
    ['/%E0%A4', ''],
    ['/%3Cimg%20src%3Dx%20onerror%3Dalert(1)%3E', 'img src x onerror alert 1'],
  ] as const) {
    expect((await page.goto(path))?.status()).toBe(404);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Oops! Page not found');
    await expect(box).toHaveValue(value);
  }
});

test('an unknown city answers 404 with City Not Found', async ({ page }) => {
  const res = await page.goto('/city/atlantis');
  expect(res?.status()).toBe(404);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('City Not Found');
  await expect(
    page.getByText("The city you're looking for doesn't exist in our service area.", { exact: true }),
  ).toBeVisible();
  const back = page.locator('main').getByRole('link', { name: 'Back to Home', exact: true });
  await expect(back).toHaveText('Back to Home');
  await expect(back).toHaveAttribute('href', '/');
  await back.click();
  await expect(page).toHaveURL(/\/$/);
});

test('the about page states the figures, active since the configured year', async ({ page }) => {
  await page.goto('/about');
  const since = String(site.agent.since);
  expect(since).toBe('2015');
  const figure = page.locator('dl > div', { has: page.locator('dt', { hasText: /since$/ }) });
  await expect(figure.locator('dd')).toHaveText(since);
  await expect(figure.locator('dt')).toHaveText('Helping Triangle clients since');
  await expect(page.locator('main p', { hasText: `since ${since}.` }).first()).toBeVisible();
});

test('titles carry the agent name once, with the REALTOR® suffix when missing', async ({ page }) => {
  await page.goto('/relocation');
  await expect(page).toHaveTitle(`Relocating to Raleigh & the Triangle | ${site.agent.name} - REALTOR®`);
  await page.goto('/about');
  const title = await page.title();
  expect(title.split(site.agent.name).length - 1).toBe(1);
});

test('a trailing slash redirects to the canonical URL', async ({ request }) => {
  const res = await request.get('/about/', { maxRedirects: 0 });
  expect(res.status()).toBe(301);
  expect(res.headers()['location']).toBe('/about');
});

test('hashed assets are immutable, HTML revalidates, text is compressed', async ({ request }) => {
  const home = await request.get('/', { headers: { 'Accept-Encoding': 'gzip' } });
  expect(home.headers()['cache-control']).toContain('must-revalidate');
  expect(home.headers()['content-encoding']).toBe('gzip');
  const html = await home.text();
  const asset = /\/_astro\/[^"')\s]+\.(?:css|js|webp|avif|jpg)/.exec(html)?.[0];
  expect(asset).toBeTruthy();
  const res = await request.get(asset!);
  expect(res.headers()['cache-control']).toBe('public, max-age=31536000, immutable');
});
