/**
 * Mortgage maths for the calculator island and its tests. Pure functions, no framework.
 * Money stays in floating point through every calculation, so schedules never drift by
 * accumulated rounding; what is shown as a list with its sum (the monthly cost's lines, the
 * schedule's rows) is rounded to cents at the end so the lines add up to the total shown (to the cent
 * for amounts up to about $90 trillion, 2^53 cents; above, a double holds fewer digits than that).
 */

/** SPEC: the loan term is chosen from these, in years. */
export const loanTerms = [15, 20, 25, 30] as const;
export type LoanTerm = (typeof loanTerms)[number];

/** SPEC defaults: home price, down payment, interest rate (%) and term (years). */
export const specDefaults = { price: 300000, down: 60000, rate: 6.5, term: 30 } as const satisfies {
  price: number;
  down: number;
  rate: number;
  term: LoanTerm;
};

/**
 * Beyond SPEC: the other monthly costs. $1,800 a year is in the range NC insurers quote for a
 * $300,000 Triangle home; 0.75% of the loan a year is mid-range for conventional PMI.
 */
export const costDefaults = { insurance: 1800, hoa: 0, pmiRate: 0.75 } as const;

/** PMI is needed while the down payment is under this share of the price. */
export const pmiDownPaymentThreshold = 0.2;
/** Federal Homeowners Protection Act: PMI ends automatically at 78% of the original value... */
export const pmiAutomaticEndRatio = 0.78;
/** ...and the borrower may ask for it to be cancelled at 80%. */
export const pmiCancelRequestRatio = 0.8;

export function isLoanTerm(value: number): value is LoanTerm {
  return (loanTerms as readonly number[]).includes(value);
}

/**
 * SPEC parse rule: a decimal as `parseFloat` reads it; empty or non-numeric counts as 0.
 * So '' -> 0, 'abc' -> 0, '1e3' -> 1000, '12abc' -> 12, '-5' -> -5 (a number is kept as
 * typed, sign included), and the word 'Infinity' -> 0 (not an amount anyone can pay). A number
 * too large for a double ('1e309') is read as the largest double, its sign kept, so that every
 * caller caps it as it caps 1e308 (`withinLargestAmount`, `highestRatePercent`); read as 0, a
 * rate of 1e309 was worked at 0 % and a price of 1e309 asked to "Enter a home price". Always finite.
 */
export function parseDecimal(raw: string): number {
  const value = Number.parseFloat(raw);
  if (Number.isFinite(value)) return value;
  // parseFloat gives Infinity both for the word and for a number past the largest double: only the number is a figure.
  if (Number.isNaN(value) || /^[+-]?Infinity/.test(raw.trimStart())) return 0;
  return Math.sign(value) * Number.MAX_VALUE;
}

/**
 * The largest amount any figure is worked with: 1e20 dollars, far above any figure a visitor means (a
 * long one still shows whole, wrapped, though past about $90 trillion not to the cent) and low enough
 * that no total overflows. Typed
 * beyond it (1e308), an amount is read as it, as is its negative below; the totals overflowed to
 * Infinity and showed "$0.00" of interest, or "$∞" on a worksheet.
 */
export const largestAmount = 1e20;

/** An amount kept within ±`largestAmount`, its sign kept. */
export const withinLargestAmount = (value: number) => Math.min(Math.max(value, -largestAmount), largestAmount);

/** The highest interest rate worked with, in percent a year: 100, as every worksheet reads a percentage (net-sheet.ts). */
export const highestRatePercent = 100;

/**
 * Above the highest rate a US home loan has had (18.6% a year, in 1981), with a margin. A rate typed
 * above it is most likely a decimal written with a comma: a number field reads 6,5 as 65 (the comma
 * is taken for a thousands separator), and the payment came out ten times too high, unremarked.
 */
export const unlikelyRatePercent = 20;

/** A rate in percent as it is shown: 6.125, never 1e-7 (an exponent for a tiny rate typed). */
export const formatPercent = (rate: number) => percent.format(rate);
const percent = new Intl.NumberFormat('en-US', { maximumFractionDigits: 4 });

/** The note under an interest-rate field for a rate typed (as read) that no home loan has: the rate worked with, and how a decimal is written. */
export function rateNote(typed: number): string | undefined {
  if (!(typed > unlikelyRatePercent)) return undefined;
  const worked =
    typed > highestRatePercent ? `${highestRatePercent}%, the highest rate taken` : `${formatPercent(typed)}%`;
  return `Worked out at ${worked}. A decimal takes a point: 6.5, not 6,5`;
}

/**
 * SPEC: loan amount = price minus down payment. A down payment above the price (or a cleared
 * price) borrows nothing: the loan is 0, never negative (SPEC's formula would show a negative
 * loan and a negative monthly payment there; every non-negative loan is unchanged).
 */
