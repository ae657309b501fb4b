/** Mortgage maths (SPEC §5 and §7 mortgage calculator), the tax table and the URL state. */
import { describe, expect, it } from 'vitest';
import {
  annualPropertyTax,
  calculateMortgage,
  estimatePmi,
  firstPaymentMonth,
  formatMoney,
  formatWholeDollars,
  largestAmount,
  loanTerms,
  monthlyBalances,
  monthlyCost,
  monthlyPayment,
  parseDecimal,
  paymentMonthLabel,
  rateNote,
  roundCents,
  specDefaults,
  yearlySchedule,
} from '#src/lib/mortgage.ts';
import { buildTaxTable, combinedTaxRate, getTownTax, rateBasis, type TaxTable } from '#src/lib/property-tax.ts';
import { site } from '#src/site.config.ts';
import { readTowns } from '../../scripts/make-geojson.ts';
import {
  calculatorFigures,
  hasCalculatorQuery,
  initialInputs,
  inputsFromQuery,
  queryFromInputs,
  townForCity,
  withTown,
} from '#src/components/mortgage/calculator-state.ts';

/** The table as the build makes it from content/ (src/data/property-tax.ts), here read with the same schemas. */
const content = readTowns();
const table: TaxTable = buildTaxTable({
  ...site.propertyTax,
  counties: content.counties,
  towns: content.towns.map((t) => ({ id: t.id, name: t.name, county: t.county, ...t.propertyTax })),
  defaultTown: 'raleigh',
});

const pay = (loan: number, rate: number, years: number) => formatMoney(monthlyPayment(loan, rate, years));

describe('SPEC monthly payment', () => {
  it('matches the reference values', () => {
    expect(pay(240000, 6.5, 30)).toBe('$1,516.96');
    expect(pay(200000, 6.5, 30)).toBe('$1,264.14');
    expect(pay(100000, 7, 30)).toBe('$665.30');
  });

  it('uses the defaults 300000 / 60000 / 6.5% / 30 years, giving the 240,000 reference', () => {
    expect(specDefaults).toEqual({ price: 300000, down: 60000, rate: 6.5, term: 30 });
    const r = calculateMortgage(specDefaults);
    expect(r.loan).toBe(240000);
    expect(r.months).toBe(360);
    expect(formatMoney(r.payment)).toBe('$1,516.96');
  });

  it('is loan / months when the rate is 0', () => {
    expect(monthlyPayment(240000, 0, 30)).toBe(240000 / 360);
    expect(pay(240000, 0, 30)).toBe('$666.67');
    expect(pay(180000, 0, 15)).toBe('$1,000.00');
  });

  it('reads a rate below zero as 0: no negative interest, a schedule that still ends at zero', () => {
    const r = calculateMortgage({ price: 300000, down: 60000, rate: -3, term: 30 });
    expect(r.payment).toBe(240000 / 360);
    expect(formatMoney(r.totalInterest)).toBe('$0.00');
    expect(yearlySchedule(240000, -3, 30)).toEqual(yearlySchedule(240000, 0, 30));
  });

  it('offers exactly the terms 15, 20, 25 and 30 years', () => {
    expect(loanTerms).toEqual([15, 20, 25, 30]);
  });

  it('gives total interest = payment x months - loan, unrounded', () => {
    const r = calculateMortgage({ price: 300000, down: 60000, rate: 6.5, term: 30 });
    expect(r.totalInterest).toBe(r.payment * 360 - 240000);
    expect(formatMoney(r.totalInterest)).toBe('$306,106.77');
    expect(calculateMortgage({ price: 240000, down: 0, rate: 0, term: 30 }).totalInterest).toBeCloseTo(0, 9);
  });

  it('loan amount is price minus down payment', () => {
    expect(calculateMortgage({ price: 450000, down: 90000, rate: 6.5, term: 30 }).loan).toBe(360000);
  });

  it('a loan below zero is zero: a cleared price or a down payment above it borrows nothing', () => {
    for (const input of [
      { price: 0, down: 60000, rate: 6.5, term: 30 },
      { price: 300000, down: 350000, rate: 6.5, term: 30 },
      { price: 0, down: 60000, rate: 0, term: 15 },
    ]) {
      const r = calculateMortgage(input);
      expect(r.loan).toBe(0);
      expect(formatMoney(r.payment)).toBe('$0.00');
      expect(formatMoney(r.totalInterest)).toBe('$0.00');
    }
    // Exactly zero and every positive loan keep SPEC's formula.
    expect(calculateMortgage({ price: 60000, down: 60000, rate: 6.5, term: 30 }).loan).toBe(0);
    expect(formatMoney(calculateMortgage({ price: 60001, down: 60000, rate: 6.5, term: 30 }).payment)).toBe('$0.01');
  });
});

