/**
 * First-view byte budgets (gzip), measured in the browser before any scroll or click:
 * everything the page requests while loading, grouped by kind.
 */
import { gzipSync } from 'node:zlib';
import { expect, test } from '@playwright/test';
import { sitemapPaths } from '../support/pages.ts';

const KB = 1024;
const budgets = {
  home: { js: 15 * KB, css: 20 * KB, html: 40 * KB },
  other: { js: 3 * KB, css: 20 * KB, html: 40 * KB },
};

for (const path of sitemapPaths()) {
  test(`first-view bytes of ${path}`, async ({ page }) => {
    const sizes = { js: 0, css: 0, html: 0 };
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
      if (!kind || res.status() !== 200) return;
      pending.push(
        res.body().then((body) => {
          sizes[kind] += gzipSync(body, { level: 9 }).length;
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
  });
}