export function loanAmount(price: number, down: number): number {
  return Math.max(0, price - down);
}

/**
 * The monthly rate of an annual percentage. A rate below zero is read as 0, as a loan below zero
 * is (otherwise a typed "-3" showed negative interest); every rate of 0 or more is unchanged.
 */
function monthlyRate(annualRatePercent: number): number {
  return Math.max(0, annualRatePercent) / 100 / 12;
}

/** SPEC: the standard amortisation formula over term x 12 months; loan / months when the rate is 0. */
export function monthlyPayment(loan: number, annualRatePercent: number, years: number): number {
  const months = years * 12;
  if (months <= 0) return 0;
  const r = monthlyRate(annualRatePercent);
  if (r === 0) return loan / months;
  // 1 - (1 + r)^-n written so that it stays exact for a tiny rate (1e-20 % gave 1 - 1 = 0: an infinite payment).
  return (loan * r) / -Math.expm1(-months * Math.log1p(r));
}

export interface MortgageResult {
  loan: number;
  months: number;
  payment: number;
  /** SPEC: payment x months minus the loan amount. */
  totalInterest: number;
}

export function calculateMortgage(input: { price: number; down: number; rate: number; term: number }): MortgageResult {
  const loan = loanAmount(input.price, input.down);
  const months = input.term * 12;
  const payment = monthlyPayment(loan, input.rate, input.term);
  return { loan, months, payment, totalInterest: payment * months - loan };
}

export interface ScheduleYear {
  year: number;
  principal: number;
  interest: number;
  /** Balance left at the end of the year. */
  balance: number;
}

/**
 * Balance after `paid` of the loan's monthly payments, in closed form:
 * loan x (1 - (1+r)^(paid-n)) / (1 - (1+r)^-n), written with expm1 so that it stays exact for a tiny
 * rate and needs no running sum (adding each month's principal lost the whole loan to rounding at a
 * high rate: at 150 % the schedule paid no principal and ended owing all of it).
 */
function balanceAfter(loan: number, annualRatePercent: number, years: number, paid: number): number {
  const months = years * 12;
  if (months <= 0 || paid >= months) return 0;
  const r = monthlyRate(annualRatePercent);
  if (r === 0) return loan * (1 - paid / months);
  const perMonth = Math.log1p(r);
  return (loan * Math.expm1((paid - months) * perMonth)) / Math.expm1(-months * perMonth);
}

/** Balance after each monthly payment, index 0 = after the first payment. */
export function monthlyBalances(loan: number, annualRatePercent: number, years: number): number[] {
  return Array.from({ length: years * 12 }, (_, m) => balanceAfter(loan, annualRatePercent, years, m + 1));
}

/**
 * Yearly amortisation: principal and interest paid in each loan year and the balance after it,
 * in cents. Each year is the difference of the running totals rounded to cents, so the rows'
 * principal adds up to the loan and their interest to the total interest, to the cent, at any rate
 * (for loans a double holds to the cent: see the file's head).
 */
export function yearlySchedule(loan: number, annualRatePercent: number, years: number): ScheduleYear[] {
  const payment = monthlyPayment(loan, annualRatePercent, years);
  const rows: ScheduleYear[] = [];
  let shownPrincipal = 0;
  let shownInterest = 0;
  for (let year = 1; year <= years; year++) {
    const paid = year * 12;
    const principalSoFar = roundCents(loan - balanceAfter(loan, annualRatePercent, years, paid));
    // What was paid less what went to the principal: at the last payment, SPEC's payment x months - loan.
    const interestSoFar = roundCents(payment * paid - (loan - balanceAfter(loan, annualRatePercent, years, paid)));
    rows.push({
      year,
      principal: roundCents(principalSoFar - shownPrincipal),
      interest: roundCents(interestSoFar - shownInterest),
      balance: roundCents(roundCents(loan) - principalSoFar),
    });
    shownPrincipal = principalSoFar;
    shownInterest = interestSoFar;
  }
  return rows;
}

/** Tolerance for comparing a computed balance with a threshold (a millionth of a cent). */
const epsilon = 1e-8;

/** First payment (1-based) after which the scheduled balance is at or below `ratio` of the value; null if never. */
export function firstMonthAtRatio(balances: readonly number[], homeValue: number, ratio: number): number | null {
  const target = homeValue * ratio;
  const index = balances.findIndex((b) => b <= target + epsilon);
  return index === -1 ? null : index + 1;
}

export interface PmiEstimate {
  required: boolean;
  /** PMI for one month, a share of the original loan amount. */
  monthly: number;
  /** Payment at which PMI ends automatically (balance scheduled to reach 78% of the original value, or the loan's midpoint passed). */
  endMonth: number | null;
  /** Payment from which the borrower may ask for cancellation (balance at 80%). */
  cancelRequestMonth: number | null;
  /** PMI paid in all: every payment before the one at which it ends. */
  total: number;
}

