/**
 * Homes (issue 15) against the production build: /listings and its narrowing with and without
 * JavaScript, a listing page (price, open houses and their .ics files, the gallery by keyboard,
 * the calculator starting at the home's price, the map), the home page's Featured Homes and the
 * city guides' lists. The showing request runs against a server of its own with a fake SMTP
 * server and CRM endpoint, and is checked in its database, its e-mail and its CRM event.
 */
import { expect, test, type Locator, type Page } from '@playwright/test';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import {
  readLeads,
  startMailServer,
  startSite,
  startWebhook,
  waitFor,
  type MailServer,
  type RunningServer,
  type WebhookServer,
} from '../integration/support.ts';
import { contactTopics } from '../../src/lib/contact-form.ts';
import { formatPhone, telHref } from '../../src/lib/contact-links.ts';
import { site } from '../../src/site.config.ts';
import { axeViolations } from '../support/axe.ts';
import { samplesDate } from '../support/samples-date.ts';
import { worksheet } from '../support/worksheet.ts';

const cary = '/listings/412-oak-grove-lane-cary-nc';
const sold = '/listings/1540-heritage-oaks-drive-wake-forest-nc';
/** The sample homes in /listings order: for sale and under contract newest first, then the sold one. */
const newestFirst = [
  '96 Sunset Meadow Way',
  '1208 Dogwood Row Unit 304',
  '412 Oak Grove Lane',
  '818 Mingo Creek Trail',
  '207 Salem Pond Court',
  '1540 Heritage Oaks Drive',
];

/** The card headings of a list of homes, in order. */
const cardStreets = (page: Page) => page.locator('[data-listing-item]:visible h2, [data-listing-item]:visible h3');

/** Tiles are answered locally and every other outside request refused: the tests never touch the network. */
async function offline(page: Page): Promise<void> {
  const tile = Buffer.from(
    'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP4/vP/fwAJ9AP1R5VMTgAAAABJRU5ErkJggg==',
    'base64',
  );
  await page.route(/^https?:\/\/(?!127\.0\.0\.1[:/])/, (route) =>
    /basemaps\.cartocdn\.com/.test(route.request().url())
      ? route.fulfill({ status: 200, contentType: 'image/png', body: tile })
      : route.abort(),
  );
}

test.beforeEach(async ({ page }) => offline(page));

test('/listings shows homes for sale newest first, then the sold ones, each naming the listing firm', async ({
  page,
}) => {
  await page.goto('/listings');
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Homes for Sale and Recently Sold');
  await expect(cardStreets(page)).toHaveText(newestFirst);
  const first = page.locator('[data-listing-card]').first();
  await expect(first).toContainText('$559,900');
  await expect(first).toContainText('4 beds · 3 baths · 2,720 sq ft');
  await expect(first).toContainText('Holly Springs, NC 27540');
  // Only the home whose price came down says so on its card.
  await expect(page.locator('[data-listing-card]:has([data-price-drop])')).toHaveCount(1);
  await expect(page.locator('[data-price-drop]')).toHaveText('Reduced $14,900');
  await expect(page.locator('[data-listing-card]:has([data-price-drop]) h2')).toHaveText('412 Oak Grove Lane');
  await expect(first).toContainText('Coming Soon');
  await expect(page.locator('[data-listing-card]').last()).toContainText('Sold $702,500');
  await expect(page.getByText('Listing courtesy of Triangle Realty Partners')).toHaveCount(6);
  await expect(page.locator('[data-listing-disclaimer]')).toHaveText(
    'Information deemed reliable but not guaranteed. Data last updated November 21, 2026.',
  );
});

test('the listing firm is in a type no smaller than the facts', async ({ page }) => {
  await page.goto('/listings');
  const card = page.locator('[data-listing-card]').first();
  const size = (text: string) =>
    card.getByText(text).evaluate((el) => Number.parseFloat(getComputedStyle(el).fontSize));
  expect(await size('Listing courtesy of')).toBeGreaterThanOrEqual(await size('4 beds'));
});

test('the service areas list links each town with homes for sale to them, with their number', async ({ page }) => {
  // The homes lists' own counts: the town chips of the for-sale page.
  await page.goto('/listings/status/for-sale');
  const chips = await page
    .getByRole('navigation', { name: 'Narrow by town' })
    .getByRole('link')
    .evaluateAll((links) => links.map((a) => /^(.+) \((\d+)\)$/.exec(a.textContent.trim())!.slice(1)));
  const towns = chips.filter(([name]) => name !== 'All towns');
  expect(towns.length).toBeGreaterThan(1);

  await page.goto('/areas');
  const list = page.getByRole('region', { name: /^The \d+ towns$/ });
  const expected = towns.map(([name, n]) => `${n} ${n === '1' ? 'home' : 'homes'} for sale in ${name}`);
  await expect(list.getByRole('link', { name: /for sale in/ })).toHaveCount(towns.length);
  for (const name of expected) await expect(list.getByRole('link', { name, exact: true })).toBeVisible();
  const [firstTown] = towns[0]!;
  await list.getByRole('link', { name: expected[0]!, exact: true }).click();
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(`Homes for Sale in ${firstTown}, NC`);
});

test.describe('without JavaScript', () => {
  test.use({ javaScriptEnabled: false });

  test('a visitor narrows by town and by status with links, and each narrowing keeps the other', async ({ page }) => {
    const towns = page.getByRole('navigation', { name: 'Narrow by town' });
    const statuses = page.getByRole('navigation', { name: 'Narrow by status' });
    await page.goto('/listings');
    await towns.getByRole('link', { name: 'Cary (1)' }).click();
    await expect(page).toHaveURL(/\/listings\/town\/cary$/);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Homes in Cary, NC');
    await expect(cardStreets(page)).toHaveText(['412 Oak Grove Lane']);
    await expect(towns.getByRole('link', { name: 'Cary (1)' })).toHaveAttribute('aria-current', 'page');
    // On Cary's page the status links are Cary's: only the groups its homes are in, with its counts.
    await expect(statuses.getByRole('link')).toHaveText(['All homes (1)', 'For sale (1)']);

    await statuses.getByRole('link', { name: 'For sale (1)' }).click();
    await expect(page).toHaveURL(/\/listings\/town\/cary\/for-sale$/);
    await expect(page).toHaveTitle(/^Homes for Sale in Cary, NC \|/);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Homes for Sale in Cary, NC');
    await expect(cardStreets(page)).toHaveText(['412 Oak Grove Lane']);
    await expect(page.getByRole('navigation', { name: 'Breadcrumb' }).getByRole('listitem')).toHaveText([
      'Home',
      /Homes$/,
      /Cary$/,
      /For sale$/,
    ]);

    // Clearing the town keeps the status.
    await towns.getByRole('link', { name: 'All towns (3)' }).click();
    await expect(page).toHaveURL(/\/listings\/status\/for-sale$/);
    await expect(cardStreets(page)).toHaveText([
      '96 Sunset Meadow Way',
      '1208 Dogwood Row Unit 304',
      '412 Oak Grove Lane',
    ]);
    await expect(towns.getByRole('link')).toHaveText(['All towns (3)', 'Cary (1)', 'Holly Springs (1)', 'Raleigh (1)']);

    await statuses.getByRole('link', { name: 'Under contract (2)' }).click();
    await expect(page).toHaveURL(/\/listings\/status\/under-contract$/);
    await expect(cardStreets(page)).toHaveText(['818 Mingo Creek Trail', '207 Salem Pond Court']);
    await towns.getByRole('link', { name: 'Knightdale (1)' }).click();
    await expect(page).toHaveURL(/\/listings\/town\/knightdale\/under-contract$/);
    await expect(cardStreets(page)).toHaveText(['818 Mingo Creek Trail']);

    await statuses.getByRole('link', { name: 'All homes (1)' }).click();
    await expect(page).toHaveURL(/\/listings\/town\/knightdale$/);
    await towns.getByRole('link', { name: 'All towns (6)' }).click();
    await statuses.getByRole('link', { name: 'Sold (1)' }).click();
    await expect(cardStreets(page)).toHaveText(['1540 Heritage Oaks Drive']);
    await statuses.getByRole('link', { name: 'All homes (6)' }).click();
    await expect(page).toHaveURL(/\/listings$/);
    await expect(cardStreets(page)).toHaveCount(6);
    // Six homes fit on one page: no pager.
    await expect(page.getByRole('navigation', { name: 'Pages of homes' })).toHaveCount(0);
  });

  test('the price, bedroom and sort controls, which need the script, are not shown', async ({ page }) => {
    await page.goto('/listings');
    await expect(page.getByLabel('Price up to')).toBeHidden();
    await expect(page.getByLabel('Sort by')).toBeHidden();
  });

  test('a listing page still shows every photo as a link to the full picture', async ({ page }) => {
    await page.goto(cary);
    const link = page.getByRole('link', { name: /^Photo 2 of 5, full screen/ });
    const href = await link.getAttribute('href');
    expect(href).toMatch(/^\/_astro\/.+\.webp$/);
    expect((await page.request.get(href!)).status()).toBe(200);
    await expect(
      page.getByRole('link', { name: 'Open 412 Oak Grove Lane on OpenStreetMap (opens in a new tab)' }),
    ).toHaveAttribute('href', 'https://www.openstreetmap.org/?mlat=35.7968&mlon=-78.8032#map=17/35.7968/-78.8032');
    // Directions for a visitor on the way to a showing or an open house (the Google Maps app on a phone).
    await expect(
      page.getByRole('link', { name: 'Directions to 412 Oak Grove Lane on Google Maps (opens in a new tab)' }),
    ).toHaveAttribute(
      'href',
      'https://www.google.com/maps/dir/?api=1&destination=412%20Oak%20Grove%20Lane%2C%20Cary%2C%20NC%2027513',
    );
  });
});

