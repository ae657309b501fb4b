/**
 * The calculator's tax table, made from content: county rates from content/counties.yaml, town
 * rates from each city file's `propertyTax`, the fiscal year from src/site.config.ts, and the
 * agent's office town preselected.
 */
import { getCollection } from 'astro:content';
import { buildTaxTable, type TaxTable } from '#src/lib/property-tax.ts';
import { slugify } from '#src/lib/seo/meta.ts';
import { site } from '#src/site.config.ts';
import { getCities } from './content.ts';

let table: Promise<TaxTable> | undefined;

export function getTaxTable(): Promise<TaxTable> {
  table ??= Promise.all([getCollection('counties'), getCities()]).then(([counties, cities]) =>
    buildTaxTable({
      ...site.propertyTax,
      counties: counties.map((c) => ({ id: c.id, ...c.data })),
      towns: cities.map((c) => ({ id: c.id, name: c.data.name, county: c.data.county, ...c.data.propertyTax })),
      defaultTown: slugify(site.office.locality),
    }),
  );
  return table;
}