export function estimatePmi(input: {
  price: number;
  loan: number;
  rate: number;
  term: number;
  pmiRatePercent: number;
}): PmiEstimate {
  const { price, loan } = input;
  // Judged to the cent: a price and down payment in cents that make exactly 20% (50,000.05 down on
  // 250,000.25) must not fall a binary fraction short of it and be charged PMI.
  const required = price > 0 && loan > 0 && price - loan < price * pmiDownPaymentThreshold - 0.005;
  if (!required) return { required, monthly: 0, endMonth: null, cancelRequestMonth: null, total: 0 };
  const monthly = (loan * input.pmiRatePercent) / 100 / 12;
  const balances = monthlyBalances(loan, input.rate, input.term);
  // It ends at 78% of the original value, or at the latest with the first payment after the loan's
  // midpoint (12 U.S.C. 4902(c)): payment 181 of 360, whatever the balance.
  const midpointEnd = Math.floor(balances.length / 2) + 1;
  const endMonth = Math.min(firstMonthAtRatio(balances, price, pmiAutomaticEndRatio) ?? midpointEnd, midpointEnd);
  const cancelAt = firstMonthAtRatio(balances, price, pmiCancelRequestRatio);
  const cancelRequestMonth = cancelAt !== null && cancelAt < endMonth ? cancelAt : null;
  // The total of what is charged: the monthly premium in cents, as the cost table shows it.
  const total = roundCents(roundCents(monthly) * (endMonth - 1));
  return { required, monthly, endMonth, cancelRequestMonth, total };
}

/** NC property tax for a year: value / 100 x rate per $100 (the assessed value is taken to be the price). */
export function annualPropertyTax(value: number, ratePer100: number): number {
  return (value / 100) * ratePer100;
}

export interface MonthlyCost {
  principalAndInterest: number;
  propertyTax: number;
  insurance: number;
  hoa: number;
  pmi: number;
  total: number;
  /** The total once PMI has ended. */
  totalWithoutPmi: number;
}

export function monthlyCost(input: {
  payment: number;
  annualTax: number;
  annualInsurance: number;
  monthlyHoa: number;
  monthlyPmi: number;
}): MonthlyCost {
  // Each line in cents, and the totals their sums, so the lines shown add up to the total shown.
  const principalAndInterest = roundCents(input.payment);
  const propertyTax = roundCents(input.annualTax / 12);
  const insurance = roundCents(input.annualInsurance / 12);
  const hoa = roundCents(input.monthlyHoa);
  const pmi = roundCents(input.monthlyPmi);
  const totalWithoutPmi = roundCents(principalAndInterest + propertyTax + insurance + hoa);
  return {
    principalAndInterest,
    propertyTax,
    insurance,
    hoa,
    pmi,
    total: roundCents(totalWithoutPmi + pmi),
    totalWithoutPmi,
  };
}

const money = new Intl.NumberFormat('en-US', {
  style: 'currency',
  currency: 'USD',
  minimumFractionDigits: 2,
  maximumFractionDigits: 2,
  // A balance of -0.000001 left by floating point must read $0.00, not -$0.00.
  signDisplay: 'negative',
});

/**
 * An amount in whole cents, half a cent away from zero, as `formatMoney` shows it. The amount is
 * first read to 15 significant digits, the most a double holds: $420,000 taxed at 0.8731 per $100
 * is $305.585 a month, which floating point makes 305.58499999999998, and rounding that as it
 * stands showed $305.58.
 */
export function roundCents(amount: number): number {
  if (!Number.isFinite(amount)) return 0;
  const cents = Number((Math.abs(amount) * 100).toPrecision(15));
  return (Math.sign(amount) * Math.round(cents)) / 100 || 0;
}

/** SPEC display: en-US, dollar sign, two decimals. */
export function formatMoney(amount: number): string {
  return money.format(roundCents(amount));
}

/** Dollars without the cents ("$453,856"), where cents would only clutter: a chart's scale, a home's value. */
export function formatWholeDollars(amount: number): string {
  // Rounded, not cut: $453,855.99 is "$453,856".
  return formatMoney(Number.isFinite(amount) ? Math.round(amount) : 0).replace(/\.00$/, '');
}

/** The month of the first payment when a loan starts today: the first day of next month. */
export function firstPaymentMonth(today: Date): { year: number; month: number } {
  const month = today.getMonth() + 1;
  return month === 12 ? { year: today.getFullYear() + 1, month: 0 } : { year: today.getFullYear(), month };
}

/** "March 2037": the calendar month of payment `n` (1-based), `month` 0-based as in Date. */
export function paymentMonthLabel(first: { year: number; month: number }, n: number): string {
  const date = new Date(Date.UTC(first.year, first.month + n - 1, 1));
  return date.toLocaleDateString('en-US', { month: 'long', year: 'numeric', timeZone: 'UTC' });
}
