/**
 * The landing pages' worksheets as src/components/landing/Worksheet.astro draws them: the seller's
 * net sheet (net-sheet.ts), the buyer's cash to close (cash-to-close.ts) and what a buyer can afford
 * (affordability.ts), each turned into the rows of a sheet and its bottom line, from the figures of
 * its fields by name. The component's one page script imports this module and nothing another
 * script imports, so it stays in the page.
 */
import { affordability, loanYears, mortgageInsurancePercent } from './affordability.ts';
import { cashToClose, formatDue, formatLine, taxBillOutBy, type CashToCloseInputs } from './cash-to-close.ts';
import { formatCost, formatDollars, formatNet, netSheet, typedAmount, typedPercent } from './net-sheet.ts';

export interface SheetRow {
  label: string;
  text: string;
  /** A sum of the rows above it. */
  subtotal?: true;
}

export interface Sheet {
  rows: SheetRow[];
  /** The bottom line, the sheet's <output>. */
  total: { label: string; text: string };
  /** Where the sheet's figures lead next (the mortgage calculator, opened on them). */
  link?: { label: string; href: string };
}

/**
 * A worksheet's fields by name: amounts as numbers (NaN when blank or unreadable), boxes as ticked
 * or not, dates as YYYY-MM-DD ('' for a sheet without a closing day).
 */
export interface Figures {
  number: (name: string) => number;
  checked: (name: string) => boolean;
  closingDate: string;
}

/**
 * Amounts (none below zero) in whole dollars that add up to their total, rounded: each rounded
 * down, then the dollars left over go to the largest remainders. Rounded one by one, five parts of
 * a cost of $1,644.66 came to $1,646, above the budget shown as $1,645 that the cost fits.
 */
function wholeDollars(amounts: readonly number[]): number[] {
  const shown = amounts.map((amount) => Math.floor(amount));
  let left = Math.round(amounts.reduce((sum, amount) => sum + amount, 0)) - shown.reduce((sum, d) => sum + d, 0);
  const byRemainder = amounts.map((amount, i) => ({ i, rest: amount - shown[i]! })).sort((a, b) => b.rest - a.rest);
  for (const { i } of byRemainder) if (left-- > 0) shown[i]! += 1;
  return shown;
}

/**
 * Boxes ticked or not by the closing day, until the visitor ticks or unticks them: the cash to
 * close's "This year's bill has gone out". (Whether a seller has paid the bill, the day cannot tell.)
 */
export const closingDayChecks: Readonly<Record<string, (closingDate: string) => boolean>> = {
  taxBillOut: taxBillOutBy,
};

