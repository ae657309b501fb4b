/** SPEC §2 home and landing pages: exact headings, labels, targets, mailto subjects and tel numbers. */
import { expect, test, type Page } from '@playwright/test';
import { readFileSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import sharp from 'sharp';
import { parse } from 'yaml';
import { contactTopics } from '../../src/lib/contact-form.ts';
import { site } from '../../src/site.config.ts';
import { siteUrl } from '../../src/lib/build-time.ts';
import { relocationCardIds } from '../support/spec.ts';
import { renderNoscript } from '../support/noscript.ts';
import { worksheet } from '../support/worksheet.ts';
import { samplesDate } from '../support/samples-date.ts';

const tel = `tel:+1${site.agent.phoneDigits}`;
const base = siteUrl();
const towns = [
  'Apex',
  'Cary',
  'Franklinton',
  'Fuquay-Varina',
  'Garner',
  'Holly Springs',
  'Knightdale',
  'Raleigh',
  'Rolesville',
  'Wake Forest',
  'Wendell',
  'Youngsville',
  'Zebulon',
];

const citiesDir = join(import.meta.dirname, '..', '..', 'content', 'cities');
/** What the comparison on /relocation shows of a content/cities file. */
interface CityFile {
  name: string;
  county: string;
  population: string;
  medianHome: string;
  commute: { raleigh: string; rtp: string; airport: string };
}

type JsonLd = Record<string, unknown>;
/** Longer than the small-screen fallback delay (2 s) of the hero script. */
const afterFallbackDelay = 2500;

/** Every JSON-LD node of the page, @graph members flattened. */
async function jsonLdNodes(page: Page): Promise<JsonLd[]> {
  const blocks = await page.locator('script[type="application/ld+json"]').allTextContents();
  return blocks
    .map((text) => JSON.parse(text) as JsonLd)
    .flatMap((doc) => (Array.isArray(doc['@graph']) ? (doc['@graph'] as JsonLd[]) : [doc]));
}
const mailto = (subject: string) => `mailto:${site.agent.email}?subject=${encodeURIComponent(subject)}`;

async function expectLink(page: Page, name: string, href: string, newTab = false) {
  const link = page.getByRole('link', { name, exact: true }).first();
  await expect(link).toHaveAttribute('href', href);
  if (newTab) {
    await expect(link).toHaveAttribute('target', '_blank');
    await expect(link).toHaveAttribute('rel', /noopener/);
  }
}

/**
 * A landing page's row of homes: the first homes of its status group's page, in that page's order
 * (not a copy of the sample), and a link to that page for the rest.
 */
async function expectHomesRow(page: Page, heading: string, groupPath: string, linkName: string) {
  const row = page.getByRole('region', { name: heading });
  const streets = (await row.locator('[data-listing-item] h3').allTextContents()).map((s) => s.trim());
  expect(streets.length).toBeGreaterThan(0);
  await expect(row.getByRole('link', { name: linkName, exact: true })).toHaveAttribute('href', groupPath);
  await page.goto(groupPath);
  const onGroupPage = await page.locator('[data-listing-item] :is(h2, h3)').allTextContents();
  expect(streets).toEqual(onGroupPage.map((s) => s.trim()).slice(0, site.listings.featuredCount));
}

test.describe('home page', () => {
  test('hero, strip, numbers and call banner', async ({ page }) => {
    await page.goto('/');
    await expect(page.locator('#home h1')).toHaveText('TOP 5% REALTOR® IN RALEIGH NC');
    await expectLink(page, 'BUYER RESOURCES', '/buyer-resources');
    await expectLink(page, 'SELLER RESOURCES', '/seller-resources');
    for (const item of ['TOP 5% REAL ESTATE AGENT', 'MENTOR', 'PASSION FUELED GO-GETTER', 'AWARD-WINNING AGENT']) {
      await expect(page.locator('#home li', { hasText: item })).toHaveText(item);
    }
    for (const figure of ['10', 'Top 5%', '180+', '$47M+']) {
      await expect(page.locator('dd', { hasText: figure }).first()).toBeVisible();
    }
    // Each figure stands above its label (the label comes first in the markup, for screen readers).
    for (const card of await page.locator('section[aria-labelledby="numbers-heading"] dl > div').all()) {
      const [figure, label] = [await card.locator('dd').boundingBox(), await card.locator('dt').boundingBox()];
      expect(figure!.y).toBeLessThan(label!.y);
    }
    await expect(page.getByRole('complementary', { name: 'Call or text' }).getByRole('link')).toHaveAttribute(
      'href',
      tel,
    );
    const video = page.locator('video.hero-video');
    await expect(video).toHaveAttribute('muted', '');
    await expect(video).toHaveAttribute('loop', '');
    await expect(video).toHaveAttribute('playsinline', '');
  });

  test('the hero poster is preloaded and sized', async ({ page }) => {
    await page.goto('/');
    await expect(page.locator('link[rel="preload"][as="image"]')).toHaveCount(1);
    const img = page.locator('#home img').first();
    await expect(img).toHaveAttribute('fetchpriority', 'high');
    await expect(img).toHaveAttribute('width', /\d+/);
    await expect(img).toHaveAttribute('src', /\.webp/);
  });

  test('services grid: the seven cards, labels and targets of SPEC §2', async ({ page }) => {
    await page.goto('/');
    const grid = page.locator('#services');
    await expect(grid.getByRole('heading', { level: 2 })).toHaveText('EVERYTHING YOU NEED, ALL IN ONE PLACE');
    const table: [string, string, string][] = [
      ['BUYER', 'BUY A HOME', '/buyer-resources'],
      ['SELLER', 'SELL YOUR HOME', '/seller-resources'],
      ['COMMUNITIES', 'EXPLORE', '/relocation'],
      ['MOVE WITH EASE', 'RELOCATE', '/relocation'],
      ['DOWNSIZING YOUR SPACE', 'DOWNSIZE', '/downsizing'],
      ['FIRST TIME HOME BUYER', 'FIRST TIME HOME BUYER', '/first-time-buyer'],
      ['FEATURED PROPERTIES', 'SEARCH HOMES', '/buyer-resources'],
    ];
    await expect(grid.getByRole('listitem')).toHaveCount(7);
    for (const [i, [title, label, href]] of table.entries()) {
      const card = grid.getByRole('listitem').nth(i);
      await expect(card.getByRole('heading', { level: 3 })).toHaveText(title);
      await expect(card.getByRole('link')).toHaveText(label);
      await expect(card.getByRole('link')).toHaveAttribute('href', href);
    }
  });

  test('explorer and contact sections', async ({ page }) => {
    await page.goto('/');
    const explore = page.locator('#explore');
    await expect(explore.getByText('DISCOVER LOCAL HIDDEN GEMS')).toBeVisible();
    await expect(explore.getByRole('heading', { level: 2 })).toHaveText('Explore the Greater Triangle Area');
    const contact = page.locator('#contact');
    await expect(contact.getByRole('heading', { name: 'Call or Text' })).toBeVisible();
    await expect(contact.getByRole('heading', { name: 'Email', exact: true })).toBeVisible();
    await expect(contact.getByRole('heading', { name: 'Office Hours' })).toBeVisible();
    await expect(contact.getByText('Mon-Fri', { exact: true })).toBeVisible();
    await expect(contact.getByText('8AM-8PM', { exact: true })).toBeVisible();
    await expect(contact.getByText('Sat-Sun', { exact: true })).toBeVisible();
    await expect(contact.getByText('9AM-6PM', { exact: true })).toBeVisible();
    await expect(contact.getByRole('heading', { name: 'Schedule a Free Consultation' })).toBeVisible();
    const book = contact.getByRole('link', { name: 'Book Your 30-Minute Call' });
    await expect(book).toHaveAttribute('href', site.links.booking);
    await expect(book).toHaveAttribute('target', '_blank');
    await expect(book).toHaveAttribute('rel', 'noopener noreferrer');
    await expect(
      contact.locator('h3', { hasText: 'Why choose' }).locator('xpath=..').getByRole('listitem'),
    ).toHaveCount(6);
    await expect(contact.locator(`a[href="${tel}"]`)).toHaveCount(1);
  });

  test("the home page's contact section and /about offer the agent's contact card, a vCard of the site config's details", async ({
    page,
  }) => {
    const card = '/jordan-avery.vcf';
    await page.goto('/');
    await expect(page.locator('#contact').getByRole('link', { name: 'Save my contact card' })).toHaveAttribute(
      'href',
      card,
    );
    await page.goto('/about');
    await expect(page.getByRole('main').getByRole('link', { name: 'Save my contact card' })).toHaveAttribute(
      'href',
      card,
    );
    const file = await page.request.get(card);
    expect(file.status()).toBe(200);
    expect(file.headers()['content-type']).toBe('text/vcard; charset=utf-8');
    const text = await file.text();
    expect(text).toMatch(/^BEGIN:VCARD\r\nVERSION:3\.0\r\n/);
    expect(text.endsWith('END:VCARD\r\n')).toBe(true);
    const lines = text.replace(/\r\n /g, '').split('\r\n');
    expect(lines).toEqual(
      expect.arrayContaining([
        `FN:${site.agent.name}`,
        `N:${site.agent.name.split(' ').at(-1)};${site.agent.firstName};;;`,
        `ORG:${site.agent.brokerage}`,
        `TITLE:${site.agent.title}`,
        `TEL;TYPE=CELL,VOICE:+1${site.agent.phoneDigits}`,
        `EMAIL;TYPE=INTERNET:${site.agent.email}`,
        `URL:${base}/`,
        `ADR;TYPE=WORK:;;;${site.office.locality};${site.office.region};;${site.office.country}`,
      ]),
    );
    // The portrait, as a square JPEG a contacts app shows in its circle.
    const photo = lines.find((line) => line.startsWith('PHOTO;ENCODING=b;TYPE=JPEG:'))?.split(':')[1] ?? '';
    const { format, width, height } = await sharp(Buffer.from(photo, 'base64')).metadata();
    expect({ format, width, height }).toEqual({ format: 'jpeg', width: 240, height: 240 });
  });

  test('structured data: RealEstateAgent with brokerage, contacts and the 13 towns, WebSite, Organization, no self-rating', async ({
    page,
  }) => {
    await page.goto('/');
    const nodes = await jsonLdNodes(page);
    const byId = new Map(nodes.filter((n) => n['@id']).map((n) => [n['@id'], n]));
    const ofType = (type: string) => nodes.filter((n) => n['@type'] === type);
    expect(ofType('RealEstateAgent')).toHaveLength(1);
    expect(ofType('WebSite')).toHaveLength(1);
    expect(ofType('Organization')).toHaveLength(1);

    const agent = ofType('RealEstateAgent')[0]!;
    expect(agent['name']).toBe(site.agent.name);
    expect(agent['telephone']).toBe(`+1${site.agent.phoneDigits}`);
    expect(agent['email']).toBe(site.agent.email);
    expect(agent['address']).toMatchObject({ '@type': 'PostalAddress', addressRegion: 'NC' });
    // The brokerage: parentOrganization (or worksFor) resolves to the Organization node.
    const ref = (agent['parentOrganization'] ?? agent['worksFor']) as JsonLd | undefined;
    expect(ref).toBeTruthy();
    const brokerage = ref!['name'] ? ref! : byId.get(ref!['@id']);
    expect(brokerage).toMatchObject({ '@type': 'Organization', name: site.agent.brokerage });
    expect(ofType('Organization')[0]!['name']).toBe(site.agent.brokerage);
    // Area served: exactly the 13 towns of SPEC §2.
    const served = (agent['areaServed'] as JsonLd[]).map((a) => String(a['name']).replace(/, NC$/, ''));
    expect(served.sort()).toEqual([...towns].sort());

    const website = ofType('WebSite')[0]!;
    expect(website['url']).toBe(`${base}/`);
    expect(website['name']).toBe(site.name);

    // No AggregateRating of the agent's own reviews, neither as a node nor as a property, nor as microdata.
    expect((await page.content()).toLowerCase()).not.toContain('aggregaterating');
  });
});

test.describe('hero video: downloaded only when it costs the visitor nothing', () => {
  const isVideo = (url: string) => /\/video\/hero\.(webm|mp4)(\?|$)/.test(new URL(url).pathname);

  /** Records every request for the hero video. */
  function watchVideo(page: Page): string[] {
    const requested: string[] = [];
    page.on('request', (r) => {
      if (isVideo(r.url())) requested.push(r.url());
    });
    return requested;
  }

  test('a desktop visitor gets the video after the page has loaded; the poster stays', async ({ page, isMobile }) => {
    test.skip(isMobile, 'desktop only');
    const requested = watchVideo(page);
    await page.goto('/');
    await expect.poll(() => requested.length).toBeGreaterThan(0);
    await expect(page.locator('#home img').first()).toBeVisible();
  });

  test('issue 19: a visible button pauses and resumes the looping video (WCAG 2.2.2)', async ({ page, isMobile }) => {
    test.skip(isMobile, 'desktop only');
    await page.setViewportSize({ width: 1366, height: 768 });
    await page.goto('/');
    const hero = page.locator('#home');
    const pause = hero.getByRole('button', { name: 'Pause background video' });
    await expect(pause).toBeVisible({ timeout: 15_000 });
    const video = page.locator('video.hero-video');
    await pause.click();
    await expect.poll(() => video.evaluate((v: HTMLVideoElement) => v.paused)).toBe(true);
    const play = hero.getByRole('button', { name: 'Play background video' });
    await expect(play).toBeFocused();
    await play.click();
    await expect.poll(() => video.evaluate((v: HTMLVideoElement) => v.paused)).toBe(false);
    await expect(pause).toBeVisible();
    // It covers nothing of the hero, on a phone either: not the heading, the links or the strip.
    for (const width of [1366, 360]) {
      await page.setViewportSize({ width, height: 780 });
      const button = (await pause.boundingBox())!;
      for (const other of await hero.locator('h1, p, a, li').all()) {
        const box = (await other.boundingBox())!;
        const apart =
          button.x + button.width <= box.x ||
          box.x + box.width <= button.x ||
          button.y + button.height <= box.y ||
          box.y + box.height <= button.y;
        expect(apart, `the pause button covers "${await other.textContent()}" at ${width} px`).toBe(true);
      }
    }
  });

  test('prefers-reduced-motion: reduce downloads no video', async ({ page }) => {
    await page.emulateMedia({ reducedMotion: 'reduce' });
    const requested = watchVideo(page);
    await page.goto('/', { waitUntil: 'networkidle' });
    await page.waitForTimeout(afterFallbackDelay);
    expect(requested).toEqual([]);
    await expect(page.locator('video.hero-video')).not.toHaveAttribute('src', /./);
    await expect(page.locator('#home img').first()).toBeVisible();
    // A still poster needs no pause button.
    await expect(page.locator('#home').getByRole('button')).toHaveCount(0);
  });

  test('Save-Data downloads no video', async ({ page }) => {
    await page.addInitScript(() => {
      Object.defineProperty(navigator, 'connection', {
        configurable: true,
        get: () => ({ saveData: true, effectiveType: '4g' }),
      });
    });
    const requested = watchVideo(page);
    await page.goto('/', { waitUntil: 'networkidle' });
    await page.waitForTimeout(afterFallbackDelay);
    expect(requested).toEqual([]);
    await expect(page.locator('video.hero-video')).not.toHaveAttribute('src', /./);
  });

  test('a small screen waits for the browser to be idle', async ({ page, isMobile }) => {
    test.skip(!isMobile, 'small screens only');
    // Hold every idle callback until the test releases them: the browser is never idle until then.
    await page.addInitScript(() => {
      const held: IdleRequestCallback[] = [];
      const w = window as unknown as { __releaseIdle: () => void };
      window.requestIdleCallback = (cb: IdleRequestCallback) => {
        held.push(cb);
        return held.length;
      };
      w.__releaseIdle = () => {
        for (const cb of held.splice(0)) cb({ didTimeout: false, timeRemaining: () => 50 });
      };
    });
    const requested = watchVideo(page);
    await page.goto('/', { waitUntil: 'networkidle' });
    await page.waitForTimeout(afterFallbackDelay);
    expect(requested).toEqual([]);
    await page.evaluate(() => (window as unknown as { __releaseIdle: () => void }).__releaseIdle());
    await expect.poll(() => requested.length).toBeGreaterThan(0);
  });
});

test.describe('landing pages', () => {
  test('/relocation', async ({ page }) => {
    await page.goto('/relocation');
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Relocating to the Triangle Area?');
    await expectLink(page, 'Schedule Free Consultation', site.links.booking, true);
    await expectLink(page, 'View Relocation Guide', site.links.relocationGuide, true);
    for (const t of ['Affordable Living', 'Thriving Job Market', 'Quality of Life']) {
      await expect(page.getByRole('heading', { name: t, exact: true })).toBeVisible();
    }
    await expect(page.getByText('300+ companies')).toBeVisible();
    await expect(page.getByText('180+ parks')).toBeVisible();
    const cards = page
      .locator('section', { has: page.getByRole('heading', { name: 'Explore Triangle Communities' }) })
      .getByRole('link');
    await expect(cards).toHaveCount(12);
    for (const [i, id] of relocationCardIds.entries())
      await expect(cards.nth(i)).toHaveAttribute('href', `/city/${id}`);
    // Each town's picture offers AVIF (about 40% smaller than WebP), the <img> being WebP.
    expect(
      await cards.evaluateAll((links) =>
        links.map((a) => [...a.querySelectorAll('picture source')].map((s) => s.getAttribute('type')).join()),
      ),
    ).toEqual(relocationCardIds.map(() => 'image/avif'));
    expect(
      await cards.evaluateAll((links) => links.map((a) => /\.webp$/.test(a.querySelector('img')?.src ?? ''))),
    ).toEqual(relocationCardIds.map(() => true));
    // The embedded relocation video: the snapshot's 'Moving to Raleigh' video behind the facade.
    const player = page.locator('section[aria-labelledby="relocation-video-heading"] lite-youtube');
    await expect(player).toHaveCount(1);
    await expect(player).toHaveAttribute('videoid', /.+/);
    await expect(page.locator('#relocation-video-heading')).toHaveText(/Moving to Raleigh/);
    await expectLink(page, 'Watch More Relocation Videos', '/blog');
    await expect(page.locator(`a[href="${mailto('Relocation Questions')}"]`)).toHaveCount(1);
    await expect(page.locator(`a[href="${tel}"]`).last()).toBeVisible();
  });

  test("/relocation's structured data names the video its player plays, with a picture the site serves; no other landing page names one", async ({
    page,
  }) => {
    await page.goto('/relocation');
    const videos = (await jsonLdNodes(page)).filter((n) => n['@type'] === 'VideoObject');
    expect(videos).toHaveLength(1);
    const video = videos[0]!;
    const player = page.locator('section[aria-labelledby="relocation-video-heading"] lite-youtube');
    const videoId = await player.getAttribute('videoid');
    expect(video).toMatchObject({
      name: await player.getAttribute('title'),
      embedUrl: `https://www.youtube-nocookie.com/embed/${videoId}`,
      url: `https://www.youtube.com/watch?v=${videoId}`,
    });
    // Its words and date are the snapshot's.
    const snapshot = JSON.parse(readFileSync('content/videos/snapshot.json', 'utf8')) as {
      playlists: { videos: { videoId: string; description: string; publishedAt: string }[] }[];
    };
    const shown = snapshot.playlists.flatMap((p) => p.videos).find((v) => v.videoId === videoId)!;
    expect(video['description']).toBe(shown.description);
    expect(video['uploadDate']).toBe(new Date(shown.publishedAt).toISOString());
    // The picture: the player's own poster file, at the site's address, served here.
    const thumbnail = new URL(String(video['thumbnailUrl']));
    expect(thumbnail.origin).toBe(base);
    expect(await player.locator('img').getAttribute('srcset')).toContain(thumbnail.pathname);
    const picture = await page.request.get(thumbnail.pathname);
    expect(picture.status()).toBe(200);
    expect(picture.headers()['content-type']).toBe('image/webp');
    for (const other of ['/buyer-resources', '/first-time-buyer', '/seller-resources', '/upsizing', '/downsizing']) {
      await page.goto(other);
      expect(
        (await jsonLdNodes(page)).filter((n) => n['@type'] === 'VideoObject'),
        other,
      ).toEqual([]);
    }
  });

  test('a town card and the latest video zoom on hover, unless the visitor asks for less motion', async ({
    page,
    isMobile,
  }) => {
    test.skip(isMobile, 'a phone has no hover');
    const zoom = async (path: string, picture: string) => {
      await page.goto(path);
      const target = page.locator(picture).first();
      await target.scrollIntoViewIfNeeded();
      await page.mouse.move(0, 0);
      await target.hover();
      // The zoom eases in over 0.3 s: wait until it stops changing.
      await page.waitForTimeout(400);
      return target.evaluate((el) => getComputedStyle(el).scale);
    };
    const cityImage = 'section[aria-labelledby="city-cards-heading"] img';
    const playButton = 'article:has-text("Latest Video") span.rounded-full';
    expect(await zoom('/relocation', cityImage)).toBe('1.05');
    expect(await zoom('/', playButton)).toBe('1.1');
    await page.emulateMedia({ reducedMotion: 'reduce' });
    expect(await zoom('/relocation', cityImage)).toBe('none');
    expect(await zoom('/', playButton)).toBe('none');
  });

  test("/relocation puts every town of content/cities side by side, each row its guide's figures", async ({
    page,
    isMobile,
  }) => {
    const cities = readdirSync(citiesDir)
      .filter((file) => file.endsWith('.yaml'))
      .map((file) => ({
        id: file.replace(/\.yaml$/, ''),
        ...(parse(readFileSync(join(citiesDir, file), 'utf8')) as CityFile),
      }))
      .sort((a, b) => a.name.localeCompare(b.name));
    expect(cities.map((c) => c.name)).toEqual(towns);
    await page.goto('/relocation');
    const table = page.getByRole('table', { name: /The Towns Side by Side/ });
    await expect(table.getByRole('columnheader')).toHaveText([
      'Town',
      'Median home',
      'Population',
      'To downtown Raleigh',
      'To RTP',
      'To RDU airport',
    ]);
    const rows = table.locator('tbody tr');
    await expect(rows).toHaveCount(cities.length);
    for (const [i, c] of cities.entries()) {
      const row = rows.nth(i);
      await expect(row.getByRole('rowheader')).toHaveText(`${c.name} ${c.county}`);
      await expect(row.getByRole('link', { name: c.name, exact: true })).toHaveAttribute('href', `/city/${c.id}`);
      await expect(row.getByRole('cell')).toHaveText([
        c.medianHome,
        c.population,
        c.commute.raleigh,
        c.commute.rtp,
        c.commute.airport,
      ]);
    }
    await expectLink(page, 'the rates of each town', '/tools/mortgage-calculator#tax-rates');
    // The table scrolls inside its own box (which a keyboard can reach), never the page.
    const box = page.getByRole('region', { name: /^The Towns Side by Side: median home price/ });
    await expect(box).toHaveAttribute('tabindex', '0');
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(
      page.viewportSize()!.width,
    );
    const overflows = await box.evaluate((el) => el.scrollWidth > el.clientWidth);
    expect(overflows).toBe(isMobile);
    if (isMobile) {
      // Scrolled to its end, the town names are still in view.
      await box.evaluate((el) => el.scrollTo({ left: el.scrollWidth }));
      const name = await rows.first().getByRole('rowheader').boundingBox();
      const frame = await box.boundingBox();
      expect(name!.x).toBeGreaterThanOrEqual(frame!.x);
      expect(name!.x).toBeLessThan(frame!.x + 2);
    }
  });

  test('/relocation sorts the towns by any column of the comparison, and back; without JavaScript it is the towns A to Z', async ({
    page,
    browser,
  }) => {
    const cities = readdirSync(citiesDir)
      .filter((file) => file.endsWith('.yaml'))
      .map((file) => parse(readFileSync(join(citiesDir, file), 'utf8')) as CityFile);
    /** A figure as a visitor reads it: digits without commas; a range ("25-30 min") by its middle. */
    const figure = (text: string) => {
      const [low, high = low] = text.replaceAll(',', '').match(/\d+/g)!.map(Number) as [number, number?];
      return (low + high) / 2;
    };
    /** The towns in an order of a column, ties A to Z. */
    const ordered = (value: (c: CityFile) => string, direction: 1 | -1) =>
      [...cities]
        .sort((a, b) => direction * (figure(value(a)) - figure(value(b))) || a.name.localeCompare(b.name))
        .map((c) => c.name);

    await page.goto('/relocation');
    const table = page.getByRole('table', { name: /The Towns Side by Side/ });
    const order = table.locator('tbody tr th a');
    const status = page.getByRole('status').filter({ hasText: /^Sorted by/ });
    const heading = (name: string) => table.getByRole('columnheader', { name, exact: true });
    // The towns' own order, A to Z, is said to be an order by town; no other column claims one.
    await expect(heading('Town')).toHaveAttribute('aria-sort', 'ascending');
    await expect(table.locator('th[aria-sort]')).toHaveCount(1);
    await expect(order).toHaveText(towns);

    const sort = (name: string) => table.getByRole('button', { name, exact: true }).click();
    await sort('Median home');
    await expect(order).toHaveText(ordered((c) => c.medianHome, 1));
    await expect(heading('Median home')).toHaveAttribute('aria-sort', 'ascending');
    await expect(heading('Town')).not.toHaveAttribute('aria-sort');
    await expect(status).toHaveText('Sorted by Median home, lowest first.');
    await sort('Median home');
    await expect(order).toHaveText(ordered((c) => c.medianHome, -1));
    await expect(heading('Median home')).toHaveAttribute('aria-sort', 'descending');
    await expect(status).toHaveText('Sorted by Median home, highest first.');

    // By keyboard too; drive times given as a range sort by its middle.
    await table.getByRole('button', { name: 'To downtown Raleigh' }).focus();
    await page.keyboard.press('Enter');
    await expect(order).toHaveText(ordered((c) => c.commute.raleigh, 1));
    await page.keyboard.press('Space');
    await expect(order).toHaveText(ordered((c) => c.commute.raleigh, -1));
    await sort('Population');
    await expect(order).toHaveText(ordered((c) => c.population, 1));
    // Each row moves whole: its figures stay beside its town.
    const cary = cities.find((c) => c.name === 'Cary')!;
    await expect(table.getByRole('row', { name: /^Cary / }).getByRole('cell')).toHaveText([
      cary.medianHome,
      cary.population,
      cary.commute.raleigh,
      cary.commute.rtp,
      cary.commute.airport,
    ]);
    await sort('Town');
    await expect(order).toHaveText(towns);
    await expect(status).toHaveText('Sorted by Town, A to Z.');
    await sort('Town');
    await expect(order).toHaveText([...towns].reverse());
    await expect(status).toHaveText('Sorted by Town, Z to A.');

    // Without JavaScript the headings are plain headings: nothing there pretends to sort.
    const context = await browser.newContext({ javaScriptEnabled: false });
    const still = await context.newPage();
    await still.goto('/relocation');
    const plain = still.getByRole('table', { name: /The Towns Side by Side/ });
    await expect(plain.getByRole('columnheader')).toHaveCount(6);
    await expect(plain.getByRole('button')).toHaveCount(0);
    await expect(plain.locator('th[aria-sort]')).toHaveCount(0);
    await expect(plain.locator('thead svg').first()).toHaveCSS('opacity', '0');
    await expect(plain.locator('tbody tr th a')).toHaveText(towns);
    await context.close();
  });

  test("/relocation's comparison loads without sorting: no collator, no rows moved, until a heading is pressed", async ({
    page,
  }) => {
    // A first `localeCompare` loads a collator, tens of ms of a slow phone's main thread while the
    // page loads; the towns come A to Z, each with its place in that order to sort by.
    await page.addInitScript(() => {
      const counted = window as unknown as { collated: number };
      counted.collated = 0;
      const own = Object.getOwnPropertyDescriptor(String.prototype, 'localeCompare')!.value as (
        this: string,
        ...args: unknown[]
      ) => number;
      String.prototype.localeCompare = function (this: string, ...args: unknown[]) {
        counted.collated++;
        return own.apply(this, args);
      };
    });
    await page.goto('/relocation');
    const table = page.getByRole('table', { name: /The Towns Side by Side/ });
    await expect(table.getByRole('columnheader', { name: 'Town', exact: true })).toHaveAttribute(
      'aria-sort',
      'ascending',
    );
    const firstRow = await table.locator('tbody tr').first().elementHandle();
    const collated = () => page.evaluate(() => (window as unknown as { collated: number }).collated);
    expect(await collated()).toBe(0);
    await table.getByRole('button', { name: 'Town', exact: true }).click();
    await expect(table.locator('tbody tr th a')).toHaveText([...towns].reverse());
    await table.getByRole('button', { name: 'Town', exact: true }).click();
    await expect(table.locator('tbody tr th a')).toHaveText(towns);
    expect(await collated()).toBe(0);
    // The rows are the ones the page was parsed with, not copies.
    expect(await firstRow.evaluate((row) => row.isConnected && row.querySelector('a')?.textContent)).toBe('Apex');
  });

  test('a landing page draws its sections below the first view only as they near the screen; the first section and anchors work as ever', async ({
    page,
  }) => {
    await page.goto('/relocation');
    const section = (id: string) => page.locator(`section[aria-labelledby="${id}"]`);
    const drawn = (id: string) =>
      section(id)
        .locator('h2')
        .evaluate((h) => h.checkVisibility({ contentVisibilityAuto: true }));
    // The first section is always drawn; the calculator, far below, is not until it comes near.
    expect(await drawn('benefits-heading')).toBe(true);
    expect(await drawn('calculator-heading')).toBe(false);
    const heading = section('calculator-heading').getByRole('heading', { level: 2 });
    await heading.scrollIntoViewIfNeeded();
    await expect.poll(() => drawn('calculator-heading')).toBe(true);
    await expect(heading).toBeInViewport();
    // Its words are in the page all along, for search engines, find-in-page and screen readers.
    await page.goto('/relocation');
    await expect(page.getByRole('heading', { level: 2, name: 'Search Homes for Sale' })).toHaveCount(1);
    // A link to a section below lands on it.
    await page.goto('/relocation#guide');
    await expect(page.locator('#guide h2')).toBeInViewport();
  });

  test('/first-time-buyer', async ({ page }) => {
    await page.goto('/first-time-buyer');
    await expectLink(page, 'Book Free Consultation', site.links.booking, true);
    // SPEC names the button 'Call Now': exactly that label, the number only in its tel: link.
    const call = page.locator('main').getByRole('link', { name: 'Call Now', exact: true });
    await expect(call).toHaveCount(1);
    await expect(call).toHaveText('Call Now');
    await expect(call).toHaveAttribute('href', tel);
    for (const step of ['Pre-Approval', 'Home Search', 'Make Offer', 'Close Deal']) {
      await expect(page.getByRole('heading', { level: 3, name: step })).toBeVisible();
    }
    await expect(page.locator(`a[href="${mailto('First Time Home Buying Inquiry')}"]`)).toHaveCount(1);
  });

  test('/upsizing', async ({ page }) => {
    await page.goto('/upsizing');
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Ready for More Space?');
    for (const sign of ['Growing Family', 'Career Growth', 'Market Timing', 'Lifestyle Change']) {
      await expect(page.getByRole('heading', { level: 3, name: sign })).toBeVisible();
    }
    await expect(page.locator('section#strategy ol > li')).toHaveCount(4);
    await expect(page.locator('rea-home-value')).toHaveCount(1);
    await expect(page.locator(`a[href="${mailto('Upsizing Inquiry')}"]`)).toHaveCount(1);
    // Beyond SPEC: the net sheet, opening on the file's example (closing 60 days after the build).
    await page.clock.setFixedTime(new Date(samplesDate));
    await page.reload();
    await expect(
      page.getByRole('region', { name: 'Your Sale, Your Next Down Payment' }).getByRole('status'),
    ).toHaveText('$142,678');
  });

  test('/downsizing', async ({ page }) => {
    await page.goto('/downsizing');
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Embrace the Freedom of Less');
    await expect(page.locator('section#benefits li')).toHaveCount(4);
    await expect(page.locator('section#process ol > li')).toHaveCount(4);
    await expect(page.getByRole('heading', { name: 'Is Downsizing Right for You?' })).toBeVisible();
    await expect(page.locator('section#situations li')).toHaveCount(6);
    await expect(page.locator('rea-home-value')).toHaveCount(1);
    await expect(page.locator(`a[href="${mailto('Downsizing Inquiry')}"]`)).toHaveCount(1);
    await page.clock.setFixedTime(new Date(samplesDate));
    await page.reload();
    await expect(
      page.getByRole('region', { name: 'How Much Equity Would You Free Up?' }).getByRole('status'),
    ).toHaveText('$404,049');
  });

  test('/buyer-resources', async ({ page }) => {
    await page.goto('/buyer-resources');
    await expectLink(page, 'Schedule a Buyer Consultation', site.links.booking, true);
    const steps = [
      'Get Pre-Approved',
      'Find Your Agent',
      'Search for Homes',
      'Make an Offer',
      'Get It Inspected',
      'Close the Deal',
    ];
    for (const step of steps) await expect(page.getByRole('heading', { level: 3, name: step })).toBeVisible();
    await expect(page.locator('rea-lazy-frame')).toHaveCount(1);
    // Beyond SPEC: a closing call to action, as on the other landing pages, and the newest homes for sale.
    await expect(page.getByRole('heading', { level: 2, name: 'Ready to Start Your Home Search?' })).toBeVisible();
    await expect(page.locator(`a[href="${mailto('Home Buying Inquiry')}"]`)).toHaveCount(1);
    await expect(page.locator('main').locator(`a[href="${tel}"]`)).toHaveCount(1);
    await expectHomesRow(page, 'Homes for Sale Now', '/listings/status/for-sale', 'See All Homes for Sale');
  });

  test('/seller-resources', async ({ page }) => {
    await page.goto('/seller-resources');
    await expectLink(page, 'Get Your Free Price Evaluation', '#home-value');
    const steps = [
      'Market Analysis',
      'Prepare Your Home',
      'Marketing Launch',
      'Show and Negotiate',
      'Under Contract',
      'Closing Day',
    ];
    for (const step of steps) await expect(page.getByRole('heading', { level: 3, name: step })).toBeVisible();
    await expect(page.locator('section#prep-tips li')).toHaveCount(4);
    await expect(page.locator('rea-home-value')).toHaveCount(1);
    // Beyond SPEC: a closing call to action, as on the other landing pages, and the latest sales.
    await expect(page.getByRole('heading', { level: 2, name: 'Thinking About Selling?' })).toBeVisible();
    await expect(page.locator(`a[href="${mailto('Home Selling Inquiry')}"]`)).toHaveCount(1);
    await expect(page.locator('main').locator(`a[href="${tel}"]`)).toHaveCount(1);
    await expectHomesRow(page, 'Recently Sold', '/listings/status/sold', 'See All Recently Sold Homes');
  });

  test("/seller-resources works out a seller's net as the figures are typed; without JavaScript it shows the example", async ({
    page,
    browser,
  }) => {
    // The day the test build takes as now: the example closes 45 days later, on January 9, 2027.
    await page.clock.setFixedTime(new Date(samplesDate));
    await page.goto('/seller-resources');
    const { section, line, total: net } = worksheet(page, 'What Would You Walk Away With?');
    await expect(section.getByLabel('Closing day')).toHaveValue('2027-01-09');
    // $450,000 less 3% and 2.5%, $900 of excise tax, the payoff, 9 days of $3,600 and $750.
    await expect(net).toHaveText('$183,511');
    await expect(line('Property tax, Jan 1 to closing')).toHaveText('\u2212$89');

    await section.getByLabel('Sale price').fill('300000');
    await expect(line('Sale price')).toHaveText('$300,000');
    await expect(line('Listing brokerage fee')).toHaveText('\u2212$9,000');
    await expect(line('NC excise tax (revenue stamps)')).toHaveText('\u2212$600');
    await expect(net).toHaveText('$42,061');
    await section.getByLabel('Mortgage payoff').fill('300000');
    await expect(net).toHaveText('$17,939 to bring to closing');
    await section.getByLabel('Closing day').fill('2027-06-30');
    await expect(line('Property tax, Jan 1 to closing')).toHaveText('\u2212$1,785'); // 181 of 365 days
    await section.getByLabel("Buyer's agent fee you offer").fill('');
    await expect(line("Buyer's agent fee you offer")).toHaveText('None');
    await expect(net).toHaveText('$12,135 to bring to closing');
    // A bill paid already: the buyer pays back the 184 days after June 30.
    const paid = section.getByLabel("You have paid this year's bill");
    await paid.check();
    await expect(line('Property tax paid back to you, after closing')).toHaveText('+$1,815');
    await expect(net).toHaveText('$8,535 to bring to closing');
    await paid.uncheck();
    await expect(line('Property tax, Jan 1 to closing')).toHaveText('\u2212$1,785');
    // Enter sends the form nowhere.
    await section.getByLabel('Sale price').press('Enter');
    await expect(page).toHaveURL(/\/seller-resources$/);

    // A page built before today moves the example's closing day to 45 days from today.
    await page.clock.setFixedTime(new Date('2027-03-01T12:00:00-05:00'));
    await page.reload();
    await expect(section.getByLabel('Closing day')).toHaveValue('2027-04-15');
    await expect(line('Property tax, Jan 1 to closing')).toHaveText('\u2212$1,036'); // 105 of 365 days

    const context = await browser.newContext({ javaScriptEnabled: false });
    const still = await context.newPage();
    await still.goto('/seller-resources');
    await renderNoscript(still);
    const plain = still.getByRole('region', { name: 'What Would You Walk Away With?' });
    await expect(plain.locator('output')).toHaveText('$183,511');
    await expect(plain).toContainText('Your browser is not running JavaScript');
    await expect(plain.getByRole('link', { name: 'Get a net sheet for your home' })).toHaveAttribute(
      'href',
      '/contact?topic=netSheet',
    );
    await plain.getByRole('link', { name: 'Get a net sheet for your home' }).click();
    await expect(still.getByLabel('How can I help?')).toHaveValue('I want to sell my home');
    await expect(still.getByRole('textbox', { name: 'Message', exact: true })).toHaveValue(
      contactTopics.netSheet.message,
    );
    await context.close();
  });

  test("/first-time-buyer works out a buyer's cash to close as the figures are typed; without JavaScript it shows the example", async ({
    page,
    browser,
  }) => {
    // The day the test build takes as now: the example closes 45 days later, on January 9, 2027.
    await page.clock.setFixedTime(new Date(samplesDate));
    await page.goto('/first-time-buyer');
    const { section, line, total: due } = worksheet(page, 'How Much Cash Will You Need?');
    await expect(section.getByLabel('Closing day')).toHaveValue('2027-01-09');
    // 5% down on $375,000; 23 days of 6.25% on $356,250; 9 days of $3,200 credited; $3,000 from the seller.
    await expect(line('Down payment')).toHaveText('$18,750');
    await expect(line('Interest to the end of the month')).toHaveText('$1,403');
    await expect(line("Seller's property tax, Jan 1 to closing")).toHaveText('\u2212$79');
    await expect(line('Cash you need in all')).toHaveText('$24,324');
    await expect(due).toHaveText('$19,324');

    await section.getByLabel('Down payment').fill('20');
    await expect(line('Down payment')).toHaveText('$75,000');
    await expect(line('Interest to the end of the month')).toHaveText('$1,182');
    await expect(due).toHaveText('$75,353');
    // The seller's credits count only up to the closing costs.
    await section.getByLabel('Credits from the seller').fill('20000');
    await expect(line('Credits from the seller')).toHaveText('\u2212$8,432');
    await section.getByLabel('Closing day').fill('2027-01-31');
    await expect(line('Interest to the end of the month')).toHaveText('$51');
    await expect(line("Seller's property tax, Jan 1 to closing")).toHaveText('\u2212$272'); // 31 of 365 days
    await section.getByLabel('Interest rate').fill('');
    await expect(line('Interest to the end of the month')).toHaveText('None');
    await section.getByLabel('Earnest money').fill('100000');
    await expect(due).toHaveText('$27,272 back to you');
    // Once the bill is out the seller pays it and the buyer pays back the 334 days after January 31.
    const billOut = section.getByLabel("This year's bill has gone out");
    await billOut.check();
    await expect(line('Property tax paid back to the seller, after closing')).toHaveText('$2,928');
    await expect(due).toHaveText('$24,072 back to you');
    await billOut.uncheck();
    await expect(due).toHaveText('$27,272 back to you');
    // An association's fees are closing costs, which the seller's $20,000 of credits still covers.
    await expect(line('Credits from the seller')).toHaveText('\u2212$7,250');
    await section.getByLabel('HOA fees at closing').fill('450');
    await expect(line('HOA fees at closing')).toHaveText('$450');
    await expect(line('Credits from the seller')).toHaveText('\u2212$7,700');
    await expect(due).toHaveText('$27,272 back to you');
    // Enter sends the form nowhere.
    await section.getByLabel('Home price').press('Enter');
    await expect(page).toHaveURL(/\/first-time-buyer$/);

    // A page built before today moves the example's closing day to 45 days from today.
    await page.clock.setFixedTime(new Date('2027-03-01T12:00:00-05:00'));
    await page.reload();
    await expect(section.getByLabel('Closing day')).toHaveValue('2027-04-15');
    await expect(line('Interest to the end of the month')).toHaveText('$976'); // April 15 to 30
    await expect(due).toHaveText('$18,055');

    const context = await browser.newContext({ javaScriptEnabled: false });
    const still = await context.newPage();
    await still.goto('/first-time-buyer');
    await renderNoscript(still);
    const plain = still.getByRole('region', { name: 'How Much Cash Will You Need?' });
    await expect(plain.locator('output')).toHaveText('$19,324');
    await expect(plain).toContainText('Your browser is not running JavaScript');
    await context.close();
  });

  test("the cash to close's tax box follows the closing day, from September 1, until the visitor ticks or unticks it", async ({
    page,
  }) => {
    // Built on November 25 and visited on August 1: the example's closing day moves to September 15.
    await page.clock.setFixedTime(new Date('2027-08-01T12:00:00-04:00'));
    await page.goto('/first-time-buyer');
    const { section, line } = worksheet(page, 'How Much Cash Will You Need?');
    const billOut = section.getByLabel("This year's bill has gone out");
    await expect(section.getByLabel('Closing day')).toHaveValue('2027-09-15');
    await expect(billOut).toBeChecked();
    await expect(line('Property tax paid back to the seller, after closing')).toHaveText('$938'); // 107 of 365 days of $3,200
    await section.getByLabel('Closing day').fill('2027-08-31');
    await expect(billOut).not.toBeChecked();
    await expect(line("Seller's property tax, Jan 1 to closing")).toHaveText('\u2212$2,130');
    await section.getByLabel('Closing day').fill('2027-12-01');
    await expect(billOut).toBeChecked();
    // The visitor knows better (a county that mails late): the day no longer decides.
    await billOut.uncheck();
    await section.getByLabel('Closing day').fill('2027-10-01');
    await expect(billOut).not.toBeChecked();
    await expect(line("Seller's property tax, Jan 1 to closing")).toHaveText('\u2212$2,402'); // 274 days
  });

  test('an address may give the cash to close its figures; anything but a plain number is left out', async ({
    page,
  }) => {
    await page.clock.setFixedTime(new Date(samplesDate));
    await page.goto(
      '/first-time-buyer?cash-to-close-price=1e400&cash-to-close-downPaymentPercent=10&cash-to-close-earnestMoney=%3Cb%3E' +
        '&cash-to-close-closingDate=2027-06-30&cash-to-close-lenderFees=-5&price=100000',
    );
    const { section, line } = worksheet(page, 'How Much Cash Will You Need?');
    await expect(section.getByLabel('Down payment')).toHaveValue('10');
    await expect(section.getByLabel('Home price')).toHaveValue('375000');
    await expect(section.getByLabel('Earnest money')).toHaveValue('3000');
    await expect(section.getByLabel('Lender and appraisal fees')).toHaveValue('2900');
    await expect(section.getByLabel('Closing day')).toHaveValue('2027-01-09');
    await expect(line('Down payment')).toHaveText('$37,500');
  });

  test('/first-time-buyer works out the price a buyer can afford as the figures are typed, and opens the calculator on it; without JavaScript it shows the example', async ({
    page,
    browser,
  }) => {
    await page.goto('/first-time-buyer');
    const { section, line, total: price } = worksheet(page, 'What Can You Afford?');
    // $95,000 a year: 28% of $7,917 a month; $20,000 down; 6.25%; the default town's tax rate.
    await expect(section.getByLabel('Property tax rate')).toHaveValue('0.8721');
    await expect(line('Your budget for the home, a month')).toHaveText('$2,217');
    await expect(line('Mortgage insurance')).toHaveText('$173');
    await expect(line("The home's cost, a month")).toHaveText('$2,215');
    await expect(price).toHaveText('$297,000');

    // $1,200 of debts: 36% of the income less them ($1,650) is now the limit.
    await section.getByLabel('Other debts, a month').fill('1200');
    await expect(line('36%, for the home and your debts, less the debts')).toHaveText('$1,650');
    await expect(line('Your budget for the home, a month')).toHaveText('$1,650');
    await expect(price).toHaveText('$221,000');
    await section.getByLabel('Other debts, a month').fill('5000');
    await expect(line('36%, for the home and your debts, less the debts')).toHaveText('\u2212$2,150');
    await expect(price).toHaveText('None yet');
    await section.getByLabel('Other debts, a month').fill('');
    await expect(price).toHaveText('$297,000');
    // Enter sends the form nowhere.
    await section.getByLabel('Down payment').press('Enter');
    await expect(page).toHaveURL(/\/first-time-buyer$/);

    await section.getByLabel('HOA dues, a month').fill('85');
    await expect(price).toHaveText('$285,000');
    await section.getByRole('link', { name: 'See this price in the mortgage calculator' }).click();
    await expect(page).toHaveURL(/\/tools\/mortgage-calculator\?price=285000&down=20000&rate=6\.25&term=30/);
    await expect(page.getByLabel('Home Price')).toHaveValue('285000');
    await expect(page.getByLabel('Down Payment')).toHaveValue('20000');

    const context = await browser.newContext({ javaScriptEnabled: false });
    const still = await context.newPage();
    await still.goto('/first-time-buyer');
    await renderNoscript(still);
    const plain = still.getByRole('region', { name: 'What Can You Afford?' });
    await expect(plain.locator('output')).toHaveText('$297,000');
    await expect(plain.getByRole('link', { name: 'See this price in the mortgage calculator' })).toHaveAttribute(
      'href',
      '/tools/mortgage-calculator?price=297000&down=20000&rate=6.25&term=30&tax=0.8721&insurance=1450&hoa=0&pmi=0.75',
    );
    await context.close();
  });

  test('a figure typed in the trillions breaks across lines on a 320 px screen; the page stays 320 px wide', async ({
    page,
  }) => {
    await page.setViewportSize({ width: 320, height: 780 });
    for (const [path, heading, field] of [
      ['/seller-resources', 'What Would You Walk Away With?', 'Sale price'],
      ['/first-time-buyer', 'How Much Cash Will You Need?', 'Lender and appraisal fees'],
    ] as const) {
      await page.goto(path);
      const { section, line, total } = worksheet(page, heading);
      // The figures stay whole where they fit beside their labels.
      const figure = line(field);
      const oneLine = (await figure.boundingBox())?.height ?? 0;
      await section.getByLabel(field).fill('90000000000000000000');
      await expect(figure).toHaveText('$90,000,000,000,000,000,000');
      await expect(total).toContainText(/\$\d{1,3}(,\d{3}){5,}/);
      expect(await page.evaluate(() => document.documentElement.scrollWidth - innerWidth), path).toBeLessThanOrEqual(0);
      expect((await figure.boundingBox())?.height, path).toBeGreaterThan(oneLine * 1.5);
      await section.getByLabel(field).fill('4500');
      await expect.poll(async () => (await figure.boundingBox())?.height, { message: path }).toBe(oneLine);
    }
  });

  test('a row of homes shorter than the columns is centred, each card one column wide', async ({ page }) => {
    // The seller page's recently sold homes: fewer than a row in the sample (one), where a grid
    // left a lone card at the left edge.
    await page.goto('/seller-resources');
    const list = page.getByRole('region', { name: 'Recently Sold' }).locator('[data-listing-grid]');
    await list.scrollIntoViewIfNeeded();
    const width = page.viewportSize()!.width;
    const columns = width >= 1024 ? 3 : width >= 640 ? 2 : 1;
    const box = (await list.boundingBox())!;
    const cards = await Promise.all(
      (await list.locator('[data-listing-item]').all()).map(async (c) => (await c.boundingBox())!),
    );
    const gap = 24;
    for (const card of cards)
      expect(Math.abs(card.width - (box.width - gap * (columns - 1)) / columns)).toBeLessThan(1);
    const lastTop = Math.max(...cards.map((c) => c.y));
    const lastRow = cards.filter((c) => Math.abs(c.y - lastTop) < 1);
    const left = Math.min(...lastRow.map((c) => c.x)) - box.x;
    const right = box.x + box.width - Math.max(...lastRow.map((c) => c.x + c.width));
    expect(Math.abs(left - right)).toBeLessThan(1);
  });

  test('/about shows both sets of figures as stated', async ({ page }) => {
    await page.goto('/about');
    for (const figure of ['133+', '$48.5M+', 'Top 100', 'Hall of Fame', 'Top 5%', '77', '27+']) {
      await expect(page.locator('dd', { hasText: figure }).first()).toBeVisible();
    }
    await expect(page.getByText('Top 100 agents in North Carolina in 2024')).toBeVisible();
  });
});

test.describe('breadcrumbs in structured data', () => {
  const pages = [
    '/relocation',
    '/first-time-buyer',
    '/upsizing',
    '/downsizing',
    '/buyer-resources',
    '/seller-resources',
    '/about',
  ];
  for (const path of pages) {
    test(`${path}: BreadcrumbList Home > this page, with absolute URLs`, async ({ page }) => {
      await page.goto(path);
      const lists = (await jsonLdNodes(page)).filter((n) => n['@type'] === 'BreadcrumbList');
      expect(lists).toHaveLength(1);
      const items = lists[0]!['itemListElement'] as JsonLd[];
      expect(items).toHaveLength(2);
      expect(items[0]).toEqual({ '@type': 'ListItem', position: 1, name: 'Home', item: `${base}/` });
      expect(items[1]).toMatchObject({ '@type': 'ListItem', position: 2, item: `${base}${path}` });
      expect(String(items[1]!['name']).trim()).not.toBe('');
      // The last crumb is the page itself: the canonical URL.
      await expect(page.locator('link[rel="canonical"]')).toHaveAttribute('href', `${base}${path}`);
    });
  }
});

test.describe('embeds load late', () => {
  test('the property search iframe is created only when scrolled near, and a plain link opens it', async ({ page }) => {
    await page.goto('/buyer-resources');
    await expect(page.locator('rea-lazy-frame iframe')).toHaveCount(0);
    await expect(page.getByRole('link', { name: 'Open the property search in a new tab' })).toHaveAttribute(
      'target',
      '_blank',
    );
    await page.route(/search\.example\.com/, (route) =>
      route.fulfill({ body: '<p>search</p>', contentType: 'text/html' }),
    );
    await page.locator('rea-lazy-frame').scrollIntoViewIfNeeded();
    await expect(page.locator('rea-lazy-frame iframe')).toHaveAttribute('title', /Property search/);
  });

  test('the home-value widget script loads only on its pages and only when near', async ({ page }) => {
    const requested: string[] = [];
    await page.route(/widgets\.example\.com/, (route) => {
      requested.push(route.request().url());
      return route.fulfill({ body: '/* widget */', contentType: 'text/javascript' });
    });
    await page.goto('/buyer-resources');
    await page.mouse.wheel(0, 20000);
    await page.waitForTimeout(300);
    expect(requested).toEqual([]);
    await page.goto('/upsizing');
    expect(requested).toEqual([]);
    await page.locator('rea-home-value').scrollIntoViewIfNeeded();
    await expect.poll(() => requested.length).toBe(1);
    await expect(page.locator(`rea-home-value ${site.embeds.homeValue.element}`)).toHaveAttribute(
      site.embeds.homeValue.agentAttribute,
      site.embeds.homeValue.agentEncodedId,
    );
  });
});

test.describe('issue 19: fallbacks when a script is missing', () => {
  test('the home-value box says where to go when its script cannot load', async ({ page }) => {
    await page.route(/widgets\.example\.com/, (route) => route.abort());
    await page.goto('/upsizing');
    await page.mouse.wheel(0, 1);
    await page.locator('rea-home-value').scrollIntoViewIfNeeded();
    const box = page.locator('rea-home-value');
    await expect(box.getByRole('status')).toContainText('The instant estimate could not load right now.');
    await expect(box.getByRole('link', { name: 'Ask for a free home value report' })).toHaveAttribute(
      'href',
      '/contact?topic=valuation',
    );
  });

  test.describe('without JavaScript', () => {
    test.use({ javaScriptEnabled: false });

    test('the property-search box holds the link to the search', async ({ page }) => {
      await page.goto('/buyer-resources');
      await renderNoscript(page);
      const link = page.locator('rea-lazy-frame').getByRole('link', { name: 'open the property search in a new tab' });
      await expect(link).toBeVisible();
      await expect(link).toHaveAttribute('href', /search\.example\.com/);
    });

    test('the calculator says it needs JavaScript and what its result shows', async ({ page }) => {
      await page.goto('/tools/mortgage-calculator');
      await renderNoscript(page);
      await expect(
        page.getByText(
          'The calculator needs JavaScript to recalculate. The result shown is the example of a $300,000.00 home with $60,000.00 down at 6.5% over 30 years.',
        ),
      ).toBeVisible();
    });
  });
});

test.describe('issue 19: no service card sits alone on its row', () => {
  for (const width of [1366, 1024, 768]) {
    test(`at ${width} px the seventh card spans its row`, async ({ page }) => {
      await page.setViewportSize({ width, height: 900 });
      await page.goto('/');
      const grid = page.locator('#services ul').first();
      const cards = grid.locator(':scope > li');
      await expect(cards).toHaveCount(7);
      const gridBox = await grid.boundingBox();
      const last = await cards.last().boundingBox();
      expect(Math.round(last!.x)).toBe(Math.round(gridBox!.x));
      expect(Math.round(last!.width)).toBe(Math.round(gridBox!.width));
    });
  }
});
