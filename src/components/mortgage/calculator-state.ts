/**
 * The calculator's inputs as the user typed them, their defaults for a page, and their form
 * in the URL query (so a result can be shared, bookmarked and restored). No React here.
 */
import { combinedTaxRate, getTownTax, isTownSlug, type TaxTable } from '#src/lib/property-tax.ts';
import {
  annualPropertyTax,
  calculateMortgage,
  costDefaults,
  estimatePmi,
  highestRatePercent,
  isLoanTerm,
  monthlyCost,
  parseDecimal,
  specDefaults,
  withinLargestAmount,
  type LoanTerm,
} from '#src/lib/mortgage.ts';

/** Text fields stay strings so a half-typed value ("6.", "") is never rewritten under the cursor. */
export interface CalculatorInputs {
  price: string;
  down: string;
  rate: string;
  term: LoanTerm;
  /** A town slug of the tax table. */
  town: string;
  /** Combined property-tax rate per $100, editable. */
  taxRate: string;
  /** Homeowners insurance, a year. */
  insurance: string;
  /** HOA dues, a month. */
  hoa: string;
  /** PMI, % of the loan a year. */
  pmiRate: string;
}

type TextField = Exclude<keyof CalculatorInputs, 'term' | 'town'>;

/**
 * Query parameter of each input. Short, readable names: the URL is meant to be shared. The
 * island also uses them as the DOM id suffix of each field.
 */
export const queryKeys = {
  price: 'price',
  down: 'down',
  rate: 'rate',
  term: 'term',
  town: 'town',
  taxRate: 'tax',
  insurance: 'insurance',
  hoa: 'hoa',
  pmiRate: 'pmi',
} as const satisfies Record<keyof CalculatorInputs, string>;

const textFields: readonly TextField[] = ['price', 'down', 'rate', 'taxRate', 'insurance', 'hoa', 'pmiRate'];

/** A rate per $100 as people write it: at most four decimals, no float noise (0.8721, not 0.8721000000000001). */
export function formatTaxRate(rate: number): string {
  return String(Number(rate.toFixed(4)));
}

export function defaultTaxRate(table: TaxTable, town: string): string {
  const tax = getTownTax(table, town);
  return tax ? formatTaxRate(combinedTaxRate(table, tax)) : '0';
}

/** The town for a page's city slug; the default town when the page has none or it is not in the table. */
export function townForCity(table: TaxTable, city: string | undefined): string {
  return isTownSlug(table, city) ? city : table.defaultTown;
}

/** A page's own starting figures: a listing page starts at its home's price, down payment and HOA dues. */
export interface CalculatorStart {
  price: number;
  down: number;
  /** HOA dues a month. */
  hoa: number;
  /**
   * What the home's tax is figured on, where its last bill tells it (src/lib/listing/format.ts): the
   * bill at the starting rate, so its tax starts at the bill and stays there whatever price is
   * tried (a sale does not change it). `assessed` when that is the county's value, the home's
   * town rate being known.
   */
  taxBase?: { value: number; assessed: boolean } | undefined;
}

/**
 * What the server renders and the island starts from: SPEC defaults (or the page's home), the
 * page's town, cost defaults.
 */
export function initialInputs(table: TaxTable, city?: string, start?: CalculatorStart): CalculatorInputs {
  const town = townForCity(table, city);
  return {
    price: String(start?.price ?? specDefaults.price),
    down: String(start?.down ?? specDefaults.down),
    rate: String(specDefaults.rate),
    term: specDefaults.term,
    town,
    taxRate: defaultTaxRate(table, town),
    insurance: String(costDefaults.insurance),
    hoa: String(start?.hoa ?? costDefaults.hoa),
    pmiRate: String(costDefaults.pmiRate),
  };
}

/**
 * A cost's field (tax rate, insurance, dues, PMI rate) read by SPEC's parse rule, and 0 below zero,
 * as the interest rate and the loan are: a cost is never a credit ("-5" showed a negative total).
 */