test('price and bedrooms narrow, and "Sort by" orders, the cards with a small script at no first-view cost', async ({
  page,
}) => {
  const scripts: string[] = [];
  page.on('request', (r) => {
    if (r.resourceType() === 'script') scripts.push(r.url());
  });
  await page.goto('/listings', { waitUntil: 'networkidle' });
  expect(scripts).toEqual([]);
  await page.getByLabel('Price up to').selectOption('450000');
  await expect(cardStreets(page)).toHaveText(['1208 Dogwood Row Unit 304', '818 Mingo Creek Trail']);
  await expect(page.locator('[data-filter-status]')).toHaveText('Showing 2 of 6 homes');
  await page.getByLabel('Price up to').selectOption('');
  await page.getByLabel('Bedrooms', { exact: true }).selectOption('4');
  await expect(cardStreets(page)).toHaveText([
    '96 Sunset Meadow Way',
    '412 Oak Grove Lane',
    '207 Salem Pond Court',
    '1540 Heritage Oaks Drive',
  ]);

  // "Sort by" orders what the narrowing shows (a sold home by its close price), and says how.
  const sortBy = page.getByLabel('Sort by');
  await sortBy.selectOption('Lowest price first');
  await expect(cardStreets(page)).toHaveText([
    '412 Oak Grove Lane',
    '96 Sunset Meadow Way',
    '207 Salem Pond Court',
    '1540 Heritage Oaks Drive',
  ]);
  await expect(page.locator('[data-filter-status]')).toHaveText('Showing 4 of 6 homes, lowest price first');
  await page.getByLabel('Bedrooms', { exact: true }).selectOption('');
  await sortBy.selectOption('Highest price first');
  await expect(cardStreets(page)).toHaveText([
    '1540 Heritage Oaks Drive',
    '207 Salem Pond Court',
    '96 Sunset Meadow Way',
    '412 Oak Grove Lane',
    '1208 Dogwood Row Unit 304',
    '818 Mingo Creek Trail',
  ]);
  await sortBy.selectOption('Largest first');
  await expect(cardStreets(page)).toHaveText([
    '1540 Heritage Oaks Drive',
    '207 Salem Pond Court',
    '96 Sunset Meadow Way',
    '412 Oak Grove Lane',
    '818 Mingo Creek Trail',
    '1208 Dogwood Row Unit 304',
  ]);
  await expect(page.locator('[data-filter-status]')).toHaveText('Showing 6 of 6 homes, largest first');
  // Keyboard and screen-reader users meet the cards in the order shown.
  await expect(page.locator('[data-listing-grid] > li h2')).toHaveText(await cardStreets(page).allTextContents());
  await sortBy.selectOption('Newest first');
  await expect(cardStreets(page)).toHaveText(newestFirst);
  await expect(page.locator('[data-filter-status]')).toHaveText('Showing 6 of 6 homes');
});

test('the price, bedroom and sort choices live in the address: shared, kept by the town links, back from a home', async ({
  page,
}) => {
  await page.goto('/listings');
  await page.getByLabel('Price up to').selectOption('450000');
  await page.getByLabel('Sort by').selectOption('Lowest price first');
  await expect(page).toHaveURL(/\/listings\?price=450000&sort=price-asc$/);
  // A home, and back: the choices and the cards they show are as they were.
  await page
    .getByRole('link', { name: /^1208 Dogwood Row Unit 304/ })
    .first()
    .click();
  await expect(page).toHaveURL(/\/listings\/1208-dogwood-row-unit-304-raleigh-nc$/);
  await page.goBack();
  await expect(page).toHaveURL(/\/listings\?price=450000&sort=price-asc$/);
  await expect(page.getByLabel('Price up to')).toHaveValue('450000');
  await expect(cardStreets(page)).toHaveText(['818 Mingo Creek Trail', '1208 Dogwood Row Unit 304']);
  // A town keeps them.
  const towns = page.getByRole('navigation', { name: 'Narrow by town' });
  await towns.getByRole('link', { name: /^Knightdale/ }).click();
  await expect(page).toHaveURL(/\/listings\/town\/knightdale\?price=450000&sort=price-asc$/);
  await expect(page.locator('[data-filter-status]')).toHaveText('Showing 1 of 1 home, lowest price first');
  await expect(page.getByLabel('Sort by')).toHaveValue('price-asc');
  // Cleared, the address is the page's own again.
  await page.getByLabel('Price up to').selectOption('');
  await page.getByLabel('Sort by').selectOption('Newest first');
  await expect(page).toHaveURL(/\/listings\/town\/knightdale$/);
  await expect(towns.getByRole('link', { name: /^All towns/ })).toHaveAttribute('href', '/listings');

  // A shared address: only values the lists offer are taken; the rest of the address is left alone.
  await page.goto('/listings?beds=4&price=abc&sort=%3Cscript%3E&utm_source=mail');
  await expect(page.locator('[data-filter-status]')).toHaveText('Showing 4 of 6 homes');
  await expect(page.getByLabel('Price up to')).toHaveValue('');
  await expect(page.getByLabel('Sort by')).toHaveValue('');
  await expect(page).toHaveURL(/\/listings\?beds=4&utm_source=mail$/);
});

test('a listing page: the address as h1, status, price, facts, firm, and the coming open house only', async ({
  page,
}) => {
  await page.goto(cary);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('412 Oak Grove Lane, Cary, NC 27513');
  await expect(page).toHaveTitle('412 Oak Grove Lane, Cary, NC 27513 | Active $525,000 | Jordan Avery - REALTOR®');
  // The price came down from its first one (OriginalListPrice), on the day of PriceChangeTimestamp.
  await expect(page.locator('[data-listing-price]')).toHaveText(
    'List price$525,000Reduced $14,900 from $539,900on November 18, 2026',
  );
  await expect(page.locator('meta[name="description"]')).toHaveAttribute(
    'content',
    '4 beds, 2.5 baths, 2,450 sq ft single family residence in Cary, NC: active at $525,000, reduced from $539,900. Photos, open houses, monthly cost and showings.',
  );
  const facts = page.locator('[data-listing-facts]');
  await expect(facts).toContainText('Bathrooms2.5 (2 full, 1 half)');
  await expect(facts).toContainText('Price per sq ft$214');
  await expect(facts).toContainText('ListedNovember 2, 2026');
  await expect(page.locator('[data-listing-courtesy]')).toHaveText('Listing courtesy of Triangle Realty Partners');
  // Sharing needs no script: a mailto: link whose recipient the visitor chooses, with the home filled in.
  const share = new URL((await page.getByRole('link', { name: 'E-mail this home to someone' }).getAttribute('href'))!);
  expect([share.protocol, share.pathname]).toEqual(['mailto:', '']);
  expect(share.searchParams.get('subject')).toBe('412 Oak Grove Lane, Cary, NC 27513: $525,000');
  expect(share.searchParams.get('body')).toBe(
    '412 Oak Grove Lane, Cary, NC 27513\r\n4 beds, 2.5 baths, 2,450 sq ft single family residence, active at $525,000, reduced from $539,900\r\n\r\nhttps://www.example.com/listings/412-oak-grove-lane-cary-nc\r\n',
  );
  // How far it is from content/places.yaml's places, in a straight line, the nearest first.
  await expect(page.locator('[data-place-distances] dl > div')).toHaveText([
    'RDU Airport5.8 miles',
    'Research Triangle Park7.8 miles',
    'NC State University7.9 miles',
    'Downtown Raleigh9.3 miles',
    'UNC-Chapel Hill16 miles',
    'Duke University16 miles',
  ]);
  // The schools the listing names, and who confirms them.
  const schools = page.getByRole('region', { name: 'Schools' });
  await expect(schools.locator('dl > div')).toHaveText([
    'ElementaryBriarcliff Elementary',
    'MiddleEast Cary Middle',
    'HighCary High',
  ]);
  await expect(schools).toContainText(
    'Assignments can change from one school year to the next: confirm them with Wake County Public School System before you rely on them.',
  );
  const openHouses = page.getByRole('region', { name: 'Open houses' });
  await expect(openHouses.getByRole('listitem')).toHaveCount(1);
  await expect(openHouses).toContainText('Saturday, January 16, 2027, 1:00 PM to 3:00 PM');
  await expect(openHouses).not.toContainText('November 8, 2026');

  const calendar = openHouses.getByRole('link', { name: /^Add to calendar/ });
  await expect(calendar).toHaveAccessibleName(
    'Add to calendar: open house of Saturday, January 16, 2027, 1:00 PM to 3:00 PM',
  );
  // The same entry for Google Calendar (Android opens no .ics file), in a new tab.
  const google = openHouses.getByRole('link', { name: /^Add to Google Calendar/ });
  await expect(google).toHaveAccessibleName(
    'Add to Google Calendar: open house of Saturday, January 16, 2027, 1:00 PM to 3:00 PM (opens in a new tab)',
  );
  await expect(google).toHaveAttribute('target', '_blank');
  const event = new URL((await google.getAttribute('href'))!).searchParams;
  expect([event.get('text'), event.get('dates'), event.get('ctz')]).toEqual([
    'Open house: 412 Oak Grove Lane, Cary, NC 27513',
    '20270116T130000/20270116T150000',
    'America/New_York',
  ]);
  const href = await calendar.getAttribute('href');
  expect(href).toBe(`${cary}/open-house-2027-01-16-1300.ics`);
  const ics = await page.request.get(href!);
  expect(ics.headers()['content-type']).toMatch(/^text\/calendar/);
  const body = await ics.text();
  expect(body).toContain('\r\nDTSTART;TZID=America/New_York:20270116T130000\r\n');
  expect(body).toContain('\r\nSUMMARY:Open house: 412 Oak Grove Lane\\, Cary\\, NC 27513\r\n');

  const ld = (await page.locator('script[type="application/ld+json"]').allTextContents()).map(
    (t) => JSON.parse(t) as { '@graph': Record<string, unknown>[] },
  );
  // The trail goes through the town's homes, on the page and in the structured data.
  const trail = ld.flatMap((d) => d['@graph']).find((n) => n['@type'] === 'BreadcrumbList') as {
    itemListElement: { name: string; item: string }[];
  };
  expect(trail.itemListElement.map((c) => `${c.name} ${new URL(c.item).pathname}`)).toEqual([
    'Home /',
    'Homes /listings',
    'Cary /listings/town/cary',
    `412 Oak Grove Lane ${cary}`,
  ]);
  const listing = ld.flatMap((d) => d['@graph']).find((n) => n['@type'] === 'RealEstateListing');
  expect(listing).toMatchObject({
    offers: { price: 525000, priceCurrency: 'USD', itemOffered: { '@type': 'SingleFamilyResidence' } },
  });
  // The share card (issue 18) is drawn over the first photo: a 1200x630 card of its own.
  expect(await page.locator('meta[property="og:image"]').getAttribute('content')).toMatch(/\/og\/[\w-]+\.jpg$/);

  const breadcrumb = page.getByRole('navigation', { name: 'Breadcrumb' });
  await expect(breadcrumb.getByRole('listitem')).toHaveText(['Home', /Homes$/, /Cary$/, /412 Oak Grove Lane$/]);
  await breadcrumb.getByRole('link', { name: 'Cary' }).click();
  await expect(page).toHaveURL(/\/listings\/town\/cary$/);
  await expect(cardStreets(page)).toHaveText(['412 Oak Grove Lane']);
});

