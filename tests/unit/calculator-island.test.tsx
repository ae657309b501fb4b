/** The calculator island as the server renders it: its hints agree with the figures. */
import { renderToString } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import CalculatorIsland from '#src/components/mortgage/CalculatorIsland.tsx';
import { oneTownTaxTable } from '../support/tax-table.ts';

const table = oneTownTaxTable;
const text = (start: { price: number; down: number; hoa: number }) =>
  renderToString(<CalculatorIsland taxTable={table} title="T" headingLevel={2} anchor="a" start={start} />)
    .replace(/<[^>]+>/g, ' ')
    .replace(/&#x27;|&apos;/g, "'")
    .replace(/\s+/g, ' ');

describe('the down payment hint', () => {
  it('never says 20% while PMI is charged for being under it', () => {
    const shown = text({ price: 300000, down: 59900, hoa: 0 });
    expect(shown).toContain('Applies: the down payment is under 20%.');
    expect(shown).toContain('19.9% of the home price');
    expect(text({ price: 300000, down: 60000, hoa: 0 })).toContain('20% of the home price');
  });

  it('reads a down payment below zero as none: 0% of the price, the loan the price', () => {
    // It said "-20% of the home price" and lent $360,000 on a $300,000 home.
    const shown = text({ price: 300000, down: -60000, hoa: 0 });
    expect(shown).toContain(' 0% of the home price');
    expect(shown).not.toContain('$360,000.00');
    expect(shown).toContain('Loan Amount $300,000.00');
  });
});
