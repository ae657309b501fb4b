/** src/lib/affordability.ts: the price whose monthly cost fits 28% of income, and 36% with the debts. */
import { describe, expect, it } from 'vitest';
import { affordability, monthlyCost } from '../../src/lib/affordability.ts';
import { affordabilityExample as example } from '../support/affordability-example.ts';

describe('affordability', () => {
  it('takes the smaller of 28% of the monthly income and 36% less the debts', () => {
    const result = affordability(example);
    expect(result.monthlyIncome).toBeCloseTo(7_916.67, 2);
    expect(result.housingLimit).toBeCloseTo(2_216.67, 2);
    expect(result.debtLimit).toBeCloseTo(2_400, 6); // 2,850 - 450
    expect(result.budget).toBeCloseTo(2_216.67, 2);
    // With more debts, 36% is the limit.
    expect(affordability({ ...example, monthlyDebts: 1_200 }).budget).toBeCloseTo(1_650, 6);
  });

  it('is the highest price in whole thousands whose monthly cost fits the budget', () => {
    const result = affordability(example);
    expect(result.price).toBe(297_000);
    expect(result.loan).toBe(277_000);
    // 277,000 at 6.25% over 30 years; 0.8721 per $100 of 297,000; 1,450 a year; 0.75% of the loan.
    expect(result.cost.principalAndInterest).toBeCloseTo(1_705.54, 2);
    expect(result.cost.propertyTax).toBeCloseTo(215.84, 2);
    expect(result.cost.insurance).toBeCloseTo(120.83, 2);
    expect(result.cost.mortgageInsurance).toBeCloseTo(173.13, 2);
    expect(result.cost.total).toBeLessThanOrEqual(result.budget);
    expect(monthlyCost(example, result.price + 1_000).total).toBeGreaterThan(result.budget);
  });

  it('adds mortgage insurance only under 20% down, and stops at the price where it would begin', () => {
    expect(monthlyCost(example, 100_000).mortgageInsurance).toBe(0);
    expect(monthlyCost(example, 100_001).mortgageInsurance).toBeGreaterThan(0);
    // 60,000 down and a budget of 1,866.67: 300,000 costs 1,816.59 a month without mortgage
    // insurance, and a dollar more would cost about 1,966.60 with it.
    const atStep = affordability({ ...example, annualIncome: 80_000, monthlyDebts: 0, downPayment: 60_000 });
    expect(atStep.price).toBe(300_000);
    expect(atStep.cost.mortgageInsurance).toBe(0);
    expect(monthlyCost({ ...example, downPayment: 60_000 }, 301_000).total).toBeGreaterThan(atStep.budget);
    // With enough income the price passes the step and mortgage insurance is paid.
    const past = affordability({ ...example, annualIncome: 200_000, monthlyDebts: 0, downPayment: 60_000 });
    expect(past.price).toBeGreaterThan(300_000);
    expect(past.cost.mortgageInsurance).toBeGreaterThan(0);
    expect(past.cost.total).toBeLessThanOrEqual(past.budget);
  });

  it('counts a loan at 0% as the price spread over 30 years', () => {
    const result = affordability({ ...example, interestRatePercent: 0 });
    expect(result.cost.principalAndInterest).toBeCloseTo(result.loan / 360, 6);
    expect(result.cost.total).toBeLessThanOrEqual(result.budget);
  });

  it('buys outright when the down payment covers more than the budget allows', () => {
    const result = affordability({ ...example, downPayment: 5_000_000 });
    expect(result.loan).toBe(0);
    // Only tax and insurance: (2,216.67 - 120.83) / (0.8721 / 1,200) = 2,883,870.
    expect(result.price).toBe(2_883_000);
    expect(result.cost.total).toBeLessThanOrEqual(result.budget);
  });

  it('is nothing when the debts or the fixed costs take the whole budget', () => {
    const debts = affordability({ ...example, monthlyDebts: 5_000 });
    expect(debts.debtLimit).toBeLessThan(0);
    expect(debts.budget).toBe(0);
    expect(debts.price).toBe(0);
    expect(affordability({ ...example, hoaDues: 3_000 }).price).toBe(0);
    expect(affordability({ ...example, annualIncome: 0 }).price).toBe(0);
  });

  it('reads a blank, negative, endless or impossible figure as nothing and a rate above 100% as 100%', () => {
    const odd = affordability({
      ...example,
      monthlyDebts: Number.NaN,
      downPayment: -20_000,
      hoaDues: Number.NEGATIVE_INFINITY,
      propertyTaxRate: Number.NaN,
    });
    expect(odd.debtLimit).toBeCloseTo(2_850, 6);
    expect(odd.loan).toBe(odd.price);
    expect(odd.cost.propertyTax).toBe(0);
    expect(odd.cost.hoa).toBe(0);
    expect(affordability({ ...example, annualIncome: Number.POSITIVE_INFINITY }).price).toBe(0);
    const capped = affordability({ ...example, interestRatePercent: 500 });
    expect(capped.price).toBe(affordability({ ...example, interestRatePercent: 100 }).price);
    for (const result of [odd, capped]) expect(Number.isFinite(result.price)).toBe(true);
  });
});

describe('affordability at a tiny rate', () => {
  it('gives figures, not NaN, for a typed rate of 1e-20', async () => {
    const { worksheets } = await import('#src/lib/worksheets.ts');
    const fields: Record<string, number> = {
      annualIncome: 120000,
      monthlyDebts: 300,
      downPayment: 30000,
      interestRatePercent: 1e-20,
      propertyTaxRate: 0.8721,
      homeownersInsurance: 1800,
      hoaDues: 0,
    };
    const sheet = worksheets.affordability({ number: (n) => fields[n]!, checked: () => false, closingDate: '' });
    expect(JSON.stringify(sheet)).not.toContain('NaN');
  });
});
