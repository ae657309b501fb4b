/**
 * Every collection the agent edits, with the zod schema that checks its front matter at
 * build time. A file that breaks a rule fails the build with the file and the field named.
 * Content lives in the top-level `content/` folder, one sub-folder per collection.
 */
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import { dirname, join, relative, resolve, sep } from 'node:path';
import { fileURLToPath } from 'node:url';
import { defineCollection, reference, type SchemaContext } from 'astro:content';
import { file, glob, type Loader } from 'astro/loaders';
import { z } from 'astro/zod';
import { buildTime } from '#src/lib/build-time.ts';
import { exact } from '#src/lib/schema.ts';
import { impossibleDays, pictureMistakes, strayDocuments, writtenData } from '#src/lib/content-files.ts';
import { testimonialFileSchema, testimonialSchema } from '#src/lib/testimonial.ts';
import { playlistSchema, snapshotSchema, staleSnapshotWarning } from '#src/lib/video/model.ts';
import { countySchema, placeSchema, refuseControls, text, townFields } from '#src/lib/town.ts';
import { statusGroups, type StatusGroup } from '#src/lib/listing/format.ts';
import { day, listingSchema } from '#src/lib/listing/model.ts';
import { dayInZone } from '#src/lib/listing/time.ts';
import { readSnapshotFile, SNAPSHOT_FILE, snapshotEntries, type HandWrittenHome } from '#src/lib/reso/snapshot.ts';
import { readSnapshotDir } from '#src/server/sync-config.ts';

// ---------------------------------------------------------------------------------------
// Small shared field schemas
// ---------------------------------------------------------------------------------------

const slug = z
  .string()
  .regex(/^[a-z0-9]+(?:-[a-z0-9]+)*$/, 'must be lower-case words joined by hyphens, e.g. "living-in-raleigh-nc"');
/** A meta description: long enough to be useful, short enough not to be cut in results. */
const description = z.string().trim().min(50).max(180).superRefine(refuseControls);
/**
 * A day written YYYY-MM-DD, read as midnight UTC (as Astro reads one written without quotes). Any
 * other way of writing it is refused: read by JavaScript, 20261122 was January 1, 1970 and
 * 11/31/2026 was December 1.
 */
const isoDate = day.transform((written) => new Date(`${written}T00:00:00Z`));
/** The build's day in New York, YYYY-MM-DD. */
const buildDayWritten = () => dayInZone(buildTime());
/** The build's day in New York, read as `isoDate` reads a day. */
const buildDay = () => new Date(`${buildDayWritten()}T00:00:00Z`);
/** YouTube playlist ids start with PL, UU, FL, OL or RD; empty means "not set yet". */
const playlistId = z
  .string()
  .trim()
  .regex(/^$|^[A-Za-z0-9_-]{10,64}$/, 'must be a YouTube playlist id such as "PLxxxxxxxx", or empty');
const imageWithAlt = ({ image }: SchemaContext) =>
  exact({
    src: image(),
    alt: text.describe('Describe the picture for people who cannot see it'),
  });
const faq = z.array(exact({ q: text, a: text }));

// ---------------------------------------------------------------------------------------
// Collections
// ---------------------------------------------------------------------------------------

/**
 * A collection's files (content/{folder}/*.{extension}) through Astro's glob loader, which passes
 * over any other file without a word: a document the collection does not read beside the ones it
 * does (an article saved as `.md`) stops the build, and so does a picture a file names that is not
 * there or cannot be processed (a HEIC photo), or a day not on the calendar, naming the file and the field
 * (src/lib/content-files.ts).
 */
