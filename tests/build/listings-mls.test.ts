/**
 * Homes from the MLS on the built site, in a temporary copy of the project: `npm run sync-listings`
 * against the fake MLS Grid server (tests/integration/fake-reso.ts) into a snapshot folder named by
 * LISTINGS_SNAPSHOT_DIR, twice (the second run turns one home MlgCanView false), then the
 * production build with the network refused. The synced home is published with its firm, the MLS
 * disclaimer and the snapshot's time, its photos through astro:assets and the open house entered
 * in the MLS with its calendar file; the deleted one is gone; the
 * one whose address is withheld shows no street anywhere; a hand-written home wins over the MLS's
 * copy of it. The copy shows three homes a page, so /listings and its narrowings run to more
 * pages, and price and bedrooms (checked in Chromium against the copy's server) narrow all of them.
 */
import { execFile } from 'node:child_process';
import {
  cpSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  realpathSync,
  rmSync,
  symlinkSync,
  writeFileSync,
} from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { chromium } from '@playwright/test';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { formatAsOf, mlsDisclaimer } from '../../src/lib/listing/display.ts';
import type { ListingSnapshot } from '../../src/lib/reso/snapshot.ts';
import { site } from '../../src/site.config.ts';
import {
  mediaRecord,
  openHouseRecord,
  propertyRecord,
  startFakeReso,
  syncEnv,
  SYSTEM,
  type FakeReso,
  type Record,
} from '../integration/fake-reso.ts';
import { startSite } from '../integration/support.ts';
import { chromiumArgs, chromiumPath } from '../support/chromium.ts';
import { problemLines, project, runBuild, type BuildResult } from './support.ts';

const skip = new Set(['node_modules', 'dist', '.astro', '.git', 'test-results', 'playwright-report', '.cache', 'data']);
/** Relative to the project, as an operator would set it: not the default folder. */
const SNAPSHOT = 'mls-snapshot';
/** `site.listings.perPage` in the copy: its eight homes take three pages of /listings. */
const PER_PAGE = 3;

let root: string;
let fake: FakeReso;
let build: BuildResult;
let snapshot: ListingSnapshot;
const syncOut: string[] = [];
const read = (path: string) => readFileSync(join(root, 'dist', 'client', path), 'utf8');
const exists = (path: string) => {
  try {
    read(path);
    return true;
  } catch {
    return false;
  }
};

/** A home of the firm in Apex, the one the checks below look for on the built site. */
function record(key: string, overrides: Record = {}): Record {
  return propertyRecord(fake, key, {
    ListPrice: 487000,
    StreetNumber: '77',
    StreetName: 'Synced Example',
    StreetSuffix: 'Court',
    // As many MLSs send towns: shown as the town's guide writes it.
    City: 'APEX',
    PostalCode: '27502',
    CountyOrParish: 'Wake',
    Latitude: 35.73,
    Longitude: -78.85,
    // Control characters, as a feed may carry them: no page or feed may (XML refuses them).
    ListOfficeName: 'Sample MLS\u000b Realty\u0001',
    Media: [mediaRecord(fake, key, 0)],
    ...overrides,
  });
}

async function sync(): Promise<void> {
  const { stdout, stderr } = await promisify(execFile)(process.execPath, ['scripts/sync-listings.ts'], {
    cwd: root,
    env: syncEnv(fake, SNAPSHOT),
  });
  syncOut.push(stdout + stderr);
}

/** Every text file the build wrote (pages, .ics files, the sitemap, JSON), by path. */
function builtTexts(dir = join(root, 'dist', 'client')): [string, string][] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((e): [string, string][] => {
    const path = join(dir, e.name);
    if (e.isDirectory()) return builtTexts(path);
    return /\.(html|ics|xml|json|txt|webmanifest)$/.test(e.name) ? [[path, readFileSync(path, 'utf8')]] : [];
  });
}

