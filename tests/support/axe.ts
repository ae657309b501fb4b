/** axe-core in the browser: the WCAG 2.2 A/AA rules every page and island is held to. */
import AxeBuilder from '@axe-core/playwright';
import type { Page } from '@playwright/test';
import { drawEverySection } from './draw-every-section.ts';

export const wcagTags = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22a', 'wcag22aa'];

/**
 * The WCAG 2.2 A/AA violations on the page (or inside `selector`), each as `rule: the elements`,
 * with every section drawn first.
 */
export async function axeViolations(page: Page, selector?: string): Promise<string[]> {
  // axe cannot weigh the contrast of text the browser has not drawn yet: it would leave it unchecked.
  await drawEverySection(page);
  const builder = new AxeBuilder({ page }).withTags(wcagTags);
  const { violations } = await (selector ? builder.include(selector) : builder).analyze();
  return violations.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`);
}