export const worksheets = {
  netSheet: ({ number, checked, closingDate }: Figures): Sheet => {
    const sheet = netSheet({
      price: number('price'),
      payoff: number('payoff'),
      listingFeePercent: number('listingFeePercent'),
      buyerAgentFeePercent: number('buyerAgentFeePercent'),
      annualPropertyTax: number('annualPropertyTax'),
      taxBillPaid: checked('taxBillPaid'),
      closingDate,
      concessions: number('concessions'),
      otherCosts: number('otherCosts'),
    });
    return {
      rows: [
        { label: 'Sale price', text: formatDollars(sheet.price) },
        ...sheet.costs.map((cost) => ({ label: cost.label, text: formatCost(cost.amount) })),
      ],
      total: { label: 'Estimated net to you', text: formatNet(sheet.net) },
    };
  },
  cashToClose: ({ number, checked, closingDate }: Figures): Sheet => {
    const sheet = cashToClose({
      price: number('price'),
      downPaymentPercent: number('downPaymentPercent'),
      interestRatePercent: number('interestRatePercent'),
      closingDate,
      dueDiligenceFee: number('dueDiligenceFee'),
      earnestMoney: number('earnestMoney'),
      lenderFees: number('lenderFees'),
      attorneyAndTitle: number('attorneyAndTitle'),
      hoaAtClosing: number('hoaAtClosing'),
      homeownersInsurance: number('homeownersInsurance'),
      escrowDeposit: number('escrowDeposit'),
      annualPropertyTax: number('annualPropertyTax'),
      taxBillOut: checked('taxBillOut'),
      sellerCredits: number('sellerCredits'),
    });
    const row = (line: { label: string; amount: number }) => ({ label: line.label, text: formatLine(line.amount) });
    return {
      rows: [
        ...sheet.lines.map(row),
        { label: 'Cash you need in all', text: formatLine(sheet.total), subtotal: true },
        ...sheet.paid.map(row),
      ],
      total: { label: 'Due at closing', text: formatDue(sheet.dueAtClosing) },
    };
  },
  affordability: ({ number }: Figures): Sheet => {
    const input = {
      annualIncome: number('annualIncome'),
      monthlyDebts: number('monthlyDebts'),
      downPayment: number('downPayment'),
      interestRatePercent: number('interestRatePercent'),
      propertyTaxRate: number('propertyTaxRate'),
      homeownersInsurance: number('homeownersInsurance'),
      hoaDues: number('hoaDues'),
    };
    const sheet = affordability(input);
    // Each part of the cost in whole dollars, and their sum, so that the lines add up as shown.
    const parts = {
      'Principal and interest': sheet.cost.principalAndInterest,
      'Property tax': sheet.cost.propertyTax,
      'Homeowners insurance': sheet.cost.insurance,
      'HOA dues': sheet.cost.hoa,
      'Mortgage insurance': sheet.cost.mortgageInsurance,
    };
    const dollars = wholeDollars(Object.values(parts));
    const costRows = Object.keys(parts).map((label, i) => ({ label, dollars: dollars[i]! }));
    const calculator = new URLSearchParams({
      price: String(sheet.price),
      down: String(sheet.price - sheet.loan),
      rate: String(typedPercent(input.interestRatePercent)),
      term: String(loanYears),
      tax: String(typedAmount(input.propertyTaxRate)),
      insurance: String(typedAmount(input.homeownersInsurance)),
      hoa: String(typedAmount(input.hoaDues)),
      pmi: String(mortgageInsurancePercent),
    });
    return {
      rows: [
        { label: 'Income, a month', text: formatDollars(Math.round(sheet.monthlyIncome)) },
        { label: '28% of it, for the home', text: formatDollars(Math.round(sheet.housingLimit)) },
        { label: '36%, for the home and your debts, less the debts', text: formatLine(Math.round(sheet.debtLimit)) },
        { label: 'Your budget for the home, a month', text: formatDollars(Math.round(sheet.budget)), subtotal: true },
        ...costRows.map(({ label, dollars }) => ({ label, text: formatLine(dollars) })),
        {
          label: "The home's cost, a month",
          text: formatDollars(costRows.reduce((sum, row) => sum + row.dollars, 0)),
          subtotal: true,
        },
        { label: `Loan, ${loanYears} years`, text: formatLine(sheet.loan) },
      ],
      total: {
        label: 'A price within your budget',
        text: sheet.price > 0 ? formatDollars(sheet.price) : 'None yet',
      },
      link: { label: 'See this price in the mortgage calculator', href: `/tools/mortgage-calculator?${calculator}` },
    };
  },
};

export type WorksheetKind = keyof typeof worksheets;

/** Each kind's anchor on its page; its fields' ids start with it (`cash-to-close-price`). */
export const worksheetAnchors = {
  netSheet: 'net-sheet',
  cashToClose: 'cash-to-close',
  affordability: 'affordability',
} as const satisfies Record<WorksheetKind, string>;

/** A field's id, and its key in an address that opens the sheet on other figures than the example's. */
export const fieldKey = (kind: WorksheetKind, name: string) => `${worksheetAnchors[kind]}-${name}`;

/**
 * Whether a figure an address gives a field is taken: a plain decimal number only; anything else is
 * left out and the field keeps its figure.
 */
export const isPlainFigure = (value: string) => /^\d{1,12}(\.\d{1,6})?$/.test(value);

/**
 * The buyer's page's cash to close, opening on a home's figures. The keys are the fields' ids, which
 * nothing else on a page reads (the mortgage calculator above it keeps its own `price`).
 */
export function cashToCloseHref(
  figures: Partial<Record<Exclude<keyof CashToCloseInputs, 'closingDate' | 'taxBillOut'>, number>>,
) {
  const query = new URLSearchParams(
    Object.entries(figures).map(([name, value]) => [fieldKey('cashToClose', name), String(value)]),
  );
  return `/first-time-buyer?${query}#${worksheetAnchors.cashToClose}`;
}