beforeAll(async () => {
  root = mkdtempSync(join(tmpdir(), 'listings-mls-'));
  cpSync(project, root, { recursive: true, filter: (src) => !skip.has(src.slice(project.length + 1).split('/')[0]!) });
  symlinkSync(realpathSync(join(project, 'node_modules')), join(root, 'node_modules'));
  // A feed outgrows one page of /listings: a few homes a page, as the site config says.
  const config = join(root, 'src', 'site.config.ts');
  const settings = readFileSync(config, 'utf8');
  expect(settings).toMatch(/\bperPage: \d+,/);
  writeFileSync(config, settings.replace(/\bperPage: \d+,/, `perPage: ${PER_PAGE},`));

  fake = await startFakeReso({ originatingSystem: SYSTEM });
  fake.top = 10;
  fake.records = [
    // Its price came down from $499,000 (as the feed writes a decimal field) on 12 May in New York.
    record('CAR100', { OriginalListPrice: '499000.00', PriceChangeTimestamp: '2026-05-13T01:00:00Z' }),
    // The seller withheld the street: published as "Home in Cary" without street or coordinates.
    // A home of the agent's own firm (its name as the MLS writes it).
    record('CAR101', {
      ListOfficeName: `  ${site.agent.brokerage.toUpperCase()} `,
      InternetAddressDisplayYN: false,
      StreetNumber: '5150',
      StreetName: 'Secret Hollow',
      StreetSuffix: 'Lane',
      City: 'Cary',
      PostalCode: '27513',
      Latitude: 35.76017,
      Longitude: -78.81239,
    }),
    // Deleted at the source after the first run (below).
    record('CAR102', { StreetNumber: '9', StreetName: 'Withdrawn Vista', ListPrice: 399000 }),
    // The MLS's copy of a hand-written sample home (content/listings/412-oak-grove-lane-cary-nc.yaml).
    record('JA-2026-014', { StreetNumber: '999', StreetName: 'Imposter', StreetSuffix: 'Road', ListPrice: 111000 }),
  ];
  // An open house the agent entered in the MLS (1 to 3 PM in Raleigh).
  fake.openHouses = [
    openHouseRecord('OH-CAR100', 'CAR100', { OpenHouseRemarks: 'Meet the listing agent at the door.' }),
  ];
  await sync();
  fake.records = fake.records.map((r) =>
    r['ListingKey'] === 'CAR102' ? { ...r, MlgCanView: false, ModificationTimestamp: '2026-05-03T09:00:00.000Z' } : r,
  );
  await sync();
  snapshot = JSON.parse(readFileSync(join(root, SNAPSHOT, 'snapshot.json'), 'utf8')) as ListingSnapshot;
  await fake.close();
  build = await runBuild(root, { LISTINGS_SNAPSHOT_DIR: SNAPSHOT });
}, 600_000);

afterAll(() => {
  if (root) rmSync(root, { recursive: true, force: true });
});

