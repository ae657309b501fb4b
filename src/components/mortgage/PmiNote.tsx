/** When PMI ends (78% of the original value, or the loan's midpoint) and when it may be cancelled on request (80%). */
import { formatMoney, paymentMonthLabel, type PmiEstimate } from '#src/lib/mortgage.ts';

interface Props {
  pmi: PmiEstimate;
  /** Known only in the browser (today's date); the server renders the payment numbers alone. */
  firstPayment: { year: number; month: number } | null;
  totalWithoutPmi: number;
}

export default function PmiNote({ pmi, firstPayment, totalWithoutPmi }: Props) {
  const when = (n: number) => (firstPayment ? ` (${paymentMonthLabel(firstPayment, n)})` : '');
  if (!pmi.required) {
    return (
      <p className="text-sm text-ink-soft" data-testid="pmi-note">
        No PMI: with 20% or more down, a conventional loan does not need private mortgage insurance.
      </p>
    );
  }
  return (
    <div className="space-y-2 text-sm text-ink-soft" data-testid="pmi-note">
      {pmi.endMonth !== null && (
        <p>
          With under 20% down, PMI is added until your scheduled balance reaches 78% of the home&apos;s original value,
          or the loan&apos;s midpoint if that comes first: it ends automatically with payment{' '}
          <strong className="text-ink">{pmi.endMonth}</strong>
          {when(pmi.endMonth)}, after {formatMoney(pmi.total)} in all. From then on the monthly cost is{' '}
          {formatMoney(totalWithoutPmi)}.
        </p>
      )}
      {pmi.cancelRequestMonth !== null && (
        <p>
          You may ask your lender to cancel PMI earlier, once the balance reaches 80% of the original value: payment{' '}
          {pmi.cancelRequestMonth}
          {when(pmi.cancelRequestMonth)} on this schedule, or sooner with extra payments.
        </p>
      )}
      {firstPayment && <p>Dates assume the first payment is due {paymentMonthLabel(firstPayment, 1)}.</p>}
    </div>
  );
}
