/**
 * No Content-Security-Policy violation on any kind of page once its islands have loaded, on
 * desktop and phone: one page per combination of islands and inline scripts the build emits
 * (tests/support/pages.ts), each opened, touched (islands wait for a first interaction) and each
 * island brought into view (they also wait to be near), until none is left unhydrated.
 */
import { expect, test } from '@playwright/test';
import { watchCsp } from '../support/csp.ts';
import { networkQuiet } from '../support/network-quiet.ts';
import { pagesPerScriptKind } from '../support/pages.ts';

for (const path of pagesPerScriptKind()) {
  test(`${path}: no CSP violation with every island loaded`, async ({ page }) => {
    const violations = await watchCsp(page);
    const response = await page.goto(path);
    // Only meaningful if the page has a policy to violate.
    expect(response?.headers()['content-security-policy']).toMatch(/script-src/);
    await page.mouse.wheel(0, 1);
    // Astro drops an island's `ssr` attribute once it has hydrated: bring each one into view in turn.
    // The page is asked for the first one still waiting at that moment (it may hydrate between the
    // count and the scroll; a locator would then wait for an island that no longer exists).
    const waiting = page.locator('astro-island[ssr]');
    for (let left = await waiting.count(); left > 0; left = await waiting.count()) {
      await page.evaluate(() => {
        const island = document.querySelector('astro-island[ssr]');
        (island?.firstElementChild ?? island)?.scrollIntoView({ block: 'center' });
      });
      await expect.poll(() => waiting.count(), { timeout: 15_000 }).toBeLessThan(left);
    }
    await networkQuiet(page);
    expect(await violations()).toEqual([]);
  });
}

test('a page opened again (revalidated, 304) keeps its policy: no violation on reload or on the way back', async ({
  page,
}) => {
  const violations = await watchCsp(page);
  await page.goto('/about');
  const revalidated: number[] = [];
  page.on('response', (res) => {
    if (res.request().resourceType() === 'document') revalidated.push(res.status());
  });
  await page.reload();
  await page.goto('/listings');
  await page.goBack();
  await page.waitForLoadState('networkidle');
  expect(revalidated.length).toBeGreaterThan(0);
  // The stylesheet applied: the page is laid out by the site's CSS, not the browser's defaults.
  expect(await page.evaluate(() => getComputedStyle(document.body).fontFamily)).not.toMatch(/^"?Times/);
  expect(await violations()).toEqual([]);
});
