/** A tax table of one town, as the build makes one (src/data/property-tax.ts), for the calculator's tests. */
import { buildTaxTable } from '#src/lib/property-tax.ts';

export const oneTownTaxTable = buildTaxTable({
  fiscalYear: 'FY2026',
  billYear: 2025,
  counties: [{ id: 'wake-county', name: 'Wake County', taxRate: 0.5171 }],
  towns: [{ id: 'raleigh', name: 'Raleigh', county: 'Wake County', municipalRate: 0.355 }],
  defaultTown: 'raleigh',
});
