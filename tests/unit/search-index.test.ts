/**
 * The site search's index as the build writes it (src/integrations/search-index.ts), made from pages
 * shaped like the built ones and searched with the Pagefind library the browser loads: a page is found
 * by its words, not by its first picture's file name or alt text, which no result shows.
 */
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { searchIndex, withoutPictureMeta } from '#src/integrations/search-index.ts';

interface Pagefind {
  options(options: Record<string, unknown>): Promise<void>;
  init(): Promise<void>;
  search(term: string): Promise<{ results: { data(): Promise<{ url: string; meta: Record<string, string> }> }[] }>;
}

/** A built page: its own <main> indexed, its first picture named as Astro names it. */
const page = (title: string, picture: string, alt: string, text: string) =>
  `<!DOCTYPE html><html lang="en"><head><title>${title}</title></head><body><header><a href="/">Home</a></header>` +
  `<main id="main" tabindex="-1" class="flex-1 focus:outline-none" data-pagefind-body><h1>${title}</h1>` +
  `<img src="/_astro/${picture}" alt="${alt}" width="800" height="450"><p>${text}</p></main></body></html>`;

let client: string;
let pagefind: Pagefind;

beforeAll(async () => {
  client = mkdtempSync(join(tmpdir(), 'search-index-'));
  mkdirSync(join(client, 'blog'));
  // The first pictures of the real pages that "raliegh", "webp" and "redfin" found.
  writeFileSync(
    join(client, 'blog', 'seller-tips.html'),
    page(
      'Seller Tips',
      'PLn28TJI8nhY3IVgRaXaIdGMHfCTtiLVad.Ck5dU1P5_Zkk9Dw.webp',
      '',
      'Stage the kitchen before the listing photos.',
    ),
  );
  writeFileSync(
    join(client, 'guide.html'),
    page(
      'Living in the Triangle',
      'raleigh.BBhxUyVy_16yA0W.webp',
      'Illustration of white homes with red roofs among pines on green hills',
      'Parks, schools and commute times for buyers moving here.',
    ),
  );
  await (searchIndex().hooks['astro:build:done'] as (options: object) => Promise<void>)({
    dir: pathToFileURL(`${client}/`),
    logger: { info: () => {} },
  });
  // Pagefind's library asks for its files by address: here, from the folder the build wrote.
  vi.stubGlobal('fetch', async (url: string | URL) => new Response(readFileSync(fileURLToPath(url))));
  const base = pathToFileURL(join(client, 'pagefind', '/')).href;
  pagefind = (await import(/* @vite-ignore */ `${base}pagefind.js`)) as Pagefind;
  await pagefind.options({ basePath: base, baseUrl: '/', noWorker: true });
  await pagefind.init();
}, 60_000);

afterAll(() => {
  vi.unstubAllGlobals();
  if (client) rmSync(client, { recursive: true, force: true });
});

const found = async (term: string) => {
  const { results } = await pagefind.search(term);
  return Promise.all(results.map((r) => r.data()));
};

describe('the search index', () => {
  it("finds no page by its first picture's file name or alt text", async () => {
    for (const term of ['raliegh', 'webp', 'redfin', 'roofs', 'PLn28TJI8nhY3IVgRaXaIdGMHfCTtiLVad'])
      expect(await found(term), term).toEqual([]);
  });

  it('finds a page by its words, with no picture in its data', async () => {
    const [tips, ...more] = await found('kitchen');
    expect(more).toEqual([]);
    expect(tips?.url).toBe('/blog/seller-tips');
    expect(tips?.meta).toEqual({ title: 'Seller Tips', image: '' });
    expect((await found('commute')).map((p) => p.url)).toEqual(['/guide']);
  });

  it('marks only the indexed body of a page', () => {
    expect(withoutPictureMeta('<body><header></header><main id="m" data-pagefind-body><h1>T</h1></main></body>')).toBe(
      '<body><header></header><main id="m" data-pagefind-body><span data-pagefind-meta="image:" hidden></span><h1>T</h1></main></body>',
    );
    const noindex = '<body><main id="m"><h1>Not found</h1></main></body>';
    expect(withoutPictureMeta(noindex)).toBe(noindex);
  });
});