describe('the build with a listings snapshot', () => {
  it('the sync wrote the snapshot the build reads: the deleted home is already out of it', () => {
    expect(syncOut[1]).toContain('Removed CAR102: MlgCanView is false');
    expect(snapshot.homes.map((h) => h.home['ListingKey'])).toEqual(['CAR100', 'CAR101', 'JA-2026-014']);
  });

  it('is clean without the network, and says which hand-written home replaced an MLS copy', () => {
    expect(build.code, build.lines.join('\n')).toBe(0);
    expect(problemLines(build.lines)).toEqual([]);
    expect(build.lines.join('\n')).toContain(
      'JA-2026-014 from the MLS: the hand-written content/listings/412-oak-grove-lane-cary-nc.yaml is published instead',
    );
  });

  it('publishes the synced home with its firm, the MLS disclaimer and the snapshot’s time', () => {
    const html = read('listings/77-synced-example-court-apex-nc.html');
    expect(html).toMatch(/<h1[^>]*>\s*77 Synced Example Court/);
    expect(html).toContain('Apex, NC 27502');
    expect(html).not.toContain('APEX');
    expect(html).toMatch(/data-listing-courtesy[^>]*>\s*Listing courtesy of Sample MLS Realty\s*</);
    const drop = /<span[^>]*data-price-drop[^>]*>([\s\S]*?)<\/span>\s*<\/span>/.exec(html)?.[1];
    expect(
      drop
        ?.replace(/<[^>]+>/g, ' ')
        .replace(/\s+/g, ' ')
        .trim(),
    ).toBe('Reduced $12,000 from $499,000 on May 12, 2026');
    // The schools the MLS names (MiddleOrJuniorSchool came as null), and no district named.
    const schools = /<dl[^>]*data-listing-schools[^>]*>([\s\S]*?)<\/dl>\s*<p[^>]*>([\s\S]*?)<\/p>/.exec(html);
    expect(
      schools?.[1]
        ?.replace(/<[^>]+>/g, ' ')
        .replace(/\s+/g, ' ')
        .trim(),
    ).toBe('Elementary Sample Creek Elementary High Sampletown High');
    expect(schools?.[2]?.replace(/\s+/g, ' ')).toContain('confirm them with the school district before');
    // The setting's text with the snapshot's time in it, marked with the time itself.
    const disclaimer = site.mls.disclaimer.replace('{asOf}', formatAsOf(snapshot.asOf));
    const shown = /<p data-mls-disclaimer data-as-of="([^"]+)">\s*([^<]*?)\s*<\/p>/.exec(html);
    expect(shown?.[1]).toBe(snapshot.asOf);
    expect(shown?.[2]).toBe(disclaimer);
    // Its photo went through astro:assets: hashed files under /_astro/ with their size measured (the fake's
    // photos are 64 px wide, so no wider variant is made), never the MLS's host.
    expect(html).toMatch(/<img src="\/_astro\/CAR100-M0\.[\w-]+\.jpg"[^>]* width="64" height="48"/);
    expect(html).toMatch(/<img src="\/_astro\/CAR100-M0\.[\w-]+\.webp"/);
    expect(html).not.toContain('127.0.0.1');
    for (const [path, text] of builtTexts())
      expect(/[\u0000-\u0008\u000b\u000c\u000e-\u001f]/.test(text), path).toBe(false);
    // The feed carries the firm's own homes only: another firm's (IDX) is shown on the site, not syndicated.
    const feed = read('listings/rss.xml');
    expect(feed).not.toContain('Sample MLS Realty');
    expect(feed).not.toContain('77 Synced Example Court');
    // The firm's home from the MLS carries the MLS's disclaimer, as its page does.
    expect(feed).toContain('<title>Home in Cary, NC 27513: $487,000</title>');
    expect(feed).toContain(
      `Listing courtesy of ${site.agent.brokerage.toUpperCase()}. ${mlsDisclaimer(site.mls.disclaimer, snapshot.asOf)}</description>`,
    );
    // Another firm's home: what is shown off the page (search snippet, share card) names that firm too.
    expect(html).toMatch(
      /<meta name="description" content="[^"]*: active at \$487,000[^"]*\. Listing courtesy of Sample MLS Realty\. Photos, /,
    );
    expect(html).toMatch(
      /<meta property="og:image:alt" content="77 Synced Example Court[^"]* \| Listing courtesy of Sample MLS Realty: /,
    );
    // The site search lists it by its own title, as every page.
    expect(html).toMatch(/data-pagefind-meta="title:77 Synced Example Court, Apex, NC 27502 \| Active \$487,000"/);
  });

  it('announces the open house entered in the MLS, in New York time, with its calendar file', () => {
    const html = read('listings/77-synced-example-court-apex-nc.html');
    const when = /<time datetime="2030-06-01T13:00">(.*?)<\/time>/.exec(html)?.[1]?.replace(/<[^>]+>/g, '');
    expect(when).toBe('Saturday, June 1, 2030, 1:00 PM to 3:00 PM');
    expect(html).toContain('Meet the listing agent at the door.');
    const ics = read('listings/77-synced-example-court-apex-nc/open-house-2030-06-01-1300.ics');
    expect(ics).toContain('DTSTART;TZID=America/New_York:20300601T130000');
    expect(ics).toContain('DTEND;TZID=America/New_York:20300601T150000');
    // On /listings/open-houses after the hand-written home's, which comes sooner.
    const schedule = [
      ...read('listings/open-houses.html').matchAll(/data-open-house><p[^>]*><time datetime="([^"]+)">/g),
    ].map((m) => m[1]);
    expect(schedule).toEqual(['2027-01-16T13:00', '2030-06-01T13:00']);
    // And in the calendar of every open house, in the same order.
    const starts = [...read('listings/open-houses.ics').matchAll(/^DTSTART;TZID=America\/New_York:(\d+T\d+)\r$/gm)];
    expect(starts.map((m) => m[1])).toEqual(['20270116T130000', '20300601T130000']);
    expect(read('listings/open-houses.html')).toContain(`data-as-of="${snapshot.asOf}"`);
  });

  it('lists it on /listings and its town’s guide with the MLS disclaimer under the cards', () => {
    const lists = ['listings.html', 'listings/page/2.html', 'listings/page/3.html'].filter((page) => exists(page));
    const card = /<a href="\/listings\/77-synced-example-court-apex-nc" class=/;
    expect(lists.filter((page) => card.test(read(page)))).toHaveLength(1);
    // Every page of the list pins it on the map: each carries the disclaimer, not only its card's page.
    for (const page of [...lists, 'city/apex.html']) {
      const html = read(page);
      expect(html, page).toContain('href="/listings/77-synced-example-court-apex-nc"');
      expect(html, page).toContain(`data-as-of="${snapshot.asOf}"`);
    }
    expect(read('sitemap.xml')).toContain(
      '<loc>https://www.example.com/listings/77-synced-example-court-apex-nc</loc>',
    );
  });

  it("calls a list the agent's only when the agent lists every home on it", () => {
    // The synced homes are another agent's (Sam Agent): advertised as the agent's own, they would mislead.
    const owned = (town: string) => new RegExp(`${site.agent.name}(?:'|&#39;)s homes in ${town}`);
    expect(read('listings.html')).toContain('Homes across the Triangle, newest first');
    expect(read('listings.html')).not.toMatch(new RegExp(`${site.agent.name}(?:'|&#39;)s listings`));
    expect(read('listings/town/apex.html')).toContain('Homes in Apex: for sale first, then recently sold.');
    expect(read('listings/town/apex.html')).not.toContain(`listed by ${site.agent.name}`);
    expect(read('listings/open-houses.html')).toContain('The coming open houses, soonest first.');
    // A town whose every home is the agent's (one hand-written) still says so.
    expect(read('listings/town/holly-springs.html')).toMatch(owned('Holly Springs'));
  });

  it('marks the chosen chip as the current page on the first page only, where it leads', () => {
    expect(read('listings.html')).toMatch(/<a href="\/listings" class="chip" aria-current="page"[^>]*>All towns/);
    // On page 2 "All towns" leads to page 1: current, but not this page.
    expect(read('listings/page/2.html')).toMatch(
      /<a href="\/listings" class="chip" aria-current="true"[^>]*>All towns/,
    );
  });

  it('shows no MLS disclaimer with hand-written homes only', () => {
    // Holly Springs has one home, hand-written (a home's own page also shows homes nearby, synced ones among them).
    const html = read('city/holly-springs.html');
    expect(html).toContain('data-listing-disclaimer');
    expect(html).not.toContain('data-mls-disclaimer');
  });

  it('leaves out the home the MLS deleted (MlgCanView false)', () => {
    expect(exists('listings/9-withdrawn-vista-court-apex-nc.html')).toBe(false);
    for (const [path, text] of builtTexts()) expect(text, path).not.toContain('Withdrawn Vista');
  });

  it('publishes the home whose street is withheld by town and ZIP only: no street, no coordinates, no map', () => {
    const html = read('listings/home-in-cary-nc-27513-car101.html');
    expect(html).toMatch(/<h1[^>]*>\s*Home in Cary/);
    // The town once, as in the title: the line under "Home in Cary" is the state and ZIP.
    expect(html).toMatch(
      /<h1[^>]*>\s*Home in Cary\s*<span class="sr-only"[^>]*>, <\/span>\s*<span[^>]*>\s*NC 27513\s*<\/span>/,
    );
    expect(html).toContain('<title>Home in Cary, NC 27513 (CAR101) | Active $487,000 |');
    expect(html).toContain('data-address-withheld');
    expect(html).not.toContain('data-area-map');
    // Nor how far it is from downtown, RTP and the rest, which would place it.
    expect(html).not.toContain('data-place-distances');
    const ld = [...html.matchAll(/<script type="application\/ld\+json">(.*?)<\/script>/gs)].map((m) => m[1]).join();
    expect(ld).toContain('"postalCode":"27513"');
    expect(ld).not.toContain('streetAddress');
    expect(ld).not.toContain('GeoCoordinates');
    for (const [path, text] of builtTexts()) {
      expect(text, path).not.toMatch(/Secret Hollow|35\.76017|78\.81239/);
    }
  });

  it('keeps the hand-written home where the MLS has one with its ListingKey', () => {
    const html = read('listings/412-oak-grove-lane-cary-nc.html');
    expect(html).toContain('$525,000');
    expect(html).toMatch(/data-listing-courtesy[^>]*>\s*Listing courtesy of Triangle Realty Partners\s*</);
    expect(exists('listings/999-imposter-road-apex-nc.html')).toBe(false);
    for (const [path, text] of builtTexts()) expect(text, path).not.toContain('Imposter');
  });

  it('shows synced homes nearby under a hand-written one, with the MLS disclaimer they bring', () => {
    const html = read('listings/412-oak-grove-lane-cary-nc.html');
    const nearby = /<section[^>]*data-nearby-homes[^>]*>([\s\S]*?)<\/section>/.exec(html)?.[1] ?? '';
    const cards = [...nearby.matchAll(/<article[\s\S]*?<\/article>/g)].map(([card]) => ({
      href: /<a href="([^"]+)"/.exec(card)?.[1],
      distance: /data-listing-distance[^>]*>([^<]*)</.exec(card)?.[1],
    }));
    // The other Cary home comes first; its street is withheld, so no distance is given (nor can one be worked out).
    expect(cards[0]).toEqual({ href: '/listings/home-in-cary-nc-27513-car101', distance: undefined });
    expect(cards.map((c) => c.href)).toContain('/listings/77-synced-example-court-apex-nc');
    expect(cards.slice(1).every((c) => /^\d+(\.\d)? miles? away$/.test(c.distance ?? ''))).toBe(true);
    expect(html).toContain(`data-as-of="${snapshot.asOf}"`);
  });
});

