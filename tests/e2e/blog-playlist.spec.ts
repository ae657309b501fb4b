/** Playlist pages /blog/{slug} (SPEC §2, §7) and the YouTube facade. */
import { expect, test, type BrowserContext } from '@playwright/test';
import { site } from '../../src/site.config.ts';
import { isThirdParty, playlistFacts } from './blog-content.ts';

const playlists = playlistFacts();
const agent = `${site.agent.name} ${site.agent.title}`;

test('every playlist page has the title rule, description, canonical and the full-playlist link', async ({ page }) => {
  expect(playlists).toHaveLength(18);
  for (const p of playlists) {
    const res = await page.goto(`/blog/${p.slug}`);
    expect(res?.status(), p.slug).toBe(200);
    await expect(page).toHaveTitle(`${p.title} | Blog | ${agent}`);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(p.title);
    await expect(page.locator('meta[name="description"]')).toHaveAttribute(
      'content',
      p.description || `${p.title} playlist from ${site.agent.name}, top 5% REALTOR® in Raleigh NC`,
    );
    // SPEC §7: blog path plus the lower-cased title with spaces turned to hyphens, = this page.
    const canonical = `${site.baseUrl}/blog/${p.title.toLowerCase().replace(/\s+/g, '-')}`;
    expect(canonical).toBe(`${site.baseUrl}/blog/${p.slug}`);
    await expect(page.locator('link[rel="canonical"]')).toHaveAttribute('href', canonical);
    const link = page.getByRole('link', { name: 'View full playlist on YouTube', exact: true });
    await expect(link).toHaveAttribute('href', `https://www.youtube.com/playlist?list=${p.playlistId}`);
    await expect(link).toHaveAttribute('target', '_blank');
    await expect(link).toHaveAttribute('rel', 'noopener noreferrer');
    await expect(page.getByText('Missing playlistId')).toHaveCount(0);
  }
});

test("a town's playlist page ends with its city guide and the articles about the town", async ({ page }) => {
  const towns = playlists.filter((p) => p.guide);
  expect(towns.map((p) => p.slug)).toContain('knightdale-nc');
  for (const p of towns) {
    await page.goto(`/blog/${p.slug}`);
    const town = p.title.replace(/ NC$/, '');
    const more = page.getByRole('region', { name: `More About ${town}` });
    await expect(more.getByRole('link', { name: `${town} city guide` })).toHaveAttribute('href', `/city/${p.guide}`);
  }
  // Knightdale has three articles, listed newest first.
  await page.goto('/blog/knightdale-nc');
  await expect(page.getByRole('region', { name: 'More About Knightdale' }).locator('h3 a')).toHaveText([
    'Living in Knightdale NC: Neighborhoods, Parks and Everyday Life',
    'Knightdale NC New Homes: Prices, Home Styles and Commute Times',
    'Knightdale NC Virtual Tours: How to Shop for a Home From Anywhere',
  ]);
  // A playlist about no one town has no such section.
  await page.goto('/blog/seller-tips');
  await expect(page.locator('#more-about-heading')).toHaveCount(0);
});

/** Records and blocks every request that would leave the local server. */
async function watchThirdParty(context: BrowserContext): Promise<string[]> {
  const outside: string[] = [];
  await context.route(isThirdParty, (route) => {
    outside.push(route.request().url());
    return route.abort();
  });
  return outside;
}

test.describe('the facade player', () => {
  const p = playlists.find((x) => x.slug === 'knightdale-nc')!;
  const player = `Play playlist: ${p.title}`;
  const embed = `https://www.youtube-nocookie.com/embed/videoseries?list=${p.playlistId}&autoplay=1&playsinline=1`;

  test('requests nothing from YouTube until play is pressed, then loads the no-cookie iframe', async ({
    page,
    context,
  }) => {
    const outside = await watchThirdParty(context);
    await page.goto(`/blog/${p.slug}`);
    const facade = page.locator('lite-youtube');
    const play = page.getByRole('button', { name: player });
    await expect(play).toBeVisible();
    const box = await facade.boundingBox();
    expect(Math.round((box!.width / box!.height) * 100) / 100).toBeCloseTo(16 / 9, 1);

    // Hovering, focusing and scrolling are not pressing play.
    await facade.hover();
    await play.focus();
    await page.mouse.wheel(0, 2000);
    await page.mouse.wheel(0, -2000);
    await page.waitForTimeout(500);
    expect(outside).toEqual([]);
    await expect(page.locator('iframe')).toHaveCount(0);
    await expect(page.locator('link[rel="preconnect"]')).toHaveCount(0);

    await play.click();
    await expect(facade.locator('iframe')).toHaveAttribute('src', embed);
    await expect(facade.locator('iframe')).toHaveAttribute('title', player);
    await expect.poll(() => outside.some((u) => u.startsWith('https://www.youtube-nocookie.com/embed/'))).toBe(true);
    expect(outside.filter((u) => !u.startsWith('https://www.youtube-nocookie.com/'))).toEqual([]);
  });

  test('plays from the keyboard', async ({ page, context }) => {
    await watchThirdParty(context);
    await page.goto(`/blog/${p.slug}`);
    const play = page.getByRole('button', { name: player });
    await play.focus();
    await page.keyboard.press('Enter');
    await expect(page.locator('lite-youtube iframe')).toHaveAttribute('src', embed);
  });

  test('without JavaScript the play button is a link to the playlist on YouTube', async ({ browser }) => {
    const context = await browser.newContext({ javaScriptEnabled: false });
    const outside = await watchThirdParty(context);
    const page = await context.newPage();
    await page.goto(`/blog/${p.slug}`);
    const link = page.getByRole('link', { name: player });
    await expect(link).toHaveAttribute('href', `https://www.youtube.com/playlist?list=${p.playlistId}`);
    await expect(link).toBeVisible();
    expect(outside).toEqual([]);
    await context.close();
  });
});
