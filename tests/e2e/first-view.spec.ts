/** First view of every page: no third-party request and no layout shift. */
import { expect, test } from '@playwright/test';
import { sitemapPaths } from '../support/pages.ts';
import { cumulative, layoutShifts, observeLayoutShifts } from '../support/layout-shifts.ts';

for (const path of sitemapPaths()) {
  test(`first view of ${path}: no third-party request, no layout shift`, async ({ page, baseURL }) => {
    const origin = new URL(baseURL!).origin;
    const outside: string[] = [];
    page.on('request', (r) => {
      const url = r.url();
      if (!url.startsWith(origin) && !url.startsWith('data:') && !url.startsWith('blob:')) outside.push(url);
    });
    await observeLayoutShifts(page);
    await page.goto(path, { waitUntil: 'networkidle' });
    await page.waitForTimeout(500);
    expect(outside).toEqual([]);
    const shifts = await layoutShifts(page);
    expect(cumulative(shifts), JSON.stringify(shifts, null, 1)).toBeLessThan(0.01);
  });
}
