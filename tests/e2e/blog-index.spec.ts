/** The blog index (/blog, SPEC §2) and the RSS feed. */
import { expect, test } from '@playwright/test';
import { articlesPerPage, blogIndexPath, blogPageCount } from '../../src/lib/blog.ts';
import { feedItems, isThirdParty, playlistFacts } from './blog-content.ts';

const items = feedItems();

test('lists every article newest first, each with date, title, description and a Read Blog link', async ({
  page,
  context,
}) => {
  const outside: string[] = [];
  await context.route(isThirdParty, (route) => (outside.push(route.request().url()), route.abort()));
  // The newest articles on /blog, the older ones on the pages its 'Older articles' link leads to.
  let path: string | null = '/blog';
  let seen = 0;
  while (path) {
    await page.goto(path);
    if (path === '/blog') {
      await expect(page.getByRole('heading', { level: 1 })).toHaveText('Triangle Real Estate Blog');
    }
    const cards = page.getByTestId('article-list').locator(':scope > li');
    const onPage = items.slice(seen, seen + articlesPerPage);
    await expect(cards).toHaveCount(onPage.length);
    const days = await cards.locator('time').evaluateAll((els) => els.map((e) => e.getAttribute('datetime') ?? ''));
    expect(days).toEqual(onPage.map((i) => i.day));

    for (const [i, item] of onPage.entries()) {
      const card = cards.nth(i);
      await expect(card.getByRole('heading', { level: 3 })).toHaveText(item.title);
      await expect(card.locator('p').nth(1)).not.toBeEmpty();
      // One picture of the final 16:9 size: cover, cached thumbnail (both local) or the inline placeholder.
      const picture = card.locator('img, svg').first();
      await expect(picture).toBeVisible();
      for (const src of await card.locator('img').evaluateAll((imgs) => imgs.map((i) => i.getAttribute('src')))) {
        expect(src).toMatch(/^\/_astro\//);
      }
      const link = card.getByRole('link', { name: `Read Blog about ${item.title}`, exact: true });
      await expect(link).toHaveText(/^Read Blog/);
      await expect(link).toHaveAttribute('href', item.path);
    }
    // The accessible name of every Read Blog link is unique.
    const names = await page
      .getByRole('link', { name: /^Read Blog/ })
      .evaluateAll((els) => els.map((e) => e.textContent?.trim()));
    expect(new Set(names).size).toBe(onPage.length);
    seen += onPage.length;
    const older = page.getByRole('link', { name: 'Older articles', exact: true });
    path = (await older.count()) > 0 ? await older.getAttribute('href') : null;
  }
  expect(seen).toBe(items.length);
  // Newest first across the pages, too.
  expect(items.map((i) => i.day)).toEqual(
    items
      .map((i) => i.day)
      .sort()
      .reverse(),
  );
  expect(outside).toEqual([]);
});

test(`the blog index shows ${articlesPerPage} articles a page, each page linking its neighbours`, async ({ page }) => {
  const pages = blogPageCount(items.length);
  // The sample content fills more than one page, so the pages are exercised.
  expect(pages).toBeGreaterThan(1);
  for (let n = 1; n <= pages; n++) {
    const path = blogIndexPath(n);
    const res = await page.goto(path);
    expect(res?.status(), path).toBe(200);
    const pager = page.getByRole('navigation', { name: 'Blog pages' });
    await expect(pager.getByText(`Page ${n} of ${pages}`, { exact: true })).toBeVisible();
    const newer = pager.getByRole('link', { name: 'Newer articles', exact: true });
    const older = pager.getByRole('link', { name: 'Older articles', exact: true });
    if (n > 1) await expect(newer).toHaveAttribute('href', blogIndexPath(n - 1));
    else await expect(newer).toHaveCount(0);
    if (n < pages) await expect(older).toHaveAttribute('href', blogIndexPath(n + 1));
    else await expect(older).toHaveCount(0);
    // Each page is its own canonical page; only the first lists the playlists.
    await expect(page.locator('link[rel="canonical"]')).toHaveAttribute('href', new RegExp(`${path}$`));
    await expect(page.getByRole('heading', { level: 2, name: 'Video Playlists' })).toHaveCount(n === 1 ? 1 : 0);
  }
  expect((await page.goto(blogIndexPath(pages + 1)))?.status()).toBe(404);
  // Counting from 1 finds the first page at its one address.
  const first = await page.request.get('/blog/page/1', { maxRedirects: 0 });
  expect([first.status(), first.headers()['location']]).toEqual([301, '/blog']);
});

test('a Read Blog link opens its article, whose reading time is the one its card gave', async ({ page }) => {
  await page.goto('/blog');
  const link = page.getByRole('link', { name: `Read Blog about ${items[0]!.title}`, exact: true });
  const card = page.locator('article').filter({ has: link });
  const given = /· \d+ min read$/.exec((await card.locator('p').first().textContent())!.trim())?.[0];
  expect(given).toBeTruthy();
  await link.click();
  await expect(page).toHaveURL(new RegExp(`${items[0]!.path}$`));
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(items[0]!.title);
  await expect(page.locator('article header [data-reading-time]')).toHaveText(given!);
});

test('links every playlist page in the Video Playlists section', async ({ page }) => {
  await page.goto('/blog');
  const section = page.locator('section[aria-labelledby="playlists-heading"]');
  await expect(section.getByRole('heading', { level: 2 })).toHaveText('Video Playlists');
  for (const p of playlistFacts()) {
    await expect(section.getByRole('link', { name: p.title, exact: true })).toHaveAttribute('href', `/blog/${p.slug}`);
  }
});

test('every playlist card and playlist player shows a real (local) thumbnail on a fresh clone', async ({ page }) => {
  // The shipped cache holds drawn sample pictures (or real oEmbed thumbnails once fetched); a
  // playlist of the video snapshot uses the snapshot's local copy of its thumbnail.
  await page.goto('/blog');
  const section = page.locator('section[aria-labelledby="playlists-heading"]');
  for (const p of playlistFacts()) {
    const card = section.locator('article').filter({ has: page.getByRole('link', { name: p.title, exact: true }) });
    await expect(card.locator('img')).toHaveAttribute('src', new RegExp(`^/_astro/${p.playlistId}\\.`));
    await expect(card.locator('svg')).toHaveCount(0);
  }
  const first = playlistFacts()[0]!;
  await page.goto(`/blog/${first.slug}`);
  await expect(page.locator('lite-youtube img')).toHaveAttribute('src', new RegExp(`^/_astro/${first.playlistId}\\.`));
});

test("the first card's picture is loaded at once and fetched first (the largest paint on a phone); the others wait", async ({
  page,
}) => {
  await page.goto('/blog');
  const pictures = page.getByTestId('article-list').locator(':scope > li img');
  await expect(pictures.first()).toHaveAttribute('fetchpriority', 'high');
  await expect(pictures.first()).toHaveAttribute('loading', 'eager');
  const rest = await pictures.evaluateAll((imgs) =>
    imgs.slice(1).map((img) => [img.getAttribute('loading'), img.getAttribute('fetchpriority')]),
  );
  expect(rest.length).toBeGreaterThan(0);
  expect(rest.every(([loading, priority]) => loading === 'lazy' && priority === null)).toBe(true);
  // AVIF, about half the bytes of WebP for the same picture, where the browser takes it (WebP otherwise).
  await expect.poll(() => pictures.first().evaluate((img: HTMLImageElement) => img.currentSrc)).toMatch(/\.avif$/);
  const sources = page.getByTestId('article-list').locator(':scope > li picture').first().locator('source');
  expect(await sources.evaluateAll((all) => all.map((s) => s.getAttribute('type')))).toEqual(['image/avif']);
  await expect(pictures.first()).toHaveAttribute('src', /\.webp$/);
});

test('the article grid has 1 column on phones, 2 on tablets and 3 on desktops', async ({ page }) => {
  await page.goto('/blog');
  const grid = page.getByTestId('article-list');
  const columns = () => grid.evaluate((el) => getComputedStyle(el).gridTemplateColumns.split(' ').length);
  for (const [width, count] of [
    [360, 1],
    [700, 2],
    [1280, 3],
  ] as const) {
    await page.setViewportSize({ width, height: 800 });
    expect(await columns(), `${width}px`).toBe(count);
  }
});

test('the RSS feed links each article by its absolute canonical URL, and pages announce it', async ({
  page,
  request,
}) => {
  const res = await request.get('/rss.xml');
  expect(res.status()).toBe(200);
  expect(res.headers()['content-type']).toContain('xml');
  // The firm's name, as in every advertisement (21 NCAC 58A .0105).
  expect(await res.text()).toContain(
    '<description>Triangle real estate guides and market insight from Jordan Avery, REALTOR® with Triangle Realty Partners, in Raleigh NC.</description>',
  );
  for (const item of items) {
    expect(item.link).toMatch(/^https?:\/\/[^/]+\/blog\/[a-z0-9-]+$/);
    await page.goto(item.path);
    await expect(page.locator('link[rel="canonical"]')).toHaveAttribute('href', item.link);
  }
  await page.goto('/blog');
  // Every page names both feeds: the articles, and the homes for sale (listings.spec.ts).
  const feeds = page.locator('link[rel="alternate"][type="application/rss+xml"]');
  expect(await feeds.evaluateAll((links) => links.map((link) => link.getAttribute('href')))).toEqual([
    '/rss.xml',
    '/listings/rss.xml',
  ]);
});

test('the home page links the three newest articles, each with its date and the reading time of its page', async ({
  page,
}) => {
  await page.goto('/');
  const cards = page.getByRole('region', { name: 'Local Guides & Market Insight' }).getByRole('listitem');
  await expect(cards.getByRole('heading')).toHaveText(items.slice(0, 3).map((i) => i.title));
  const lines = await cards.evaluateAll((lis) =>
    lis.map((li) => li.querySelector('p')?.textContent?.replace(/\s+/g, ' ').trim()),
  );
  for (const [i, item] of items.slice(0, 3).entries()) {
    await expect(cards.nth(i).getByRole('link')).toHaveAttribute('href', item.path);
    await expect(cards.nth(i).locator('time')).toHaveAttribute('datetime', item.day);
    const article = await (await page.request.get(item.path)).text();
    const minutes = /data-reading-time>· (\d+) min read</.exec(article)?.[1];
    expect(lines[i]).toMatch(new RegExp(`^[A-Z][a-z]+ \\d{1,2}, \\d{4} · ${minutes} min read$`));
  }
});
