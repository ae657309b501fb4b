/** A household's figures for the affordability tests (src/lib/affordability.ts, src/lib/worksheets.ts). */
import type { AffordabilityInputs } from '../../src/lib/affordability.ts';

export const affordabilityExample: AffordabilityInputs = {
  annualIncome: 95_000,
  monthlyDebts: 450,
  downPayment: 20_000,
  interestRatePercent: 6.25,
  propertyTaxRate: 0.8721,
  homeownersInsurance: 1_450,
  hoaDues: 0,
};