function contentFiles(folder: string, extensions: readonly string[]): Loader {
  const base = `./content/${folder}`;
  const loader = glob({
    pattern: extensions.length === 1 ? `*.${extensions[0]}` : `*.{${extensions.join(',')}}`,
    base,
  });
  return {
    ...loader,
    load: async (context) => {
      const dir = new URL(base, context.config.root);
      const files = existsSync(dir) ? readdirSync(dir, { withFileTypes: true }).filter((f) => f.isFile()) : [];
      const strays = strayDocuments(
        folder,
        files.map((f) => f.name),
        extensions,
      );
      if (strays) throw new Error(strays);
      const root = fileURLToPath(context.config.root);
      await loader.load({
        ...context,
        parseData: async (entry) => {
          if (entry.filePath) {
            const filePath = entry.filePath;
            const file = relative(root, filePath).split(sep).join('/');
            const mistakes = [
              ...pictureMistakes(entry.data, file, (path) => existsSync(resolve(dirname(filePath), path))),
              ...impossibleDays(writtenData(readFileSync(filePath, 'utf8'), file), file),
            ];
            if (mistakes.length > 0) throw new Error(mistakes.join('\n'));
          }
          return context.parseData(entry);
        },
      });
    },
  };
}

/** Figures as SPEC writes them: "467,665", "$425,000". */
const count = z.string().regex(/^\d{1,3}(,\d{3})*$/, 'must be a whole number with thousands commas, e.g. "174,721"');
const dollars = z
  .string()
  .regex(/^\$\d{1,3}(,\d{3})*$/, 'must be whole dollars with a $ and thousands commas, e.g. "$525,000"');

const counties = defineCollection({
  loader: file('./content/counties.yaml'),
  schema: countySchema,
});

const places = defineCollection({
  loader: file('./content/places.yaml'),
  schema: placeSchema,
});

const cities = defineCollection({
  loader: contentFiles('cities', ['yaml', 'yml']),
  schema: (ctx) =>
    exact({
      ...townFields,
      description,
      /** One line for city cards (relocation page). */
      tagline: text.max(90),
      population: count,
      medianHome: dollars,
      schools: text,
      highlights: z.array(text).min(3),
      image: exact({
        src: ctx.image(),
        alt: text.min(20, 'must describe the picture in at least 20 characters'),
      }),
      marketTrends: text,
      keySearchTerms: z.array(text).min(1),
      neighborhoods: z
        .array(exact({ name: text, blurb: text.min(10, 'must say something about the neighborhood') }))
        .min(3)
        .refine((list) => new Set(list.map((n) => n.name)).size === list.length, 'must not name a neighborhood twice'),
      commute: exact({ raleigh: text, rtp: text, airport: text }),
      amenities: z.array(text).min(3),
      demographics: exact({
        medianAge: z.number().positive(),
        /** SPEC's record keeps it; no page shows it (fair housing: src/components/city/LivingHere.astro). */
        familyFriendly: z.boolean(),
        walkScore: z.number().int().min(0).max(100),
      }),
      /** Place of the town's card on /relocation (1 is first); without it the town has no card there. */
      relocationCard: z.number().int().positive().optional(),
    }),
});

const articles = defineCollection({
  loader: contentFiles('articles', ['mdx']),
  schema: (ctx) =>
    exact({
      title: text.max(110),
      slug,
      description,
      summary: text,
      datePublished: isoDate,
      dateModified: isoDate.optional(),
      playlistId: playlistId.default(''),
      coverImage: imageWithAlt(ctx).optional(),
      geo: exact({
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
      }).optional(),
      keywords: z.array(text).default([]),
      canonical: z.string().superRefine(refuseControls).optional(),
      faq: faq.default([]),
      cta: exact({
        headline: text.optional(),
        subhead: text.optional(),
        buttonText: text.optional(),
        buttonHref: z.url({ protocol: /^https?$/, error: 'must be a web address starting https://' }).optional(),
      }).default({}),
      customSchema: z.boolean().default(false),
      draft: z.boolean().default(false),
    })
      .refine((a) => !a.canonical || a.canonical.replace(/\/$/, '').endsWith(`/blog/${a.slug}`), {
        message: 'canonical must point at this article (/blog/{slug}); leave it out to have it derived',
        path: ['canonical'],
      })
      .refine((a) => !a.dateModified || a.dateModified >= a.datePublished, {
        message: 'must not be before datePublished (a change comes after the first publication)',
        path: ['dateModified'],
      })
      // A day still to come would be published as the page's last change, in the sitemap too.
      .refine((a) => !a.dateModified || a.dateModified <= a.datePublished || a.dateModified <= buildDay(), {
        message: "must not be after the build's day: a change is dated the day it is made",
        path: ['dateModified'],
      }),
});

