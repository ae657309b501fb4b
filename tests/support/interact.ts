import type { Page } from '@playwright/test';

/**
 * Opens a page and makes the visitor's first interaction (a wheel turn), which islands that
 * hydrate with `client:interaction` wait for.
 */
export async function openAndInteract(page: Page, path: string): Promise<void> {
  await page.goto(path);
  await page.mouse.wheel(0, 1);
}
