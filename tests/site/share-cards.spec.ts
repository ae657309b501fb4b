/**
 * Share cards over every page the site answers with: og:image (absolute, on this site), its
 * size, type and alternative text naming the agent and the firm, twitter:image the same picture,
 * and the picture itself a 1200×630 JPEG. Every indexable page has a card of its own.
 */
import { expect, test, type APIRequestContext } from '@playwright/test';
import sharp from 'sharp';
import { site } from '../../src/site.config.ts';
import { siteUrl } from '../../src/lib/build-time.ts';
import { allPagePaths, sitemapPaths } from '../support/pages.ts';

const origin = siteUrl();

const meta = (html: string, key: string) =>
  new RegExp(`<meta (?:property|name)="${key.replaceAll(':', '\\:')}" content="([^"]*)"`).exec(html)?.[1];

async function cardOf(request: APIRequestContext, path: string) {
  const res = await request.get(path);
  const html = await res.text();
  return {
    image: meta(html, 'og:image'),
    width: meta(html, 'og:image:width'),
    height: meta(html, 'og:image:height'),
    type: meta(html, 'og:image:type'),
    alt: meta(html, 'og:image:alt')?.replaceAll('&amp;', '&'),
    twitter: meta(html, 'twitter:image'),
    title: /<title>([^<]*)<\/title>/.exec(html)?.[1] ?? '',
  };
}

test('every page names its share card: absolute, 1200×630 JPEG, the agent and the firm in its text', async ({
  request,
}) => {
  const drawn = new Map<string, string>();
  for (const path of allPagePaths()) {
    const card = await cardOf(request, path);
    expect(card.image, path).toMatch(new RegExp(`^${origin.replace(/[.]/g, '\\.')}/og/[\\w-]{16}\\.jpg$`));
    expect(card.twitter, path).toBe(card.image);
    expect([card.width, card.height, card.type], path).toEqual(['1200', '630', 'image/jpeg']);
    expect(card.alt, path).toContain(`${site.agent.name}, ${site.agent.title}, ${site.agent.brokerage}`);
    const file = new URL(card.image!).pathname;
    if (drawn.has(file)) continue;
    const res = await request.get(file);
    expect(res.status(), `${file} of ${path}`).toBe(200);
    expect(res.headers()['content-type']).toBe('image/jpeg');
    const { width, height, format } = await sharp(await res.body()).metadata();
    expect([format, width, height], `${file} of ${path}`).toEqual(['jpeg', 1200, 630]);
    drawn.set(file, path);
  }
});

test('each article, playlist page, city guide, landing page and legal page has a card of its own', async ({
  request,
}) => {
  const pages = sitemapPaths();
  expect(pages.filter((p) => p.startsWith('/blog/')).length).toBeGreaterThan(30);
  expect(pages.filter((p) => p.startsWith('/city/')).length).toBe(13);
  const owner = new Map<string, string>();
  for (const path of pages) {
    const { image } = await cardOf(request, path);
    expect(owner.get(image!), `${path} shares its card with ${owner.get(image!)}`).toBeUndefined();
    owner.set(image!, path);
  }
});

test("a city guide's card shows its title over the city's own picture", async ({ request }) => {
  const card = await cardOf(request, '/city/cary');
  expect(card.alt).toBe(
    `Living in Cary, NC: Homes, Neighborhoods & Market Guide: ${site.agent.name}, ${site.agent.title}, ${site.agent.brokerage}`,
  );
  // Another city's card is drawn over another picture: their top rows (picture only) differ.
  const top = async (path: string) => {
    const { image } = await cardOf(request, path);
    const jpeg = await (await request.get(new URL(image!).pathname)).body();
    return sharp(jpeg).extract({ left: 0, top: 0, width: 1200, height: 100 }).resize(12, 1).raw().toBuffer();
  };
  expect((await top('/city/cary')).equals(await top('/city/apex'))).toBe(false);
});
