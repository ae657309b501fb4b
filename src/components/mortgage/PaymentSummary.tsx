/**
 * The SPEC result: monthly payment, loan amount and total interest, and the disclaimer. Not a live
 * region: the island reads out a short summary once the figures settle (CalculatorIsland).
 */
import { formatMoney, type MortgageResult } from '#src/lib/mortgage.ts';

/** SPEC §7 disclaimer, word for word. */
export const disclaimer = 'Estimates only. Actual payments may vary based on taxes, insurance, PMI and other factors.';

interface Props {
  result: MortgageResult;
}

export default function PaymentSummary({ result }: Props) {
  return (
    <div className="flex flex-col rounded-lg bg-sand p-5">
      <div>
        <p className="text-sm font-semibold tracking-wide text-ink-soft uppercase">Monthly Payment</p>
        <p
          className="mt-1 font-display text-4xl font-bold wrap-anywhere text-ink tabular-nums"
          data-testid="monthly-payment"
        >
          {formatMoney(result.payment)}
        </p>
        <p className="text-sm text-ink-soft">Principal and interest</p>
        <dl className="mt-5 grid gap-3 border-t border-slate-300 pt-4">
          <div className="flex flex-wrap justify-between gap-x-4">
            <dt className="text-ink-soft">Loan Amount</dt>
            <dd className="font-semibold wrap-anywhere tabular-nums" data-testid="loan-amount">
              {formatMoney(result.loan)}
            </dd>
          </div>
          <div className="flex flex-wrap justify-between gap-x-4">
            <dt className="text-ink-soft">Total Interest</dt>
            <dd className="font-semibold wrap-anywhere tabular-nums" data-testid="total-interest">
              {formatMoney(result.totalInterest)}
            </dd>
          </div>
        </dl>
      </div>
      <p className="mt-auto pt-5 text-sm text-ink-soft">{disclaimer}</p>
    </div>
  );
}
