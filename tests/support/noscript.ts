import type { Page } from '@playwright/test';

/**
 * Playwright's `javaScriptEnabled: false` stops scripts, but Chromium still renders <noscript>
 * as hidden, which a browser with JavaScript really off does not. Unwrap its content (parsed as
 * markup, or as raw text where the parser treated it so) so a test sees the page as such a
 * visitor does.
 */
export async function renderNoscript(page: Page): Promise<void> {
  await page.evaluate(() => {
    for (const n of document.querySelectorAll('noscript')) {
      if (n.children.length > 0) {
        n.replaceWith(...n.childNodes);
        continue;
      }
      const holder = document.createElement('span');
      holder.innerHTML = n.textContent ?? '';
      n.replaceWith(...holder.childNodes);
    }
  });
}
