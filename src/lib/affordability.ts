/**
 * What a buyer can afford, by the rule of thumb lenders start from: the home's monthly cost
 * (principal and interest, property tax, insurance, HOA dues and, under 20% down, mortgage
 * insurance) at most 28% of the household's gross monthly income, and that cost with the other
 * monthly debts at most 36%. The price is the highest, in whole thousands, whose cost fits the
 * smaller of the two. An estimate for a first conversation, not a pre-approval.
 * Pure: src/components/landing/Worksheet.astro draws it (src/lib/worksheets.ts).
 */
import { typedAmount, typedPercent } from './net-sheet.ts';

export interface AffordabilityInputs {
  /** The household's gross income, a year. */
  annualIncome: number;
  /** Car, student-loan, card and other minimum payments, a month. */
  monthlyDebts: number;
  /** The savings put down, in dollars. */
  downPayment: number;
  /** The loan's rate, % a year, over 30 years. */
  interestRatePercent: number;
  /** County and town together, dollars per $100 of value, as North Carolina bills it. */
  propertyTaxRate: number;
  /** Homeowners insurance, a year. */
  homeownersInsurance: number;
  /** HOA dues, a month. */
  hoaDues: number;
}

/** The share of gross monthly income the home may cost, and the home with the other debts. */
export const housingRatio = 0.28;
export const debtRatio = 0.36;
/** A 30-year loan. */
export const loanYears = 30;
/** Mortgage insurance under 20% down, % of the loan a year (the mortgage calculator's default). */
export const mortgageInsurancePercent = 0.75;

export interface MonthlyCost {
  principalAndInterest: number;
  propertyTax: number;
  insurance: number;
  hoa: number;
  mortgageInsurance: number;
  total: number;
}

export interface Affordability {
  monthlyIncome: number;
  /** 28% of the monthly income. */
  housingLimit: number;
  /** 36% of the monthly income less the other debts (below zero when the debts are more). */
  debtLimit: number;
  /** The smaller of the two, and never below zero: what the home may cost a month. */
  budget: number;
  /** The highest price, in whole thousands, whose monthly cost fits the budget (0 when none does). */
  price: number;
  loan: number;
  /** The monthly cost at that price. */
  cost: MonthlyCost;
}

/**
 * The monthly principal and interest on each dollar of a 30-year loan. Written here rather than
 * taken from mortgage.ts, which the calculator island imports: a module shared by an island and a
 * page script would take this sheet's script out of the page (src/components/ui/WhenNear.astro).
 */
function paymentPerDollar(annualRatePercent: number): number {
  const months = loanYears * 12;
  const rate = typedPercent(annualRatePercent) / 1200;
  return rate === 0 ? 1 / months : rate / -Math.expm1(-months * Math.log1p(rate));
}

/** The monthly cost of a home at `price` with `down` put down. */
export function monthlyCost(input: AffordabilityInputs, price: number): MonthlyCost {
  const down = Math.min(typedAmount(input.downPayment), price);
  const loan = price - down;
  const cost = {
    principalAndInterest: loan * paymentPerDollar(input.interestRatePercent),
    propertyTax: (price * typedAmount(input.propertyTaxRate)) / 100 / 12,
    insurance: typedAmount(input.homeownersInsurance) / 12,
    hoa: typedAmount(input.hoaDues),
    mortgageInsurance: down * 5 < price ? (loan * mortgageInsurancePercent) / 100 / 12 : 0,
  };
  return { ...cost, total: Object.values(cost).reduce((sum, dollars) => sum + dollars, 0) };
}

/**
 * The price whose monthly cost is `budget`. The cost grows with the price, by a step where the down
 * payment falls under 20% and mortgage insurance begins: the highest price that fits is found on
 * either side of that step, or is the step itself.
 */
function priceFor(input: AffordabilityInputs, budget: number): number {
  const down = typedAmount(input.downPayment);
  const perDollar = paymentPerDollar(input.interestRatePercent);
  const tax = typedAmount(input.propertyTaxRate) / 100 / 12;
  const fixed = typedAmount(input.homeownersInsurance) / 12 + typedAmount(input.hoaDues);
  if (budget < fixed) return 0;
  // Bought outright: the down payment covers the price, so only tax, insurance and dues are left.
  if (fixed + down * tax >= budget) return tax > 0 ? (budget - fixed) / tax : down;
  const withLoan = (insurance: number) =>
    (budget - fixed + down * (perDollar + insurance)) / (perDollar + insurance + tax);
  const noInsurance = withLoan(0);
  if (noInsurance <= down * 5) return noInsurance;
  return Math.max(down * 5, withLoan(mortgageInsurancePercent / 100 / 12));
}

export function affordability(input: AffordabilityInputs): Affordability {
  const monthlyIncome = typedAmount(input.annualIncome) / 12;
  const housingLimit = monthlyIncome * housingRatio;
  const debtLimit = monthlyIncome * debtRatio - typedAmount(input.monthlyDebts);
  const budget = Math.max(0, Math.min(housingLimit, debtLimit));
  // Whole thousands, rounded down, so the cost shown stays inside the budget.
  const price = Math.max(0, Math.floor(priceFor(input, budget) / 1000) * 1000);
  const cost = monthlyCost(input, price);
  return {
    monthlyIncome,
    housingLimit,
    debtLimit,
    budget,
    price,
    loan: price - Math.min(typedAmount(input.downPayment), price),
    cost,
  };
}
