import type { Page } from '@playwright/test';

/** A layout shift the visitor did not cause (none within 500 ms of an input), with what moved. */
export interface LayoutShift {
  value: number;
  sources: string[];
}

/** Installs a buffered layout-shift observer before any page script runs (see `layoutShifts`). */
export async function observeLayoutShifts(page: Page): Promise<void> {
  await page.addInitScript(() => {
    const w = window as unknown as { __shifts: { value: number; sources: string[] }[] };
    w.__shifts = [];
    new PerformanceObserver((list) => {
      for (const entry of list.getEntries() as (PerformanceEntry & {
        value: number;
        hadRecentInput: boolean;
        sources?: { node?: Node | null }[];
      })[]) {
        if (entry.hadRecentInput) continue;
        const sources = (entry.sources ?? []).map((s) => {
          const node = s.node;
          if (!(node instanceof Element)) return node?.nodeName ?? '?';
          return `${node.tagName.toLowerCase()}${node.id ? `#${node.id}` : ''}.${[...node.classList].slice(0, 4).join('.')}`;
        });
        w.__shifts.push({ value: entry.value, sources });
      }
    }).observe({ type: 'layout-shift', buffered: true });
  });
}

/** The shifts seen so far on the page (observeLayoutShifts before it was opened). */
export function layoutShifts(page: Page): Promise<LayoutShift[]> {
  return page.evaluate(() => (window as unknown as { __shifts: LayoutShift[] }).__shifts);
}

/** Their sum: the page's cumulative layout shift so far. */
export const cumulative = (shifts: readonly LayoutShift[]): number => shifts.reduce((sum, s) => sum + s.value, 0);
