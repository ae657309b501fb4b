/**
 * First-view byte budgets (gzip), measured in the browser before any scroll or click:
 * everything the page requests while loading, grouped by kind. Every page the site answers
 * with, noindex ones included; the budgets are those of tests/budgets.json.
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
