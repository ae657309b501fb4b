/**
 * First-view byte budgets (gzip), measured in the browser before any scroll or click:
 * everything the page requests while loading, grouped by kind. Every page the site answers
 * with, noindex ones included; the budgets are those of tests/budgets.json. The budgets count
 * compressed bytes, so each of these answers must also arrive compressed (Brotli or gzip).
 */
import { gzipSync } from 'node:zlib';
import { expect, test } from '@playwright/test';
import file from '../budgets.json' with { type: 'json' };
import { allPagePaths } from '../support/pages.ts';

const KB = 1024;
const { firstViewKB: limit } = file;
const budgets = {
  home: { js: limit.jsHome * KB, css: limit.css * KB, html: limit.html * KB },
  other: { js: limit.jsOther * KB, css: limit.css * KB, html: limit.html * KB },
};

for (const path of allPagePaths()) {
  test(`first-view bytes of ${path}`, async ({ page }) => {
    const sizes = { js: 0, css: 0, html: 0 };
    const uncompressed: string[] = [];
    const scriptFiles: string[] = [];
    const pending: Promise<void>[] = [];
    page.on('response', (res) => {
      const type = res.headers()['content-type'] ?? '';
      const kind = type.includes('javascript')
        ? 'js'
        : type.includes('css')
          ? 'css'
          : type.includes('html')
            ? 'html'
            : undefined;
      if (!kind || (res.status() !== 200 && res.status() !== 404)) return;
      if (kind === 'js') scriptFiles.push(new URL(res.url()).pathname);
      const encoding = res.headers()['content-encoding'];
      pending.push(
        res.body().then((body) => {
          sizes[kind] += gzipSync(body, { level: 9 }).length;
          // Below 512 bytes compressing is not worth it, and the server does not.
          if (body.length > 512 && encoding !== 'br' && encoding !== 'gzip') uncompressed.push(res.url());
        }),
      );
    });
    await page.goto(path, { waitUntil: 'networkidle' });
    await Promise.all(pending);
    const budget = path === '/' ? budgets.home : budgets.other;
    console.log(
      `${path}: js ${(sizes.js / KB).toFixed(1)} KB, css ${(sizes.css / KB).toFixed(1)} KB, html ${(sizes.html / KB).toFixed(1)} KB`,
    );
    expect(sizes.js, 'JavaScript').toBeLessThanOrEqual(budget.js);
    expect(sizes.css, 'CSS').toBeLessThanOrEqual(budget.css);
    expect(sizes.html, 'HTML').toBeLessThanOrEqual(budget.html);
    expect(uncompressed, 'sent without compression').toEqual([]);
    // A page's own scripts are inline (see src/components/ui/WhenNear.astro): Lighthouse counts a
    // script file as a render-blocking request, which cost up to 0.4 s of LCP. Only the search
    // page, whose results are its content, loads its script as a file.
    if (path !== '/search') expect(scriptFiles, 'script files on first view').toEqual([]);
  });
}
