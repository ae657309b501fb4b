/**
 * The property-tax table of the mortgage calculator: North Carolina bills the county rate plus
 * the town rate, each in dollars per $100 of assessed value. The table is made at build time
 * from the counties and cities collections (src/data/property-tax.ts) and handed to the island
 * as a prop, so these functions take it as an argument. Pure: no framework imports.
 */

export interface TaxCounty {
  id: string;
  name: string;
  /** Dollars per $100 of assessed value. */
  rate: number;
}

export interface TaxTown {
  /** The city slug of `/city/{slug}`, or the county's id for its unincorporated land. */
  slug: string;
  name: string;
  /** Id of its county in `TaxTable.counties`. */
  county: string;
  /**
   * Dollars per $100 of assessed value; 0 outside any town (nothing to add); null when the town
   * levies a rate that the content does not hold yet, so only the county rate is used.
   */
  municipalRate: number | null;
}

export interface TaxTable {
  /** NC fiscal years run July to June: FY2026 rates are the ones on the 2025 tax bills. */
  fiscalYear: string;
  billYear: number;
  counties: TaxCounty[];
  /** Towns by county, each county's unincorporated land last. */
  towns: TaxTown[];
  /** The town preselected when a page names none (or one outside the table). */
  defaultTown: string;
}

export function getTownTax(table: TaxTable, slug: string | undefined): TaxTown | undefined {
  return table.towns.find((t) => t.slug === slug);
}

export function isTownSlug(table: TaxTable, slug: string | undefined): slug is string {
  return getTownTax(table, slug) !== undefined;
}

/**
 * Whose rate a home's calculator starts from, in words, for a home in `city` whose page asks for
 * the rate of `slug` (its town guide, else its county's land): its town's; its county's alone; or,
 * where the table has neither (a county without a rate), the default town's, said to be an example.
 * (A home in such a county was said to be taxed at its town's rate while the default town's was worked.)
 */
export function rateBasis(table: TaxTable, slug: string, city: string): string {
  const town = getTownTax(table, slug);
  if (town === undefined) {
    const example = getTownTax(table, table.defaultTown)?.name ?? table.defaultTown;
    return `${example}'s property-tax rate as an example (the site has no rate for ${city})`;
  }
  const county = table.counties.find((c) => c.id === town.slug);
  return county
    ? `${county.name}'s property-tax rate (any town rate of ${city} not included)`
    : `${city}'s property-tax rate`;
}

export function getTaxCounty(table: TaxTable, town: TaxTown): TaxCounty {
  const county = table.counties.find((c) => c.id === town.county);
  if (!county) throw new Error(`the tax table has no county "${town.county}" for ${town.name}`);
  return county;
}

/** County plus town rate per $100; the county rate alone where the town rate is not known. */
export function combinedTaxRate(table: TaxTable, town: TaxTown): number {
  return getTaxCounty(table, town).rate + (town.municipalRate ?? 0);
}

/** The towns under their county, in table order: for the town selector and the rates table. */
export function townsByCounty(table: TaxTable): { county: TaxCounty; towns: TaxTown[] }[] {
  return table.counties.map((county) => ({ county, towns: table.towns.filter((t) => t.county === county.id) }));
}

export interface TaxTableInput {
  fiscalYear: string;
  billYear: number;
  /** Every county; one without a taxRate is left out of the table. */
  counties: readonly { id: string; name: string; taxRate?: number | undefined }[];
  /** Every town, in the order the selector lists them within their county. */
  towns: readonly { id: string; name: string; county: string; municipalRate: number | null }[];
  defaultTown: string;
}

/**
 * The table from the content: each taxed county's towns, then its unincorporated land. A town
 * whose county has no rate throws, naming the town, since its tax could not be estimated.
 */
export function buildTaxTable(input: TaxTableInput): TaxTable {
  const counties = input.counties.flatMap((c) =>
    c.taxRate === undefined ? [] : [{ id: c.id, name: c.name, rate: c.taxRate }],
  );
  for (const town of input.towns) {
    if (!counties.some((c) => c.name === town.county)) {
      throw new Error(
        `content/cities/${town.id}.yaml: ${town.name}'s county, ${town.county}, has no taxRate in content/counties.yaml ` +
          `(taxed: ${counties.map((c) => c.name).join(', ')}): add the county's rate per $100 for FY${input.fiscalYear}, ` +
          `so that the calculator can estimate the town's tax.`,
      );
    }
  }
  const towns = counties.flatMap((county): TaxTown[] => [
    ...input.towns
      .filter((t) => t.county === county.name)
      .map((t) => ({ slug: t.id, name: t.name, county: county.id, municipalRate: t.municipalRate })),
    { slug: county.id, name: `Unincorporated ${county.name}`, county: county.id, municipalRate: 0 },
  ]);
  if (!towns.some((t) => t.slug === input.defaultTown)) {
    throw new Error(`the default town "${input.defaultTown}" is not in the tax table`);
  }
  return { fiscalYear: input.fiscalYear, billYear: input.billYear, counties, towns, defaultTown: input.defaultTown };
}
