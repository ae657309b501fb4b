/** `sitemap.xml` lists exactly the indexable pages of the build, and robots.txt names it. */
import { expect, test } from '@playwright/test';
import { readFileSync, readdirSync, statSync } from 'node:fs';
import { join, relative, sep } from 'node:path';
import { siteUrl } from '../../src/lib/build-time.ts';
import { dayStartInZone } from '../../src/lib/listing/time.ts';
import { canonicalOf } from '../../src/integrations/sitemap-lastmod.ts';
import { notFoundPages } from '../../src/lib/not-found.ts';

const client = join(import.meta.dirname, '..', '..', 'dist', 'client');
const origin = siteUrl();

function htmlFiles(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const full = join(dir, name);
    if (statSync(full).isDirectory()) return htmlFiles(full);
    return name.endsWith('.html') ? [full] : [];
  });
}

/** URL path of a built page under the no-trailing-slash, file-format build (about.html -> /about). */
function pathOf(file: string): string {
  const rel = relative(client, file).split(sep).join('/');
  const path = `/${rel.replace(/\.html$/, '')}`.replace(/\/index$/, '') || '/';
  return path;
}

const isNoindex = (html: string) =>
  /<meta\s+name="robots"\s+content="[^"]*noindex/i.test(html) ||
  /<meta\s+content="[^"]*noindex[^"]*"\s+name="robots"/i.test(html);

/** Not-found pages: served with status 404, never indexable pages of their own. */
const errorPages: string[] = notFoundPages.map(({ page }) => page);

/** Whether a page names another as its canonical: it repeats that one, which the sitemap lists instead. */
const repeatsAnother = (p: { path: string; html: string }) => {
  const canonical = canonicalOf(p.html);
  return canonical !== undefined && new URL(canonical).pathname !== p.path;
};

const locs = (xml: string) => [...xml.matchAll(/<loc>([^<]+)<\/loc>/g)].map((m) => m[1]!);

test('sitemap.xml lists every indexable built page that is its own canonical, and nothing else', async ({
  request,
}) => {
  const pages = htmlFiles(client).map((file) => ({ path: pathOf(file), html: readFileSync(file, 'utf8') }));
  const indexable = pages
    .filter((p) => !errorPages.includes(p.path) && !isNoindex(p.html) && !repeatsAnother(p))
    .map((p) => p.path)
    .sort();
  const noindex = pages.filter((p) => isNoindex(p.html)).map((p) => p.path);
  expect(indexable.length).toBeGreaterThan(60);
  expect(noindex).toEqual(expect.arrayContaining(['/search']));
  expect(indexable).toEqual(expect.arrayContaining(['/privacy', '/terms', '/accessibility']));

  const res = await request.get('/sitemap.xml');
  expect(res.status()).toBe(200);
  expect(res.headers()['content-type']).toContain('xml');
  const xml = await res.text();
  expect(xml).toContain('<urlset');
  const urls = locs(xml);
  expect(new Set(urls).size, 'no URL listed twice').toBe(urls.length);
  for (const url of urls) expect(url.startsWith(`${origin}/`) || url === origin, url).toBe(true);
  expect(urls.map((u) => new URL(u).pathname).sort()).toEqual(indexable);
  for (const path of [...noindex, ...errorPages]) expect(urls).not.toContain(new URL(path, origin).href);
});

test("each page's lastmod is the dateModified its structured data states, and only such a page has one", async ({
  request,
}) => {
  const xml = await (await request.get('/sitemap.xml')).text();
  const entries = [...xml.matchAll(/<url><loc>([^<]+)<\/loc>(?:<lastmod>([^<]+)<\/lastmod>)?/g)];
  expect(entries.length).toBeGreaterThan(60);
  const dated: string[] = [];
  for (const [, loc, lastmod] of entries) {
    const path = new URL(loc!).pathname;
    const html = readFileSync(join(client, path === '/' ? 'index.html' : `${path.slice(1)}.html`), 'utf8');
    // A day alone is the start of that day in New York.
    const stated = [...html.matchAll(/"dateModified":"([^"]+)"/g)].map((m) =>
      Date.parse(/^\d{4}-\d{2}-\d{2}$/.test(m[1]!) ? dayStartInZone(m[1]!) : m[1]!),
    );
    if (stated.length === 0) expect(lastmod, path).toBeUndefined();
    else {
      dated.push(path);
      expect(Date.parse(lastmod ?? ''), path).toBe(Math.max(...stated));
    }
  }
  // Written articles and homes for sale state when they last changed.
  expect(dated).toEqual(expect.arrayContaining(['/blog/living-in-raleigh-nc', '/listings/412-oak-grove-lane-cary-nc']));
});

test('robots.txt allows crawling and names /sitemap.xml', async ({ request }) => {
  const res = await request.get('/robots.txt');
  expect(res.status()).toBe(200);
  const lines = (await res.text()).split('\n').map((l) => l.trim());
  expect(lines).toContain('User-agent: *');
  expect(lines).toContain(`Sitemap: ${origin}/sitemap.xml`);
  expect(lines.filter((l) => l.startsWith('Sitemap:'))).toHaveLength(1);
});
