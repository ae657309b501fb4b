/** src/lib/worksheets.ts: the landing pages' worksheets as their component draws them. */
import { readFileSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { parse } from 'yaml';
import { cashToCloseHref, isPlainFigure, worksheets, type WorksheetKind } from '#src/lib/worksheets.ts';
import { affordabilityExample } from '../support/affordability-example.ts';
import { cashToCloseExample } from '../support/cash-to-close-example.ts';

/** Figures by name as a form gives them: a name the form lacks reads as a blank field or a box not ticked. */
const figures = (values: Record<string, number>, closingDate: string, ticked: string[] = []) => ({
  number: (name: string) => values[name] ?? Number.NaN,
  checked: (name: string) => ticked.includes(name),
  closingDate,
});

describe('the net sheet', () => {
  it('is the price, each cost with a minus sign, and the net', () => {
    const sheet = worksheets.netSheet(
      figures(
        {
          price: 450_000,
          payoff: 240_000,
          listingFeePercent: 3,
          buyerAgentFeePercent: 0,
          annualPropertyTax: 3650,
          concessions: 2_000,
          otherCosts: 750,
        },
        '2027-03-01',
      ),
    );
    expect(sheet.rows.map((row) => `${row.label}: ${row.text}`)).toEqual([
      'Sale price: $450,000',
      'Listing brokerage fee: \u2212$13,500',
      "Buyer's agent fee you offer: None",
      'NC excise tax (revenue stamps): \u2212$900',
      'Mortgage payoff: \u2212$240,000',
      'Property tax, Jan 1 to closing: \u2212$600',
      'Credits to the buyer: \u2212$2,000',
      'Other closing costs: \u2212$750',
    ]);
    expect(sheet.total).toEqual({ label: 'Estimated net to you', text: '$192,250' });
  });

  it('shows the tax the buyer pays back, with a plus sign, when the box says the bill is paid', () => {
    const sheet = worksheets.netSheet(
      figures({ price: 450_000, annualPropertyTax: 3650 }, '2027-03-01', ['taxBillPaid']),
    );
    expect(sheet.rows[5]).toEqual({ label: 'Property tax paid back to you, after closing', text: '+$3,050' });
    expect(sheet.total.text).toBe('$452,150'); // 450,000 - 900 + 3,050
  });
});

describe('the cash to close', () => {
  // The figures by name as the form holds them (the date is a field of its own), with no credits.
  const { closingDate, taxBillOut, ...values } = { ...cashToCloseExample, sellerCredits: 0 };
  const ticked = taxBillOut ? ['taxBillOut'] : [];

  it('is the lines, the cash needed in all, the deposits already paid and what is due at closing', () => {
    const sheet = worksheets.cashToClose(figures(values, closingDate, ticked));
    expect(sheet.rows.map((row) => `${row.label}: ${row.text}${row.subtotal ? ' (subtotal)' : ''}`)).toEqual([
      'Down payment: $20,000',
      'Lender and appraisal fees: $3,000',
      'Attorney, title insurance and recording: $2,000',
      'HOA fees at closing: None',
      'Interest to the end of the month: $760',
      'Homeowners insurance, first year: $1,500',
      'Escrow account deposit: $1,200',
      "Seller's property tax, Jan 1 to closing: \u2212$810",
      'Credits from the seller: None',
      'Cash you need in all: $27,650 (subtotal)',
      'Due diligence fee, paid at signing: \u2212$2,000',
      'Earnest money, paid at signing: \u2212$4,000',
    ]);
    expect(sheet.total).toEqual({ label: 'Due at closing', text: '$21,650' });
  });

  it('says what comes back when the deposits are more than the cash needed', () => {
    expect(worksheets.cashToClose(figures({ ...values, earnestMoney: 40_000 }, closingDate, ticked)).total.text).toBe(
      '$14,350 back to you',
    );
  });

  it("shows the tax paid back to the seller when the box says the year's bill has gone out", () => {
    const sheet = worksheets.cashToClose(figures(values, closingDate, ['taxBillOut']));
    expect(sheet.rows[7]).toEqual({ label: 'Property tax paid back to the seller, after closing', text: '$2,840' });
    expect(sheet.total.text).toBe('$25,300'); // 21,650 + 810 + 2,840
  });
});

describe('what a buyer can afford', () => {
  // The figures by name as the form holds them.
  const values: Record<string, number> = { ...affordabilityExample };

  it('is the budget, the cost of the home within it in whole dollars that add up, the loan and the price', () => {
    const sheet = worksheets.affordability(figures(values, ''));
    expect(sheet.rows.map((row) => `${row.label}: ${row.text}${row.subtotal ? ' (subtotal)' : ''}`)).toEqual([
      'Income, a month: $7,917',
      '28% of it, for the home: $2,217',
      '36%, for the home and your debts, less the debts: $2,400',
      'Your budget for the home, a month: $2,217 (subtotal)',
      'Principal and interest: $1,705',
      'Property tax: $216',
      'Homeowners insurance: $121',
      'HOA dues: None',
      'Mortgage insurance: $173',
      "The home's cost, a month: $2,215 (subtotal)",
      'Loan, 30 years: $277,000',
    ]);
    expect(sheet.total).toEqual({ label: 'A price within your budget', text: '$297,000' });
  });

  it('never shows a cost above the budget shown: the parts in whole dollars add up to the cost rounded', () => {
    const dollars = (text: string | undefined) => Number((text ?? '').replace(/[^\d]/g, '') || 0);
    for (let annualIncome = 30_000; annualIncome <= 250_000; annualIncome += 500) {
      const rows = worksheets.affordability(figures({ ...values, annualIncome }, '')).rows;
      const text = (label: string) => rows.find((row) => row.label === label)?.text;
      const parts = rows.slice(4, 9).reduce((sum, row) => sum + dollars(row.text), 0);
      const cost = dollars(text("The home's cost, a month"));
      expect(parts, `income ${annualIncome}`).toBe(cost);
      expect(cost, `income ${annualIncome}`).toBeLessThanOrEqual(dollars(text('Your budget for the home, a month')));
    }
  });

  it('opens the mortgage calculator on the price and the figures typed', () => {
    const { link } = worksheets.affordability(figures({ ...values, hoaDues: 85, monthlyDebts: Number.NaN }, ''));
    expect(link?.label).toBe('See this price in the mortgage calculator');
    const url = new URL(link?.href ?? '', 'https://example.com');
    expect(url.pathname).toBe('/tools/mortgage-calculator');
    expect(Object.fromEntries(url.searchParams)).toEqual({
      price: '285000',
      down: '20000',
      rate: '6.25',
      term: '30',
      tax: '0.8721',
      insurance: '1450',
      hoa: '85',
      pmi: '0.75',
    });
  });

  it('passes the calculator the rate the sheet worked with: a rate typed above 100% as 100', () => {
    const { link } = worksheets.affordability(figures({ ...values, interestRatePercent: 1e308 }, ''));
    expect(new URL(link?.href ?? '', 'https://example.com').searchParams.get('rate')).toBe('100');
  });

  it('says so when no price fits, and shows debts above 36% as below zero', () => {
    const sheet = worksheets.affordability(figures({ ...values, monthlyDebts: 3_000 }, ''));
    expect(sheet.rows[2]?.text).toBe('\u2212$150');
    expect(sheet.total.text).toBe('None yet');
    expect(new URL(sheet.link?.href ?? '', 'https://example.com').searchParams.get('price')).toBe('0');
  });
});

describe("the landing pages' examples", () => {
  const dir = join(import.meta.dirname, '..', '..', 'content', 'landing');
  const sections = readdirSync(dir)
    .filter((file) => file.endsWith('.yaml'))
    .flatMap((file) => (parse(readFileSync(join(dir, file), 'utf8')) as { sections: { type: string }[] }).sections)
    .filter((section): section is { type: WorksheetKind; example: Record<string, number> } =>
      Object.hasOwn(worksheets, section.type),
    );

  it('include every kind of worksheet', () => {
    expect(new Set(sections.map((section) => section.type))).toEqual(new Set(Object.keys(worksheets)));
  });

  it('give a figure for every field a worksheet reads, and none it does not (no box is ticked)', () => {
    for (const { type, example } of sections) {
      const read = new Set<string>();
      worksheets[type]({
        number: (name) => (read.add(name), example[name] ?? Number.NaN),
        checked: () => false,
        closingDate: '2027-03-01',
      });
      const { closingInDays, ...given } = example;
      // Only the sheets of a closing have a closing day.
      if (type !== 'affordability') expect(closingInDays, type).toBeGreaterThan(0);
      // A tax rate the example leaves out is the calculator's own town's (src/components/landing/Worksheet.astro).
      if (type === 'affordability' && !('propertyTaxRate' in given)) read.delete('propertyTaxRate');
      expect(new Set(Object.keys(given)), type).toEqual(read);
    }
  });
});

describe('isPlainFigure', () => {
  it('takes the plain decimal figures an address gives', () => {
    for (const value of ['525000', '3.5', '0', '999999999999.123456']) expect(isPlainFigure(value), value).toBe(true);
  });

  it('leaves out anything else, so its field keeps its figure', () => {
    const hostile = [
      '',
      '-5',
      '1e400',
      'Infinity',
      'NaN',
      '12abc',
      '<script>',
      '0x10',
      '1,000',
      '9999999999999',
      '1.1234567',
      ' 5',
    ];
    for (const value of hostile) expect(isPlainFigure(value), value).toBe(false);
  });
});

describe('cashToCloseHref', () => {
  it("opens the buyer's page on the cash to close, each figure keyed by its field's id", () => {
    expect(cashToCloseHref({ price: 525_000, downPaymentPercent: 20, annualPropertyTax: 3_890 })).toBe(
      '/first-time-buyer?cash-to-close-price=525000&cash-to-close-downPaymentPercent=20&cash-to-close-annualPropertyTax=3890#cash-to-close',
    );
  });
});
