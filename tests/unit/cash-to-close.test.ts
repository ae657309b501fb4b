/** src/lib/cash-to-close.ts: what a North Carolina purchase asks of the buyer in cash. */
import { describe, expect, it } from 'vitest';
import { cashToClose, formatDue, formatLine, prepaidInterestDays, taxBillOutBy } from '../../src/lib/cash-to-close.ts';
import { cashToCloseExample as example } from '../support/cash-to-close-example.ts';

const amounts = (lines: { label: string; amount: number }[]) =>
  Object.fromEntries(lines.map((line) => [line.label, line.amount]));

describe('taxBillOutBy', () => {
  it('has the bill out for a closing from September 1, when it is due, to December 31', () => {
    expect(['2027-09-01', '2027-10-15', '2026-12-31'].map(taxBillOutBy)).toEqual([true, true, true]);
  });

  it('leaves it to the visitor before September, and for a day that is not one', () => {
    expect(['2027-01-09', '2027-08-31', '', '09/15/2027', '2027-9-15'].map(taxBillOutBy)).toEqual([
      false,
      false,
      false,
      false,
      false,
    ]);
  });
});

describe('prepaidInterestDays', () => {
  it('counts the closing day through the last day of its month', () => {
    expect(prepaidInterestDays('2027-03-22')).toBe(10);
    expect(prepaidInterestDays('2027-03-31')).toBe(1);
    expect(prepaidInterestDays('2027-03-01')).toBe(31);
    expect(prepaidInterestDays('2027-02-15')).toBe(14);
    expect(prepaidInterestDays('2028-02-15')).toBe(15); // a leap year's February
  });

  it('is 31 days, the most it can be, when the day is not a real date', () => {
    for (const day of ['', '2027-02-30', '2027-13-01', '2027-00-10', '03/22/2027', '2027-3-22']) {
      expect(prepaidInterestDays(day)).toBe(31);
    }
  });
});

describe('cashToClose', () => {
  it('adds the down payment, the costs and what is paid ahead, less the credits and the deposits', () => {
    const sheet = cashToClose(example);
    expect(sheet.loan).toBe(380_000);
    expect(sheet.lines).toEqual([
      { label: 'Down payment', amount: 20_000 },
      { label: 'Lender and appraisal fees', amount: 3_000 },
      { label: 'Attorney, title insurance and recording', amount: 2_000 },
      { label: 'HOA fees at closing', amount: 0 },
      { label: 'Interest to the end of the month', amount: 760 }, // 380,000 × 7.3% × 10 / 365
      { label: 'Homeowners insurance, first year', amount: 1_500 },
      { label: 'Escrow account deposit', amount: 1_200 },
      { label: "Seller's property tax, Jan 1 to closing", amount: -810 }, // 81 of 365 days
      { label: 'Credits from the seller', amount: -2_500 },
    ]);
    expect(sheet.total).toBe(25_150);
    expect(sheet.paid).toEqual([
      { label: 'Due diligence fee, paid at signing', amount: -2_000 },
      { label: 'Earnest money, paid at signing', amount: -4_000 },
    ]);
    expect(sheet.dueAtClosing).toBe(19_150);
  });

  it('rounds every line to the dollar, so the lines add up to the totals as shown', () => {
    const sheet = cashToClose({ ...example, price: 412_345.67, downPaymentPercent: 3.5, interestRatePercent: 6.875 });
    for (const line of [...sheet.lines, ...sheet.paid]) expect(Number.isInteger(line.amount)).toBe(true);
    expect(sheet.lines[0]?.amount).toBe(14_432); // 3.5% of 412,346
    expect(sheet.total).toBe(sheet.lines.reduce((sum, line) => sum + line.amount, 0));
    expect(sheet.dueAtClosing).toBe(sheet.paid.reduce((sum, line) => sum + line.amount, sheet.total));
  });

  it("has the buyer pay back the days after closing once the year's bill has gone out", () => {
    const sheet = cashToClose({ ...example, taxBillOut: true });
    // 3,650 paid, less the seller's 81 days (810): the buyer's 284 days.
    expect(sheet.lines[7]).toEqual({ label: 'Property tax paid back to the seller, after closing', amount: 2_840 });
    expect(sheet.total).toBe(cashToClose(example).total + 3_650);
    expect(cashToClose({ ...example, taxBillOut: true, closingDate: '2027-12-31' }).lines[7]?.amount).toBe(0);
  });

  it('takes the most cash the buyer may need when the closing day is not a day: no credit, the whole bill paid back', () => {
    for (const closingDate of ['', '2027-02-30', '03/22/2027']) {
      expect(cashToClose({ ...example, closingDate }).lines[7]).toEqual({
        label: "Seller's property tax, Jan 1 to closing",
        amount: 0,
      });
      expect(cashToClose({ ...example, closingDate, taxBillOut: true }).lines[7]?.amount).toBe(3_650);
    }
  });

  it("counts an association's fees at closing with the closing costs", () => {
    const sheet = cashToClose({ ...example, hoaAtClosing: 450 });
    expect(amounts(sheet.lines)['HOA fees at closing']).toBe(450);
    expect(sheet.total).toBe(cashToClose(example).total + 450);
    // The seller's credits may cover them too.
    const credited = cashToClose({ ...example, hoaAtClosing: 450, sellerCredits: 50_000 });
    expect(amounts(credited.lines)['Credits from the seller']).toBe(-(3_000 + 2_000 + 450 + 760 + 1_500 + 1_200));
  });

  it("takes the seller's credits only up to the closing costs, as lenders allow", () => {
    const sheet = cashToClose({ ...example, sellerCredits: 50_000 });
    expect(amounts(sheet.lines)['Credits from the seller']).toBe(-(3_000 + 2_000 + 760 + 1_500 + 1_200));
    expect(sheet.total).toBe(20_000 - 810);
  });

  it('reads a blank, negative, endless or impossible figure as nothing and a rate above 100% as 100%', () => {
    const sheet = cashToClose({
      ...example,
      downPaymentPercent: 150,
      lenderFees: Number.NaN,
      escrowDeposit: Number.POSITIVE_INFINITY,
      sellerCredits: -2_500,
      earnestMoney: -4_000,
      interestRatePercent: 400,
    });
    const lines = amounts(sheet.lines);
    expect(lines['Down payment']).toBe(400_000);
    expect(sheet.loan).toBe(0);
    expect(lines['Interest to the end of the month']).toBe(0);
    expect(lines['Lender and appraisal fees']).toBe(0);
    expect(lines['Escrow account deposit']).toBe(0);
    expect(lines['Credits from the seller']).toBe(0);
    expect(amounts(sheet.paid)['Earnest money, paid at signing']).toBe(0);
  });

  it('comes back to the buyer when the deposits are more than the cash needed', () => {
    expect(cashToClose({ ...example, earnestMoney: 40_000 }).dueAtClosing).toBe(-16_850);
  });
});

describe('formatLine and formatDue', () => {
  it('shows a credit with a minus sign, and nothing as None', () => {
    expect(formatLine(20_000)).toBe('$20,000');
    expect(formatLine(-810)).toBe('\u2212$810');
    expect(formatLine(0)).toBe('None');
  });

  it('shows an amount due below zero as what comes back to the buyer', () => {
    expect(formatDue(19_150)).toBe('$19,150');
    expect(formatDue(0)).toBe('$0');
    expect(formatDue(-16_850)).toBe('$16,850 back to you');
  });
});
