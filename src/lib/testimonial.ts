/**
 * The schema of one of the agent's own testimonials (content/reviews/testimonials.json), the
 * built-in reviews of the reviews section. The content collection validates the file with it
 * and the review logic takes its type; kept apart from src/lib/reviews.ts so that the browser
 * island, which imports that module, never bundles zod.
 */
import { z } from 'astro/zod';
import { exact } from './schema.ts';

export const testimonialSchema = z.object({
  author_name: z.string().trim().min(1),
  text: z.string().trim().min(10),
});
export type Testimonial = z.infer<typeof testimonialSchema>;

/** The file: a note for the editor, then the testimonials in the order they are shown. */
export const testimonialFileSchema = exact({
  about: z.string().optional(),
  testimonials: z.array(exact(testimonialSchema.shape)).min(1, 'add at least one testimonial'),
});
