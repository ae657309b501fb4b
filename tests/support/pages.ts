/** The pages of the build: every URL in the built sitemap plus the two not-found pages. */
import { readFileSync, readdirSync } from 'node:fs';
import { join } from 'node:path';

const client = join(import.meta.dirname, '..', '..', 'dist', 'client');

export function sitemapPaths(): string[] {
  const files = readdirSync(client).filter((f) => /^sitemap-\d+\.xml$/.test(f));
  const paths = files.flatMap((f) =>
    [...readFileSync(join(client, f), 'utf8').matchAll(/<loc>([^<]+)<\/loc>/g)].map((m) => new URL(m[1]!).pathname),
  );
  return [...new Set(paths)].sort();
}

export const notFoundPaths = ['/this-page-does-not-exist', '/city/atlantis'];

/**
 * Every page the site answers with, noindex ones included: each pre-rendered page at its clean
 * URL (the two not-found pages at addresses that do not exist), plus the on-demand form page.
 */
export function allPagePaths(): string[] {
  const pages = readdirSync(client, { recursive: true, withFileTypes: true })
    .filter((entry) => entry.isFile() && entry.name.endsWith('.html'))
    .map((entry) => `/${join(entry.parentPath, entry.name).slice(client.length + 1)}`.replace(/\.html$/, ''))
    .map((path) => (path === '/index' ? '/' : path))
    .filter((path) => path !== '/404' && path !== '/city-not-found');
  return [...new Set([...pages, '/contact', ...notFoundPaths])].sort();
}
