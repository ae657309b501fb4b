import type { Page } from '@playwright/test';

/**
 * Records every Content-Security-Policy violation of the page: the DOM event, and the console
 * message Chromium logs for it (also for workers). Installed before any of the page's own
 * scripts run; the returned function reads what was recorded.
 */
export async function watchCsp(page: Page): Promise<() => Promise<string[]>> {
  const logged: string[] = [];
  page.on('console', (message) => {
    if (/Content[- ]Security[- ]Policy|WebAssembly/i.test(message.text())) logged.push(message.text());
  });
  await page.addInitScript(() => {
    const seen: string[] = [];
    (window as unknown as { cspViolations: string[] }).cspViolations = seen;
    window.addEventListener(
      'securitypolicyviolation',
      (event) => seen.push(`${event.effectiveDirective} blocked ${event.blockedURI || 'inline'}`),
      true,
    );
  });
  return async () => [
    ...(await page.evaluate(() => (window as unknown as { cspViolations: string[] }).cspViolations)),
    ...logged,
  ];
}
