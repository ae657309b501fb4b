/** The pages of the build: every URL in the built sitemap plus the not-found pages. */
import { createHash } from 'node:crypto';
import { readFileSync, readdirSync } from 'node:fs';
import { join, relative, sep } from 'node:path';
import { canonicalOf } from '#src/integrations/sitemap-lastmod.ts';
import { notFoundPages } from '#src/lib/not-found.ts';
import { fileOfPagePath, pagePathOfFile } from '#src/lib/page-files.ts';

const client = join(import.meta.dirname, '..', '..', 'dist', 'client');

export function sitemapPaths(): string[] {
  const files = readdirSync(client).filter((f) => /^sitemap-\d+\.xml$/.test(f));
  const paths = files.flatMap((f) =>
    [...readFileSync(join(client, f), 'utf8').matchAll(/<loc>([^<]+)<\/loc>/g)].map((m) => new URL(m[1]!).pathname),
  );
  return [...new Set(paths)].sort();
}

/**
 * Built pages that name another page as their canonical (a town's list narrowed to the one status
 * all its homes have): indexable, but left out of the sitemap as the pages they repeat are in it.
 */
export function repeatingPaths(): string[] {
  return readdirSync(client, { recursive: true, withFileTypes: true })
    .filter((entry) => entry.isFile() && entry.name.endsWith('.html'))
    .flatMap((entry) => {
      const path = pagePathOfFile(relative(client, join(entry.parentPath, entry.name)).split(sep).join('/'));
      const html = readFileSync(join(entry.parentPath, entry.name), 'utf8');
      const canonical = canonicalOf(html);
      return canonical !== undefined && new URL(canonical).pathname !== path ? [path] : [];
    })
    .sort();
}

/** An address that names no page, under each not-found page's prefix (src/lib/not-found.ts). */
export const notFoundPaths = ['/this-page-does-not-exist', '/city/atlantis', '/listings/100-long-sold-lane-cary-nc'];

/**
 * Every page the site answers with, noindex ones included: each pre-rendered page at its clean
 * URL (the not-found pages at addresses that do not exist), plus the on-demand form page.
 */
export function allPagePaths(): string[] {
  const pages = readdirSync(client, { recursive: true, withFileTypes: true })
    .filter((entry) => entry.isFile() && entry.name.endsWith('.html'))
    .map((entry) => pagePathOfFile(relative(client, join(entry.parentPath, entry.name)).split(sep).join('/')))
    .filter((path) => !notFoundPages.some(({ page }) => page === path));
  return [...new Set([...pages, '/contact', ...notFoundPaths])].sort();
}

/**
 * One page of each kind of script the build emits: pages are grouped by the islands they hold
 * and the inline scripts they carry (each kind has its own CSP hashes), and the first of each
 * group stands for it.
 */
export function pagesPerScriptKind(): string[] {
  const groups = new Map<string, string>();
  for (const path of allPagePaths()) {
    const file = join(client, fileOfPagePath(path));
    let html: string;
    try {
      html = readFileSync(file, 'utf8');
    } catch {
      continue; // on-demand or not-found addresses: their HTML is not a file of their own
    }
    const islands = [...html.matchAll(/<astro-island[^>]*component-url="([^"]+)"/g)].map((m) => m[1]);
    const inline = [...html.matchAll(/<script(?![^>]*\bsrc=)[^>]*>([\s\S]*?)<\/script>/g)]
      .filter((m) => !/type="application\/ld\+json"/.test(m[0]))
      .map((m) => createHash('sha256').update(m[1]!).digest('base64'));
    const key = [...new Set(islands)].sort().join() + '|' + [...new Set(inline)].sort().join();
    if (!groups.has(key)) groups.set(key, path);
  }
  return [...groups.values(), '/contact', notFoundPaths[0]!].sort();
}
