/**
 * The schemas of the town facts: a county of content/counties.yaml and the fields of a city file
 * (content/cities/{slug}.yaml) that more than the build reads. The content collections use them,
 * and so does `npm run geo` (scripts/make-geojson.ts), which runs outside Astro: one definition.
 */
import { z } from 'astro/zod';
import { exact } from './schema.ts';
import { controlsIn } from './text.ts';

/**
 * Refuses a control character in written text (a YAML escape such as "\x07" or "\f", or a byte
 * pasted in): written as it is into the pages and the RSS feed, one made the whole feed unreadable.
 * A feed's text has them left out (`withoutControls`); the agent's own is refused, so the file and
 * the field are named and the typo is seen.
 */
export function refuseControls(value: string, ctx: z.RefinementCtx<string>): void {
  const found = controlsIn(value);
  if (found.length > 0)
    ctx.addIssue({ code: 'custom', message: `must not contain control characters (${found.join(', ')})` });
}

/** Written text: trimmed, not empty, no control character (tab and line breaks are text). */
export const text = z.string().trim().min(1).superRefine(refuseControls);

export const countySchema = exact({
  name: text,
  /** US Census county code, e.g. "37183": the map outlines are cut from these counties. */
  fips: z.string().regex(/^\d{5}$/, 'must be the five-digit US Census county code, e.g. "37183"'),
  /** Dollars per $100 of assessed value; without it the county is not in the calculator. */
  taxRate: z.number().min(0).max(5).optional(),
});
export type County = z.infer<typeof countySchema>;

/** The Triangle with room to spare: a centre outside it is a typing mistake. */
const triangle = { lat: [35.4, 36.3], lng: [-79.2, -78.1] } as const;

/** A point in the Triangle, WGS84. */
const coordinates = exact({
  lat: z
    .number()
    .min(triangle.lat[0], `must lie in the Triangle (latitude ${triangle.lat[0]} to ${triangle.lat[1]})`)
    .max(triangle.lat[1], `must lie in the Triangle (latitude ${triangle.lat[0]} to ${triangle.lat[1]})`),
  lng: z
    .number()
    .min(triangle.lng[0], `must lie in the Triangle (longitude ${triangle.lng[0]} to ${triangle.lng[1]})`)
    .max(triangle.lng[1], `must lie in the Triangle (longitude ${triangle.lng[0]} to ${triangle.lng[1]})`),
});

/** A place buyers measure a home against (content/places.yaml): a home's page says how far it is. */
export const placeSchema = exact({ name: text, coordinates });
export type Place = z.infer<typeof placeSchema>;

export const townFields = {
  name: text,
  /** The county's name as in content/counties.yaml, e.g. "Wake County". */
  county: text,
  /** Downtown: the map's outline is drawn around it and the page's Place carries it. */
  coordinates,
  propertyTax: exact({
    /** Dollars per $100 of assessed value; null while the town's rate is not known. */
    municipalRate: z.number().min(0).max(5).nullable(),
  }),
  map: exact({
    /** The outline reaches no further than this from the coordinates. */
    radiusKm: z.number().positive().max(40),
  }),
};
export const townSchema = z.object(townFields);
export type Town = z.infer<typeof townSchema>;

/**
 * The number a town's figure is sorted by: `$525,000` -> 525000, `174,721` -> 174721, a range's
 * middle for `25-30 min` -> 27.5; undefined for a text without a figure, which sorts last.
 */
export function sortFigure(value: string): number | undefined {
  const figures = value
    .replace(/(\d),(?=\d{3}\b)/g, '$1')
    .match(/\d+(?:\.\d+)?/g)
    ?.slice(0, 2)
    .map(Number);
  return figures && figures.reduce((sum, figure) => sum + figure, 0) / figures.length;
}
