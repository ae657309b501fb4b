/** What the content schemas share beyond zod itself. */
import { z } from 'astro/zod';

/**
 * An object of these fields and no other: zod's own object drops a key it does not know without a
 * word, so a misspelt field (`datePublishd`) would be lost and its default used.
 */
export const exact = <T extends z.ZodRawShape>(shape: T) =>
  z.strictObject(shape, {
    error: (issue) =>
      issue.code === 'unrecognized_keys'
        ? `${issue.keys.map((k) => `"${k}"`).join(', ')} is not a field of this file: check its spelling`
        : undefined,
  });