test('on a phone, the ways to act come right under the price; on a wide screen the aside beside the facts has them', async ({
  page,
  isMobile,
}) => {
  await page.goto(cary);
  const actions = page.locator('[data-listing-actions]');
  if (!isMobile) {
    await expect(actions).toBeHidden();
    const aside = page.getByRole('complementary', { name: 'Open houses and showings' });
    await expect(aside.getByRole('link', { name: 'Request a showing' })).toBeVisible();
    return;
  }
  await expect(actions.getByRole('link')).toHaveText([
    'Request a showing',
    `Call ${formatPhone(site.agent.phoneDigits)}`,
  ]);
  await expect(actions).toBeInViewport();
  await expect(actions.getByRole('link', { name: /^Call/ })).toHaveAttribute('href', telHref(site.agent.phoneDigits));
  await actions.getByRole('link', { name: 'Request a showing' }).click();
  await expect(page).toHaveURL(new RegExp(`${cary}#request-showing$`));
  await expect(page.getByRole('heading', { name: 'Request a showing', level: 2 })).toBeInViewport();

  // A sold home can no longer be shown: the agent is asked about homes nearby instead.
  await page.goto(sold);
  await expect(actions.getByRole('link')).toHaveText([
    `Ask ${site.agent.firstName} about homes nearby`,
    `Call ${formatPhone(site.agent.phoneDigits)}`,
  ]);
  await expect(actions.getByRole('link').first()).toHaveAttribute('href', '/#contact');
});

test('on a phone each row of towns and statuses is one line that scrolls sideways, showing the one chosen; on a wide screen they wrap', async ({
  page,
  isMobile,
}) => {
  const rows = ['Narrow by town', 'Narrow by status'].map((name) =>
    page.getByRole('navigation', { name }).getByRole('list'),
  );
  const chipHeight = async (row: (typeof rows)[number]) => (await row.getByRole('link').first().boundingBox())!.height;
  await page.goto('/listings/status/sold');
  for (const row of rows) {
    const box = (await row.boundingBox())!;
    const [width, scrollWidth] = await row.evaluate((ul) => [ul.clientWidth, ul.scrollWidth]);
    // One line of chips on a phone (with room for focus rings); nothing hidden on a wide screen.
    if (isMobile) expect(box.height).toBeLessThan(2 * (await chipHeight(row)));
    else expect(scrollWidth).toBe(width);
  }
  // The four statuses are wider than a phone: their row scrolls within itself.
  const [width, scrollWidth] = await rows[1]!.evaluate((ul) => [ul.clientWidth, ul.scrollWidth]);
  if (isMobile) expect(scrollWidth).toBeGreaterThan(width);
  // The chosen status, the last of its row, is in view without scrolling the row by hand.
  const chosen = rows[1]!.getByRole('link', { name: /^Sold/ });
  await expect(chosen).toHaveAttribute('aria-current', 'page');
  const [chip, row] = [(await chosen.boundingBox())!, (await rows[1]!.boundingBox())!];
  expect(chip.x).toBeGreaterThanOrEqual(row.x);
  expect(chip.x + chip.width).toBeLessThanOrEqual(row.x + row.width);
  // The page itself never scrolls sideways, and the rows that do pass axe (keyboard access included).
  expect(await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth)).toBe(true);
  expect(await axeViolations(page, 'main')).toEqual([]);
});

test('on a phone a row of choices fades at an edge where more choices lie, and the chosen or focused one stands clear of the fade', async ({
  page,
  isMobile,
}) => {
  const towns = page.getByRole('navigation', { name: 'Narrow by town' }).getByRole('list');
  /** How far in from each end the row fades, in CSS pixels. */
  const fades = () =>
    towns.evaluate((ul) =>
      ['--fade-start', '--fade-end'].map((name) => parseFloat(getComputedStyle(ul).getPropertyValue(name))),
    );
  const scrollTo = (to: 'start' | 'end') =>
    towns.evaluate((ul, to) => ul.scrollTo({ left: to === 'start' ? 0 : ul.scrollWidth, behavior: 'instant' }), to);
  const clearOfFades = async (name: RegExp | Locator) => {
    const [start, end] = await fades();
    const link = name instanceof RegExp ? towns.getByRole('link', { name }) : name;
    const [chip, row] = [(await link.boundingBox())!, (await towns.boundingBox())!];
    // (scrollLeft is whole pixels: a chip may sit a fraction of one into the fade.)
    expect(chip.x).toBeGreaterThan(row.x + start! - 1);
    expect(chip.x + chip.width).toBeLessThan(row.x + row.width - end! + 1);
  };
  await page.goto('/listings/town/holly-springs');
  if (!isMobile) {
    // On a wide screen the choices wrap, and nothing is faded.
    expect(await towns.evaluate((ul) => getComputedStyle(ul).maskImage)).toBe('none');
    return;
  }
  // Holly Springs, the fourth town, is brought into the row: towns lie beyond both edges.
  await expect.poll(fades).toEqual([40, 40]);
  await clearOfFades(/^Holly Springs/);
  // At the row's start only its end fades, and at its end only its start.
  await scrollTo('start');
  await expect.poll(fades).toEqual([0, 40]);
  await scrollTo('end');
  await expect.poll(fades).toEqual([40, 0]);
  // A town reached by Tab stops clear of the fade.
  await scrollTo('start');
  await towns.getByRole('link', { name: /^Raleigh/ }).focus();
  await expect.poll(fades).toEqual([40, 40]);
  await clearOfFades(/^Raleigh/);
  // So is one the row shows only in part (the browser left it where it was, its ring under the fade).
  await scrollTo('start');
  await expect.poll(fades).toEqual([0, 40]);
  const partly = await towns.evaluate((ul) => {
    const edge = ul.getBoundingClientRect().right;
    return [...ul.querySelectorAll('a')].findIndex((a) => {
      const box = a.getBoundingClientRect();
      return box.left < edge - 40 && box.right > edge - 40;
    });
  });
  expect(partly).toBeGreaterThan(0);
  const links = towns.getByRole('link');
  await links.nth(partly - 1).focus();
  await page.keyboard.press('Tab');
  await expect(links.nth(partly)).toBeFocused();
  await expect(() => clearOfFades(links.nth(partly))).toPass();
});

test('a sold home shows Sold, the close price and date, and no open house, calculator or showing form', async ({
  page,
}) => {
  await page.goto(sold);
  await expect(page.locator('[data-listing-price]')).toHaveText('Sold$702,500on September 30, 2026Listed at $715,000');
  // No monthly cost for a home no one can buy.
  await expect(page.locator('[data-listing-monthly]')).toHaveCount(0);
  // A sold home's price per square foot is its close price's.
  await expect(page.locator('[data-listing-facts]')).toContainText('Price per sq ft$193');
  await expect(page.getByRole('region', { name: 'Open houses' })).toHaveCount(0);
  await expect(page.getByLabel('Home Price')).toHaveCount(0);
  await expect(page.getByRole('button', { name: 'Request a Showing' })).toHaveCount(0);
  // Its description promises none of what it lacks.
  await expect(page.locator('meta[name="description"]')).toHaveAttribute(
    'content',
    /: sold for \$702,500\. Photos and the home's facts\.$/,
  );
  const share = await page.getByRole('link', { name: 'E-mail this home to someone' }).getAttribute('href');
  expect(new URL(share!).searchParams.get('body')).toContain('single family residence, sold for $702,500\r\n');
});

