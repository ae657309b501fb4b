/**
 * North Carolina property-tax rates for the towns the site serves. NC bills the county rate
 * plus the town (municipal) rate, each in dollars per $100 of assessed value. Updating the
 * table for a new fiscal year is one edit here: the year, then the rates.
 */

export interface CountyTax {
  name: string;
  /** Dollars per $100 of assessed value. */
  rate: number;
}

export interface TownTax {
  /** Matches the city slug of `/city/{slug}` where the town has a guide. */
  slug: string;
  name: string;
  county: CountyKey;
  /**
   * Dollars per $100 of assessed value; 0 outside any town (nothing to add); null when the
   * town levies a rate that this table does not hold yet, so only the county rate is used.
   */
  municipalRate: number | null;
}

const counties = {
  wake: { name: 'Wake County', rate: 0.5171 },
  franklin: { name: 'Franklin County', rate: 0.505 },
} as const satisfies Record<string, CountyTax>;

export type CountyKey = keyof typeof counties;

export const propertyTax = {
  /** NC fiscal years run July to June: FY2026 rates are the ones on the 2025 tax bills. */
  fiscalYear: 'FY2026',
  billYear: 2025,
  counties,
  towns: [
    { slug: 'raleigh', name: 'Raleigh', county: 'wake', municipalRate: 0.355 },
    { slug: 'cary', name: 'Cary', county: 'wake', municipalRate: 0.34 },
    { slug: 'apex', name: 'Apex', county: 'wake', municipalRate: 0.356 },
    { slug: 'holly-springs', name: 'Holly Springs', county: 'wake', municipalRate: 0.3435 },
    { slug: 'fuquay-varina', name: 'Fuquay-Varina', county: 'wake', municipalRate: 0.358 },
    { slug: 'wake-forest', name: 'Wake Forest', county: 'wake', municipalRate: 0.42 },
    { slug: 'garner', name: 'Garner', county: 'wake', municipalRate: 0.52 },
    { slug: 'knightdale', name: 'Knightdale', county: 'wake', municipalRate: null },
    { slug: 'rolesville', name: 'Rolesville', county: 'wake', municipalRate: null },
    { slug: 'wendell', name: 'Wendell', county: 'wake', municipalRate: null },
    { slug: 'zebulon', name: 'Zebulon', county: 'wake', municipalRate: null },
    { slug: 'youngsville', name: 'Youngsville', county: 'franklin', municipalRate: null },
    { slug: 'franklinton', name: 'Franklinton', county: 'franklin', municipalRate: null },
    { slug: 'wake-county', name: 'Unincorporated Wake County', county: 'wake', municipalRate: 0 },
    { slug: 'franklin-county', name: 'Unincorporated Franklin County', county: 'franklin', municipalRate: 0 },
  ] as const satisfies readonly TownTax[],
};

export type TownSlug = (typeof propertyTax.towns)[number]['slug'];

/** The town preselected when the page names no city (or one outside the table): the agent's home market. */
export const defaultTownSlug: TownSlug = 'raleigh';

export function getTownTax(slug: string | undefined): TownTax | undefined {
  return propertyTax.towns.find((t) => t.slug === slug);
}

export function isTownSlug(slug: string | undefined): slug is TownSlug {
  return getTownTax(slug) !== undefined;
}

/** County plus town rate per $100; the county rate alone where the town rate is not known. */
export function combinedTaxRate(town: TownTax): number {
  return propertyTax.counties[town.county].rate + (town.municipalRate ?? 0);
}

/** The towns under their county, in table order: for the town selector and the rates table. */
export function townsByCounty(): { county: CountyTax; towns: TownTax[] }[] {
  return Object.entries(counties).map(([key, county]) => ({
    county,
    towns: propertyTax.towns.filter((t) => t.county === key),
  }));
}
