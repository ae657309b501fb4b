/**
 * The mortgage calculator island: SPEC's inputs and result first, then (clearly apart) the full
 * monthly cost and the amortisation schedule. Its state lives in the URL query.
 */
import { useEffect, useId, useRef, useState } from 'react';
import {
  firstPaymentMonth,
  formatMoney,
  formatPercent,
  isLoanTerm,
  loanTerms,
  parseDecimal,
  rateNote,
  yearlySchedule,
  type LoanTerm,
} from '#src/lib/mortgage.ts';
import { isTownSlug, type TaxTable } from '#src/lib/property-tax.ts';
import {
  calculatorFigures,
  hasCalculatorQuery,
  initialInputs,
  inputsFromQuery,
  queryFromInputs,
  queryKeys,
  withTown,
  type CalculatorInputs,
  type CalculatorStart,
} from './calculator-state.ts';
import AmortizationChart from './AmortizationChart.tsx';
import AmortizationTable from './AmortizationTable.tsx';
import MonthlyCost from './MonthlyCost.tsx';
import NumberField from './NumberField.tsx';
import PaymentSummary from './PaymentSummary.tsx';
import PmiNote from './PmiNote.tsx';
import { withErrorBoundary } from '#src/components/ui/ErrorBoundary.tsx';
import { typedBeforeHydration } from '#src/lib/typed-before-hydration.ts';

export interface Props {
  city?: string | undefined;
  /** The property-tax table, made from content at build time (src/data/property-tax.ts). */
  taxTable: TaxTable;
  title: string;
  headingLevel: 2 | 3;
  /** Id of the calculator's root, also the fragment written to shared URLs so they open on it. */
  anchor: string;
  /** The page's own starting figures (a listing's price, 20% down and its HOA); SPEC's defaults otherwise. */
  start?: CalculatorStart | undefined;
}

/** Calculator fields edited before hydration, as inputs (their DOM ids end in their query key). */
function editedBeforeHydration(table: TaxTable, id: string): Partial<CalculatorInputs> {
  const elementIds = Object.fromEntries(Object.entries(queryKeys).map(([field, key]) => [field, `${id}-${key}`]));
  const { term, town, ...text } = typedBeforeHydration(elementIds) as Partial<Record<keyof CalculatorInputs, string>>;
  return {
    ...(text as Partial<CalculatorInputs>),
    ...(term !== undefined && isLoanTerm(Number(term)) ? { term: Number(term) as LoanTerm } : {}),
    ...(town !== undefined && isTownSlug(table, town) ? { town } : {}),
  };
}

/** Long enough that typing "350000" writes the URL once, short enough that a quick share has it. */
const urlWriteDelayMs = 400;

/**
 * How long the figures stay still before screen readers are told them: one short summary after
 * the visitor pauses, not a queue of every figure at every keystroke.
 */
export const announceDelayMs = 500;