test('a Coming Soon home, which MLS rules keep from being shown yet, asks to be first to see it, with no open house', async ({
  page,
}) => {
  await page.goto('/listings/96-sunset-meadow-way-holly-springs-nc');
  await expect(page.getByRole('link', { name: 'Request a showing' })).toHaveCount(0);
  // On a phone, under the price (a wide screen has the aside).
  await expect(page.locator('[data-listing-actions] a').first()).toHaveText('Ask to see it first');
  const aside = page.getByRole('complementary', { name: 'Open houses and showings' });
  await expect(aside).toContainText('Coming soon: showings begin when it goes on the market. Ask to see it first');
  await expect(page.getByRole('region', { name: 'Open houses' })).toHaveCount(0);
  const request = page.locator('#request-showing');
  await expect(request.getByRole('heading', { level: 2 })).toHaveText('Be first to see it');
  await expect(request).toContainText(
    'not on the market yet, and MLS rules allow no showing or open house until it is',
  );
  await expect(request.getByLabel('Message')).toHaveValue(
    'Please tell me as soon as I can see 96 Sunset Meadow Way, Holly Springs, NC 27540.',
  );
  // Its form asks for what it can give: word of when the home can be seen, not a showing.
  const form = request.getByRole('form', {
    name: 'Hear when 96 Sunset Meadow Way, Holly Springs, NC 27540 can be seen',
  });
  await expect(form.getByRole('button', { name: 'Tell Me When I Can See It' })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Request a Showing' })).toHaveCount(0);
  await expect(page.locator('meta[name="description"]')).toHaveAttribute(
    'content',
    /: coming soon at \$559,900\. Photos, monthly cost, and word as soon as it can be seen\.$/,
  );
});

test("beside the price, about what the home would cost a month: the calculator's first total, linked to it", async ({
  page,
}) => {
  await page.goto(cary);
  const monthly = page.locator('[data-listing-monthly]');
  // $525,000 with $105,000 down at 6.5% over 30 years, its $3,890 tax bill, $1,800 a year of insurance, $65 of HOA.
  await expect(monthly).toHaveText('About $3,194 a month with 20% down');
  const total = await page.getByTestId('total-monthly-cost').first().textContent();
  expect(`$${Math.round(Number(total?.replace(/[$,]/g, ''))).toLocaleString('en-US')}`).toBe('$3,194');
  await monthly.click();
  await expect(page).toHaveURL(new RegExp(`${cary}#monthly-cost$`));
  await expect(page.getByRole('heading', { name: 'What this home would cost a month' })).toBeInViewport();
});

test('where the browser has a share sheet, "Share this home" takes the e-mail link\'s place and opens it on the home', async ({
  page,
}) => {
  const errors: string[] = [];
  page.on('pageerror', (error) => errors.push(error.message));
  await page.addInitScript(() => {
    if (location.search !== '?sheet') return void Reflect.deleteProperty(Navigator.prototype, 'share');
    // A phone's share sheet, which the visitor closes the second time without sharing.
    const shared: ShareData[] = [];
    Object.assign(window, { shared });
    Object.defineProperty(Navigator.prototype, 'share', {
      configurable: true,
      value: (data: ShareData) =>
        shared.push(data) > 1 ? Promise.reject(new DOMException('Share canceled', 'AbortError')) : Promise.resolve(),
    });
  });
  await page.goto(cary);
  const button = page.getByRole('button', { name: 'Share this home' });
  await expect(button).toBeHidden();
  await expect(page.getByRole('link', { name: 'E-mail this home to someone' })).toBeVisible();

  await page.goto(`${cary}?sheet`);
  await expect(page.getByRole('link', { name: 'E-mail this home to someone' })).toBeHidden();
  await button.click();
  await button.click();
  const shared = () => page.evaluate(() => (window as unknown as { shared: ShareData[] }).shared);
  await expect.poll(async () => (await shared()).length).toBe(2);
  expect((await shared())[0]).toEqual({
    title: '412 Oak Grove Lane, Cary, NC 27513: $525,000',
    text: '412 Oak Grove Lane, Cary, NC 27513\n4 beds, 2.5 baths, 2,450 sq ft single family residence, active at $525,000, reduced from $539,900',
    url: 'https://www.example.com/listings/412-oak-grove-lane-cary-nc',
  });
  expect(errors).toEqual([]);
});

test('a home no longer on the site answers 404 with Home Not Found, the homes for sale and a way to ask', async ({
  page,
}) => {
  // A link a visitor kept to a home that has since sold and left the site.
  const res = await page.goto('/listings/100-long-sold-lane-cary-nc');
  expect(res?.status()).toBe(404);
  await expect(page).toHaveTitle(/^Home Not Found \| /);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Home Not Found');
  await expect(page.locator('main')).toContainText(
    'That home is no longer listed here: it may have sold or been taken off the market. Jordan can tell you what became of it, or find you one like it.',
  );
  await expect(page.getByRole('link', { name: 'See the homes for sale' })).toHaveAttribute(
    'href',
    '/listings/status/for-sale',
  );
  await expect(page.locator('main').getByRole('link', { name: 'Ask Jordan' })).toHaveAttribute('href', '/contact');
  // The newest homes for sale, as the home page features them; none sold or under contract.
  await expect(page.getByRole('region', { name: 'For sale now' }).locator('[data-listing-item] h3')).toHaveText([
    '96 Sunset Meadow Way',
    '1208 Dogwood Row Unit 304',
    '412 Oak Grove Lane',
  ]);
  // Anything else under /listings/ that names no page gets it too, but a list that is not there says
  // so (a town's last home sold, a page past the last); elsewhere the site's 404 page stays.
  expect((await page.goto('/listings/no-such-home'))?.status()).toBe(404);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Home Not Found');
  for (const list of ['/listings/town/atlantis', '/listings/page/99']) {
    expect((await page.goto(list))?.status()).toBe(404);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('No Homes on This List Now');
    await expect(page.locator('main')).toContainText(
      'The homes on this list have sold or left the market, or the page is past the last one. Jordan can tell you when a home like them comes up.',
    );
    await expect(page.getByRole('link', { name: 'See the homes for sale' })).toHaveAttribute(
      'href',
      '/listings/status/for-sale',
    );
  }
  await page.goto('/listingz/412-oak-grove-lane-cary-nc');
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Oops! Page not found');
});

test('under a home, other homes for sale nearby: same town first, then the nearest, each saying how far', async ({
  page,
}) => {
  // Under the sold home in Wake Forest: the homes for sale nearest to it, none under contract.
  await page.goto(sold);
  const nearby = page.getByRole('region', { name: 'More homes for sale nearby' });
  await expect(nearby.locator('h3')).toHaveText([
    '1208 Dogwood Row Unit 304',
    '412 Oak Grove Lane',
    '96 Sunset Meadow Way',
  ]);
  await expect(nearby.locator('[data-listing-distance]')).toHaveText([
    '13 miles away',
    '19 miles away',
    '28 miles away',
  ]);
  // The page's compliance line covers the cards too: "Data last updated" is the newest of them all.
  await expect(page.locator('[data-listing-disclaimer] time')).toHaveAttribute('datetime', /^2026-11-21/);
  await nearby.getByRole('link', { name: 'All homes for sale (3)' }).click();
  await expect(page).toHaveURL(/\/listings\/status\/for-sale$/);
  await expect(cardStreets(page)).toHaveCount(3);

  // Under a home for sale, the others: never itself.
  await page.goto(cary);
  await expect(nearby.locator('h3')).toHaveText(['1208 Dogwood Row Unit 304', '96 Sunset Meadow Way']);
  // A printed home is that home.
  await page.emulateMedia({ media: 'print' });
  await expect(nearby).toBeHidden();
});

test('open houses: every coming one on one page, soonest first, reached from the footer, /listings and a home', async ({
  page,
}) => {
  await page.goto('/');
  await page.getByRole('contentinfo').getByRole('link', { name: 'Open Houses', exact: true }).click();
  await expect(page).toHaveURL(/\/listings\/open-houses$/);
  await expect(page).toHaveTitle(/^Open Houses in Raleigh and the Triangle \|/);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Open Houses');
  await expect(page.getByRole('navigation', { name: 'Breadcrumb' }).getByRole('listitem')).toHaveText([
    'Home',
    /Homes$/,
    /Open houses$/,
  ]);
  // The sample's open house of November 8, 2026 has ended; the one in January is on.
  const openHouses = page.getByRole('list', { name: 'Coming open houses' }).locator('[data-open-house]');
  await expect(openHouses).toHaveCount(1);
  const first = openHouses.first();
  await expect(first.locator('time')).toHaveText('Saturday, January 16, 2027, 1:00 PM to 3:00 PM');
  // On screen the day stands over the hours without a comma hanging at the end of its line: the
  // comma is there for reading aloud and copying, in a box of 1 px that shows nothing. Measured once
  // the stylesheet has loaded ('load'): the page's text is there before it, unstyled (a run in CI
  // read the comma's box before the stylesheet applied).
  await page.waitForLoadState('load');
  const comma = await first
    .locator('time > span')
    .first()
    .evaluate((span) => {
      const walker = document.createTreeWalker(span, NodeFilter.SHOW_TEXT);
      let last: Node | null = null;
      for (let node = walker.nextNode(); node; node = walker.nextNode()) last = node;
      const box = last!.parentElement!;
      return {
        text: last!.textContent!.at(-1),
        width: box.getBoundingClientRect().width,
        overflow: getComputedStyle(box).overflow,
      };
    });
  expect(comma).toEqual({ text: ',', width: 1, overflow: 'hidden' });
  await expect(first.locator('time')).toHaveAttribute('datetime', '2027-01-16T13:00');
  await expect(first.getByRole('heading', { level: 2 })).toHaveText('412 Oak Grove Lane');
  await expect(first).toContainText('Walk through with the listing agent; no appointment needed.');
  const calendar = first.getByRole('link', { name: /^Add to calendar/ });
  await expect(calendar).toHaveAccessibleName(
    'Add to calendar: open house at 412 Oak Grove Lane, Saturday, January 16, 2027, 1:00 PM to 3:00 PM',
  );
  const ics = await page.request.get((await calendar.getAttribute('href'))!);
  expect(ics.headers()['content-type']).toMatch(/^text\/calendar/);
  await expect(first.getByRole('link', { name: /^Add to Google Calendar/ })).toHaveAccessibleName(
    'Add to Google Calendar: open house at 412 Oak Grove Lane, Saturday, January 16, 2027, 1:00 PM to 3:00 PM (opens in a new tab)',
  );
  await expect(
    first.getByRole('link', {
      name: 'Directions to 412 Oak Grove Lane, Cary, NC 27513 on Google Maps (opens in a new tab)',
    }),
  ).toHaveAttribute(
    'href',
    'https://www.google.com/maps/dir/?api=1&destination=412%20Oak%20Grove%20Lane%2C%20Cary%2C%20NC%2027513',
  );
  await expect(page.locator('[data-listing-disclaimer]')).toBeVisible();

  await page.goto('/listings');
  await page.getByRole('link', { name: 'Coming open houses (1)' }).click();
  await expect(page).toHaveURL(/\/listings\/open-houses$/);
  await page.goto(cary);
  await page
    .getByRole('region', { name: 'Open houses' })
    .getByRole('link', { name: 'Every coming open house' })
    .click();
  await expect(page).toHaveURL(/\/listings\/open-houses$/);
  await page.getByRole('contentinfo').getByRole('link', { name: 'Homes for Sale', exact: true }).click();
  await expect(page).toHaveURL(/\/listings$/);
});

test('a home with a coming open house says when on its card, except where the open house is the entry', async ({
  page,
}) => {
  await page.goto('/listings');
  const openHouse = page.locator('[data-card-open-house]');
  // The sample's open house of November 8, 2026 has ended by the build; the one in January is on.
  await expect(openHouse).toHaveCount(1);
  const card = page.locator('[data-listing-card]').filter({ has: openHouse });
  await expect(card.getByRole('heading')).toHaveText('412 Oak Grove Lane');
  await expect(openHouse).toHaveText('Open house Sat, Jan 16, 1:00 PM to 3:00 PM');
  await expect(openHouse.locator('time')).toHaveAttribute('datetime', '2027-01-16T13:00');
  // On the open houses page each entry says its time above the card, which does not repeat it.
  await page.goto('/listings/open-houses');
  await expect(page.locator('[data-listing-card]')).toHaveCount(1);
  await expect(openHouse).toHaveCount(0);
});

test('after the coming open houses, a visitor who cannot make them is offered the homes and a showing', async ({
  page,
}) => {
  await page.goto('/listings/open-houses');
  const offer = page.getByText("Can't make these times?", { exact: true }).locator('..');
  await expect(offer).toContainText(`${site.agent.firstName} can show you any home for sale at a time that suits you.`);
  await expect(offer.getByRole('link', { name: 'See the homes' })).toHaveAttribute('href', '/listings');
  await expect(offer.getByRole('link', { name: 'Ask for a showing' })).toHaveAttribute(
    'href',
    '/contact?topic=showing',
  );
  await expect(page.getByText('No open houses are scheduled right now.')).toHaveCount(0);
  // The contact form opens with a showing request for the visitor to complete.
  await offer.getByRole('link', { name: 'Ask for a showing' }).click();
  await expect(page.getByRole('textbox', { name: 'Message' })).toHaveValue(contactTopics.showing.message);
});

test('the coming open houses are one calendar to subscribe to, by webcal or in Google Calendar', async ({ page }) => {
  await page.goto('/listings/open-houses');
  const feed = `${site.baseUrl}/listings/open-houses.ics`.replace(/^https:/, 'webcal:');
  const links = page.locator('[data-subscribe]');
  await expect(links.getByRole('link', { name: 'Subscribe in your calendar app' })).toHaveAttribute('href', feed);
  const google = links.getByRole('link', { name: 'Subscribe in Google Calendar (opens in a new tab)' });
  await expect(google).toHaveAttribute('target', '_blank');
  const href = new URL((await google.getAttribute('href'))!);
  expect([href.origin + href.pathname, href.searchParams.get('cid')]).toEqual([
    'https://calendar.google.com/calendar/r',
    feed,
  ]);
  // The calendar holds the open houses of the page, each the event its own "Add to calendar" file holds.
  const calendar = await page.request.get('/listings/open-houses.ics');
  expect(calendar.headers()['content-type']).toBe('text/calendar; charset=utf-8');
  const body = await calendar.text();
  expect(body).toContain(`\r\nX-WR-CALNAME:${site.name}: open houses\r\n`);
  const files = await page
    .getByRole('link', { name: /^Add to calendar/ })
    .evaluateAll((links) => links.map((a) => a.getAttribute('href')!));
  expect(files).toHaveLength(await page.locator('[data-open-house]').count());
  const events = (ics: string) => ics.match(/BEGIN:VEVENT[\s\S]*?END:VEVENT\r\n/g) ?? [];
  const own = await Promise.all(files.map(async (file) => (await page.request.get(file)).text()));
  expect(events(body)).toEqual(own.flatMap(events));
  expect(events(body)).toHaveLength(files.length);
  // Nothing to subscribe to on paper.
  await page.emulateMedia({ media: 'print' });
  await expect(links).toBeHidden();
});

test('search engines read each coming open house as an Event, on the open houses and on its home', async ({ page }) => {
  const eventsOf = async (path: string) => {
    await page.goto(path);
    const ld = (await page.locator('script[type="application/ld+json"]').allTextContents()).map(
      (t) => JSON.parse(t) as { '@graph': Record<string, unknown>[] },
    );
    return ld.flatMap((d) => d['@graph']).filter((n) => n['@type'] === 'Event');
  };
  // The home's page names the same events; a sold home's, whose open houses are over, none.
  const atHome = await eventsOf(cary);
  expect(await eventsOf(sold)).toEqual([]);
  const events = await eventsOf('/listings/open-houses');
  expect(atHome).toEqual(events);
  await expect(page.locator('[data-open-house]')).toHaveCount(events.length);
  expect(events).toEqual([
    expect.objectContaining({
      name: 'Open house: 412 Oak Grove Lane, Cary, NC 27513',
      startDate: '2027-01-16T13:00:00-05:00',
      endDate: '2027-01-16T15:00:00-05:00',
      url: `${site.baseUrl}${cary}`,
      location: expect.objectContaining({ name: '412 Oak Grove Lane, Cary, NC 27513' }),
      image: [expect.stringMatching(/^https:\/\/www\.example\.com\/_astro\/[\w.-]+\.jpe?g$/)],
    }),
  ]);
  // The picture is one the site serves.
  const image = new URL((events[0]!['image'] as string[])[0]!);
  expect((await page.request.get(image.pathname)).status()).toBe(200);
});

test('the gallery by keyboard: open a photo, go to the next, Escape returns the focus', async ({ page }) => {
  await page.goto(cary);
  const first = page.getByRole('link', { name: /^Photo 1 of 5, full screen/ });
  await first.focus();
  await page.keyboard.press('Enter');
  const dialog = page.getByRole('dialog', { name: 'Photos of 412 Oak Grove Lane, Cary, NC 27513' });
  await expect(dialog).toBeVisible();
  await expect(dialog.getByText('Photo 1 of 5')).toBeVisible();
  await expect(dialog.getByRole('button', { name: 'Close' })).toBeFocused();
  const shown = dialog.locator('figure:visible img');
  await expect(shown).toHaveAttribute('alt', /^Two-story home with a brick front/);

  await page.keyboard.press('ArrowRight');
  await expect(dialog.getByText('Photo 2 of 5')).toBeVisible();
  await expect(shown).toHaveAttribute('alt', /^Kitchen with white cabinets/);
  await dialog.getByRole('button', { name: 'Next photo' }).focus();
  await page.keyboard.press('Enter');
  await expect(dialog.getByText('Photo 3 of 5')).toBeVisible();
  await page.keyboard.press('ArrowLeft');
  await page.keyboard.press('ArrowLeft');
  await page.keyboard.press('ArrowLeft');
  await expect(dialog.getByText('Photo 5 of 5')).toBeVisible();
  // The full-size picture is loaded when shown, not before.
  await expect.poll(() => shown.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth > 0)).toBe(true);

  await page.keyboard.press('Escape');
  await expect(dialog).toBeHidden();
  await expect(first).toBeFocused();
});