const playlists = defineCollection({
  loader: contentFiles('playlists', ['yaml', 'yml']),
  schema: exact({
    slug,
    title: text,
    playlistId,
    description: z.string().trim().superRefine(refuseControls).optional(),
    /**
     * The city guide of the town the playlist films (its file name in content/cities/): the page
     * ends with "More About {town}", the guide and the articles about it. Required when the title
     * is "{town} NC" for a town with a guide (checked in src/pages/blog/[slug].astro).
     */
    guide: reference('cities').optional(),
  }),
});

/**
 * Entries from one JSON file that a whole-file schema checks first, so an error names the
 * field as the file has it (playlists.3.videos.0.videoId). Astro's file() loader would only
 * log a file it cannot parse and build on without it; this one fails the build, and a file
 * marked optional may be missing (a clone before its first `npm run sync`).
 */
function jsonFile<T>(
  path: string,
  schema: z.ZodType<T>,
  toEntries: (data: T) => { id: string }[],
  { optional = false, warn }: { optional?: boolean; warn?: (data: T) => string | undefined } = {},
): Loader {
  return {
    name: 'json-file',
    load: async (context) => {
      const { config, store } = context;
      store.clear();
      const url = new URL(path, config.root);
      if (!existsSync(url)) {
        if (optional) return;
        throw new Error(`${path} is missing`);
      }
      const result = schema.safeParse(JSON.parse(await readFile(url, 'utf8')));
      if (!result.success) throw new Error(`${path} is not valid:\n${z.prettifyError(result.error)}`);
      const warning = warn?.(result.data);
      if (warning) context.logger.warn(`${path}: ${warning}`);
      for (const data of toEntries(result.data)) {
        store.set({ id: data.id, data: await context.parseData({ id: data.id, data }), filePath: path });
      }
    },
  };
}

/** The agent's own testimonials, in the file's order (ids "1", "2", ...). */
const testimonials = defineCollection({
  loader: jsonFile('content/reviews/testimonials.json', testimonialFileSchema, (file) =>
    file.testimonials.map((t, i) => ({ id: String(i + 1), ...t })),
  ),
  schema: testimonialSchema,
});

/**
 * The channel's playlists from the snapshot `npm run sync` writes (checked with the schema the
 * sync writes it with), in the snapshot's order; none before the first sync.
 */
const videoPlaylists = defineCollection({
  loader: jsonFile(
    'content/videos/snapshot.json',
    snapshotSchema,
    (snapshot) => snapshot.playlists.map((p, order) => ({ ...p, order })),
    { optional: true, warn: (snapshot) => staleSnapshotWarning(snapshot, buildTime()) },
  ),
  schema: playlistSchema.extend({ order: z.number().int().min(0) }),
});

/** A card of a card grid, a step of a step list. */
const card = exact({ title: text, text, figure: text.optional() });
const step = exact({ title: text, description: text });
const anchorId = z.string().regex(/^[a-z][a-z0-9-]*$/, 'must be a lower-case id, e.g. "benefits"');

/**
 * The landing pages (/relocation, /first-time-buyer, ...: content/landing/{slug}.yaml plus their
 * hero picture), all drawn by one layout (src/components/landing/). Each is a hero with
 * buttons, then its sections in order; the section types are the page parts SPEC §2 names.
 */