describe(`when the homes outgrow a page (listings.perPage: ${PER_PAGE})`, () => {
  const pages = ['listings.html', 'listings/page/2.html', 'listings/page/3.html'];
  /** The cards of a built page: the home each links to, its price and bedrooms, in order. */
  const cards = (html: string) =>
    [
      ...html.matchAll(
        /<li data-listing-item>\s*<article[^>]*data-price="(\d+)" data-beds="(\d+)"[\s\S]*?<a href="(\/listings\/[^"]+)"/g,
      ),
    ].map(([, price, beds, href]) => ({ href: href!, price: Number(price), beds: Number(beds) }));
  const homePages = () =>
    readdirSync(join(root, 'dist', 'client', 'listings'))
      // Every page beside a home's is one (the open houses page aside).
      .filter((name) => name.endsWith('.html') && name !== 'open-houses.html')
      .map((name) => `/listings/${name.slice(0, -'.html'.length)}`);

  it('/listings continues on /listings/page/2 and /page/3: every home once, the newest first', () => {
    const shown = pages.map((page) => cards(read(page)).map((c) => c.href));
    expect(shown.map((hrefs) => hrefs.length)).toEqual([3, 3, 2]);
    expect(new Set(shown.flat())).toEqual(new Set(homePages()));
    expect(exists('listings/page/1.html')).toBe(false);
    expect(exists('listings/page/4.html')).toBe(false);
  });

  it('each page has its own title, heading, canonical and a pager to its neighbours', () => {
    const [first, second, third] = pages.map(read) as [string, string, string];
    expect(second).toMatch(/<title>Homes for Sale and Recently Sold in the Triangle: Page 2 \|/);
    expect(second).toMatch(/<h1[^>]*>Homes for Sale and Recently Sold: Page 2<\/h1>/);
    expect(second).toContain('<link rel="canonical" href="https://www.example.com/listings/page/2">');
    expect(second).toMatch(/<meta name="description" content="Page 2 of 3\. Homes for sale/);
    const pager = (html: string) => /<nav aria-label="Pages of homes"[\s\S]*?<\/nav>/.exec(html)?.[0] ?? '';
    expect(pager(first)).toMatch(/Page 1 of 3, 8 homes/);
    expect(pager(first)).toMatch(/href="\/listings\/page\/2"[^>]*>\s*More homes/);
    expect(pager(first)).not.toContain('Previous homes');
    expect(pager(second)).toMatch(/href="\/listings"[^>]*>\s*Previous homes/);
    expect(pager(second)).toMatch(/href="\/listings\/page\/3"[^>]*>\s*More homes/);
    expect(pager(third)).toMatch(/href="\/listings\/page\/2"[^>]*>\s*Previous homes/);
    expect(pager(third)).not.toContain('More homes');
    expect(read('sitemap.xml')).toContain('<loc>https://www.example.com/listings/page/3</loc>');
  });

  it('narrowings page the same way, and a town’s status links stay in the town', () => {
    // For sale: three sample homes and the two synced ones.
    expect(cards(read('listings/status/for-sale.html'))).toHaveLength(3);
    expect(cards(read('listings/status/for-sale/page/2.html'))).toHaveLength(2);
    // Apex: the sample home under contract and the synced home for sale.
    const apex = read('listings/town/apex.html');
    const statusLinks = /<nav aria-label="Narrow by status"[^>]*>([\s\S]*?)<\/nav>/.exec(apex)?.[1] ?? '';
    expect([...statusLinks.matchAll(/href="([^"]+)"/g)].map((m) => m[1])).toEqual([
      '/listings/town/apex',
      '/listings/town/apex/for-sale',
      '/listings/town/apex/under-contract',
    ]);
    expect(cards(read('listings/town/apex/for-sale.html')).map((c) => c.href)).toEqual([
      '/listings/77-synced-example-court-apex-nc',
    ]);
    expect(exists('listings/town/apex/sold.html')).toBe(false);
  });

  it('price and bedrooms narrow, and "Sort by" orders, every page of the narrowing at once, read on the first choice', async () => {
    const all = pages.flatMap((page) => cards(read(page)));
    const server = await startSite({ LEADS_DB: join(root, 'leads.db') }, root);
    const browser = await chromium.launch({ executablePath: chromiumPath(), args: chromiumArgs });
    try {
      const page = await browser.newPage();
      const fetched: string[] = [];
      page.on('request', (r) => {
        if (r.resourceType() === 'fetch') fetched.push(new URL(r.url()).pathname);
      });
      await page.goto(`${server.url}/listings`);
      const status = page.locator('[data-filter-status]');
      const visible = () =>
        page
          .locator('[data-listing-item]:visible [data-listing-card] a')
          .evaluateAll((links) => links.map((a) => a.getAttribute('href')));
      const pager = page.getByRole('navigation', { name: 'Pages of homes' });
      expect(await visible()).toEqual(all.slice(0, PER_PAGE).map((c) => c.href));
      expect(fetched).toEqual([]);

      await page.getByLabel('Price up to').selectOption('550000');
      const fits = all.filter((c) => c.price <= 550_000);
      await status.filter({ hasText: `Showing ${fits.length} of ${all.length} homes` }).waitFor();
      expect(await visible()).toEqual(fits.map((c) => c.href));
      expect(fits.some((c) => !all.slice(0, PER_PAGE).includes(c))).toBe(true);
      expect(await pager.isVisible()).toBe(false);

      await page.getByLabel('Bedrooms', { exact: true }).selectOption('3');
      const roomy = fits.filter((c) => c.beds >= 3);
      await status.filter({ hasText: `Showing ${roomy.length} of ${all.length} homes` }).waitFor();
      expect(await visible()).toEqual(roomy.map((c) => c.href));

      // Back to any price and bedrooms: this page's cards and the pager again; the pages were read once.
      await page.getByLabel('Price up to').selectOption('');
      await page.getByLabel('Bedrooms', { exact: true }).selectOption('');
      await status.filter({ hasText: `Showing ${PER_PAGE} of ${PER_PAGE} homes on this page` }).waitFor();
      expect(await visible()).toEqual(all.slice(0, PER_PAGE).map((c) => c.href));
      expect(await pager.isVisible()).toBe(true);
      expect(fetched.sort()).toEqual(['/listings/page/2', '/listings/page/3']);

      // "Sort by" orders every page's homes at once (ties in the pages' order), without reading them
      // again; "Newest first" puts this page's cards and the pager back.
      await page.getByLabel('Sort by').selectOption('price-desc');
      await status.filter({ hasText: `Showing ${all.length} of ${all.length} homes, highest price first` }).waitFor();
      expect(await visible()).toEqual([...all].sort((a, b) => b.price - a.price).map((c) => c.href));
      expect(await pager.isVisible()).toBe(false);
      await page.getByLabel('Sort by').selectOption('');
      await status.filter({ hasText: `Showing ${PER_PAGE} of ${PER_PAGE} homes on this page` }).waitFor();
      expect(await visible()).toEqual(all.slice(0, PER_PAGE).map((c) => c.href));
      expect(fetched).toHaveLength(2);

      // A page that cannot be read: the choice narrows this page's cards, and says so.
      const offline = await browser.newPage();
      await offline.route('**/listings/page/3', (route) => route.abort());
      await offline.goto(`${server.url}/listings`);
      await offline.getByLabel('Price up to').selectOption('550000');
      const here = all.slice(0, PER_PAGE).filter((c) => c.price <= 550_000);
      await offline
        .locator('[data-filter-status]')
        .filter({ hasText: `Showing ${here.length} of ${PER_PAGE} homes on this page` })
        .waitFor();
      expect(await offline.getByRole('navigation', { name: 'Pages of homes' }).isVisible()).toBe(true);
    } finally {
      await browser.close();
      await server.stop();
    }
  });
});