function CalculatorIsland({ city, taxTable, title, headingLevel, anchor, start }: Props) {
  const id = useId();
  const [inputs, setInputs] = useState<CalculatorInputs>(() => initialInputs(taxTable, city, start));
  const [firstPayment, setFirstPayment] = useState<{ year: number; month: number } | null>(null);
  const edited = useRef(false);

  // The URL and today's date are read only after mount: the server HTML and the hydrating
  // render must both be the defaults, or React would discard the server markup.
  useEffect(() => {
    const { search } = window.location;
    // eslint-disable-next-line react-hooks/set-state-in-effect -- the URL and the date must be read after hydration, as the comment above says
    if (hasCalculatorQuery(search)) setInputs((base) => inputsFromQuery(taxTable, search, base));
    setFirstPayment(firstPaymentMonth(new Date()));
    // The island hydrates on the visitor's first interaction, so what they typed into the
    // server-rendered fields meanwhile is in the DOM, not in the state: take it over.
    const typed = editedBeforeHydration(taxTable, id);
    if (Object.keys(typed).length > 0) {
      edited.current = true;
      const { town, ...rest } = typed;
      // A town picked before hydration also brings its tax rate, as changeTown does.
      setInputs((current) => ({ ...(town ? withTown(taxTable, current, town) : current), ...rest }));
    }
  }, [id, taxTable]);

  useEffect(() => {
    if (!edited.current) return;
    const timer = window.setTimeout(() => {
      const url = new URL(window.location.href);
      url.search = queryFromInputs(taxTable, inputs, url.search);
      if (!url.hash) url.hash = anchor;
      window.history.replaceState(window.history.state, '', url);
    }, urlWriteDelayMs);
    return () => window.clearTimeout(timer);
  }, [inputs, anchor, taxTable]);

  const { price, down, rate, result, pmi, cost } = calculatorFigures(inputs, start?.taxBase?.value);
  // What the one live region (visually hidden) says once the figures settle: the visible figures are
  // not live, as every keystroke changed two regions and queued an announcement per figure. Worded
  // unlike the visible labels ("Total monthly cost"), so that a search for one finds it once.
  const summary = `Monthly payment ${formatMoney(result.payment)}, total cost ${formatMoney(cost.total)} a month`;
  const [announced, setAnnounced] = useState('');
  useEffect(() => {
    if (!edited.current) return;
    const timer = window.setTimeout(() => setAnnounced(summary), announceDelayMs);
    return () => window.clearTimeout(timer);
  }, [summary]);

  const update = (patch: Partial<CalculatorInputs>) => {
    edited.current = true;
    setInputs((current) => ({ ...current, ...patch }));
  };
  const changeTown = (town: string) => {
    edited.current = true;
    setInputs((current) => withTown(taxTable, current, town));
  };

  const schedule = yearlySchedule(result.loan, rate, inputs.term);
  // 19.97% is not rounded to "20%" while PMI is charged for being under it.
  const share = Number(((down / price) * 100).toFixed(1));
  const downShare =
    price > 0 ? `${pmi.required ? Math.min(share, 19.9) : share}% of the home price` : 'Enter a home price';

  const Heading = headingLevel === 2 ? 'h2' : 'h3';
  const Sub = headingLevel === 2 ? 'h3' : 'h4';
  return (
    <div id={anchor} className="rounded-lg border border-slate-200 bg-white p-4 shadow-sm sm:p-6">
      <Heading className="font-display text-2xl font-bold text-ink sm:text-3xl">{title}</Heading>
      {/* In the page, empty, from the first render, so that each summary set in it is read out. */}
      <p role="status" className="sr-only">
        {announced}
      </p>
      <div className="mt-5 grid gap-6 md:grid-cols-2 print:grid-cols-2">
        <div className="grid content-start gap-4">
          <NumberField
            id={`${id}-price`}
            label="Home Price"
            value={inputs.price}
            onChange={(v) => update({ price: v })}
            step={1000}
            prefix="$"
          />
          <NumberField
            id={`${id}-down`}
            label="Down Payment"
            value={inputs.down}
            onChange={(v) => update({ down: v })}
            step={1000}
            prefix="$"
            hint={downShare}
          />
          <NumberField
            id={`${id}-rate`}
            label="Interest Rate (%)"
            value={inputs.rate}
            onChange={(v) => update({ rate: v })}
            step={0.01}
            suffix="%"
            hint={rateNote(parseDecimal(inputs.rate))}
          />
          <div>
            <label htmlFor={`${id}-term`} className="block text-sm font-semibold text-ink">
              Loan Term
            </label>
            <select
              id={`${id}-term`}
              value={inputs.term}
              onChange={(e) => update({ term: Number(e.currentTarget.value) as LoanTerm })}
              className="mt-1 block h-11 w-full rounded-md border border-slate-500 bg-white px-3 text-base text-ink"
            >
              {loanTerms.map((t) => (
                <option key={t} value={t}>
                  {t} years
                </option>
              ))}
            </select>
          </div>
        </div>
        <PaymentSummary result={result} />
      </div>

      <section aria-labelledby={`${id}-cost`} className="mt-10 border-t-2 border-dashed border-slate-300 pt-8">
        <Sub id={`${id}-cost`} className="text-xl font-bold text-ink">
          Your full monthly cost
        </Sub>
        <p className="mt-1 mb-5 text-sm text-ink-soft">
          Beyond the estimate above: property tax, homeowners insurance, HOA dues and mortgage insurance (PMI), which
          most lenders collect with the payment.
        </p>
        <MonthlyCost
          taxTable={taxTable}
          idPrefix={id}
          inputs={inputs}
          onChange={update}
          onTownChange={changeTown}
          cost={cost}
          pmiRequired={pmi.required}
          taxBase={start?.taxBase}
        >
          <PmiNote pmi={pmi} firstPayment={firstPayment} totalWithoutPmi={cost.totalWithoutPmi} />
        </MonthlyCost>
      </section>

      <section aria-labelledby={`${id}-schedule`} className="mt-10 border-t border-slate-200 pt-8" data-schedule>
        <Sub id={`${id}-schedule`} className="text-xl font-bold text-ink">
          Amortization schedule
        </Sub>
        <div className="mt-5 grid gap-6 lg:grid-cols-2">
          <AmortizationChart schedule={schedule} loan={result.loan} />
          <AmortizationTable
            id={`${id}-table`}
            schedule={schedule}
            caption={`Yearly schedule: ${formatMoney(result.loan)} at ${formatPercent(rate)}% for ${inputs.term} years`}
          />
        </div>
      </section>
    </div>
  );
}

export default withErrorBoundary(CalculatorIsland);
