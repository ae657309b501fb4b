/**
 * The props an article's text gives a component, checked: one left out or of the wrong kind stops
 * the build saying what the component needs, where it stopped with "Cannot read properties of
 * undefined (reading 'map')" and no word of which component or prop.
 */
import { z } from 'zod';

/** A list of one or more texts, as a component reads a list written `{["…", "…"]}`. */
export const texts = z.array(z.string().trim().min(1)).min(1);

export function articleProps<T>(component: string, schema: z.ZodType<T>, props: unknown, example: string): T {
  const result = schema.safeParse(props);
  if (result.success) return result.data;
  throw new Error(`<${component}> in an article's text:\n${z.prettifyError(result.error)}\n  Write it as ${example}`);
}
