/**
 * The landing pages' worksheets as src/components/landing/Worksheet.astro draws them: the seller's
 * net sheet (net-sheet.ts) and the buyer's cash to close (cash-to-close.ts), each turned into the
 * rows of a sheet and its bottom line, from the figures of its fields by name. The component's one
 * page script imports this module and nothing another script imports, so it stays in the page.
 */
import { cashToClose, formatDue, formatLine } from './cash-to-close.ts';
import { formatCost, formatDollars, formatNet, netSheet } from './net-sheet.ts';

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
}

/** A worksheet's fields by name: amounts as numbers (NaN when blank or unreadable), dates as YYYY-MM-DD. */
export interface Figures {
  number: (name: string) => number;
  closingDate: string;
}

export const worksheets = {
  netSheet: ({ number, closingDate }: Figures): Sheet => {
    const sheet = netSheet({
      price: number('price'),
      payoff: number('payoff'),
      listingFeePercent: number('listingFeePercent'),
      buyerAgentFeePercent: number('buyerAgentFeePercent'),
      annualPropertyTax: number('annualPropertyTax'),
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
  cashToClose: ({ number, closingDate }: Figures): Sheet => {
    const sheet = cashToClose({
      price: number('price'),
      downPaymentPercent: number('downPaymentPercent'),
      interestRatePercent: number('interestRatePercent'),
      closingDate,
      dueDiligenceFee: number('dueDiligenceFee'),
      earnestMoney: number('earnestMoney'),
      lenderFees: number('lenderFees'),
      attorneyAndTitle: number('attorneyAndTitle'),
      homeownersInsurance: number('homeownersInsurance'),
      escrowDeposit: number('escrowDeposit'),
      annualPropertyTax: number('annualPropertyTax'),
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
};
export type WorksheetKind = keyof typeof worksheets;

/**
 * The figures an address gives a worksheet (`?price=485000&downPaymentPercent=20`, as a home's page
 * links to it): plain decimal numbers only; anything else is left out and its field keeps its figure.
 */
export function givenFigures(search: string): [name: string, value: string][] {
  return [...new URLSearchParams(search)].filter(([, value]) => /^\d{1,12}(\.\d{1,6})?$/.test(value));
}
