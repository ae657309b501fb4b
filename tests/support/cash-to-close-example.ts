/** A buyer's figures for the cash-to-close tests (src/lib/cash-to-close.ts, src/lib/worksheets.ts). */
import type { CashToCloseInputs } from '../../src/lib/cash-to-close.ts';

export const cashToCloseExample: CashToCloseInputs = {
  price: 400_000,
  downPaymentPercent: 5,
  interestRatePercent: 7.3,
  closingDate: '2027-03-22',
  dueDiligenceFee: 2_000,
  earnestMoney: 4_000,
  lenderFees: 3_000,
  attorneyAndTitle: 2_000,
  hoaAtClosing: 0,
  homeownersInsurance: 1_500,
  escrowDeposit: 1_200,
  annualPropertyTax: 3_650,
  taxBillOut: false,
  sellerCredits: 2_500,
};