describe('whole dollars', () => {
  it('rounds the cents away rather than cutting them', () => {
    expect(formatWholeDollars(453855.99)).toBe('$453,856');
    expect(formatWholeDollars(453855.49)).toBe('$453,855');
    expect(formatWholeDollars(240000)).toBe('$240,000');
    expect(formatWholeDollars(Number.NaN)).toBe('$0');
  });
});

describe('SPEC parse rule', () => {
  it('reads empty and non-numeric values as 0', () => {
    expect(parseDecimal('')).toBe(0);
    expect(parseDecimal('abc')).toBe(0);
    expect(parseDecimal('   ')).toBe(0);
    expect(parseDecimal('Infinity')).toBe(0);
  });

  it('reads decimals the way parseFloat does', () => {
    expect(parseDecimal('6.25')).toBe(6.25);
    expect(parseDecimal('1e3')).toBe(1000);
    expect(parseDecimal('12abc')).toBe(12);
    expect(parseDecimal('.5')).toBe(0.5);
  });

  it('keeps a negative number as typed', () => {
    expect(parseDecimal('-5')).toBe(-5);
    expect(parseDecimal('-0.25')).toBe(-0.25);
  });

  it('reads a number too large for a double as the largest one, its sign kept; the word Infinity stays 0', () => {
    // 1e309 overflowed to Infinity, which was read as 0 while 1e308 was read as itself.
    expect(parseDecimal('1e309')).toBe(Number.MAX_VALUE);
    expect(parseDecimal('9'.repeat(400))).toBe(Number.MAX_VALUE);
    expect(parseDecimal('-1e309')).toBe(-Number.MAX_VALUE);
    expect(parseDecimal(' +1e309x')).toBe(Number.MAX_VALUE);
    for (const word of ['Infinity', '-Infinity', ' +Infinity', 'Infinity5']) expect(parseDecimal(word)).toBe(0);
  });
});

describe('display', () => {
  it('rounds to the cent as the exact figure would, not as floating point leaves it', () => {
    // $420,000 at 0.8731 per $100 is $305.585 a month: 305.58499999999998 in floating point.
    expect(roundCents((420_000 * 0.8731) / 100 / 12)).toBe(305.59);
    expect(formatMoney((420_000 * 0.8731) / 100 / 12)).toBe('$305.59');
    expect(roundCents(-0.005)).toBe(-0.01);
    expect(Object.is(roundCents(-0.004), 0)).toBe(true);
    // Every monthly tax of a whole-thousand price at every rate of the table, against exact
    // arithmetic in integers (cents = price x rate in ten-thousandths / 120,000, half up).
    const wrong: string[] = [];
    for (const rate of [0.5171, 0.8731, 0.872, 0.505, 1.2345, 0.9999]) {
      const tenThousandths = BigInt(Math.round(rate * 10_000));
      for (let price = 100_000; price <= 1_500_000; price += 1000) {
        const exact = (2n * BigInt(price) * tenThousandths + 120_000n) / 240_000n;
        const cents = Math.round(roundCents(annualPropertyTax(price, rate) / 12) * 100);
        if (BigInt(cents) !== exact) wrong.push(`${price} at ${rate}: ${cents} cents, not ${exact}`);
      }
    }
    expect(wrong).toEqual([]);
  });

  it('formats en-US dollars with two decimals', () => {
    expect(formatMoney(1234567.891)).toBe('$1,234,567.89');
    expect(formatMoney(0)).toBe('$0.00');
    expect(formatMoney(-1e-9)).toBe('$0.00');
    expect(formatMoney(Number.NaN)).toBe('$0.00');
  });
});