test('on a touch screen a sideways swipe moves through the photos, and the photos either side load ahead', async ({
  page,
  isMobile,
}) => {
  test.skip(!isMobile, 'phone only');
  await page.goto(cary);
  await page.getByRole('link', { name: /^Photo 1 of 5, full screen/ }).tap();
  const dialog = page.getByRole('dialog', { name: 'Photos of 412 Oak Grove Lane, Cary, NC 27513' });
  await expect(dialog.getByText('Photo 1 of 5')).toBeVisible();
  // Photo 1 is shown (and so loaded): photos 2 and 5 (either side, the row wraps) load too; 3 and 4 wait.
  const loading = () =>
    dialog.locator('figure img').evaluateAll((imgs) => imgs.map((img) => (img as HTMLImageElement).loading));
  expect(await loading()).toEqual(['lazy', 'eager', 'lazy', 'lazy', 'eager']);

  // Real touches (Chromium's input pipeline), so the browser's touch-action rules apply as on a phone.
  const cdp = await page.context().newCDPSession(page);
  const swipe = async (dx: number, dy = 0) => {
    const [x, y] = [180, 390];
    await cdp.send('Input.dispatchTouchEvent', { type: 'touchStart', touchPoints: [{ x, y }] });
    for (let step = 1; step <= 5; step++)
      await cdp.send('Input.dispatchTouchEvent', {
        type: 'touchMove',
        touchPoints: [{ x: x + (dx * step) / 5, y: y + (dy * step) / 5 }],
      });
    await cdp.send('Input.dispatchTouchEvent', { type: 'touchEnd', touchPoints: [] });
  };
  await swipe(-120);
  await expect(dialog.getByText('Photo 2 of 5')).toBeVisible();
  await expect(dialog.locator('figure:visible img')).toHaveAttribute('alt', /^Kitchen with white cabinets/);
  // Now photo 3 loads ahead; photo 4 still waits.
  expect(await loading()).toEqual(['eager', 'eager', 'eager', 'lazy', 'eager']);
  await swipe(120);
  await swipe(120);
  await expect(dialog.getByText('Photo 5 of 5')).toBeVisible();
  // A short slide, or one more up or down than sideways, leaves the photo where it is.
  await swipe(-25);
  await swipe(-60, 120);
  await expect(dialog.getByText('Photo 5 of 5')).toBeVisible();
  await dialog.getByRole('button', { name: 'Close' }).tap();
  await expect(dialog).toBeHidden();
});

test('the first photo is the eager, high-priority picture; the others wait', async ({ page }) => {
  await page.goto(cary);
  const img = page.locator('[data-gallery] a[data-photo="0"] img');
  await expect(img).toHaveAttribute('loading', 'eager');
  await expect(img).toHaveAttribute('fetchpriority', 'high');
  await expect(page.locator('[data-gallery] a[data-photo="1"] img')).toHaveAttribute('loading', 'lazy');
  await expect(page.locator('[data-gallery] dialog img[loading="lazy"]')).toHaveCount(5);
});

