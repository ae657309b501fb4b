/**
 * /search (issue 18): a real search with Pagefind through the page's own box, the query of the
 * address run at once, SPEC's 'Search Not Available' texts without JavaScript or when the index
 * cannot load, no CSP violation, and the header's search link on the way there.
 */
import { readFileSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import { expect, test, type Page } from '@playwright/test';
import { parse } from 'yaml';
import { formatPhone, telHref } from '../../src/lib/contact-links.ts';
import { slugify } from '../../src/lib/seo/meta.ts';
import { site } from '../../src/site.config.ts';
import { layoutShifts, observeLayoutShifts } from '../support/layout-shifts.ts';
import { axeViolations } from '../support/axe.ts';
import { watchCsp } from '../support/csp.ts';

const unavailable = 'Search Not Available';
const sentence =
  'Search functionality is currently not available. Please browse our available properties and resources.';
/** A featured town with a two-word name, so the query is a phrase. */
const town = site.featuredTowns.find((t) => t.includes(' ')) ?? site.office.locality;

/** A city guide's title, which the search lists it by (the page's title without the site-wide suffix). */
const guideTitle = (name: string) => `Living in ${name}, NC: Homes, Neighborhoods & Market Guide`;

const searchBox = (page: Page) => page.getByRole('searchbox', { name: 'Search articles, city guides and pages' });
const results = (page: Page) => page.getByRole('list', { name: 'Search results' });
const resultLinks = async (page: Page) =>
  results(page)
    .getByRole('heading')
    .getByRole('link')
    .evaluateAll((links) => links.map((a) => a.getAttribute('href')));

async function expectUnavailable(page: Page) {
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(unavailable);
  await expect(page.getByText(sentence, { exact: true })).toBeVisible();
  const back = page.locator('main').getByRole('link', { name: 'Return to Home Page', exact: true });
  await expect(back).toHaveAttribute('href', '/');
  await expect(searchBox(page)).toHaveCount(0);
}

test(`a town typed into the box from the header's search link finds its city guide, with no CSP violation`, async ({
  page,
}) => {
  const cspViolations = await watchCsp(page);
  await page.goto('/');
  await page.locator('header').getByRole('link', { name: 'Search the site', exact: true }).click();
  await expect(page).toHaveURL(/\/search$/);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Search the site');
  await searchBox(page).pressSequentially(town, { delay: 30 });

  const guide = results(page).getByRole('link', { name: guideTitle(town), exact: true });
  await expect(guide).toHaveAttribute('href', `/city/${slugify(town)}`);
  const entry = results(page)
    .getByRole('listitem')
    .filter({ has: page.getByRole('link', { name: guideTitle(town), exact: true }) });
  await expect(entry.getByText(`/city/${slugify(town)}`, { exact: true })).toBeVisible();
  // The snippet is the page's text with the words found marked: the guide's own words, not the titles
  // and dates of its related videos (found on /videos and their playlists' pages).
  await expect(entry.locator('mark').first()).toHaveText(new RegExp(town.split(' ')[0]!, 'i'));
  await expect(entry).not.toContainText(
    /(January|February|March|April|May|June|July|August|September|October|November|December) \d{1,2}, \d{4}/,
  );
  await expect(page.getByRole('status')).toHaveText(new RegExp(`^\\d+ results? for "${town}"`));
  expect(new URL(page.url()).searchParams.get('q')).toBe(town);

  await guide.click();
  await expect(page).toHaveURL(new RegExp(`/city/${slugify(town)}$`));
  expect(await cspViolations()).toEqual([]);
});

test('the query in q fills the box and runs: articles, playlist pages and city guides are found', async ({ page }) => {
  await page.goto(`/search?q=${encodeURIComponent(town)}`);
  await expect(searchBox(page)).toHaveValue(town);
  await expect(results(page).getByRole('link', { name: guideTitle(town), exact: true })).toBeVisible();
  const links = await resultLinks(page);
  expect(links).toContain(`/city/${slugify(town)}`);
  expect(links.filter((l) => l?.startsWith('/blog/')).length).toBeGreaterThan(1);
  // A playlist page is titled after its playlist, e.g. "Wake Forest NC".
  expect(links).toContain(`/blog/${slugify(town)}-nc`);
});

test('a town guide is quoted from its own words, not from what every guide repeats', async ({ page }) => {
  const dir = join(import.meta.dirname, '..', '..', 'content', 'cities');
  const towns = readdirSync(dir)
    .filter((f) => f.endsWith('.yaml'))
    .map((f) => (parse(readFileSync(join(dir, f), 'utf8')) as { name: string }).name);
  expect(towns.length).toBeGreaterThan(10);
  // The guides' closing call to action, the heading of their videos and the lines under their homes
  // were quoted for a town's name: "{Town} Videos. Ready to Call {Town} Home? Tour homes with ...".
  const repeated = /Ready to Call|Videos|Watch and explore|Tour homes with|deemed reliable|Data last updated/;
  for (const town of towns) {
    await page.goto(`/search?q=${encodeURIComponent(town)}`);
    const first = results(page).getByRole('listitem').first();
    await expect(first.getByRole('heading').getByRole('link')).toHaveText(guideTitle(town));
    await expect(first.locator('[data-result-excerpt] mark').first(), town).toBeVisible();
    expect(await first.locator('[data-result-excerpt]').textContent(), town).not.toMatch(repeated);
  }
});

test('a search that names a town leads with its guide, though articles that repeat the name rank higher in the index', async ({
  page,
}) => {
  // Pagefind alone put the Raleigh guide seventh, Knightdale's fourth and Fuquay-Varina's second.
  for (const [query, name, guide] of [
    ['Raleigh', 'Raleigh', '/city/raleigh'],
    ['knightdale, NC', 'Knightdale', '/city/knightdale'],
    ['fuquay varina', 'Fuquay-Varina', '/city/fuquay-varina'],
  ] as const) {
    await page.goto(`/search?q=${encodeURIComponent(query)}`);
    await expect(results(page).getByRole('heading').first()).toHaveText(guideTitle(name));
    const links = await resultLinks(page);
    expect(links[0], query).toBe(guide);
    // Once, and the articles still follow it.
    expect(links.filter((l) => l === guide)).toHaveLength(1);
    expect(links.filter((l) => l?.startsWith('/blog/')).length).toBeGreaterThan(1);
  }
  // A query that only mentions a town is ranked as the index ranks it.
  await searchBox(page).fill('living in raleigh');
  await expect(page.getByRole('status')).toHaveText(/results? for "living in raleigh"/);
  expect((await resultLinks(page))[0]).toBe('/blog/living-in-raleigh-nc');
});

test("a town's homes for sale lead with the town's own pages, not /videos, which repeats every playlist's titles", async ({
  page,
}) => {
  // /videos came first for "wake forest homes for sale": its playlists name the town and "homes for sale" again and again.
  await page.goto(`/search?q=${encodeURIComponent(`${town} homes for sale`)}`);
  await expect(results(page).getByRole('heading').first()).toBeVisible();
  const links = await resultLinks(page);
  const townPages = links.filter((l) => l?.includes(slugify(town)));
  expect(townPages.length).toBeGreaterThan(2);
  expect(links.slice(0, townPages.length)).not.toContain('/videos');
  // The videos are still found: on their page when the query is about videos.
  await searchBox(page).fill('videos');
  await expect(page.getByRole('status')).toHaveText(/results? for "videos"/);
  expect((await resultLinks(page))[0]).toBe('/videos');
});

test('"contact" leads with the home page\'s contact section, the form and the ways to reach the agent', async ({
  page,
}) => {
  // The form's own page (/contact) is rendered on demand, so not in the index; the legal pages,
  // which say "contact" in every section, came first until the section's heading said it.
  await page.goto('/search?q=contact');
  const first = results(page).getByRole('listitem').first();
  await expect(first.getByRole('heading')).toHaveText(/^Top 5% REALTOR®/);
  expect((await resultLinks(page))[0]).toBe('/');
  const section = first.locator('[data-result-section]');
  await expect(section).toBeVisible();
  await expect(section.getByRole('link')).toHaveText(`Contact ${site.agent.firstName}`);
  await expect(section.getByRole('link')).toHaveAttribute('href', '/#contact-heading');
});

test('a query that asks how to reach the agent is answered above the results: phone, e-mail, message form, hours', async ({
  page,
}) => {
  // "phone" found only the accessibility and privacy pages, which mention phones.
  await page.goto('/search?q=phone');
  const answer = page.locator('[data-search-contact]');
  await expect(answer).toBeVisible();
  await expect(answer.getByRole('heading')).toHaveText(`Contact ${site.agent.firstName}`);
  const phone = formatPhone(site.agent.phoneDigits);
  await expect(answer.getByRole('link', { name: phone })).toHaveAttribute('href', telHref(site.agent.phoneDigits));
  await expect(answer.getByRole('link', { name: site.agent.email })).toHaveAttribute(
    'href',
    `mailto:${site.agent.email}`,
  );
  await expect(answer.getByRole('link', { name: 'send a message' })).toHaveAttribute('href', '/#contact');
  for (const h of site.hours) await expect(answer).toContainText(`${h.label} ${h.text}`);
  // It comes before the results, and goes with a query that does not ask for it.
  const above = await answer.evaluate((el) => {
    const list = document.querySelector('[data-search-results]')!;
    return Boolean(el.compareDocumentPosition(list) & Node.DOCUMENT_POSITION_FOLLOWING);
  });
  expect(above).toBe(true);
  await searchBox(page).fill(town);
  await expect(results(page).getByRole('link').first()).toBeVisible();
  await expect(answer).toBeHidden();
  await searchBox(page).fill("Jordan's e-mail");
  await expect(answer).toBeVisible();
  await searchBox(page).fill('');
  await expect(answer).toBeHidden();
});

test('a query with many results lists 20 at a time, and "Show more results" adds the next ones', async ({ page }) => {
  await page.goto('/search?q=Raleigh');
  const status = page.getByRole('status');
  await expect(status).toHaveText(/^\d+ results for "Raleigh", the first 20 shown\.$/);
  const found = Number(/^\d+/.exec((await status.textContent()) ?? '')![0]);
  expect(found).toBeGreaterThan(40);
  const items = results(page).getByRole('listitem');
  await expect(items).toHaveCount(20);
  const more = page.getByRole('button', { name: 'Show more results' });
  await more.click();
  await expect(items).toHaveCount(40);
  await expect(status).toHaveText(`${found} results for "Raleigh", the first 40 shown.`);
  // The keyboard goes on from the first result added (its title's link; a result may link a section too).
  await expect(items.nth(20).getByRole('link').first()).toBeFocused();
  for (let shown = 40; shown < found; shown += 20) {
    await more.click();
    await expect(items).toHaveCount(Math.min(found, shown + 20));
  }
  await expect(more).toBeHidden();
  await expect(status).toHaveText(`${found} results for "Raleigh".`);
  expect(new Set(await resultLinks(page)).size).toBe(found);
  // A new query starts again from its first 20.
  await searchBox(page).fill('first-time buyer');
  await expect(status).toHaveText(/results? for "first-time buyer"/);
  expect(await items.count()).toBeLessThanOrEqual(20);
});

test('a home is found on its own page by its street or listing number, not on every page that shows its card', async ({
  page,
}) => {
  const home = '/listings/412-oak-grove-lane-cary-nc';
  await page.goto(`/search?q=${encodeURIComponent('Oak Grove Lane')}`);
  await expect(page.getByRole('status')).toHaveText('1 result for "Oak Grove Lane".');
  expect(await resultLinks(page)).toEqual([home]);
  // Words the page shows in boxes of their own stay words in the excerpt.
  await expect(results(page).getByRole('listitem')).toContainText(
    'List price $525,000 Reduced $14,900 from $539,900 on November 18, 2026. Key facts. Bedrooms 4.',
  );
  // The listing number is a fact of the home's own (a <dt> and its <dd>).
  await searchBox(page).fill('JA-2026-014');
  await expect(page.getByRole('status')).toHaveText('1 result for "JA-2026-014".');
  expect(await resultLinks(page)).toEqual([home]);

  await searchBox(page).fill('Homes in Cary');
  await expect(results(page).getByRole('link', { name: /^Homes in Cary, NC/ })).toHaveAttribute(
    'href',
    '/listings/town/cary',
  );
});

test('a result links the section where the words found weigh most; the link lands on its heading', async ({ page }) => {
  await page.goto('/search?q=commute');
  const article = results(page)
    .getByRole('listitem')
    .filter({ has: page.getByRole('link', { name: /^Knightdale NC New Homes:/ }) });
  const section = article.locator('[data-result-section]');
  await expect(section).toHaveText('Section: Commute Times');
  const link = section.getByRole('link', { name: 'Commute Times', exact: true });
  await expect(link).toHaveAttribute('href', '/blog/knightdale-nc-new-homes#commute-times');
  await link.click();
  await expect(page).toHaveURL(/\/blog\/knightdale-nc-new-homes#commute-times$/);
  const heading = page.getByRole('heading', { name: 'Commute Times', level: 2 });
  await expect(heading).toBeInViewport();
  // Below the sticky header, not under it.
  const header = await page.locator('header').first().boundingBox();
  const top = (await heading.boundingBox())!.y;
  expect(top).toBeGreaterThanOrEqual(header!.y + header!.height);

  // Words found only in a page's opening, before any heading with an id, give no section link.
  await page.goto('/search?q=testimonials');
  const reviews = results(page).getByRole('listitem').first();
  await expect(reviews.getByRole('heading').getByRole('link')).toHaveText('Client Reviews');
  await expect(reviews.locator('[data-result-section]')).toBeHidden();
});

test('an excerpt from the pros and cons of an article reads as text, without their + and − marks', async ({ page }) => {
  await page.goto(`/search?q=${encodeURIComponent('fewer upscale dining')}`);
  const garner = results(page)
    .getByRole('listitem')
    .filter({ has: page.getByRole('link', { name: 'New Construction Homes in Garner NC' }) });
  await expect(garner).toContainText('surrounded by construction. Fewer upscale dining and shopping options');
  await expect(garner).not.toContainText('−');
});

test("a page is not found by the choices of a drop-down it holds (the calculator's towns)", async ({ page }) => {
  await page.goto('/search?q=Zebulon');
  await expect(results(page).getByRole('link').first()).toBeVisible();
  const links = await resultLinks(page);
  expect(links).toContain('/city/zebulon');
  // The landing pages show the calculator, whose town list names Zebulon; they do not.
  expect(links.filter((l) => ['/first-time-buyer', '/buyer-resources'].includes(l ?? ''))).toEqual([]);

  // Nor is the calculator's form quoted: "Mortgage Calculator. Monthly Payment and Cost of Owning. $ $ 20% of".
  await searchBox(page).fill('mortgage');
  await expect(page.getByRole('status')).toHaveText(/results? for "mortgage"/);
  const excerpts = await results(page).locator('[data-result-excerpt]').allTextContents();
  expect(excerpts.length).toBeGreaterThan(2);
  expect(
    excerpts.filter((e) => /Monthly Payment and Cost of Owning|Estimate your payment|\$ \$|Home Price/.test(e)),
  ).toEqual([]);
});

test('before a query and after one that finds nothing, popular searches run with one tap, and the agent is a call away', async ({
  page,
}) => {
  const suggestions = [...site.featuredTowns, ...site.searchTopics];
  const popular = page.getByRole('heading', { name: 'Popular searches', level: 2 });
  const chips = page.locator('main').getByRole('listitem').getByRole('link');
  const help = page.getByText("Can't find what you're looking for?");
  await page.goto('/search');
  await expect(popular).toBeVisible();
  await expect(chips).toHaveText(suggestions);
  await expect(help).toHaveText(
    `Can't find what you're looking for? Call ${site.agent.firstName} at ${formatPhone(site.agent.phoneDigits)} or send a message.`,
  );
  await expect(help.getByRole('link', { name: formatPhone(site.agent.phoneDigits) })).toHaveAttribute(
    'href',
    telHref(site.agent.phoneDigits),
  );
  await expect(help.getByRole('link', { name: 'send a message' })).toHaveAttribute('href', '/#contact');

  // Every suggestion finds pages: a topic in the site config that found nothing would fail here.
  for (const term of suggestions) {
    await page.goto('/search?q=zzzz');
    await expect(page.getByRole('status')).toHaveText(/^No results for "zzzz"/);
    await expect(popular).toBeVisible();
    await page.evaluate(() => document.body.setAttribute('data-same-page', ''));
    await chips.filter({ hasText: term }).click();
    await expect(page.getByRole('status')).toHaveText(new RegExp(`^\\d+ results? for "${term}"`));
    await expect(searchBox(page)).toHaveValue(term);
    expect(new URL(page.url()).searchParams.get('q')).toBe(term);
    // Run in the page, not by loading it again; the keyboard goes on from the first result.
    await expect(page.locator('body[data-same-page]')).toHaveCount(1);
    await expect(results(page).getByRole('link').first()).toBeFocused();
    await expect(popular).toBeHidden();
    await expect(help).toBeVisible();
  }

  // Emptying the box offers them again.
  await searchBox(page).fill('');
  await expect(popular).toBeVisible();
  await expect(results(page).getByRole('listitem')).toHaveCount(0);
});

test('a box emptied while a search waits to run stays empty: the search typed before does not fill it', async ({
  page,
}) => {
  await page.goto('/search?q=zzzz');
  await expect(page.getByRole('status')).toHaveText(/^No results for "zzzz"/);
  // Typed, then cleared within the 200 ms a search waits for more typing.
  await searchBox(page).fill(town);
  await searchBox(page).fill('');
  // Long enough for the first search to have run and shown its results, had it not been dropped.
  await page.waitForTimeout(1500);
  await expect(results(page).getByRole('listitem')).toHaveCount(0);
  await expect(page.getByRole('status')).toHaveText('');
  await expect(page.getByRole('heading', { name: 'Popular searches', level: 2 })).toBeVisible();
  expect(new URL(page.url()).searchParams.has('q')).toBe(false);
});

test('the search box, its suggestions and its results have no axe WCAG 2.2 A/AA violation', async ({ page }) => {
  await page.goto('/search?q=zzzz');
  await expect(page.getByRole('heading', { name: 'Popular searches' })).toBeVisible();
  expect(await axeViolations(page)).toEqual([]);
  await searchBox(page).fill('phone');
  await expect(page.locator('[data-search-contact]')).toBeVisible();
  expect(await axeViolations(page)).toEqual([]);
  await searchBox(page).fill(town);
  await expect(results(page).getByRole('link').first()).toBeVisible();
  expect(await axeViolations(page)).toEqual([]);
});

test('landing and legal pages are found too, and the search page itself is not', async ({ page }) => {
  await page.goto('/search?q=downsizing');
  await expect(results(page).getByRole('link').first()).toBeVisible();
  expect(await resultLinks(page)).toContain('/downsizing');

  await searchBox(page).fill('privacy');
  await expect(results(page).getByRole('link', { name: 'Privacy Policy', exact: true })).toHaveAttribute(
    'href',
    '/privacy',
  );
  // The footer calls the reviews page "Client Testimonials": the word finds it, not only the terms of use.
  await searchBox(page).fill('testimonials');
  await expect(results(page).getByRole('heading').first()).toHaveText('Client Reviews');
  expect((await resultLinks(page))[0]).toBe('/testimonials');
  await searchBox(page).fill('search functionality');
  await expect(page.getByRole('status')).toHaveText(/^No results for "search functionality"/);
});

test("a page is not found by its first picture's file name or alt text, which no result shows", async ({ page }) => {
  // Pagefind recorded each page's first picture: "raliegh" found /blog/seller-tips through its hashed file name.
  await page.goto('/search?q=raliegh');
  await expect(page.getByRole('status')).toHaveText(/^No results for "raliegh"/);
});

test("a visitor's usual words lead with the page about them, listed by its title; a list's later pages are not listed", async ({
  page,
}) => {
  // Ranked by the first h1, /blog/page/2 led for "blog" and an article for "relocation"; "first time
  // buyer" put its landing page below the seventh, its h1 ("Your First Home in the Triangle") lacking the words.
  const usual: [query: string, first: string, title: string][] = [
    ['blog', '/blog', 'Triangle Real Estate Blog'],
    ['relocation', '/relocation', 'Relocating to Raleigh & the Triangle'],
    ['sell', '/seller-resources', 'Home Seller Resources for Raleigh & the Triangle'],
    ['mortgage', '/tools/mortgage-calculator', 'Mortgage Calculator for Raleigh & the Triangle'],
    ['open house', '/listings/open-houses', 'Open Houses in Raleigh and the Triangle'],
    ['homes for sale', '/listings/status/for-sale', 'Homes for Sale in the Triangle'],
    ['market update', '/blog/market-updates', 'Market Updates'],
    ['reviews', '/testimonials', 'Client Reviews'],
  ];
  for (const [query, first, title] of usual) {
    await page.goto(`/search?q=${encodeURIComponent(query)}`);
    await expect(results(page).getByRole('heading').first()).toHaveText(title);
    const links = await resultLinks(page);
    expect(links[0], query).toBe(first);
    expect(
      links.filter((l) => /\/page\/\d+$/.test(l ?? '')),
      query,
    ).toEqual([]);
  }
  // The landing page and the playlist of the same name lead (the page was not in the first seven).
  await searchBox(page).fill('first time buyer');
  await expect(page.getByRole('status')).toHaveText(/results? for "first time buyer"/);
  expect((await resultLinks(page)).slice(0, 2).sort()).toEqual(['/blog/first-time-buyers', '/first-time-buyer']);
  await expect(results(page).getByRole('link', { name: 'First-Time Home Buyer Guide for Raleigh NC' })).toBeVisible();
});

test('the search page stays noindex, and only its policy allows WebAssembly', async ({ page, request }) => {
  await page.goto('/search?q=homes');
  await expect(page.locator('meta[name="robots"]')).toHaveAttribute('content', 'noindex,nofollow');
  const policy = (path: string) => request.get(path).then((r) => r.headers()['content-security-policy'] ?? '');
  expect(await policy('/search')).toMatch(/script-src [^;]*'wasm-unsafe-eval'/);
  expect(await policy('/about')).not.toContain('wasm-unsafe-eval');
  expect(await policy('/pagefind/pagefind.js')).not.toContain('wasm-unsafe-eval');
});

test("nothing moves as the box replaces SPEC's texts and a query's results come (phone and desktop)", async ({
  page,
}) => {
  await observeLayoutShifts(page);
  // Before a query; a query with results (the paragraph under them waits for them); one with none.
  for (const [query, status] of [
    ['', undefined],
    [town, /^\d+ results? for /],
    ['zzzz', /^No results for "zzzz"/],
  ] as const) {
    await page.goto(query ? `/search?q=${encodeURIComponent(query)}` : '/search');
    await expect(searchBox(page)).toBeVisible();
    if (status) await expect(page.getByRole('status')).toHaveText(status);
    await expect(page.getByText("Can't find what you're looking for?")).toBeVisible();
    await page.waitForTimeout(300);
    expect(await layoutShifts(page), query).toEqual([]);
  }
});

test('when the index cannot load, SPEC texts come back', async ({ page }) => {
  await page.route('**/pagefind/**', (route) => route.abort());
  await page.goto(`/search?q=${encodeURIComponent(town)}`);
  await expectUnavailable(page);
});

test('when the index cannot load after the visitor turns to the box, SPEC texts come back', async ({ page }) => {
  await page.route('**/pagefind/**', (route) => route.abort());
  await page.goto('/search');
  await searchBox(page).click();
  await expectUnavailable(page);
  // The visitor was in the box: the focus goes on from the heading that says so, not the page's start.
  await expect(page.getByRole('heading', { level: 1, name: unavailable })).toBeFocused();
});

test.describe('without JavaScript', () => {
  test.use({ javaScriptEnabled: false });

  test("the header's search link reaches /search, which shows exactly SPEC's texts whatever q says", async ({
    page,
  }) => {
    await page.goto('/about');
    await page.locator('header').getByRole('link', { name: 'Search the site', exact: true }).click();
    await expect(page).toHaveURL(/\/search$/);
    await expectUnavailable(page);

    await page.goto(`/search?q=${encodeURIComponent(town)}`);
    await expectUnavailable(page);
    await expect(page.locator('meta[name="robots"]')).toHaveAttribute('content', 'noindex,nofollow');
    await page.locator('main').getByRole('link', { name: 'Return to Home Page', exact: true }).click();
    await expect(page).toHaveURL(/\/$/);
  });
});