describe('the note under the rate', () => {
  it('is none for any rate a home loan has had', () => {
    for (const rate of [0, 0.0000001, 6.5, 18.6, 20]) expect(rateNote(rate)).toBeUndefined();
  });

  it('says what a rate no home loan has is worked out at, and that a decimal takes a point', () => {
    // 6,5 typed in a number field is read as 65.
    expect(rateNote(65)).toBe('Worked out at 65%. A decimal takes a point: 6.5, not 6,5');
    expect(rateNote(20.125)).toBe('Worked out at 20.125%. A decimal takes a point: 6.5, not 6,5');
    expect(rateNote(725)).toBe('Worked out at 100%, the highest rate taken. A decimal takes a point: 6.5, not 6,5');
  });
});

describe('amortisation schedule', () => {
  for (const term of loanTerms) {
    it(`ends at a zero balance within a cent for ${term} years`, () => {
      const rows = yearlySchedule(240000, 6.5, term);
      expect(rows).toHaveLength(term);
      expect(Math.abs(rows.at(-1)!.balance)).toBeLessThan(0.01);
      const principal = rows.reduce((s, y) => s + y.principal, 0);
      const interest = rows.reduce((s, y) => s + y.interest, 0);
      expect(formatMoney(principal)).toBe('$240,000.00');
      expect(formatMoney(interest)).toBe(
        formatMoney(calculateMortgage({ price: 240000, down: 0, rate: 6.5, term }).totalInterest),
      );
    });
  }

  it('pays down a zero-rate loan evenly', () => {
    const rows = yearlySchedule(120000, 0, 30);
    expect(rows[0]!.interest).toBe(0);
    expect(rows[0]!.principal).toBeCloseTo(4000, 9);
    expect(rows[0]!.balance).toBeCloseTo(116000, 9);
    expect(Math.abs(rows.at(-1)!.balance)).toBeLessThan(0.01);
  });

  /** An amount as the page shows it, in whole cents: what a visitor adding up the rows adds. */
  const shownCents = (amount: number) => Math.round(Number(formatMoney(amount).replace(/[$,]/g, '')) * 100);

  it('has rows that add up, as shown, to the loan and the total interest shown, for any loan', () => {
    for (let i = 0; i < 400; i++) {
      const loan = 50_000 + i * 2_345.67;
      const rate = 2 + (i % 37) * 0.173;
      const term = loanTerms[i % loanTerms.length]!;
      const rows = yearlySchedule(loan, rate, term);
      const { totalInterest } = calculateMortgage({ price: loan, down: 0, rate, term });
      const sum = (pick: (y: (typeof rows)[number]) => number) => rows.reduce((s, y) => s + shownCents(pick(y)), 0);
      expect(
        sum((y) => y.principal),
        `principal of ${loan} at ${rate}% over ${term} years`,
      ).toBe(shownCents(loan));
      expect(
        sum((y) => y.interest),
        `interest of ${loan} at ${rate}% over ${term} years`,
      ).toBe(shownCents(totalInterest));
      // Each balance is the loan less the principal shown so far.
      let paid = 0;
      for (const y of rows) {
        paid += shownCents(y.principal);
        expect(shownCents(y.balance)).toBe(shownCents(loan) - paid);
      }
    }
  });

  it('pays the whole loan by the last year at any rate, with the totals the summary shows', () => {
    // Adding up each month's principal lost it to rounding from about 80 %: at 150 % no principal was paid.
    for (const rate of [80, 99.99, 100]) {
      for (const term of loanTerms) {
        const rows = yearlySchedule(300_000, rate, term);
        const { totalInterest } = calculateMortgage({ price: 300_000, down: 0, rate, term });
        expect(rows.at(-1)!.balance, `${rate}% over ${term} years`).toBe(0);
        expect(formatMoney(rows.reduce((s, y) => s + y.principal, 0))).toBe('$300,000.00');
        expect(formatMoney(rows.reduce((s, y) => s + y.interest, 0))).toBe(formatMoney(totalInterest));
        // A balance never grows: every year's payments cover its interest.
        for (const y of rows) expect(y.principal).toBeGreaterThanOrEqual(0);
      }
    }
  });

  it('pins the first year of the reference loan', () => {
    const [first] = yearlySchedule(240000, 6.5, 30);
    // Closed form after 12 payments: B = P(1+r)^12 - pmt((1+r)^12 - 1)/r.
    expect(formatMoney(first!.interest)).toBe('$15,521.02');
    expect(formatMoney(first!.principal)).toBe('$2,682.54');
    expect(formatMoney(first!.balance)).toBe('$237,317.46');
  });

  it('has one balance per month', () => {
    expect(monthlyBalances(240000, 6.5, 30)).toHaveLength(360);
  });
});

