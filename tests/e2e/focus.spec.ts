/**
 * Issue 19: a keyboard visitor always sees where the focus is. Shift+Tab never leaves the
 * focused link under the sticky header (WCAG 2.4.11), and every ring keeps 3:1 against what
 * lies behind it (the red call banner, the navy footer).
 */
import { expect, test } from '@playwright/test';
import { contrast, focusProblems, reportFocus } from '../support/focus.ts';

test.use({ viewport: { width: 1366, height: 768 } });
test.skip(({ isMobile }) => isMobile, 'keyboard focus on a desktop screen');

test('Shift+Tab back to "Market Updates" on /blog stops below the sticky header', async ({ page }) => {
  await page.emulateMedia({ reducedMotion: 'reduce' });
  await page.goto('/blog');
  const target = page.locator('main').getByRole('link', { name: 'Market Updates', exact: true });
  await target.focus();
  await page.keyboard.press('Tab');
  // Put the link right under the header, as scrolling down and tabbing back up leaves it.
  await target.evaluate((el) => window.scrollTo(0, el.getBoundingClientRect().top + window.scrollY - 20));
  await page.keyboard.press('Shift+Tab');
  await expect(target).toBeFocused();
  const headerBottom = await page.locator('header').evaluate((h) => h.getBoundingClientRect().bottom);
  const box = await target.boundingBox();
  expect(box!.y).toBeGreaterThanOrEqual(headerBottom);
});

test('the call banner and the footer links show a focus ring of at least 3:1', async ({ page }) => {
  await page.emulateMedia({ reducedMotion: 'reduce' });
  await page.goto('/');
  const reports = await reportFocus(page);
  const banner = reports.find((r) => r.label.includes('tel:') && r.background === 'rgb(150, 28, 34)');
  expect(banner, 'the banner phone link').toBeDefined();
  expect(contrast(banner!.ring, banner!.background)).toBeGreaterThanOrEqual(3);
  const footer = reports.filter((r) => r.background === 'rgb(20, 33, 61)');
  expect(footer.length).toBeGreaterThan(20);
  expect(focusProblems(reports)).toEqual([]);
});

test('on the home page the call banner comes after the navigation bar (SPEC §2 order)', async ({ page }) => {
  await page.goto('/');
  const order = await page.evaluate(() => {
    const header = document.querySelector('header');
    const banner = document.querySelector('aside[aria-label="Call or text"]');
    return header && banner ? header.compareDocumentPosition(banner) : 0;
  });
  // 4 is DOCUMENT_POSITION_FOLLOWING: the banner comes later in the document.
  expect(order & 4).toBe(4);
  const headerBox = await page.locator('header').boundingBox();
  const bannerBox = await page.locator('aside[aria-label="Call or text"]').boundingBox();
  expect(bannerBox!.y).toBeGreaterThanOrEqual(headerBox!.y + headerBox!.height - 1);
});
