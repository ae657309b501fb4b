/**
 * A buyer's cash to close in North Carolina: the down payment, the loan's and the closing's costs,
 * the interest and insurance paid ahead, the lender's escrow deposit, less what the seller credits
 * (their share of the year's property tax, agreed credits) and less the due diligence fee and the
 * earnest money paid when the contract was signed, both of which the standard contract (form 2-T)
 * credits to the buyer at closing. An estimate for a first conversation, not a Loan Estimate.
 * Pure: src/components/landing/Worksheet.astro draws it, at build time and as the visitor types.
 */
import { calendarDay, formatDollars, propertyTaxShare, typedAmount, typedPercent } from './net-sheet.ts';

export interface CashToCloseInputs {
  price: number;
  downPaymentPercent: number;
  /** The loan's rate, % a year: the interest from the closing day to the month's end is paid ahead. */
  interestRatePercent: number;
  /** The closing day, YYYY-MM-DD. */
  closingDate: string;
  /** Paid to the seller at signing; credited to the buyer at closing. */
  dueDiligenceFee: number;
  /** Held in trust from signing; credited to the buyer at closing. */
  earnestMoney: number;
  /** Origination, underwriting, credit report, appraisal. */
  lenderFees: number;
  /** The closing attorney, title insurance, recording the deed and the deed of trust. */
  attorneyAndTitle: number;
  /** What a homeowners association asks of a buyer at closing: a working-capital contribution, dues ahead. */
  hoaAtClosing: number;
  /** A year's premium: the first is paid at closing. */
  homeownersInsurance: number;
  /** The months of property tax and insurance the lender's escrow account starts with. */
  escrowDeposit: number;
  /** The year's bill: the seller credits the buyer their share, January 1 to the closing day. */
  annualPropertyTax: number;
  /**
   * Whether the year's bill has gone out (NC's go out in late summer): the seller then pays it, before
   * or at closing, and the buyer pays back the days after closing.
   */
  taxBillOut: boolean;
  /** Closing costs the seller agrees to pay: lenders allow them up to the closing costs. */
  sellerCredits: number;
}

export interface CashToCloseLine {
  label: string;
  /** Whole dollars: what the line adds to the cash needed, below zero for a credit. */
  amount: number;
}

export interface CashToClose {
  loan: number;
  /** Down payment, costs and prepaid items less the seller's credits. */
  lines: CashToCloseLine[];
  /** What the buyer needs in all: the sum of `lines`. */
  total: number;
  /** The due diligence fee and the earnest money, already paid when the closing comes: negative. */
  paid: CashToCloseLine[];
  /** What is left to wire to the closing attorney; below zero, what comes back to the buyer. */
  dueAtClosing: number;
}

/** A credit to the buyer as a line's amount: whole dollars below zero (and 0, not -0, for none). */
const credit = (dollars: number) => 0 - Math.round(dollars);

/**
 * The days of interest paid at closing: from the closing day to the end of its month, both
 * counted (the first payment, a month later, pays interest in arrears). No valid date: 31, the most.
 */
export function prepaidInterestDays(closingDate: string): number {
  const instant = calendarDay(closingDate);
  if (instant === undefined) return 31;
  const day = new Date(instant);
  const daysInMonth = new Date(Date.UTC(day.getUTCFullYear(), day.getUTCMonth() + 1, 0)).getUTCDate();
  return daysInMonth - day.getUTCDate() + 1;
}

/**
 * The property tax line of a buyer's sheet. Before the year's bill goes out (NC's go out in late
 * summer), the buyer will pay it all, so the seller credits their share, January 1 to closing. Once
 * it is out, the seller has paid it or the closing attorney pays it from the seller's proceeds, and
 * the buyer pays back the days after closing.
 */
function propertyTaxLine(annualTax: number, closingDate: string, billOut: boolean): CashToCloseLine {
  // No valid day: no credit, or the whole bill paid back, the most cash the buyer may need (as the
  // interest's 31 days). The seller's sheet takes the whole year for its own worst case.
  const share = calendarDay(closingDate) === undefined ? 0 : propertyTaxShare(annualTax, closingDate);
  return billOut
    ? {
        label: 'Property tax paid back to the seller, after closing',
        amount: Math.round(typedAmount(annualTax) - share),
      }
    : { label: "Seller's property tax, Jan 1 to closing", amount: credit(share) };
}

/**
 * Whether the year's bill is out by a closing day, as far as the day alone tells: North Carolina's
 * property taxes are due September 1 (G.S. 105-360), so from then to December 31 it is. Before, a
 * summer closing depends on when the county mails its bills; the visitor says.
 */
export function taxBillOutBy(closingDate: string): boolean {
  const month = /^\d{4}-(\d{2})-\d{2}$/.exec(closingDate)?.[1];
  return month !== undefined && Number(month) >= 9;
}

/** The estimate, every figure in whole dollars (as shown), so that the lines add up to the dollar. */
export function cashToClose(input: CashToCloseInputs): CashToClose {
  const price = Math.round(typedAmount(input.price));
  const down = Math.round((price * typedPercent(input.downPaymentPercent)) / 100);
  const loan = price - down;
  // Interest a day on a 365-day year, as most lenders count it for the days before the first payment.
  const interest =
    (((loan * typedPercent(input.interestRatePercent)) / 100) * prepaidInterestDays(input.closingDate)) / 365;
  const costs: CashToCloseLine[] = [
    { label: 'Lender and appraisal fees', amount: typedAmount(input.lenderFees) },
    { label: 'Attorney, title insurance and recording', amount: typedAmount(input.attorneyAndTitle) },
    { label: 'HOA fees at closing', amount: typedAmount(input.hoaAtClosing) },
    { label: 'Interest to the end of the month', amount: interest },
    { label: 'Homeowners insurance, first year', amount: typedAmount(input.homeownersInsurance) },
    { label: 'Escrow account deposit', amount: typedAmount(input.escrowDeposit) },
  ].map((line) => ({ ...line, amount: Math.round(line.amount) }));
  const costTotal = costs.reduce((sum, line) => sum + line.amount, 0);
  const lines: CashToCloseLine[] = [
    { label: 'Down payment', amount: down },
    ...costs,
    propertyTaxLine(input.annualPropertyTax, input.closingDate, input.taxBillOut),
    { label: 'Credits from the seller', amount: credit(Math.min(typedAmount(input.sellerCredits), costTotal)) },
  ];
  const total = lines.reduce((sum, line) => sum + line.amount, 0);
  const paid: CashToCloseLine[] = [
    { label: 'Due diligence fee, paid at signing', amount: credit(typedAmount(input.dueDiligenceFee)) },
    { label: 'Earnest money, paid at signing', amount: credit(typedAmount(input.earnestMoney)) },
  ];
  return { loan, lines, total, paid, dueAtClosing: paid.reduce((left, line) => left + line.amount, total) };
}

/** A line as the sheet shows it: "$17,500", a credit "−$1,200", or "None". */
export const formatLine = (line: number) =>
  line > 0 ? formatDollars(line) : line < 0 ? `\u2212${formatDollars(-line)}` : 'None';

/** What is left to pay at closing; below zero it is what the buyer gets back. */
export const formatDue = (due: number) => (due >= 0 ? formatDollars(due) : `${formatDollars(-due)} back to you`);