const costFigure = (typed: string) => withinLargestAmount(Math.max(0, parseDecimal(typed)));

/**
 * What the calculator shows for its inputs: the loan and payment (SPEC's result), the mortgage
 * insurance and the whole monthly cost. A listing page quotes the same cost beside the price.
 * The property tax is the rate's on `taxBase` when the page knows it (CalculatorStart), else on the price.
 */
export function calculatorFigures(inputs: CalculatorInputs, taxBase?: number) {
  const price = withinLargestAmount(parseDecimal(inputs.price));
  // Below zero the down payment is 0, as a cost is: "-60000" borrowed $360,000 on a $300,000 home
  // (the loan above the price, PMI on it, the hint "-20% of the home price"); the field's min is 0.
  const down = withinLargestAmount(Math.max(0, parseDecimal(inputs.down)));
  // Below zero the rate is 0, as the payment takes it, and above 100 % it is 100: the rate's hint and the schedule's caption say so.
  const rate = Math.min(Math.max(0, parseDecimal(inputs.rate)), highestRatePercent);
  const result = calculateMortgage({ price, down, rate, term: inputs.term });
  const pmi = estimatePmi({
    price,
    loan: result.loan,
    rate,
    term: inputs.term,
    pmiRatePercent: costFigure(inputs.pmiRate),
  });
  const cost = monthlyCost({
    payment: result.payment,
    annualTax: annualPropertyTax(Math.max(0, taxBase ?? price), costFigure(inputs.taxRate)),
    annualInsurance: costFigure(inputs.insurance),
    monthlyHoa: costFigure(inputs.hoa),
    monthlyPmi: pmi.monthly,
  });
  return { price, down, rate, result, pmi, cost };
}

/** Sets a town and its default tax rate together (changing town resets an edited rate). */
export function withTown(table: TaxTable, inputs: CalculatorInputs, town: string): CalculatorInputs {
  return { ...inputs, town, taxRate: defaultTaxRate(table, town) };
}

/**
 * Restores inputs from a query string over `base`. Values go through the SPEC parse rule
 * (so ?price=abc reads as 0); an unknown term or town is ignored; a missing tax rate
 * follows the town.
 */
export function inputsFromQuery(table: TaxTable, search: string, base: CalculatorInputs): CalculatorInputs {
  const params = new URLSearchParams(search);
  let inputs = { ...base };
  const town = params.get(queryKeys.town) ?? undefined;
  if (isTownSlug(table, town)) inputs = withTown(table, inputs, town);
  const term = Number(params.get(queryKeys.term));
  if (isLoanTerm(term)) inputs.term = term;
  for (const field of textFields) {
    const raw = params.get(queryKeys[field]);
    if (raw !== null) inputs[field] = String(parseDecimal(raw));
  }
  return inputs;
}

/** True when the query holds any of the calculator's parameters. */
export function hasCalculatorQuery(search: string): boolean {
  const params = new URLSearchParams(search);
  return Object.values(queryKeys).some((key) => params.has(key));
}

/**
 * Writes the inputs into `search`, keeping any other parameter (campaign tags...). The tax
 * rate is written only when edited, so a bookmark follows next year's table otherwise.
 */
export function queryFromInputs(table: TaxTable, inputs: CalculatorInputs, search = ''): string {
  const params = new URLSearchParams(search);
  for (const field of Object.keys(queryKeys) as (keyof CalculatorInputs)[]) {
    const value = field === 'term' || field === 'town' ? String(inputs[field]) : String(parseDecimal(inputs[field]));
    params.set(queryKeys[field], value);
  }
  if (parseDecimal(inputs.taxRate) === parseDecimal(defaultTaxRate(table, inputs.town)))
    params.delete(queryKeys.taxRate);
  const query = params.toString();
  return query ? `?${query}` : '';
}