test("the calculator starts at the home's price, 20% down, its tax bill and its HOA dues; the tax stays the bill's at any price", async ({
  page,
}) => {
  await page.goto(cary);
  await expect(page.getByRole('region', { name: 'What this home would cost a month' }).locator('p').first()).toHaveText(
    "Starting at the list price with 20% down, this home's 2025 tax bill ($3,890 a year) and the HOA dues of $65 a month. " +
      'A sale does not change what the home is taxed on: in North Carolina that is its assessed value, not its price. ' +
      'Change any figure to try your own, and see the cash you would need to close.',
  );
  await page.mouse.wheel(0, 1);
  await page.getByLabel('Home Price').scrollIntoViewIfNeeded();
  await expect(page.locator('astro-island[component-url*="CalculatorIsland"]')).not.toHaveAttribute('ssr');
  await expect(page.getByLabel('Home Price')).toHaveValue('525000');
  await expect(page.getByLabel('Down Payment')).toHaveValue('105000');
  await expect(page.getByLabel('Town (for property tax)')).toHaveValue('cary');
  const rate = page.getByLabel(/^Property tax rate/);
  await expect(rate).toHaveValue('0.8571');
  await expect(rate).toHaveAccessibleDescription(
    "Wake County 0.5171 + Cary 0.34. FY2026 rates. Applied to the home's assessed value, $453,856, not its price.",
  );
  await expect(page.getByLabel('HOA dues (a month)')).toHaveValue('65');
  await expect(page.getByTestId('loan-amount')).toHaveText('$420,000.00');
  // Its bill, $3,890 a year, whatever price the visitor tries; a rate the visitor types applies to the same value.
  const tax = page.locator('#mortgage-calculator dt:text-is("Property tax") + dd');
  await expect(tax).toHaveText('$324.17');
  await page.getByLabel('Home Price').fill('490000');
  await expect(page.getByTestId('loan-amount')).toHaveText('$385,000.00');
  await expect(tax).toHaveText('$324.17');
  await rate.fill('1');
  await expect(tax).toHaveText('$378.21');
});

