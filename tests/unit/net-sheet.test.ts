/** src/lib/net-sheet.ts: what a North Carolina sale leaves the seller. */
import { describe, expect, it } from 'vitest';
import {
  daysAfter,
  exciseTax,
  formatCost,
  formatNet,
  largestTypedAmount,
  netSheet,
  propertyTaxShare,
  type NetSheetInputs,
} from '../../src/lib/net-sheet.ts';
import { largestAmount } from '../../src/lib/mortgage.ts';

const example: NetSheetInputs = {
  price: 450_000,
  payoff: 240_000,
  listingFeePercent: 3,
  buyerAgentFeePercent: 2.5,
  annualPropertyTax: 3650,
  taxBillPaid: false,
  closingDate: '2027-03-01',
  concessions: 2_000,
  otherCosts: 750,
};

describe('exciseTax', () => {
  it('is $1 on each $500 of the price or part of $500', () => {
    expect(exciseTax(450_000)).toBe(900);
    expect(exciseTax(450_001)).toBe(901);
    expect(exciseTax(450_499.99)).toBe(901);
    expect(exciseTax(500)).toBe(1);
    expect(exciseTax(1)).toBe(1);
  });

  it('is nothing on no price, a negative one or one that is not a number', () => {
    expect(exciseTax(0)).toBe(0);
    expect(exciseTax(-500)).toBe(0);
    expect(exciseTax(Number.NaN)).toBe(0);
  });
});

describe('propertyTaxShare', () => {
  it('is the year from January 1 through the closing day', () => {
    expect(propertyTaxShare(3650, '2027-01-01')).toBeCloseTo(10);
    expect(propertyTaxShare(3650, '2027-03-01')).toBeCloseTo(600); // 31 + 28 + 1 days
    expect(propertyTaxShare(3650, '2027-12-31')).toBeCloseTo(3650);
  });

  it('counts 366 days in a leap year', () => {
    expect(propertyTaxShare(3660, '2028-02-29')).toBeCloseTo(600);
    expect(propertyTaxShare(3660, '2028-12-31')).toBeCloseTo(3660);
  });

  it('is the whole year when the day is not a real date, the most it can be', () => {
    for (const day of ['', '2027-02-30', '2027-13-01', '03/01/2027', '2027-3-1']) {
      expect(propertyTaxShare(3650, day)).toBe(3650);
    }
  });

  it('is nothing without a tax bill', () => {
    expect(propertyTaxShare(0, '2027-06-30')).toBe(0);
    expect(propertyTaxShare(-100, '2027-06-30')).toBe(0);
  });
});

describe('netSheet', () => {
  it('takes each cost from the price, in the order a settlement statement lists them', () => {
    const sheet = netSheet(example);
    expect(sheet.price).toBe(450_000);
    expect(sheet.costs).toEqual([
      { label: 'Listing brokerage fee', amount: 13_500 },
      { label: "Buyer's agent fee you offer", amount: 11_250 },
      { label: 'NC excise tax (revenue stamps)', amount: 900 },
      { label: 'Mortgage payoff', amount: 240_000 },
      { label: 'Property tax, Jan 1 to closing', amount: 600 },
      { label: 'Credits to the buyer', amount: 2_000 },
      { label: 'Other closing costs', amount: 750 },
    ]);
    expect(sheet.net).toBe(181_000);
  });

  it('rounds every line to the dollar, so the lines add up to the net as shown', () => {
    const sheet = netSheet({ ...example, price: 412_345.67, listingFeePercent: 2.875, annualPropertyTax: 3_333 });
    for (const cost of sheet.costs) expect(Number.isInteger(cost.amount)).toBe(true);
    expect(sheet.price).toBe(412_346);
    expect(sheet.costs[0]?.amount).toBe(11_855); // 2.875% of 412,345.67 = 11,854.94
    expect(sheet.net).toBe(sheet.costs.reduce((left, cost) => left - cost.amount, sheet.price));
  });

  it('reads a blank, negative, endless or impossible figure as nothing and a fee above 100% as 100%', () => {
    const sheet = netSheet({
      ...example,
      payoff: Number.POSITIVE_INFINITY,
      otherCosts: Number.NaN,
      listingFeePercent: 150,
      buyerAgentFeePercent: -3,
      concessions: -2_000,
    });
    const amounts = Object.fromEntries(sheet.costs.map((c) => [c.label, c.amount]));
    expect(amounts['Mortgage payoff']).toBe(0);
    expect(amounts['Listing brokerage fee']).toBe(450_000);
    expect(amounts["Buyer's agent fee you offer"]).toBe(0);
    expect(amounts['Credits to the buyer']).toBe(0);
    expect(amounts['Other closing costs']).toBe(0);
  });

  it('reads a figure typed above 1e20 dollars as 1e20: the net is a number of dollars, not "$∞" or "$NaN"', () => {
    const sheet = netSheet({ ...example, price: 1e308, payoff: 1e308, annualPropertyTax: 1e308 });
    expect(sheet.price).toBe(largestTypedAmount);
    expect(sheet.costs.find((c) => c.label === 'Mortgage payoff')!.amount).toBe(largestTypedAmount);
    expect(Number.isFinite(sheet.net)).toBe(true);
    expect(formatNet(sheet.net)).toMatch(/^\$[\d,]+( to bring to closing)?$/);
    // The calculator works within the same bound (this page script imports nothing, so it is written twice).
    expect(largestTypedAmount).toBe(largestAmount);
  });

  it('has the buyer pay back the days after closing of a bill the seller has paid already', () => {
    const sheet = netSheet({ ...example, taxBillPaid: true });
    // 3,650 paid, less the seller's 60 days (600): the buyer's 305 days come back.
    expect(sheet.costs[4]).toEqual({ label: 'Property tax paid back to you, after closing', amount: -3_050 });
    expect(sheet.net).toBe(netSheet(example).net + 3_650);
    expect(formatCost(sheet.costs[4]?.amount ?? 0)).toBe('+$3,050');
    // Closing on December 31, or on no real day: nothing comes back.
    for (const closingDate of ['2027-12-31', '2027-02-30']) {
      expect(netSheet({ ...example, taxBillPaid: true, closingDate }).costs[4]?.amount).toBe(0);
    }
  });

  it('goes below zero when the costs are more than the price', () => {
    expect(netSheet({ ...example, payoff: 450_000 }).net).toBe(-29_000);
  });
});

describe('formatCost and formatNet', () => {
  it('shows a cost with a minus sign, money back with a plus sign, and none as None', () => {
    expect(formatCost(13_500)).toBe('\u2212$13,500');
    expect(formatCost(-750)).toBe('+$750');
    expect(formatCost(0)).toBe('None');
    expect(formatCost(-0)).toBe('None');
  });

  it('shows a net below zero as what the seller would bring to closing', () => {
    expect(formatNet(181_000)).toBe('$181,000');
    expect(formatNet(0)).toBe('$0');
    expect(formatNet(-29_000)).toBe('$29,000 to bring to closing');
  });
});

describe('daysAfter', () => {
  it('is the day so many days later, as YYYY-MM-DD', () => {
    expect(daysAfter(new Date('2026-11-25T12:00:00-05:00'), 45)).toBe('2027-01-09');
    expect(daysAfter(new Date('2027-03-01T12:00:00Z'), 0)).toBe('2027-03-01');
  });
});