describe('figures typed beyond any home', () => {
  const typed = (price: string, down: string, rate: string) =>
    calculatorFigures({ ...initialInputs(table), price, down, rate, term: 30 });

  it('reads an amount above 1e20 dollars as 1e20 and a rate above 100 % as 100 %, so every total is a number', () => {
    // 1e308 overflowed: the total interest was Infinity and showed as $0.00.
    const huge = typed('1e308', '0', '7');
    expect(huge.price).toBe(largestAmount);
    expect(huge.result.loan).toBe(largestAmount);
    expect(formatMoney(huge.result.totalInterest)).not.toBe('$0.00');
    expect(huge.result.totalInterest).toBeCloseTo(
      calculateMortgage({ price: largestAmount, down: 0, rate: 7, term: 30 }).totalInterest,
      0,
    );
    const steep = typed('300000', '60000', '1e308');
    expect(steep.rate).toBe(100);
    expect(Number.isFinite(steep.result.payment)).toBe(true);
    expect(steep.result.payment).toBe(calculateMortgage({ price: 300000, down: 60000, rate: 100, term: 30 }).payment);
    // A down payment below zero is none: the loan is the price, never more.
    const credit = typed('300000', '-1e308', '7');
    expect(credit.result.loan).toBe(300000);
    for (const f of [huge, steep, credit]) {
      for (const amount of [f.result.payment, f.result.totalInterest, f.cost.total])
        expect(Number.isFinite(amount)).toBe(true);
    }
  });

  it('caps a figure past the largest double (1e309) as it caps 1e308, never reading it as 0', () => {
    // Read as 0, a rate of 1e309 was worked at 0 % and a price of 1e309 asked for a home price.
    const costs = { insurance: '1e309', hoa: '1e309', pmiRate: '1e309', taxRate: '1e309' };
    const over = calculatorFigures({ ...initialInputs(table), price: '1e309', down: '1e309', rate: '1e309', ...costs });
    const at = calculatorFigures({
      ...initialInputs(table),
      ...Object.fromEntries(Object.keys(costs).map((k) => [k, '1e308'])),
      price: '1e308',
      down: '1e308',
      rate: '1e308',
    });
    expect(over).toEqual(at);
    expect(over.price).toBe(largestAmount);
    const steep = typed('300000', '60000', '1e309');
    expect(steep.rate).toBe(100);
    expect(steep.result.payment).toBe(typed('300000', '60000', '1e308').result.payment);
    // From a shared link too, and written back as the same figure.
    const linked = inputsFromQuery(table, '?price=1e309&down=0', initialInputs(table));
    expect(calculatorFigures(linked).price).toBe(largestAmount);
    expect(inputsFromQuery(table, queryFromInputs(table, linked), initialInputs(table))).toEqual(linked);
  });
});

