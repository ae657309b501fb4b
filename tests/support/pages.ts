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
