/**
 * The sitemap's `<lastmod>`, taken from what each page publishes itself: the `dateModified` of
 * its structured data (an article, a home for sale). A page that states no such date (the home
 * page, a city guide) gets no lastmod rather than a guessed one: search engines use lastmod only
 * while it stays accurate. A page whose canonical is another page is left out. Used as
 * @astrojs/sitemap's `serialize`, after the pages are written.
 */
import { readFile } from 'node:fs/promises';
import type { AstroIntegration } from 'astro';
import type { SitemapItem } from '@astrojs/sitemap';
import { dayStartInZone } from '../lib/listing/time.ts';
import { fileOfPagePath } from '../lib/page-files.ts';

/** The address a page names as its canonical, if any. */
export function canonicalOf(html: string): string | undefined {
  return /<link rel="canonical" href="([^"]+)"/.exec(html)?.[1];
}

/** The latest `dateModified` of a page's JSON-LD (its graph's nodes included), if any. */
export function dateModifiedOf(html: string): string | undefined {
  const dates: string[] = [];
  const walk = (value: unknown): void => {
    if (Array.isArray(value)) return value.forEach(walk);
    if (typeof value !== 'object' || value === null) return;
    const date = (value as Record<string, unknown>)['dateModified'];
    if (typeof date === 'string' && !Number.isNaN(Date.parse(date))) dates.push(date);
    Object.values(value).forEach(walk);
  };
  for (const [, json] of html.matchAll(/<script type="application\/ld\+json">([\s\S]*?)<\/script>/g)) {
    walk(JSON.parse(json!));
  }
  return dates.sort((a, b) => Date.parse(b) - Date.parse(a))[0];
}

export function sitemapLastmod() {
  let client: URL | undefined;
  const integration: AstroIntegration = {
    name: 'sitemap-lastmod',
    hooks: {
      'astro:config:done': ({ config }) => {
        client = config.build.client;
      },
    },
  };
  async function serialize(item: SitemapItem): Promise<SitemapItem | undefined> {
    if (!client) throw new Error('sitemap-lastmod: list its integration before the sitemap');
    const path = decodeURI(new URL(item.url).pathname);
    const html = await readFile(new URL(fileOfPagePath(path), client), 'utf8');
    // A page that names another as its canonical repeats it: the sitemap lists canonical pages only.
    const canonical = canonicalOf(html);
    if (canonical !== undefined && canonical.replace(/\/$/, '') !== item.url.replace(/\/$/, '')) return undefined;
    const lastmod = dateModifiedOf(html);
    if (!lastmod) return item;
    // A day alone is New York's (the sitemap writes a time, which would otherwise be UTC midnight).
    return { ...item, lastmod: /^\d{4}-\d{2}-\d{2}$/.test(lastmod) ? dayStartInZone(lastmod) : lastmod };
  }
  return { integration, serialize };
}