describe('PMI', () => {
  it('ends at payment 135 for a 240,000 loan at 6.5%/30 with 5% down', () => {
    const price = 240000 / 0.95;
    const pmi = estimatePmi({ price, loan: 240000, rate: 6.5, term: 30, pmiRatePercent: 0.75 });
    expect(pmi.required).toBe(true);
    expect(pmi.endMonth).toBe(135);
    expect(pmi.monthly).toBe(150);
    expect(pmi.total).toBe(150 * 134);
  });

  it('ends at payment 135 too when the price is 240,000 with 5% down', () => {
    const pmi = estimatePmi({ price: 240000, loan: 228000, rate: 6.5, term: 30, pmiRatePercent: 0.75 });
    expect(pmi.endMonth).toBe(135);
  });

  it('ends at payment 109 for a 300,000 price with 10% down at 6.5%/30', () => {
    const pmi = estimatePmi({ price: 300000, loan: 270000, rate: 6.5, term: 30, pmiRatePercent: 0.5 });
    expect(pmi.endMonth).toBe(109);
    expect(pmi.cancelRequestMonth).toBeLessThan(109);
    const balances = monthlyBalances(270000, 6.5, 30);
    expect(balances[107]).toBeGreaterThan(234000);
    expect(balances[108]).toBeLessThanOrEqual(234000);
  });

  it('may be cancelled on request at 80%, earlier than the automatic end', () => {
    const pmi = estimatePmi({ price: 300000, loan: 270000, rate: 6.5, term: 30, pmiRatePercent: 0.5 });
    const balances = monthlyBalances(270000, 6.5, 30);
    const m = pmi.cancelRequestMonth!;
    expect(balances[m - 1]).toBeLessThanOrEqual(240000);
    expect(balances[m - 2]).toBeGreaterThan(240000);
  });

  it('is not needed with 20% or more down', () => {
    const pmi = estimatePmi({ price: 300000, loan: 240000, rate: 6.5, term: 30, pmiRatePercent: 0.75 });
    expect(pmi).toEqual({ required: false, monthly: 0, endMonth: null, cancelRequestMonth: null, total: 0 });
    expect(estimatePmi({ price: 300000, loan: 240001, rate: 6.5, term: 30, pmiRatePercent: 1 }).required).toBe(true);
    expect(estimatePmi({ price: 0, loan: 0, rate: 6.5, term: 30, pmiRatePercent: 1 }).required).toBe(false);
    // Exactly 20% in cents, which a double makes a hair under 20%: no PMI.
    const cents = (price: number, loan: number) => estimatePmi({ price, loan, rate: 6.5, term: 30, pmiRatePercent: 1 });
    expect(cents(250000.25, 200000.2).required).toBe(false);
    expect(cents(350000.35, 280000.28).required).toBe(false);
    expect(cents(250000.25, 200000.21).required).toBe(true);
  });

  it('totals the premium as charged, in whole cents a month', () => {
    const pmi = estimatePmi({ price: 350000, loan: 332500, rate: 6.5, term: 30, pmiRatePercent: 0.75 });
    expect(roundCents(pmi.monthly)).toBe(207.81);
    expect(pmi.total).toBe(roundCents(207.81 * (pmi.endMonth! - 1)));
  });

  it('dates payments from the month after today', () => {
    expect(firstPaymentMonth(new Date(2025, 11, 15))).toEqual({ year: 2026, month: 0 });
    expect(firstPaymentMonth(new Date(2026, 2, 31))).toEqual({ year: 2026, month: 3 });
    expect(paymentMonthLabel({ year: 2026, month: 0 }, 1)).toBe('January 2026');
    expect(paymentMonthLabel({ year: 2026, month: 0 }, 109)).toBe('January 2035');
    expect(paymentMonthLabel({ year: 2026, month: 3 }, 135)).toBe('June 2037');
  });
});

