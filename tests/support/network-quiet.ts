import type { Page } from '@playwright/test';

/**
 * Waits until no request has been in flight for `quiet` ms. (Playwright's own 'networkidle'
 * state does not settle again once an iframe is added after the load, as a lazy embed's is.)
 */
export async function networkQuiet(page: Page, quiet = 700, timeout = 20_000) {
  let inFlight = 0;
  let last = Date.now();
  const start = () => {
    inFlight++;
    last = Date.now();
  };
  const end = () => {
    inFlight = Math.max(0, inFlight - 1);
    last = Date.now();
  };
  page.on('request', start);
  page.on('requestfinished', end);
  page.on('requestfailed', end);
  try {
    const deadline = Date.now() + timeout;
    await page.waitForTimeout(quiet);
    while (Date.now() < deadline && (inFlight > 0 || Date.now() - last < quiet)) await page.waitForTimeout(100);
  } finally {
    page.off('request', start);
    page.off('requestfinished', end);
    page.off('requestfailed', end);
  }
}
