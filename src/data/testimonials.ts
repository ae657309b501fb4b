/**
 * The agent's own testimonials (content/reviews/testimonials.json): the built-in reviews of
 * the reviews section, shown when Google's cannot be. Checked at build time.
 */
import { z } from 'astro/zod';
import type { Testimonial } from '~/lib/reviews.ts';
import raw from '../../content/reviews/testimonials.json';

const schema = z.object({
  testimonials: z
    .array(z.object({ author_name: z.string().trim().min(1), text: z.string().trim().min(10) }))
    .min(1, 'add at least one testimonial'),
});

export function getTestimonials(): Testimonial[] {
  const result = schema.safeParse(raw);
  if (!result.success) {
    throw new Error(`content/reviews/testimonials.json is not valid:\n${z.prettifyError(result.error)}`);
  }
  return result.data.testimonials;
}