describe('property tax by town', () => {
  const rate = (slug: string) => combinedTaxRate(table, getTownTax(table, slug)!);

  it('keeps the table with its fiscal year', () => {
    expect(table.fiscalYear).toBe('FY2026');
    expect(table.counties).toEqual([
      { id: 'wake-county', name: 'Wake County', rate: 0.5171 },
      { id: 'franklin-county', name: 'Franklin County', rate: 0.505 },
    ]);
  });

  it('lists every town under its county, then the county land outside any town', () => {
    expect(table.towns.filter((t) => t.county === 'franklin-county').map((t) => t.name)).toEqual([
      'Franklinton',
      'Youngsville',
      'Unincorporated Franklin County',
    ]);
    expect(table.towns).toHaveLength(15);
    expect(rate('wake-county')).toBe(0.5171);
  });

  it('refuses a town whose county has no rate, naming it', () => {
    expect(() =>
      buildTaxTable({
        ...site.propertyTax,
        counties: [
          { id: 'wake-county', name: 'Wake County', taxRate: 0.5 },
          { id: 'x', name: 'Johnston County' },
        ],
        towns: [{ id: 'clayton', name: 'Clayton', county: 'Johnston County', municipalRate: null }],
        defaultTown: 'wake-county',
      }),
    ).toThrow(
      `content/cities/clayton.yaml: Clayton's county, Johnston County, has no taxRate in content/counties.yaml ` +
        `(taxed: Wake County): add the county's rate per $100 for FY${site.propertyTax.fiscalYear}, so that the calculator can estimate the town's tax.`,
    );
  });

  it('adds the county and town rates', () => {
    expect(rate('raleigh')).toBeCloseTo(0.8721, 10);
    expect(rate('cary')).toBeCloseTo(0.8571, 10);
    expect(rate('apex')).toBeCloseTo(0.8731, 10);
    expect(rate('holly-springs')).toBeCloseTo(0.8606, 10);
    expect(rate('fuquay-varina')).toBeCloseTo(0.8751, 10);
    expect(rate('wake-forest')).toBeCloseTo(0.9371, 10);
    expect(rate('garner')).toBeCloseTo(1.0371, 10);
  });

  it('uses the county rate alone where the town rate is not known', () => {
    for (const slug of ['knightdale', 'rolesville', 'wendell', 'zebulon']) {
      expect(getTownTax(table, slug)!.municipalRate).toBeNull();
      expect(rate(slug)).toBe(0.5171);
    }
    for (const slug of ['youngsville', 'franklinton']) expect(rate(slug)).toBe(0.505);
  });

  it("says whose rate a home's calculator starts from: its town's, its county's alone, or an example", () => {
    expect(rateBasis(table, 'cary', 'Cary')).toBe("Cary's property-tax rate");
    expect(rateBasis(table, 'wake-county', 'Morrisville')).toBe(
      "Wake County's property-tax rate (any town rate of Morrisville not included)",
    );
    // A county without a rate: the calculator works the default town's (townForCity).
    expect(townForCity(table, 'durham-county')).toBe('raleigh');
    expect(rateBasis(table, 'durham-county', 'Durham')).toBe(
      "Raleigh's property-tax rate as an example (the site has no rate for Durham)",
    );
  });

  it('works out the yearly and monthly tax of a home', () => {
    expect(formatMoney(annualPropertyTax(300000, rate('raleigh')))).toBe('$2,616.30');
    expect(formatMoney(annualPropertyTax(300000, rate('raleigh')) / 12)).toBe('$218.03');
    expect(formatMoney(annualPropertyTax(400000, rate('cary')))).toBe('$3,428.40');
    expect(formatMoney(annualPropertyTax(300000, rate('knightdale')))).toBe('$1,551.30');
  });

  it('shows monthly cost lines that add up to the total shown', () => {
    const shown = (amount: number) => Math.round(Number(formatMoney(amount).replace(/[$,]/g, '')) * 100);
    for (let i = 0; i < 500; i++) {
      const cost = monthlyCost({
        payment: monthlyPayment(200_000 + i * 1_111.11, 6.125, 30),
        annualTax: 1_000 + i * 7.77,
        annualInsurance: 900 + i * 3.33,
        monthlyHoa: (i % 7) * 12.345,
        monthlyPmi: (i % 3) * 41.6667,
      });
      const withoutPmi = [cost.principalAndInterest, cost.propertyTax, cost.insurance, cost.hoa];
      const sum = (lines: number[]) => lines.reduce((s, line) => s + shown(line), 0);
      expect(sum(withoutPmi), `case ${i}`).toBe(shown(cost.totalWithoutPmi));
      expect(sum([...withoutPmi, cost.pmi]), `case ${i}`).toBe(shown(cost.total));
    }
  });

  it('adds up the full monthly cost', () => {
    const cost = monthlyCost({
      payment: 1500,
      annualTax: 2400,
      annualInsurance: 1800,
      monthlyHoa: 50,
      monthlyPmi: 100,
    });
    expect(cost).toEqual({
      principalAndInterest: 1500,
      propertyTax: 200,
      insurance: 150,
      hoa: 50,
      pmi: 100,
      total: 2000,
      totalWithoutPmi: 1900,
    });
  });
});

