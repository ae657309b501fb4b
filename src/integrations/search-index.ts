/**
 * The site search's index: when the build is done, Pagefind reads every pre-rendered page and
 * writes its index to dist/client/pagefind/, which /search loads in the browser. Pages opt in
 * with `data-pagefind-body` (BaseLayout puts it on the <main> of every indexable page), so
 * noindex pages (404, /search, /contact/sent) and the header and footer stay out, and a new
 * kind of page (a home for sale, say) is searchable by being an indexable page. Each page is
 * indexed under its clean URL (/city/cary, not city/cary.html), and read as `htmlForIndex`
 * (src/lib/search.ts) gives it: words on screen kept apart, drop-downs' choices left out, and no
 * picture recorded (`withoutPictureMeta`).
 */
import { mkdirSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { dirname, join, relative, sep } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { AstroIntegration } from 'astro';
import * as pagefind from 'pagefind';
import { pagePathOfFile } from '../lib/page-files.ts';
import { htmlForIndex } from '../lib/search.ts';

/**
 * The page with an empty `image` meta at the start of its indexed body. Pagefind records a page's
 * first picture (its file, /_astro/{name}.{hash}.webp, and its alt text) as `image` and `image_alt`
 * unless the page names its own, and finds pages by them, loosely: a misspelt town found an article
 * through a hash, "webp" found 62 pages and "redfin" the alt texts with "red roofs". The results
 * show no picture (search-ui.ts reads the title only), so none is recorded.
 */
export function withoutPictureMeta(html: string): string {
  return html.replace(
    /<[a-z][\w-]*\s[^>]*\bdata-pagefind-body\b[^>]*>/i,
    '$&<span data-pagefind-meta="image:" hidden></span>',
  );
}

/** What the browser needs: the loader, its WebAssembly, the index and the excerpts (not Pagefind's own UIs). */
const served = (path: string) =>
  /^(pagefind\.js|pagefind-entry\.json|.*\.pf_meta|wasm\..*\.pagefind)$/.test(path) ||
  /^(index|fragment|filter)\//.test(path);

export function searchIndex(): AstroIntegration {
  return {
    name: 'search-index',
    hooks: {
      'astro:build:done': async ({ dir, logger }) => {
        const started = performance.now();
        const client = fileURLToPath(dir);
        const { index, errors } = await pagefind.createIndex({ forceLanguage: 'en' });
        if (!index) throw new Error(`search index: ${errors.join('; ')}`);
        try {
          for (const entry of readdirSync(client, { recursive: true, withFileTypes: true })) {
            if (!entry.isFile() || !entry.name.endsWith('.html')) continue;
            const file = join(entry.parentPath, entry.name);
            const added = await index.addHTMLFile({
              url: pagePathOfFile(relative(client, file).split(sep).join('/')),
              content: withoutPictureMeta(htmlForIndex(readFileSync(file, 'utf8'))),
            });
            if (added.errors.length > 0) throw new Error(`search index: ${file}: ${added.errors.join('; ')}`);
          }
          const { files, errors: fileErrors } = await index.getFiles();
          if (fileErrors.length > 0) throw new Error(`search index: ${fileErrors.join('; ')}`);
          const entryFile = files.find((f) => f.path === 'pagefind-entry.json');
          const entry = entryFile
            ? (JSON.parse(Buffer.from(entryFile.content).toString('utf8')) as {
                languages: Record<string, { page_count: number }>;
              })
            : { languages: {} };
          const pages = Object.values(entry.languages).reduce((sum, l) => sum + l.page_count, 0);
          for (const { path, content } of files) {
            if (!served(path)) continue;
            const target = join(client, 'pagefind', path);
            mkdirSync(dirname(target), { recursive: true });
            writeFileSync(target, content);
          }
          const seconds = ((performance.now() - started) / 1000).toFixed(1);
          logger.info(`${pages} pages in the search index in ${seconds}s`);
        } finally {
          await pagefind.close();
        }
      },
    },
  };
}
