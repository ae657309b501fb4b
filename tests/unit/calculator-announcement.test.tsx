// @vitest-environment jsdom
/**
 * The calculator tells screen readers its result once the figures settle: one visually hidden
 * status line, set a moment after the last keystroke, and no live region on the visible figures
 * (every keystroke in Home Price queued an announcement from two of them).
 */
import { act } from 'react';
import { createRoot, hydrateRoot, type Root } from 'react-dom/client';
import { renderToString } from 'react-dom/server';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import CalculatorIsland, { announceDelayMs } from '#src/components/mortgage/CalculatorIsland.tsx';
import { oneTownTaxTable } from '../support/tax-table.ts';

(globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true;

const table = oneTownTaxTable;

let root: Root;
let el: HTMLElement;

beforeEach(async () => {
  vi.useFakeTimers();
  // Hydrated over the server's HTML, as on the page.
  const island = <CalculatorIsland taxTable={table} title="T" headingLevel={2} anchor="a" />;
  el = document.createElement('div');
  el.innerHTML = renderToString(island);
  document.body.append(el);
  await act(async () => {
    root = hydrateRoot(el, island);
  });
});

afterEach(async () => {
  await act(async () => root.unmount());
  document.body.innerHTML = '';
  // The island writes its figures into the URL, and would start from them in the next test.
  window.history.replaceState(null, '', '/');
  vi.useRealTimers();
});

/** Types into a field as a browser does: the value, then an input event React listens to. */
async function type(label: string, value: string) {
  const field = [...el.querySelectorAll('label')].find((l) => l.textContent === label)?.control as HTMLInputElement;
  Object.getOwnPropertyDescriptor(HTMLInputElement.prototype, 'value')!.set!.call(field, value);
  await act(async () => field.dispatchEvent(new Event('input', { bubbles: true })));
}
const wait = (ms: number) => act(async () => vi.advanceTimersByTime(ms));

const status = () => el.querySelector('[role="status"]');
const payment = () => el.querySelector('[data-testid="monthly-payment"]')?.textContent;
const total = () => el.querySelector('[data-testid="total-monthly-cost"]')?.textContent;

describe('what the calculator announces', () => {
  it('has one live region, a visually hidden status line, in the server HTML and empty until something is changed', async () => {
    expect(renderToString(<CalculatorIsland taxTable={table} title="T" headingLevel={2} anchor="a" />)).toContain(
      '<p role="status" class="sr-only"></p>',
    );
    expect(el.querySelectorAll('[aria-live], [role="status"], [role="alert"], output')).toHaveLength(1);
    expect(status()?.className).toContain('sr-only');
    expect(status()?.textContent).toBe('');
    await wait(announceDelayMs * 4);
    expect(status()?.textContent).toBe('');
  });

  it('reads the payment and the total once, a moment after the last keystroke', async () => {
    expect(window.location.search).toBe('');
    for (const typed of ['4', '45', '450', '4500', '45000', '450000']) {
      await type('Home Price', typed);
      await wait(announceDelayMs - 100);
      expect(status()?.textContent).toBe('');
    }
    await wait(100);
    // $390,000 borrowed at 6.5 % over 30 years.
    expect(payment()).toBe('$2,465.07');
    expect(status()?.textContent).toBe(`Monthly payment ${payment()}, total cost ${total()} a month`);
  });

  it('leaves no timer behind when it goes', async () => {
    await type('Home Price', '450000');
    expect(vi.getTimerCount()).toBeGreaterThan(0);
    await act(async () => root.unmount());
    expect(vi.getTimerCount()).toBe(0);
    root = createRoot(el);
  });
});
