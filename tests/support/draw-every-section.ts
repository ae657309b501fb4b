import type { Page } from '@playwright/test';

/**
 * Draws every part of the page the browser leaves undrawn until it nears the screen (a landing
 * page's later sections, `content-visibility: auto`), as a printer does. For tests that read the
 * whole page's layout or its printed colours: the print medium that Playwright emulates does not
 * draw them, and until they are drawn they hold an estimated height, not their own.
 */
export async function drawEverySection(page: Page): Promise<void> {
  await page.evaluate(() => {
    for (const part of document.querySelectorAll<HTMLElement>('[style*="content-visibility"]')) {
      part.style.contentVisibility = 'visible';
    }
  });
}
