/**
 * Every city guide against its content file: heading, the four stat tiles with their
 * values, 'Why Choose {city}?', neighborhoods, the two CTA buttons with their targets,
 * 'Back to All Areas', JSON-LD, and no horizontal overflow on a 360 px phone.
 */
import { readFileSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import { expect, test, type Page } from '@playwright/test';
import { parse } from 'yaml';
import { site } from '../../src/site.config.ts';
import { articleFacts, feedItems } from './blog-content.ts';

interface CityFile {
  name: string;
  county: string;
  population: string;
  medianHome: string;
  schools: string;
  commute: { raleigh: string; rtp: string; airport: string };
  neighborhoods: { name: string; blurb: string }[];
}

const dir = join(import.meta.dirname, '..', '..', 'content', 'cities');
const cities = readdirSync(dir)
  .filter((f) => f.endsWith('.yaml'))
  .map((f) => ({ slug: f.replace(/\.yaml$/, ''), ...(parse(readFileSync(join(dir, f), 'utf8')) as CityFile) }));

const feed = feedItems();
const facts = articleFacts();

test('there is a guide file for each of the 13 service areas', () => {
  expect(cities).toHaveLength(13);
});

async function jsonLdTypes(page: Page): Promise<{ types: string[]; names: string[] }> {
  const blocks = await page.locator('script[type="application/ld+json"]').allTextContents();
  const nodes = blocks.flatMap((b) => {
    const data = JSON.parse(b) as { '@graph'?: { '@type': string; name?: string }[] };
    return data['@graph'] ?? [data as { '@type': string; name?: string }];
  });
  return { types: nodes.map((n) => n['@type']), names: nodes.map((n) => n.name ?? '') };
}

for (const city of cities) {
  test(`/city/${city.slug} shows the ${city.name} guide`, async ({ page }) => {
    const res = await page.goto(`/city/${city.slug}`);
    expect(res?.status()).toBe(200);
    await expect(page).toHaveTitle(new RegExp(`^Living in ${city.name}, NC: Homes, Neighborhoods & Market Guide`));
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(city.name);
    const hero = page.locator('main img').first();
    await expect(hero).toHaveAttribute('loading', 'eager');
    await expect(hero).toHaveAttribute('fetchpriority', 'high');

    const stats = page.getByRole('region', { name: 'Key figures' });
    const tiles: [string, string][] = [
      ['Population', city.population],
      ['Median Home Price', city.medianHome],
      ['Schools', city.schools],
      ['Commute to Raleigh', city.commute.raleigh],
    ];
    await expect(stats.getByRole('term')).toHaveText(tiles.map(([label]) => label));
    await expect(stats.getByRole('definition')).toHaveText(tiles.map(([, value]) => value));

    await expect(page.getByRole('heading', { level: 2, name: `Why Choose ${city.name}?`, exact: true })).toBeVisible();
    const hoods = page.getByRole('region', { name: `Popular Neighborhoods in ${city.name}` });
    await expect(hoods.getByRole('heading', { level: 3 })).toHaveText(city.neighborhoods.map((n) => n.name));

    const tour = page.getByRole('link', { name: 'Schedule a Tour', exact: true });
    await expect(tour).toHaveAttribute('href', site.links.booking);
    const homes = page.getByRole('link', { name: 'View Available Homes', exact: true });
    await expect(homes).toHaveAttribute(
      'href',
      site.embeds.propertySearchUrl.replace('{city}', encodeURIComponent(city.name)),
    );
    for (const link of [tour, homes]) {
      await expect(link).toHaveAttribute('target', '_blank');
      await expect(link).toHaveAttribute('rel', 'noopener noreferrer');
    }
    await expect(page.getByRole('link', { name: 'Back to All Areas', exact: true })).toHaveAttribute('href', '/');

    // "Articles About {town}": the articles whose geo.guide is this guide, then those about its whole
    // county, newest first (the feed's order).
    const about = feed.filter((i) => {
      const f = facts.get(i.path.slice(6))!;
      return f.guide === city.slug || (f.city === f.county && f.county === city.county);
    });
    const articles = page.getByRole('region', { name: `Articles About ${city.name}` });
    if (about.length === 0) await expect(articles).toHaveCount(0);
    else {
      const ordered = [
        ...about.filter((i) => facts.get(i.path.slice(6))!.guide === city.slug),
        ...about.filter((i) => facts.get(i.path.slice(6))!.guide !== city.slug),
      ];
      await expect(articles.getByRole('heading', { level: 3 })).toHaveText(ordered.slice(0, 6).map((i) => i.title));
      const hrefs = await articles.locator('h3 a').evaluateAll((links) => links.map((a) => a.getAttribute('href')));
      expect(hrefs).toEqual(ordered.slice(0, 6).map((i) => i.path));
    }

    const { types, names } = await jsonLdTypes(page);
    expect(types).toEqual(expect.arrayContaining(['City', 'BreadcrumbList']));
    expect(names).toContain(`${city.name}, NC`);
  });

  test(`/city/${city.slug} fits the viewport without sideways scrolling`, async ({ page }) => {
    await page.goto(`/city/${city.slug}`);
    const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
    expect(overflow).toBeLessThanOrEqual(0);
  });
}

test("a guide's key figures and the list of service areas link the table of every town", async ({ page }) => {
  await page.goto('/areas');
  await expect(
    page
      .getByRole('region', { name: /^The \d+ towns$/ })
      .getByRole('link', { name: 'Compare the towns side by side', exact: true }),
  ).toHaveAttribute('href', '/relocation#compare-towns-heading');

  await page.goto('/city/wendell');
  const link = page.getByRole('region', { name: 'Key figures' }).getByRole('link');
  await expect(link).toHaveText('Compare Wendell with the other towns.');
  await expect(link).toHaveAttribute('href', '/relocation#compare-towns-heading');
  await link.click();
  await expect(page).toHaveURL(/\/relocation#compare-towns-heading$/);
  const heading = page.getByRole('heading', { name: 'The Towns Side by Side', level: 2 });
  await expect(heading).toBeInViewport();
  // Below the sticky header, not under it.
  const header = await page.locator('header').first().boundingBox();
  expect((await heading.boundingBox())!.y).toBeGreaterThanOrEqual(header!.y + header!.height);
  await expect(
    page.getByRole('table', { name: /The Towns Side by Side/ }).getByRole('link', { name: 'Wendell', exact: true }),
  ).toHaveAttribute('href', '/city/wendell');
});

test('Back to All Areas goes to the home page', async ({ page }) => {
  await page.goto('/city/cary');
  await page.getByRole('link', { name: 'Back to All Areas', exact: true }).click();
  await expect(page).toHaveURL(/\/$/);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('TOP 5% REALTOR® IN RALEIGH NC');
});

test('the city search opens in a new tab at the property search for that city', async ({ page, context }) => {
  await context.route(/^https:\/\/search\.example\.com\//, (route) =>
    route.fulfill({ contentType: 'text/html', body: '<title>Property search</title>' }),
  );
  await page.goto('/city/holly-springs');
  const [popup] = await Promise.all([
    page.waitForEvent('popup'),
    page.getByRole('link', { name: 'View Available Homes', exact: true }).click(),
  ]);
  expect(new URL(popup.url()).searchParams.get('city')).toBe('Holly Springs');
});

test('an unknown city answers 404 with City Not Found and a way home', async ({ page }) => {
  const res = await page.goto('/city/atlantis');
  expect(res?.status()).toBe(404);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('City Not Found');
  await expect(page.getByText("The city you're looking for doesn't exist in our service area.")).toBeVisible();
  await expect(page.getByRole('link', { name: 'Back to Home', exact: true })).toHaveAttribute('href', '/');
  // Beyond SPEC: the towns with a guide, the same as the footer's service areas, and the map of them.
  const towns = page.getByRole('navigation', { name: 'The towns I serve' }).getByRole('listitem').getByRole('link');
  const footerTowns = page.getByRole('navigation', { name: 'Service Areas' }).getByRole('link');
  const hrefs = (links: typeof towns) =>
    links.evaluateAll((as) => as.map((a) => [a.textContent, a.getAttribute('href')]));
  expect(await towns.count()).toBeGreaterThan(10);
  expect(await hrefs(towns)).toEqual(await hrefs(footerTowns));
  await expect(page.getByRole('link', { name: 'See them on the service area map' })).toHaveAttribute('href', '/areas');
  await towns.first().click();
  await expect(page.getByRole('heading', { level: 1 })).not.toHaveText('City Not Found');
});

test('a city with videos in the snapshot lists up to 6 of them, each opening on YouTube', async ({ page }) => {
  await page.goto('/city/raleigh');
  const section = page.locator('section', { has: page.getByRole('heading', { level: 2, name: 'Raleigh Videos' }) });
  const links = section.getByRole('link');
  const count = await links.count();
  expect(count).toBeGreaterThan(0);
  expect(count).toBeLessThanOrEqual(6);
  for (const href of await links.evaluateAll((as) => as.map((a) => a.getAttribute('href')))) {
    expect(href).toMatch(/^https:\/\/www\.youtube\.com\/watch\?v=/);
  }
});
