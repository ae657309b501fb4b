/** Beyond SPEC: the full monthly cost of owning: property tax by town, insurance, HOA dues and PMI. */
import type { ReactNode } from 'react';
import { formatMoney, formatWholeDollars, type MonthlyCost as Cost } from '#src/lib/mortgage.ts';
import { combinedTaxRate, getTaxCounty, getTownTax, townsByCounty, type TaxTable } from '#src/lib/property-tax.ts';
import { formatTaxRate, type CalculatorInputs, type CalculatorStart } from './calculator-state.ts';
import NumberField from './NumberField.tsx';

interface Props {
  taxTable: TaxTable;
  idPrefix: string;
  inputs: CalculatorInputs;
  onChange: (patch: Partial<CalculatorInputs>) => void;
  onTownChange: (town: string) => void;
  cost: Cost;
  pmiRequired: boolean;
  /** What a listing page's home is taxed on, where its bill tells it (CalculatorStart). */
  taxBase?: CalculatorStart['taxBase'];
  children: ReactNode;
}

function taxHint(table: TaxTable, town: string, rate: string, taxBase?: CalculatorStart['taxBase']): string {
  const tax = getTownTax(table, town);
  if (!tax) return '';
  const county = getTaxCounty(table, tax);
  const rateText = formatTaxRate(combinedTaxRate(table, tax));
  const edited = Number.parseFloat(rate) !== Number.parseFloat(rateText);
  const source = edited ? `Edited; the ${table.fiscalYear} rate is ${rateText}.` : `${table.fiscalYear} rates.`;
  const rates =
    tax.municipalRate === null
      ? `${county.name} ${county.rate} only: the ${tax.name} town rate is not included. ${source}`
      : tax.municipalRate === 0
        ? `${county.name} ${county.rate}; no town rate. ${source}`
        : `${county.name} ${county.rate} + ${tax.name} ${tax.municipalRate}. ${source}`;
  if (!taxBase) return rates;
  return taxBase.assessed
    ? `${rates} Applied to the home's assessed value, ${formatWholeDollars(taxBase.value)}, not its price.`
    : `${rates} The tax starts at the home's last bill, whatever its price.`;
}

export default function MonthlyCost({
  taxTable,
  idPrefix,
  inputs,
  onChange,
  onTownChange,
  cost,
  pmiRequired,
  taxBase,
  children,
}: Props) {
  const rows: [string, number | null][] = [
    ['Principal and interest', cost.principalAndInterest],
    ['Property tax', cost.propertyTax],
    ['Homeowners insurance', cost.insurance],
    ['HOA dues', cost.hoa],
    ['PMI', pmiRequired ? cost.pmi : null],
  ];
  return (
    <div className="grid gap-6 md:grid-cols-2 print:grid-cols-2">
      <div className="grid content-start gap-4">
        <div>
          <label htmlFor={`${idPrefix}-town`} className="block text-sm font-semibold text-ink">
            Town (for property tax)
          </label>
          <select
            id={`${idPrefix}-town`}
            value={inputs.town}
            onChange={(e) => onTownChange(e.currentTarget.value)}
            className="mt-1 block h-11 w-full rounded-md border border-slate-500 bg-white px-3 text-base text-ink"
          >
            {townsByCounty(taxTable).map((group) => (
              <optgroup key={group.county.name} label={group.county.name}>
                {group.towns.map((t) => (
                  <option key={t.slug} value={t.slug}>
                    {t.name}
                  </option>
                ))}
              </optgroup>
            ))}
          </select>
        </div>
        <NumberField
          id={`${idPrefix}-tax`}
          label="Property tax rate (per $100 of value)"
          value={inputs.taxRate}
          onChange={(taxRate) => onChange({ taxRate })}
          step={0.0001}
          hint={taxHint(taxTable, inputs.town, inputs.taxRate, taxBase)}
        />
        <NumberField
          id={`${idPrefix}-insurance`}
          label="Homeowners insurance (a year)"
          value={inputs.insurance}
          onChange={(insurance) => onChange({ insurance })}
          step={100}
          prefix="$"
        />
        <NumberField
          id={`${idPrefix}-hoa`}
          label="HOA dues (a month)"
          value={inputs.hoa}
          onChange={(hoa) => onChange({ hoa })}
          step={10}
          prefix="$"
        />
        <NumberField
          id={`${idPrefix}-pmi`}
          label="PMI rate (% of the loan a year)"
          value={inputs.pmiRate}
          onChange={(pmiRate) => onChange({ pmiRate })}
          step={0.01}
          suffix="%"
          hint={
            pmiRequired ? 'Applies: the down payment is under 20%.' : 'Not needed: the down payment is 20% or more.'
          }
        />
      </div>
      <div className="flex flex-col gap-4">
        <dl className="grid gap-2 rounded-lg border border-slate-300 p-4 text-sm sm:p-5 sm:text-base">
          {rows.map(([label, amount]) => (
            <div key={label} className="flex flex-wrap justify-between gap-x-4">
              <dt className="text-ink-soft">{label}</dt>
              <dd className="font-semibold wrap-anywhere tabular-nums">
                {amount === null ? 'None' : formatMoney(amount)}
              </dd>
            </div>
          ))}
          <div className="mt-2 flex flex-wrap justify-between gap-x-4 border-t border-slate-300 pt-3 text-base sm:text-lg">
            <dt className="font-semibold">Total monthly cost</dt>
            {/* Not a live region: the island reads the total out with the payment once they settle. */}
            <dd className="font-bold wrap-anywhere tabular-nums" data-testid="total-monthly-cost">
              {formatMoney(cost.total)}
            </dd>
          </div>
        </dl>
        {/* Beside the fields (md and up) the note keeps room for its longest form, which a shared link
            showing PMI brings in when the island hydrates, so nothing below it moves; on a phone that
            form is taller than any room kept, and the room would only be a blank band under the short one. */}
        <div className="md:min-h-44">{children}</div>
      </div>
    </div>
  );
}