describe('calculator state and URL query', () => {
  it('starts from the SPEC defaults and the page city', () => {
    expect(initialInputs(table)).toEqual({
      price: '300000',
      down: '60000',
      rate: '6.5',
      term: 30,
      town: 'raleigh',
      taxRate: '0.8721',
      insurance: '1800',
      hoa: '0',
      pmiRate: '0.75',
    });
    expect(initialInputs(table, 'cary')).toMatchObject({ town: 'cary', taxRate: '0.8571' });
    expect(initialInputs(table, 'atlantis').town).toBe('raleigh');
  });

  it("starts a listing page at its home's price, down payment and HOA, with its town's rate", () => {
    expect(initialInputs(table, 'cary', { price: 525000, down: 105000, hoa: 65 })).toEqual({
      price: '525000',
      down: '105000',
      rate: '6.5',
      term: 30,
      town: 'cary',
      taxRate: '0.8571',
      insurance: '1800',
      hoa: '65',
      pmiRate: '0.75',
    });
    // A home outside every town of the table: its county's unincorporated land.
    expect(initialInputs(table, 'wake-county', { price: 400000, down: 80000, hoa: 0 })).toMatchObject({
      town: 'wake-county',
      taxRate: '0.5171',
    });
  });

  it("taxes a listing's home on its assessed value when the page knows it, whatever price is tried", () => {
    const start = { price: 525000, down: 105000, hoa: 0, taxBase: { value: 453_856, assessed: true } };
    const inputs = initialInputs(table, 'cary', start);
    // 453,856 at Cary's 0.8571 per $100 is the home's bill, $3,890 a year.
    expect(formatMoney(calculatorFigures(inputs, start.taxBase.value).cost.propertyTax)).toBe('$324.17');
    expect(calculatorFigures({ ...inputs, price: '480000' }, start.taxBase.value).cost.propertyTax).toBeCloseTo(
      324.17,
      2,
    );
    expect(calculatorFigures({ ...inputs, taxRate: '1' }, start.taxBase.value).cost.propertyTax).toBeCloseTo(378.21, 2);
    // Without it, the rate applies to the price: 525,000 at 0.8571.
    expect(formatMoney(calculatorFigures(inputs).cost.propertyTax)).toBe('$374.98');
  });

  it('reads a cost typed below zero as 0, as it reads the rate: the total is never cut by a "credit"', () => {
    const inputs = { ...initialInputs(table), taxRate: '-5', insurance: '-99999', hoa: '-100', pmiRate: '-3' };
    const { cost, pmi, result } = calculatorFigures({ ...inputs, down: '10000' });
    expect([cost.propertyTax, cost.insurance, cost.hoa, cost.pmi, pmi.total]).toEqual([0, 0, 0, 0, 0]);
    expect(cost.total).toBe(roundCents(result.payment));
    // A price below zero borrows nothing and is taxed on nothing.
    expect(calculatorFigures({ ...initialInputs(table), price: '-300000' }).cost.total).toBe(150);
  });

  it('reads a down payment below zero as 0: the loan is never above the price', () => {
    // "-60000" on a $300,000 home borrowed $360,000 and charged PMI on it.
    const figures = calculatorFigures({ ...initialInputs(table), down: '-60000' });
    expect(figures.down).toBe(0);
    expect(figures.result.loan).toBe(300000);
    expect(figures.pmi).toEqual(calculatorFigures({ ...initialInputs(table), down: '0' }).pmi);
    expect(figures.cost.total).toBe(calculatorFigures({ ...initialInputs(table), down: '0' }).cost.total);
  });

  it('round-trips through the query', () => {
    const base = initialInputs(table);
    const edited = {
      ...withTown(table, base, 'apex'),
      price: '425000',
      down: '21250',
      rate: '5.99',
      term: 15 as const,
    };
    const query = queryFromInputs(table, edited);
    expect(query).toBe('?price=425000&down=21250&rate=5.99&term=15&town=apex&insurance=1800&hoa=0&pmi=0.75');
    expect(inputsFromQuery(table, query, base)).toEqual(edited);
  });

  it('writes the tax rate only when it was edited', () => {
    const edited = { ...initialInputs(table), taxRate: '1.1' };
    const query = queryFromInputs(table, edited);
    expect(query).toContain('tax=1.1');
    expect(inputsFromQuery(table, query, initialInputs(table)).taxRate).toBe('1.1');
  });

  it('keeps other query parameters', () => {
    expect(queryFromInputs(table, initialInputs(table), '?utm_source=mail&price=1')).toMatch(
      /^\?utm_source=mail&price=300000&/,
    );
  });

  it('reads bad values with the SPEC parse rule and ignores an unknown term or town', () => {
    const base = initialInputs(table, 'cary');
    const restored = inputsFromQuery(table, '?price=abc&down=&rate=1e1&term=40&town=atlantis', base);
    expect(restored).toMatchObject({ price: '0', down: '0', rate: '10', term: 30, town: 'cary', taxRate: '0.8571' });
  });

  it('knows whether a query is the calculator’s', () => {
    expect(hasCalculatorQuery('?utm_source=x')).toBe(false);
    expect(hasCalculatorQuery('?rate=6')).toBe(true);
  });
});

