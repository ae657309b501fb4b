/**
 * Every collection the agent edits, with the zod schema that checks its front matter at
 * build time. A file that breaks a rule fails the build with the file and the field named.
 * Content lives in the top-level `content/` folder, one sub-folder per collection.
 */
import { defineCollection, reference, type SchemaContext } from 'astro:content';
import { glob } from 'astro/loaders';
import { z } from 'astro/zod';

// ---------------------------------------------------------------------------------------
// Small shared field schemas
// ---------------------------------------------------------------------------------------

const text = z.string().trim().min(1);
const slug = z
  .string()
  .regex(/^[a-z0-9]+(?:-[a-z0-9]+)*$/, 'must be lower-case words joined by hyphens, e.g. "living-in-raleigh-nc"');
/** A meta description: long enough to be useful, short enough not to be cut in results. */
const description = z.string().trim().min(50).max(180);
const isoDate = z.coerce.date();
/** YouTube playlist ids start with PL, UU, FL, OL or RD; empty means "not set yet". */
const playlistId = z
  .string()
  .trim()
  .regex(/^$|^[A-Za-z0-9_-]{10,64}$/, 'must be a YouTube playlist id such as "PLxxxxxxxx", or empty');
const imageWithAlt = ({ image }: SchemaContext) =>
  z.object({
    src: image(),
    alt: text.describe('Describe the picture for people who cannot see it'),
  });
const faq = z.array(z.object({ q: text, a: text }));

// ---------------------------------------------------------------------------------------
// Collections
// ---------------------------------------------------------------------------------------

const cities = defineCollection({
  loader: glob({ pattern: '*.{yaml,yml}', base: './content/cities' }),
  schema: (ctx) =>
    z.object({
      name: text,
      county: text,
      description,
      /** One line for city cards (relocation page). */
      tagline: text.max(90),
      population: text,
      medianHome: text,
      schools: text,
      highlights: z.array(text).min(3),
      image: imageWithAlt(ctx),
      marketTrends: text,
      keySearchTerms: z.array(text).min(1),
      neighborhoods: z.array(z.object({ name: text, blurb: text })).min(3),
      commute: z.object({ raleigh: text, rtp: text, airport: text }),
      amenities: z.array(text).min(3),
      demographics: z.object({
        medianAge: z.number().positive(),
        familyFriendly: z.boolean(),
        walkScore: z.number().int().min(0).max(100),
      }),
      coordinates: z.object({
        lat: z.number().min(33).max(37),
        lng: z.number().min(-85).max(-75),
      }),
    }),
});

const articles = defineCollection({
  loader: glob({ pattern: '*.mdx', base: './content/articles' }),
  schema: (ctx) =>
    z
      .object({
        title: text.max(110),
        slug,
        description,
        summary: text,
        datePublished: isoDate,
        dateModified: isoDate.optional(),
        playlistId: playlistId.default(''),
        coverImage: imageWithAlt(ctx).optional(),
        geo: z
          .object({
            city: text.optional(),
            /**
             * The city guide of `city` (its file name in content/cities/), linked from the article's
             * Place. Optional on purpose: an article may be about a town that has no guide.
             */
            guide: reference('cities').optional(),
            county: text.optional(),
            state: text.default('NC'),
            metro: text.optional(),
            zip: z.array(z.string().regex(/^\d{5}$/, 'must be a five-digit ZIP code')).default([]),
          })
          .optional(),
        keywords: z.array(text).default([]),
        canonical: z.string().optional(),
        faq: faq.default([]),
        cta: z
          .object({
            headline: text.optional(),
            subhead: text.optional(),
            buttonText: text.optional(),
            buttonHref: z.url().optional(),
          })
          .default({}),
        customSchema: z.boolean().default(false),
        draft: z.boolean().default(false),
      })
      .refine((a) => !a.canonical || a.canonical.replace(/\/$/, '').endsWith(`/blog/${a.slug}`), {
        message: 'canonical must point at this article (/blog/{slug}); leave it out to have it derived',
        path: ['canonical'],
      }),
});

const playlists = defineCollection({
  loader: glob({ pattern: '*.{yaml,yml}', base: './content/playlists' }),
  schema: z.object({
    slug,
    title: text,
    playlistId,
    description: z.string().trim().optional(),
  }),
});

export const collections = { cities, articles, playlists };
