/**
 * Issue 19: a keyboard visitor always sees where the focus is. Shift+Tab never leaves the
 * focused link under the sticky header (WCAG 2.4.11), and every ring keeps 3:1 against what
 * lies behind it (the red call banner, the navy footer).
 */
import { expect, test, type Page } from '@playwright/test';
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

test("the town cards' focus ring, drawn on the page around a dark card, keeps 3:1 against the page", async ({
  page,
}) => {
  await page.emulateMedia({ reducedMotion: 'reduce' });
  await page.goto('/relocation');
  const cards = await reportFocus(page, '#city-cards-heading ~ ul a');
  expect(cards.length).toBeGreaterThan(5);
  // The ring lies on the section's ground (white), around the card, not on the card's picture.
  for (const card of cards) expect(contrast(card.ring, 'rgb(255, 255, 255)'), card.label).toBeGreaterThanOrEqual(3);
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

/**
 * Tabs through a page's main content and reports each stop whose focus a visitor cannot see whole:
 * its ring cut off by a box that clips what overflows it, or the control itself covered by
 * something else (a sticky table column) at its centre.
 */
async function tabThroughMain(page: Page): Promise<{ stops: number; problems: string[] }> {
  const problems: string[] = [];
  let stops = 0;
  for (let i = 0; i < 400; i++) {
    await page.keyboard.press('Tab');
    const stop = await page.evaluate(() => {
      const el = document.activeElement as HTMLElement | null;
      if (!el || el === document.body || el.closest('footer')) return { done: true, problems: [] };
      // An embedded page (the property search) shows focus within itself.
      if (!el.closest('main') || el.tagName === 'IFRAME') return { done: false, inMain: false, problems: [] };
      for (const animation of el.getAnimations()) animation.finish();
      const label = `${el.tagName.toLowerCase()} "${(el.getAttribute('aria-label') ?? el.textContent ?? '').trim().replace(/\s+/g, ' ').slice(0, 40)}"`;
      const box = el.getBoundingClientRect();
      const style = getComputedStyle(el);
      const ring = parseFloat(style.outlineWidth) + parseFloat(style.outlineOffset || '0');
      const found: string[] = [];
      for (let up = el.parentElement; up && up !== document.body; up = up.parentElement) {
        const clip = getComputedStyle(up);
        if (clip.overflowX === 'visible' && clip.overflowY === 'visible') continue;
        const edge = up.getBoundingClientRect();
        const cut = [
          box.left - ring < edge.left - 0.5,
          box.right + ring > edge.right + 0.5,
          box.top - ring < edge.top - 0.5,
          box.bottom + ring > edge.bottom + 0.5,
        ];
        if (cut.some(Boolean))
          found.push(`${label}: ring cut off by <${up.tagName.toLowerCase()} class="${up.className}">`);
        break;
      }
      const [x, y] = [box.left + box.width / 2, box.top + box.height / 2];
      const onTop = x >= 0 && y >= 0 && x < innerWidth && y < innerHeight ? document.elementFromPoint(x, y) : null;
      if (!onTop) found.push(`${label}: off screen`);
      // (A drawn town on a map is its outline, whose box's centre may lie on a neighbour.)
      else if (el instanceof HTMLElement && !el.contains(onTop) && !onTop.contains(el))
        found.push(`${label}: covered by <${onTop.tagName.toLowerCase()}>`);
      return { done: false, inMain: true, problems: found };
    });
    if (stop.done) break;
    if (stop.inMain) stops += 1;
    problems.push(...stop.problems);
  }
  return { stops, problems };
}

for (const width of [320, 1366]) {
  for (const path of ['/', '/testimonials', '/relocation', '/listings']) {
    test(`at ${width} px, every stop of Tab through the main content of ${path} shows its control and its whole ring`, async ({
      page,
    }) => {
      test.slow();
      await page.setViewportSize({ width, height: 720 });
      await page.emulateMedia({ reducedMotion: 'reduce' });
      await page.route(/^https?:\/\/(?!127\.0\.0\.1[:/])/, (route) => route.abort());
      await page.goto(path);
      const { stops, problems } = await tabThroughMain(page);
      expect(stops).toBeGreaterThan(5);
      expect(problems).toEqual([]);
    });
  }
}