test("the cash to close on a home opens on its price, 20% down, the calculator's rate and its tax bill", async ({
  page,
}) => {
  await page.clock.setFixedTime(new Date(samplesDate));
  await page.goto(cary);
  await page.getByRole('link', { name: 'the cash you would need to close' }).click();
  await expect(page).toHaveURL(/\/first-time-buyer\?cash-to-close-price=525000&.*#cash-to-close$/);
  const { section, total } = worksheet(page, 'How Much Cash Will You Need?');
  await expect(section.getByLabel('Home price')).toHaveValue('525000');
  await expect(section.getByLabel('Down payment')).toHaveValue('20');
  await expect(section.getByLabel('Interest rate')).toHaveValue('6.5');
  await expect(section.getByLabel("This year's property tax")).toHaveValue('3890');
  // $105,000 down; 23 days of 6.5% on $420,000 ($1,720); 9 days of $3,890 ($96) credited.
  await expect(total).toHaveText('$105,874');
  await expect(section).toBeInViewport();
  // The mortgage calculator above it keeps its own figures: the address names the sheet's fields only.
  await page.mouse.wheel(0, 1);
  await page.getByLabel('Home Price', { exact: true }).scrollIntoViewIfNeeded();
  await expect(page.locator('astro-island[component-url*="CalculatorIsland"]')).not.toHaveAttribute('ssr');
  await expect(page.getByLabel('Home Price', { exact: true })).toHaveValue('300000');
});

test("where the town's rate is not known, the calculator still starts at the home's bill, and names no assessed value", async ({
  page,
}) => {
  await page.goto('/listings/818-mingo-creek-trail-knightdale-nc');
  await page.mouse.wheel(0, 1);
  await page.getByLabel('Home Price').scrollIntoViewIfNeeded();
  await expect(page.locator('astro-island[component-url*="CalculatorIsland"]')).not.toHaveAttribute('ssr');
  const rate = page.getByLabel(/^Property tax rate/);
  await expect(rate).toHaveValue('0.5171');
  // The county's rate alone would make $2,640 the tax of a $510,540 home; the bill is all that is known.
  await expect(rate).toHaveAccessibleDescription(
    "Wake County 0.5171 only: the Knightdale town rate is not included. FY2026 rates. The tax starts at the home's last bill, whatever its price.",
  );
  const tax = page.locator('#mortgage-calculator dt:text-is("Property tax") + dd');
  await expect(tax).toHaveText('$220.00');
  await page.getByLabel('Home Price').fill('330000');
  await expect(tax).toHaveText('$220.00');
});

test('a price that is no round thousand still starts at 20% down, not a rounded 20.1% or 19.9%', async ({ page }) => {
  await page.goto('/listings/1208-dogwood-row-unit-304-raleigh-nc');
  await expect(page.getByLabel('Down Payment')).toHaveValue('77800');
  await expect(page.getByText('20% of the home price', { exact: true })).toBeVisible();
  await expect(page.getByText('Not needed: the down payment is 20% or more.')).toBeVisible();
});

test('a home under contract (Pending) offers no showing, but to hear if it comes back on the market', async ({
  page,
}) => {
  await page.goto('/listings/207-salem-pond-court-apex-nc');
  await expect(page.getByText('Under contract: the seller has accepted an offer.')).toBeVisible();
  await expect(page.getByRole('heading', { name: 'If it comes back on the market' })).toBeVisible();
  await expect(page.getByRole('link', { name: 'Request a showing' })).toHaveCount(0);
  const form = page.getByRole('form', {
    name: 'Hear if 207 Salem Pond Court, Apex, NC 27523 comes back on the market',
  });
  await expect(form.getByLabel(/^Message/)).toHaveValue(
    'Please tell me if 207 Salem Pond Court, Apex, NC 27523 comes back on the market.',
  );
  await expect(form.getByRole('button', { name: 'Tell Me If It Comes Back' })).toBeVisible();
});

test('a quarterly HOA is counted by the month', async ({ page }) => {
  await page.goto('/listings/207-salem-pond-court-apex-nc');
  await expect(page.getByLabel('HOA dues (a month)')).toHaveValue('80');
  await expect(page.getByLabel('Home Price')).toHaveValue('615000');
});

test('the map of the home loads on interaction, marking it; before that its town outline and a link', async ({
  page,
}) => {
  await page.goto(cary, { waitUntil: 'networkidle' });
  await expect(page.getByRole('img', { name: '412 Oak Grove Lane on a map of Cary' })).toBeAttached();
  await expect(page.locator('.leaflet-container')).toHaveCount(0);
  await page.mouse.wheel(0, 1);
  await page.getByRole('heading', { name: 'Location' }).scrollIntoViewIfNeeded();
  await expect(page.locator('[data-area-map] .leaflet-container')).toBeVisible();
  await expect(page.locator('.leaflet-tooltip')).toHaveText('412 Oak Grove Lane');
  await expect(page.getByRole('img', { name: '412 Oak Grove Lane on a map of Cary' })).toBeHidden();
});

test('on a touch screen a one-finger swipe over the map of the home scrolls the page', async ({ page, isMobile }) => {
  test.skip(!isMobile, 'phone only');
  await page.goto(cary, { waitUntil: 'networkidle' });
  await page.getByRole('heading', { name: 'Location' }).scrollIntoViewIfNeeded();
  const map = page.locator('[data-area-map] .leaflet-container');
  await expect(map).toBeVisible();
  const box = (await map.boundingBox())!;
  const [x, y] = [box.x + box.width / 2, Math.min(box.y + box.height / 2, 600)];
  const scrolled = () => page.evaluate(() => window.scrollY);
  const before = await scrolled();
  // Real touches (Chromium's input pipeline): the map's touch-action decides who takes them.
  const cdp = await page.context().newCDPSession(page);
  await cdp.send('Input.dispatchTouchEvent', { type: 'touchStart', touchPoints: [{ x, y }] });
  for (let step = 1; step <= 5; step++)
    await cdp.send('Input.dispatchTouchEvent', { type: 'touchMove', touchPoints: [{ x, y: y - step * 30 }] });
  await cdp.send('Input.dispatchTouchEvent', { type: 'touchEnd', touchPoints: [] });
  await expect.poll(scrolled).toBeGreaterThan(before + 50);
});

test.describe('the map of a list of homes', () => {
  /** Each sample home's pin: its link name, and the price beside it on the street map. */
  const pins = [
    ['96 Sunset Meadow Way, Holly Springs: Coming Soon, $559,900', '$560K'],
    ['1208 Dogwood Row Unit 304, Raleigh: Active, $389,000', '$389K'],
    ['412 Oak Grove Lane, Cary: Active, $525,000', '$525K'],
    ['818 Mingo Creek Trail, Knightdale: Active Under Contract, $349,900', '$350K'],
    ['207 Salem Pond Court, Apex: Pending, $615,000', '$615K'],
    ['1540 Heritage Oaks Drive, Wake Forest: Sold, $702,500', '$703K'],
  ] as const;
  const section = (page: Page) => page.getByRole('region', { name: /^Where (these homes are|this home is)$/ });
  /** The pins shown (a hidden pin is not a link to the reader), by their link names, sorted. */
  const pinNames = (page: Page) =>
    section(page)
      .getByRole('link', { name: /: (Coming Soon|Active|Active Under Contract|Pending|Sold), \$/ })
      .evaluateAll((links) => links.map((l) => l.getAttribute('aria-label')).sort());
  const openMap = async (page: Page) => {
    await page.mouse.wheel(0, 1);
    await section(page).scrollIntoViewIfNeeded();
    await expect(section(page).locator('.leaflet-container')).toBeVisible();
  };
  /**
   * The street map's price labels on one another or on another home's pin ("$615K on the pin of
   * 412 Oak Grove Lane"); none when they are kept apart. Only what is shown counts.
   */
  const labelClashes = (page: Page) =>
    section(page)
      .locator('.leaflet-container')
      .evaluate((map) => {
        const shown = (el: Element) => getComputedStyle(el).visibility === 'visible' && el.getClientRects().length > 0;
        const named = [...map.querySelectorAll('[data-home-pin]')].filter(shown).map((el) => ({
          label: el.classList.contains('leaflet-tooltip'),
          href: el.getAttribute('data-home-pin'),
          name: el.textContent || `the pin of ${el.getAttribute('aria-label')?.split(',')[0]}`,
          box: el.getBoundingClientRect(),
        }));
        const touch = (a: DOMRect, b: DOMRect) =>
          a.left < b.right && b.left < a.right && a.top < b.bottom && b.top < a.bottom;
        return named
          .filter((a) => a.label)
          .flatMap((a) =>
            named.filter((b) => b.href !== a.href && touch(a.box, b.box)).map((b) => `${a.name} on ${b.name}`),
          );
      });

  test('before any script, a pin per home links its page; after a scroll, a street map prices them', async ({
    page,
  }) => {
    await page.goto('/listings', { waitUntil: 'networkidle' });
    const drawing = page.getByRole('group', { name: 'Map of the 6 homes' });
    await expect(drawing.getByRole('link')).toHaveCount(6);
    expect(await pinNames(page)).toEqual(pins.map(([name]) => name).sort());
    // Each pin links the page its card links.
    const cardLinks = await page
      .locator('[data-listing-item] h2 a')
      .evaluateAll((links) => links.map((l) => l.getAttribute('href')).sort());
    const pinLinks = await drawing
      .getByRole('link')
      .evaluateAll((links) => links.map((l) => l.getAttribute('href')).sort());
    expect(pinLinks).toEqual(cardLinks);
    await expect(page.locator('.leaflet-container')).toHaveCount(0);
    // The outlines under the pins are one file for every list, drawn in.
    await expect(drawing.locator('use')).toHaveAttribute('href', '/geo/service-areas.svg#areas');
    const outlines = await page.request.get('/geo/service-areas.svg');
    expect(outlines.headers()['content-type']).toBe('image/svg+xml');
    const file = await outlines.text();
    expect(file.match(/<path /g)).toHaveLength(13);
    expect(file).toContain('>Holly Springs</text>');
    for (const key of ['For sale', 'Under contract or sold', "Choose a pin for the home's page."])
      await expect(section(page)).toContainText(key);

    await openMap(page);
    await expect(drawing).toBeHidden();
    expect(await pinNames(page)).toEqual(pins.map(([name]) => name).sort());
    // Every pin has its price; where they are many and close (a phone), some wait for their pin.
    await expect(section(page).locator('.leaflet-tooltip')).toHaveText(pins.map(([, price]) => price));
    await expect.poll(() => labelClashes(page)).toEqual([]);
    expect(await axeViolations(page, '[data-area-map]')).toEqual([]);
    // A pin is a link: by keyboard too.
    const cary = section(page).getByRole('link', { name: pins[2][0] });
    await cary.focus();
    await page.keyboard.press('Enter');
    await expect(page).toHaveURL(/\/listings\/412-oak-grove-lane-cary-nc$/);
  });

  test('a pin opens its home with a click; a town list draws its own homes, its town standing out', async ({
    page,
  }) => {
    await page.goto('/listings/town/cary');
    await expect(section(page).getByRole('heading')).toHaveText('Where this home is');
    const drawing = page.getByRole('group', { name: 'Map of the home in Cary' });
    await expect(drawing.getByRole('link')).toHaveCount(1);
    await openMap(page);
    await section(page).getByRole('link', { name: pins[2][0] }).click();
    await expect(page).toHaveURL(/\/listings\/412-oak-grove-lane-cary-nc$/);
  });

  test('a keyboard visitor on a pin of the drawing keeps the focus as the street map takes over', async ({ page }) => {
    await page.goto('/listings', { waitUntil: 'networkidle' });
    await page.getByRole('group', { name: 'Map of the 6 homes' }).getByRole('link', { name: pins[2][0] }).focus();
    await expect(section(page).locator('.leaflet-container')).toBeVisible();
    await expect(page.getByRole('group', { name: 'Map of the 6 homes' })).toBeHidden();
    await expect(section(page).locator('.leaflet-container :focus')).toHaveAttribute('aria-label', pins[2][0]);
  });

  test('the open houses map the homes they open, to plan a round of visits', async ({ page }) => {
    await page.goto('/listings/open-houses');
    await expect(page.getByRole('group', { name: 'Map of the home' }).getByRole('link')).toHaveAttribute('href', cary);
    expect(await pinNames(page)).toEqual([pins[2][0]]);
  });

  test('the price and bedroom choices keep the pins of the cards they show, drawn or on the street map', async ({
    page,
  }) => {
    await page.goto('/listings');
    const under450 = [pins[1][0], pins[3][0]].sort();
    await page.getByLabel('Price up to').selectOption('450000');
    await expect(page.locator('[data-filter-status]')).toHaveText('Showing 2 of 6 homes');
    expect(await pinNames(page)).toEqual(under450);
    // The street map, drawn after the choice, starts with it.
    await openMap(page);
    await expect.poll(() => pinNames(page)).toEqual(under450);
    await expect(section(page).locator('.leaflet-tooltip:visible')).toHaveText(['$389K', '$350K'], {
      useInnerText: true,
    });
    await page.getByLabel('Price up to').selectOption('');
    await expect.poll(() => pinNames(page)).toEqual(pins.map(([name]) => name).sort());
    // Placed again for the six: every price shows, unless it waits for its pin (on a phone), and none touches another.
    const unshown = () =>
      section(page)
        .locator('.leaflet-tooltip')
        .evaluateAll(
          (labels) =>
            labels.filter((l) => !l.hasAttribute('data-covered') && !l.checkVisibility({ visibilityProperty: true }))
              .length,
        );
    await expect.poll(async () => [await unshown(), await labelClashes(page)]).toEqual([0, []]);
  });

  test('on a small map, a price goes below its pin or waits for it, never on another pin', async ({ page }) => {
    await page.setViewportSize({ width: 360, height: 780 });
    await page.goto('/listings');
    await openMap(page);
    const label = (price: string) => section(page).locator('.leaflet-tooltip', { hasText: price });
    // Before: "$560K" hid the pin of 207 Salem Pond Court, and "$615K" the pin of 412 Oak Grove Lane.
    await expect(label('$560K')).toHaveClass(/leaflet-tooltip-bottom/);
    await expect(label('$615K')).toBeHidden();
    await expect(label('$615K')).toHaveAttribute('data-covered');
    await expect(label('$525K')).toBeVisible();
    await expect.poll(() => labelClashes(page)).toEqual([]);
    // Its pin focused, the price shows above the others, and leaves again with the focus.
    const salemPond = section(page).getByRole('link', { name: pins[4][0] });
    await salemPond.focus();
    await expect(label('$615K')).toBeVisible();
    await section(page).getByRole('link', { name: pins[5][0] }).focus();
    await expect(label('$615K')).toBeHidden();
    // Zoomed in, the pins move apart and the labels are placed again.
    await section(page).getByRole('button', { name: 'Zoom in' }).click();
    await expect(label('$615K')).toBeVisible();
    await expect.poll(() => labelClashes(page)).toEqual([]);
  });
});

test('the home page features up to three homes for sale; city guides list their homes', async ({ page }) => {
  await page.goto('/');
  const featured = page.getByRole('region', { name: 'Featured Homes' });
  await expect(featured.locator('[data-listing-item] h3')).toHaveText([
    '96 Sunset Meadow Way',
    '1208 Dogwood Row Unit 304',
    '412 Oak Grove Lane',
  ]);

  await page.goto('/city/wake-forest');
  await expect(page.getByRole('heading', { name: 'Recently sold in Wake Forest' })).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Homes for sale in Wake Forest' })).toHaveCount(0);
  await page.goto('/city/cary');
  await expect(page.getByRole('heading', { name: 'Homes for sale in Cary' })).toBeVisible();
  await expect(page.getByRole('region', { name: 'Homes for sale in Cary' }).locator('[data-listing-item]')).toHaveCount(
    1,
  );
  await page.goto('/city/zebulon');
  await expect(page.getByRole('heading', { name: /^(Homes for sale|Recently sold) in Zebulon$/ })).toHaveCount(0);
});

test("a town's homes link its city guide, and its guide links them back", async ({ page }) => {
  for (const [path, town, guide] of [
    ['/listings/town/cary', 'Cary', '/city/cary'],
    ['/listings/town/wake-forest/sold', 'Wake Forest', '/city/wake-forest'],
  ] as const) {
    await page.goto(path);
    const link = page.getByRole('link', { name: `Living in ${town}: the city guide` });
    await expect(link).toHaveAttribute('href', guide);
    await link.click();
    await expect(page).toHaveURL(guide);
    await expect(page.getByRole('link', { name: `All homes in ${town}` })).toHaveAttribute(
      'href',
      path.replace(/\/sold$/, ''),
    );
  }
  await page.goto('/listings');
  await expect(page.getByRole('link', { name: /the city guide$/ })).toHaveCount(0);
});

test("a town's homes count the town's own coming open houses, and only a town that has one links them", async ({
  page,
}) => {
  // The sample's one coming open house is in Cary; Apex's page said "Coming open houses (1)" too.
  for (const path of ['/listings/town/cary', '/listings/town/cary/for-sale']) {
    await page.goto(path);
    await expect(page.getByRole('link', { name: /^Coming open houses/ })).toHaveText('Coming open houses in Cary (1)');
  }
  for (const path of ['/listings/town/apex', '/listings/town/wake-forest/sold']) {
    await page.goto(path);
    await expect(page.getByRole('link', { name: /^Coming open houses/ }), path).toHaveCount(0);
  }
  await page.goto('/listings/status/sold');
  await expect(page.getByRole('link', { name: /^Coming open houses/ })).toHaveText('Coming open houses (1)');
  // A list of sold homes promises no open house or showing.
  await expect(page.locator('meta[name="description"]')).toHaveAttribute('content', /: photos and sale prices\.$/);
});

test('the homes for sale as a feed: newest first, each with its price, facts, firm, photo and page', async ({
  page,
  request,
}) => {
  const res = await request.get('/listings/rss.xml');
  expect(res.headers()['content-type']).toBe('application/rss+xml; charset=utf-8');
  const xml = await res.text();
  expect(xml).toContain('<title>Jordan Avery Real Estate: new homes for sale</title>');
  // The firm's name, as in every advertisement (21 NCAC 58A .0105).
  expect(xml).toContain(
    '<description>New homes for sale in the Triangle from Jordan Avery, REALTOR® with Triangle Realty Partners, in Raleigh NC.</description>',
  );
  expect(xml).toContain('<atom:link href="https://www.example.com/listings/rss.xml" rel="self"');
  const items = [...xml.matchAll(/<item>(.*?)<\/item>/gs)].map(([, item]) => ({
    title: /<title>(.*?)<\/title>/.exec(item!)?.[1],
    link: /<link>(.*?)<\/link>/.exec(item!)?.[1],
    description: /<description>(.*?)<\/description>/.exec(item!)?.[1],
    photo: /<media:content url="([^"]+)" medium="image" type="image\/jpeg"\/>/.exec(item!)?.[1],
  }));
  // Coming Soon and Active only: no home under contract or sold.
  expect(items.map((i) => i.title)).toEqual([
    '96 Sunset Meadow Way, Holly Springs, NC 27540: $559,900',
    '1208 Dogwood Row Unit 304, Raleigh, NC 27608: $389,000',
    '412 Oak Grove Lane, Cary, NC 27513: $525,000',
  ]);
  expect(items[2]!.description).toBe(
    '4 beds, 2.5 baths, 2,450 sq ft single family residence, active at $525,000, reduced from $539,900. Listing courtesy of Triangle Realty Partners.',
  );
  expect(items[2]!.link).toBe(`https://www.example.com${cary}`);
  for (const { link, photo } of items) {
    expect((await request.get(new URL(link!).pathname)).status()).toBe(200);
    const picture = await request.get(new URL(photo!).pathname);
    expect([picture.status(), picture.headers()['content-type']]).toEqual([200, 'image/jpeg']);
  }
  // A reader finds it from any page.
  await page.goto('/listings');
  await expect(page.locator('link[rel="alternate"][href="/listings/rss.xml"]')).toHaveAttribute(
    'title',
    'Jordan Avery Real Estate: new homes for sale',
  );
});

