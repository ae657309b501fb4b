/** The agent's own testimonials (the testimonials collection), in the order of their file. */
import { getCollection } from 'astro:content';
import type { Testimonial } from '#src/lib/testimonial.ts';

export async function getTestimonials(): Promise<Testimonial[]> {
  const entries = await getCollection('testimonials');
  return entries.sort((a, b) => Number(a.id) - Number(b.id)).map((e) => e.data);
}