const landing = defineCollection({
  loader: contentFiles('landing', ['yaml', 'yml']),
  schema: ({ image }) =>
    exact({
      /** The browser title and the page's name in structured data. */
      title: text.max(110),
      description,
      /** The hero's background and the page's social image. */
      image: image(),
      hero: exact({
        title: text,
        eyebrow: text.optional(),
        lead: text,
        buttons: z
          .array(
            exact({
              label: text,
              style: z.enum(['primary', 'light']).default('primary'),
              /** A place on this site, e.g. "#home-value". */
              // Not "//host/..." nor "/\host": a browser reads both as another site.
              href: z
                .string()
                .regex(/^(#|\/(?![/\\]))/, 'must be a path or #anchor on this site')
                .optional(),
              /** An address of src/site.config.ts. */
              link: z.enum(['booking', 'relocationGuide', 'phone']).optional(),
            }).refine((b) => (b.href === undefined) !== (b.link === undefined), 'give either href or link'),
          )
          .max(3),
      }),
      sections: z.array(
        z.discriminatedUnion('type', [
          exact({
            type: z.literal('cards'),
            heading: text,
            intro: text.optional(),
            id: anchorId.optional(),
            tone: z.enum(['white', 'sand']).optional(),
            cards: z.array(card).min(1),
          }),
          exact({
            type: z.literal('steps'),
            heading: text,
            intro: text.optional(),
            id: anchorId.optional(),
            steps: z.array(step).min(1),
          }),
          /** The city cards of the towns with a relocationCard (content/cities). */
          exact({ type: z.literal('cities'), heading: text, intro: text.optional() }),
          /** Every town's price, size and drive times in one table (content/cities); `note` says where they come from. */
          exact({ type: z.literal('compareTowns'), heading: text, intro: text.optional(), note: text.optional() }),
          /** The channel's newest relocation video. */
          exact({ type: z.literal('video') }),
          exact({ type: z.literal('calculator'), heading: text }),
          exact({ type: z.literal('propertySearch'), heading: text.optional() }),
          exact({ type: z.literal('homeValue') }),
          /** A seller's net sheet (src/lib/net-sheet.ts): `example` is what its fields hold until the visitor types. */
          exact({
            type: z.literal('netSheet'),
            heading: text,
            intro: text.optional(),
            example: exact({
              price: z.number().positive(),
              payoff: z.number().nonnegative(),
              listingFeePercent: z.number().min(0).max(100),
              buyerAgentFeePercent: z.number().min(0).max(100),
              annualPropertyTax: z.number().nonnegative(),
              /** The closing day, this many days after the build (or, in the page, after today). */
              closingInDays: z.number().int().positive(),
              concessions: z.number().nonnegative(),
              otherCosts: z.number().nonnegative(),
            }),
          }),
          /** A buyer's cash to close (src/lib/cash-to-close.ts): `example` is what its fields hold until the visitor types. */
          exact({
            type: z.literal('cashToClose'),
            heading: text,
            intro: text.optional(),
            example: exact({
              price: z.number().positive(),
              downPaymentPercent: z.number().min(0).max(100),
              interestRatePercent: z.number().min(0).max(100),
              /** The closing day, this many days after the build (or, in the page, after today). */
              closingInDays: z.number().int().positive(),
              dueDiligenceFee: z.number().nonnegative(),
              earnestMoney: z.number().nonnegative(),
              lenderFees: z.number().nonnegative(),
              attorneyAndTitle: z.number().nonnegative(),
              hoaAtClosing: z.number().nonnegative(),
              homeownersInsurance: z.number().nonnegative(),
              escrowDeposit: z.number().nonnegative(),
              annualPropertyTax: z.number().nonnegative(),
              sellerCredits: z.number().nonnegative(),
            }),
          }),
          /** What a buyer can afford (src/lib/affordability.ts): `example` is what its fields hold until the visitor types. */
          exact({
            type: z.literal('affordability'),
            heading: text,
            intro: text.optional(),
            example: exact({
              annualIncome: z.number().positive(),
              monthlyDebts: z.number().nonnegative(),
              downPayment: z.number().nonnegative(),
              interestRatePercent: z.number().min(0).max(100),
              /**
               * County and town together, dollars per $100 of value; by default the rate of the
               * mortgage calculator's own town (content/counties.yaml and content/cities).
               */
              propertyTaxRate: z.number().min(0).max(10).optional(),
              homeownersInsurance: z.number().nonnegative(),
              hoaDues: z.number().nonnegative(),
            }),
          }),
          /** The newest homes of a status group (content/listings), linking to all of them; absent when there are none. */
          exact({
            type: z.literal('homes'),
            status: z.enum(statusGroups.map((g) => g.slug) as [StatusGroup['slug'], ...StatusGroup['slug'][]]),
            heading: text,
            intro: text.optional(),
            tone: z.enum(['white', 'sand']).optional(),
          }),
          exact({
            type: z.literal('contact'),
            heading: text,
            text,
            /** The e-mail link's subject (SPEC §2 names one per page). */
            subject: text,
            emailLabel: text.optional(),
          }),
        ]),
      ),
    }),
});

/** The agent's own words shown on several pages (content/agent/{id}.mdx), e.g. the home about block. */
const agent = defineCollection({
  loader: contentFiles('agent', ['mdx']),
  schema: exact({ title: text }),
});

/**
 * The privacy policy, terms of use and accessibility statement (content/legal/{page}.mdx, shown
 * at /{page}): texts the agent's attorney reviews. Phone, e-mail and the outside services come
 * from src/site.config.ts through the components of src/components/legal/mdx/, never typed in.
 */
const legal = defineCollection({
  loader: contentFiles('legal', ['mdx']),
  schema: exact({
    title: text.max(110),
    /** The footer link's words, e.g. "Privacy Policy". */
    label: text.max(30),
    /** Place of the footer link (1 is first). */
    order: z.number().int().positive(),
    description,
    /** Day of the last change, shown as "Last updated". */
    updated: isoDate,
  }),
});

/**
 * The hand-written homes (content/listings/{slug}.yaml, photos beside them) and the homes of the
 * MLS snapshot (LISTINGS_SNAPSHOT_DIR/snapshot.json, photos under photos/, written by
 * `npm run sync-listings`), through the one schema. Synced homes get `mls.asOf` (the snapshot's
 * time: the MLS's disclaimer shows it) and their page slug; a hand-written home wins over a synced
 * one with its ListingKey or its address (src/lib/reso/snapshot.ts). No snapshot yet: hand-written
 * homes only. The build reads files only: the MLS is reached by the sync alone.
 */
function listingLoader(): Loader {
  const handWritten = contentFiles('listings', ['yaml', 'yml']);
  return {
    name: 'listing-loader',
    load: async (context) => {
      const { config, store, logger } = context;
      // The glob loader drops every entry it did not load itself: the synced ones are added anew below.
      await handWritten.load(context);
      const own: HandWrittenHome[] = [];
      for (const entry of store.values()) {
        if ((entry.data as { mls?: unknown }).mls !== undefined) {
          throw new Error(`${entry.filePath}: mls: only the MLS snapshot’s homes carry it; leave it out`);
        }
        own.push({ id: entry.id, ListingKey: String(entry.data['ListingKey']), filePath: entry.filePath ?? entry.id });
      }
      const root = fileURLToPath(config.root);
      const dir = resolve(root, readSnapshotDir());
      const filePath = relative(root, join(dir, SNAPSHOT_FILE)).split(sep).join('/');
      if (filePath.startsWith('../')) {
        throw new Error(
          `LISTINGS_SNAPSHOT_DIR (${dir}) must be a folder inside the project: its photos are built from there`,
        );
      }
      const snapshot = readSnapshotFile(join(dir, SNAPSHOT_FILE));
      if (!snapshot) return;
      const { entries, overridden } = snapshotEntries(snapshot, own);
      for (const o of overridden) logger.info(`${o.key} from the MLS: the hand-written ${o.by} is published instead`);
      for (const entry of entries) {
        let data: Record<string, unknown>;
        try {
          data = await context.parseData({ id: entry.id, data: entry.data, filePath: join(dir, SNAPSHOT_FILE) });
        } catch (error) {
          throw new Error(
            `${filePath}, home ${entry.key}: ${error instanceof Error ? error.message : String(error)}\nRun \`npm run sync-listings -- --full\` to copy it again.`,
          );
        }
        store.set({ id: entry.id, data, filePath });
      }
    },
  };
}

/**
 * The homes, hand-written and from the MLS: in RESO Data Dictionary field names
 * (src/lib/listing/model.ts), one entry type whatever the source.
 */
const listing = defineCollection({
  loader: listingLoader(),
  schema: ({ image }) => listingSchema(image(), { today: buildDayWritten() }),
});

export const collections = {
  listing,
  counties,
  places,
  cities,
  articles,
  playlists,
  testimonials,
  videoPlaylists,
  agent,
  landing,
  legal,
};
