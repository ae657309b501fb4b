/**
 * A seller's net sheet: what a sale in North Carolina leaves the seller once the brokerage fees,
 * the state's excise tax, the mortgage payoff, their share of the year's property tax, credits to
 * the buyer and the other closing costs are paid. An estimate for a first conversation, not a
 * settlement statement. Pure: src/components/landing/Worksheet.astro draws it
 * (src/lib/worksheets.ts), at build time for its example and in the page as the visitor types.
 */

// Whole dollars, as listing prices are shown (listing/format.ts), written here so that the page
// script of the sheet shares no module with another script and stays inline.
const usd = new Intl.NumberFormat('en-US', { style: 'currency', currency: 'USD', maximumFractionDigits: 0 });
/** "$450,000". */
export const formatDollars = (dollars: number) => usd.format(dollars);

export interface NetSheetInputs {
  price: number;
  /** What the seller's mortgages (and any home-equity line) would take to pay off. */
  payoff: number;
  /** The listing brokerage's fee, % of the price. */
  listingFeePercent: number;
  /** What the seller offers the buyer's agent, % of the price (0 when the buyer pays them). */
  buyerAgentFeePercent: number;
  /** The year's property tax bill (county and town). */
  annualPropertyTax: number;
  /** Whether the seller has paid the year's bill already (the buyer then pays back the days after closing). */
  taxBillPaid: boolean;
  /** The closing day, YYYY-MM-DD. */
  closingDate: string;
  /** Repairs and closing costs the seller agrees to pay for the buyer. */
  concessions: number;
  /** Deed preparation, the closing attorney's seller fees, HOA transfer fees and the like. */
  otherCosts: number;
}

export interface NetSheetLine {
  label: string;
  /** What the line takes from the price, in whole dollars (0 when none; below 0, what it adds). */
  amount: number;
}

export interface NetSheet {
  price: number;
  costs: NetSheetLine[];
  /** The price less every cost: negative when the seller would bring money to closing. */
  net: number;
}

/**
 * An amount a visitor typed: not a number, or below zero, counts as 0, and above 1e20 dollars as
 * 1e20 (1e308 showed "$∞"). (Every worksheet's rule.)
 */
export const typedAmount = (value: number) =>
  Number.isFinite(value) && value > 0 ? Math.min(value, largestTypedAmount) : 0;
/** A percentage a visitor typed, between 0 and 100. */
export const typedPercent = (value: number) => Math.min(typedAmount(value), 100);
/** The calculator's `largestAmount` (mortgage.ts), written here so that this page script imports nothing; a test holds them equal. */
export const largestTypedAmount = 1e20;

/**
 * North Carolina's excise tax on a deed (the "revenue stamps" the seller pays): $1 on each $500 of
 * the price or part of $500 (N.C.G.S. 105-228.30).
 */
export function exciseTax(price: number): number {
  return Math.ceil(typedAmount(price) / 500);
}

/** A day written YYYY-MM-DD as its instant (UTC midnight), or undefined for one the calendar has not. */
export function calendarDay(date: string): number | undefined {
  const day = /^\d{4}-\d{2}-\d{2}$/.test(date) ? Date.parse(`${date}T00:00:00Z`) : Number.NaN;
  // A day that does not exist (February 30) is one that does not come back as itself.
  return Number.isNaN(day) || new Date(day).toISOString().slice(0, 10) !== date ? undefined : day;
}

/**
 * The seller's share of the year's property tax. NC bills the calendar year in the summer and the
 * standard contract (form 2-T) prorates it through the closing day: the seller bears January 1 to
 * the closing day, the buyer the rest. No valid date: the whole year, the most it can be.
 */
export function propertyTaxShare(annualTax: number, closingDate: string): number {
  const day = calendarDay(closingDate);
  if (day === undefined) return typedAmount(annualTax);
  const year = new Date(day).getUTCFullYear();
  const daysInYear = (Date.UTC(year + 1, 0, 1) - Date.UTC(year, 0, 1)) / 86_400_000;
  const daysOwned = (day - Date.UTC(year, 0, 1)) / 86_400_000 + 1;
  return (typedAmount(annualTax) * daysOwned) / daysInYear;
}

/**
 * The sheet, every figure in whole dollars (as it is shown), so the lines add up to the net to
 * the dollar (for prices up to about $9 quadrillion, 2^53 dollars, which a double holds exactly).
 */
export function netSheet(input: NetSheetInputs): NetSheet {
  const price = Math.round(typedAmount(input.price));
  const costs: NetSheetLine[] = [
    { label: 'Listing brokerage fee', amount: (price * typedPercent(input.listingFeePercent)) / 100 },
    { label: "Buyer's agent fee you offer", amount: (price * typedPercent(input.buyerAgentFeePercent)) / 100 },
    { label: 'NC excise tax (revenue stamps)', amount: exciseTax(price) },
    { label: 'Mortgage payoff', amount: typedAmount(input.payoff) },
    propertyTaxLine(input.annualPropertyTax, input.closingDate, input.taxBillPaid),
    { label: 'Credits to the buyer', amount: typedAmount(input.concessions) },
    { label: 'Other closing costs', amount: typedAmount(input.otherCosts) },
  ].map((cost) => ({ ...cost, amount: Math.round(cost.amount) }));
  return { price, costs, net: costs.reduce((left, cost) => left - cost.amount, price) };
}

/**
 * The property tax line of a seller's sheet. A bill not yet paid (NC's go out in the summer and are
 * due by January 5) is paid at or after closing: the seller's share, January 1 to closing, is a
 * cost. One the seller has paid already comes partly back: the buyer pays the days after closing.
 */
function propertyTaxLine(annualTax: number, closingDate: string, paid: boolean): NetSheetLine {
  const share = propertyTaxShare(annualTax, closingDate);
  return paid
    ? { label: 'Property tax paid back to you, after closing', amount: share - typedAmount(annualTax) }
    : { label: 'Property tax, Jan 1 to closing', amount: share };
}

/** A day `days` after `from`, as YYYY-MM-DD (the example's closing day). */
export function daysAfter(from: Date, days: number): string {
  return new Date(from.getTime() + days * 86_400_000).toISOString().slice(0, 10);
}

/** A cost as the sheet shows it: "−$13,500", money back "+$750", or "None". */
export const formatCost = (cost: number) =>
  cost > 0 ? `\u2212${formatDollars(cost)}` : cost < 0 ? `+${formatDollars(-cost)}` : 'None';

/** The net as the sheet shows it; below zero it is what the seller would bring to closing. */
export const formatNet = (net: number) =>
  net >= 0 ? formatDollars(net) : `${formatDollars(-net)} to bring to closing`;
