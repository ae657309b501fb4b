/**
 * A landing page's worksheet (src/components/landing/Worksheet.astro) in a test: its section by
 * heading, a line's amount by label, and its bottom line (the sheet's <output>).
 */
import type { Page } from '@playwright/test';

export function worksheet(page: Page, heading: string) {
  const section = page.getByRole('region', { name: heading });
  const line = (label: string) =>
    section.locator('dl div', { has: page.getByText(label, { exact: true }) }).locator('dd');
  return { section, line, total: section.getByRole('status') };
}