describe('edge cases a visitor can type or link to', () => {
  it('pays about loan / months at a tiny positive rate, not an infinite payment shown as $0.00', () => {
    expect(monthlyPayment(240000, 1e-20, 30)).toBeCloseTo(240000 / 360, 6);
    const figures = calculatorFigures(inputsFromQuery(table, '?rate=1e-20', initialInputs(table)));
    expect(formatMoney(figures.result.payment)).toBe('$666.67');
  });

  it('captions the schedule with the rate the payment uses: below zero, 0', () => {
    const figures = calculatorFigures({ ...initialInputs(table), rate: '-5' });
    expect(figures.rate).toBe(0);
    expect(figures.result.payment).toBeCloseTo(240000 / 360, 6);
  });

  it('ends PMI with the first payment after the midpoint when 78% comes later (12 U.S.C. 4902(c))', () => {
    // 3% down at 10%: the balance reaches 78% with payment 187; the law ends PMI with payment 181.
    const pmi = estimatePmi({ price: 300000, loan: 291000, rate: 10, term: 30, pmiRatePercent: 0.75 });
    expect(pmi.endMonth).toBe(181);
    // A premium of $181.875 is charged as $181.88 a month.
    expect(pmi.total).toBe(32_738.4);
    // Cancelling on request (at 80%) is only offered before it ends.
    expect(pmi.cancelRequestMonth).toBeLessThan(181);
    expect(estimatePmi({ price: 300000, loan: 300000, rate: 11, term: 30, pmiRatePercent: 0.75 })).toMatchObject({
      endMonth: 181,
      cancelRequestMonth: null,
    });
  });
});