test('listing pages are in the sitemap', async ({ request }) => {
  const xml = await (await request.get('/sitemap.xml')).text();
  expect(xml).toContain(`/listings/412-oak-grove-lane-cary-nc</loc>`);
  expect(xml).toContain(`/listings</loc>`);
});

test.describe('request a showing, or new listings by e-mail', () => {
  // A server of its own, delivering to a fake SMTP server and CRM endpoint on 127.0.0.1.
  test.describe.configure({ mode: 'serial' });
  let mail: MailServer;
  let crm: WebhookServer;
  let site: RunningServer;
  const db = join(mkdtempSync(join(tmpdir(), 'leads-showing-')), 'leads.db');

  test.beforeAll(async () => {
    mail = await startMailServer();
    crm = await startWebhook();
    site = await startSite({
      LEADS_DB: db,
      SMTP_HOST: '127.0.0.1',
      SMTP_PORT: String(mail.port),
      LEADS_TO: 'agent@example.com',
      CRM_WEBHOOK_URL: crm.url,
      LEADS_RETRY_BASE_MS: '200',
      LEADS_POLL_MS: '500',
    });
  });

  test.afterAll(async () => {
    await site?.stop();
    await mail?.close();
    await crm?.close();
  });

  /** Fills the form's name and e-mail as a person would, sends it and waits for "Message sent!". */
  async function send(form: Locator, [first, last, email]: [string, string, string], button: string) {
    await form.getByLabel('First name').fill(first);
    await form.getByLabel('Last name').fill(last);
    await form.getByRole('textbox', { name: 'Email' }).fill(email);
    // A person takes a few seconds over a form; the spam trap stores quicker ones as spam.
    await form.page().waitForTimeout(3200);
    await expect(form.page().locator('astro-island[component-url*="ContactFormIsland"]')).not.toHaveAttribute('ssr');
    await form.getByRole('button', { name: button }).click();
    await expect(form.getByRole('status').filter({ hasText: 'Message sent!' })).toHaveText(
      "Message sent! I'll get back to you soon.",
    );
  }

  test('is stored with the listing key and address, e-mailed naming the home, and sent to the CRM', async ({
    page,
  }, info) => {
    const email = `showing-${info.project.name}-${Date.now()}@example.com`;
    await page.goto(`${site.url}${cary}#request-showing`);
    const form = page.getByRole('form', { name: 'Request a showing of 412 Oak Grove Lane, Cary, NC 27513' });
    await expect(form.getByLabel('Message')).toHaveValue('I would like to see 412 Oak Grove Lane, Cary, NC 27513.');
    await send(form, ['Sam', 'Buyer', email], 'Request a Showing');

    const lead = readLeads(db).find((l) => l.email === email);
    expect(lead).toMatchObject({
      status: 'lead',
      listing: { key: 'JA-2026-014', address: '412 Oak Grove Lane, Cary, NC 27513', price: 525000 },
    });
    const sent = await waitFor('the e-mail', () => mail.mails.find((m) => m.text.includes(email)));
    expect(sent.headers.get('subject')).toBe('Showing request for 412 Oak Grove Lane, Cary, NC 27513 from Sam Buyer');
    expect(sent.text).toContain('Home: 412 Oak Grove Lane, Cary, NC 27513 (JA-2026-014), $525,000');
    const event = await waitFor('the CRM event', () =>
      crm.received.find(
        (r) => (r.body as { person: { emails: { value: string }[] } }).person.emails[0]?.value === email,
      ),
    );
    expect(event.body).toMatchObject({
      type: 'Property Inquiry',
      property: { street: '412 Oak Grove Lane', city: 'Cary', state: 'NC', code: '27513', price: 525000 },
    });
  });

  test('under a town’s homes, a request for new listings there is stored and e-mailed, about no one home', async ({
    page,
  }, info) => {
    const email = `alerts-${info.project.name}-${Date.now()}@example.com`;
    await page.goto(`${site.url}/listings/town/cary`);
    const section = page.getByRole('region', { name: 'New homes in Cary by e-mail' });
    const form = section.getByRole('form', { name: 'Send a message' });
    const message = 'Please e-mail me new listings in Cary as they come on the market.';
    await expect(form.getByLabel('Message')).toHaveValue(message);
    await expect(form.getByLabel('How can I help?')).toHaveValue("I'm looking to buy a home");
    await send(form, ['Alex', 'Watcher', email], 'Send Message');

    const lead = readLeads(db).find((l) => l.email === email);
    expect(lead).toMatchObject({ status: 'lead', message });
    expect(lead?.listing).toBeFalsy();
    const sent = await waitFor('the e-mail', () => mail.mails.find((m) => m.text.includes(email)));
    expect(sent.text).toContain(message);
    // Everywhere else on /listings it asks about the whole Triangle.
    await page.goto(`${site.url}/listings`);
    await expect(
      page.getByRole('region', { name: 'New homes by e-mail' }).getByRole('form').getByLabel('Message'),
    ).toHaveValue('Please e-mail me new listings in the Triangle as they come on the market.');
  });

  test('the request names the price and bedrooms chosen above it, and is stored so, until the visitor writes their own', async ({
    page,
  }, info) => {
    const email = `wishes-${info.project.name}-${Date.now()}@example.com`;
    await page.goto(`${site.url}/listings/town/cary?price=550000&beds=4`);
    const form = page.getByRole('region', { name: 'New homes in Cary by e-mail' }).getByRole('form');
    await expect(form.getByLabel('Message')).toHaveValue(
      'Please e-mail me new listings in Cary, up to $550,000, with 4+ bedrooms, as they come on the market.',
    );
    // The form's island started (a field touched), a choice changed follows into what it sends.
    await form.getByLabel('First name').fill('Alex');
    await expect(page.locator('astro-island[component-url*="ContactFormIsland"]')).not.toHaveAttribute('ssr');
    await page.getByLabel('Price up to').selectOption('');
    const message = 'Please e-mail me new listings in Cary, with 4+ bedrooms, as they come on the market.';
    await expect(form.getByLabel('Message')).toHaveValue(message);
    await send(form, ['Alex', 'Wisher', email], 'Send Message');
    expect(readLeads(db).find((l) => l.email === email)).toMatchObject({ message });

    // A message of the visitor's own is left as written.
    await page.goto(`${site.url}/listings`);
    const own = page.getByRole('region', { name: 'New homes by e-mail' }).getByRole('form').getByLabel('Message');
    await own.fill('Only townhomes near a greenway, please.');
    await page.getByLabel('Bedrooms', { exact: true }).selectOption('3');
    await expect(page.locator('[data-filter-status]')).toHaveText('Showing 5 of 6 homes');
    await expect(own).toHaveValue('Only townhomes near a greenway, please.');
  });
});

test("in a contrast theme (Windows' forced colours), a filled button keeps its outline and the town chosen a thicker one", async ({
  page,
}) => {
  const border = (element: Locator) => element.evaluate((el) => parseFloat(getComputedStyle(el).borderTopWidth));
  await page.emulateMedia({ forcedColors: 'active' });
  await page.goto('/listings/town/cary');
  const towns = page.getByRole('navigation', { name: 'Narrow by town' }).getByRole('link');
  const chosen = towns.and(page.locator('[aria-current="page"]'));
  await expect(chosen).toHaveText(/^Cary/);
  expect(await border(chosen)).toBeGreaterThan(await border(towns.first()));
  // The new-listings form's button.
  const send = page.getByRole('button', { name: 'Send Message' });
  expect(await border(send)).toBe(2);
  // Elsewhere the colours say it, and nothing changes size.
  await page.emulateMedia({ forcedColors: 'none' });
  expect(await border(send)).toBe(0);
  expect(await border(chosen)).toBe(await border(towns.first()));
});
