/**
 * The shape of a home (content/listings/{slug}.yaml): RESO Data Dictionary field names, so a hand-
 * written home and one the MLS sync writes are the same entry. The schema refuses nonsense with
 * the field named (Astro adds the file). Pure: the photo schema (astro:assets' `image()`) is
 * passed in, so the unit tests check the same rules with plain strings.
 */
import { z } from 'astro/zod';
import { feeFrequencyMonths, toSlug, type FeeFrequency } from './format.ts';
import { listingKeyPattern } from './lead.ts';
import { localTimeInZone } from './time.ts';
import { withoutControls } from '../text.ts';

/** A string as the pages show it, control characters from a feed left out (`withoutControls`). */
const plain = z.string().transform(withoutControls);
const text = plain.pipe(z.string().trim().min(1));

/** RESO StandardStatus values a public page may show, in the order a buyer meets them. */
export const standardStatuses = ['Coming Soon', 'Active', 'Active Under Contract', 'Pending', 'Closed'] as const;
export type StandardStatus = (typeof standardStatuses)[number];

/** RESO PropertySubType values of the homes the agent lists. */
export const propertySubTypes = [
  'Single Family Residence',
  'Townhouse',
  'Condominium',
  'Manufactured Home',
  'Farm',
] as const;
export type PropertySubType = (typeof propertySubTypes)[number];

/** Whole dollars, more than zero. */
const dollars = z
  .number({
    error: (issue) => (issue.input === undefined ? 'is required' : 'must be a number of dollars, e.g. 525000'),
  })
  .int('must be whole dollars')
  .positive('must be more than $0');

/**
 * A day, written YYYY-MM-DD. Written without quotes in a YAML file, Astro's reader has already
 * made a date of it (at midnight UTC): that is taken back to its day. A date and time written so
 * (2026-01-05T22:00:00-05:00) is refused as it is in quotes: read as a date, it was its day in
 * UTC, the next one for an evening in New York.
 */
export const day = z.preprocess(
  (value) =>
    value instanceof Date && !Number.isNaN(value.getTime())
      ? value.toISOString().replace(/T00:00:00\.000Z$/, '')
      : value,
  z.iso.date('must be a day written YYYY-MM-DD, e.g. 2026-09-30'),
);

/**
 * An open-house time as a wall-clock time in America/New_York ("2027-03-13T13:00"), the way an
 * agent writes it and RESO feeds deliver it (an offset, if given, must agree).
 */
export const localDateTime = z
  .string()
  .regex(
    /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(:00)?$/,
    'must be a local New York time written YYYY-MM-DDTHH:MM, e.g. 2027-03-13T13:00',
  )
  .refine((value) => localTimeInZone(value) !== undefined, 'is not a real time of day in New York');

const openHouse = z.object({
  OpenHouseStartTime: localDateTime,
  OpenHouseEndTime: localDateTime,
  OpenHouseRemarks: text.optional(),
  /** The day the MLS last changed it (the sync writes it): its calendar entry's DTSTAMP, when later than the home's. */
  ModificationTimestamp: day.optional(),
});

/** The street-address fields a home with InternetAddressDisplayYN false leaves out. */
export const hiddenAddressFields = [
  'StreetNumber',
  'StreetDirPrefix',
  'StreetName',
  'StreetSuffix',
  'UnitNumber',
] as const;

/** North Carolina with a margin, for a home's coordinates (WGS84; west is negative). */
const northCarolina = { Latitude: [33.7, 36.7], Longitude: [-84.4, -75.3] } as const;

export interface ListingSchemaOptions {
  /**
   * The build's day in New York (YYYY-MM-DD): a hand-written home changed after it is refused.
   * Without it (the MLS sync's check, which dates a feed's changes no later than its own day), no
   * day is too late.
   */
  today?: string;
}

/** `photo` is the schema of one picture file: `image()` in the content config, a string in tests. */
export function listingSchema<P extends z.ZodType>(photo: P, { today }: ListingSchemaOptions = {}) {
  return z
    .strictObject(
      {
        /** The MLS's (or the agent's) unique key of the listing; the lead records it. */
        ListingKey: z.string().regex(listingKeyPattern, 'must be letters, digits, - or _ (at most 64)'),
        StandardStatus: z.enum(standardStatuses, {
          error: `must be one of ${standardStatuses.map((s) => `"${s}"`).join(', ')}`,
        }),
        ListPrice: dollars,
        /**
         * The price the home first went on the market at. When ListPrice is lower, the home's page
         * and card say the price was reduced, and by how much.
         */
        OriginalListPrice: dollars.optional(),
        /** The day the price last changed (the page dates the reduction with it). */
        PriceChangeTimestamp: day.optional(),
        ClosePrice: dollars.optional(),
        CloseDate: day.optional(),
        /** The day the home went on the market: /listings shows the newest first. */
        OnMarketDate: day,
        /** When these facts were last changed: the compliance line's "last updated" date. */
        ModificationTimestamp: day,

        /**
         * RESO's licence field: false when the seller withheld the street address from the Internet.
         * Such a home has no street fields and no coordinates; its pages name the town and ZIP only.
         */
        InternetAddressDisplayYN: z.boolean().default(true),
        /** Required unless InternetAddressDisplayYN is false (checked below, with the file's field named). */
        StreetNumber: z
          .string()
          .regex(/^[0-9A-Za-z-]{1,10}$/, 'must be a house number, e.g. "412"')
          .optional(),
        StreetDirPrefix: z.enum(['N', 'S', 'E', 'W', 'NE', 'NW', 'SE', 'SW']).optional(),
        StreetName: text.optional(),
        StreetSuffix: text.optional(),
        UnitNumber: text.optional(),
        /** Named in the town's list address (/listings/town/…), so it needs a letter or digit to name it by. */
        City: text.refine(
          (city) => toSlug(city) !== '',
          "must hold a letter or digit: the town's page is named by them",
        ),
        StateOrProvince: z.string().regex(/^[A-Z]{2}$/, 'must be a two-letter state code, e.g. "NC"'),
        PostalCode: z.string().regex(/^\d{5}$/, 'must be a five-digit ZIP code'),
        /** The county without "County", as RESO feeds write it ("Wake"). */
        CountyOrParish: text,
        /** Required unless InternetAddressDisplayYN is false: coordinates would give the address away. */
        Latitude: z.number().min(-90).max(90).optional(),
        Longitude: z.number().min(-180).max(180).optional(),

        PropertySubType: z.enum(propertySubTypes, {
          error: `must be one of ${propertySubTypes.map((s) => `"${s}"`).join(', ')}`,
        }),
        BedroomsTotal: z.number().int().min(0).max(50),
        BathroomsFull: z.number().int().min(0).max(50),
        BathroomsHalf: z.number().int().min(0).max(50).default(0),
        /** Square feet of heated living area. */
        LivingArea: z.number().int().positive('must be the heated square feet, more than 0'),
        LotSizeAcres: z.number().positive().optional(),
        YearBuilt: z.number().int().min(1700).max(2100),
        AssociationFee: z.number().min(0).optional(),
        AssociationFeeFrequency: z
          .enum(Object.keys(feeFrequencyMonths) as [FeeFrequency, ...FeeFrequency[]])
          .optional(),
        TaxAnnualAmount: z.number().min(0).optional(),
        TaxYear: z.number().int().min(1900).max(2100).optional(),

        /**
         * The schools the listing names for the address (RESO's names for them), shown as the
         * listing gives them, with a reminder that assignments change.
         */
        ElementarySchool: text.optional(),
        MiddleOrJuniorSchool: text.optional(),
        HighSchool: text.optional(),
        /** The school district, e.g. "Wake County Public School System". */
        HighSchoolDistrict: text.optional(),

        PublicRemarks: plain.pipe(z.string().trim().min(50, 'must describe the home in at least 50 characters')),
        InteriorFeatures: z.array(text).default([]),
        ExteriorFeatures: z.array(text).default([]),
        Appliances: z.array(text).default([]),
        CommunityFeatures: z.array(text).default([]),
        ParkingFeatures: z.array(text).default([]),

        /** NAR's IDX rule: the listing firm is named wherever the home is shown. */
        ListOfficeName: text,
        ListAgentFullName: text,
        VirtualTourURLUnbranded: z.url({ protocol: /^https$/, error: 'must be an https:// address' }).optional(),

        /** RESO's OpenHouse resource, folded in: start and end in America/New_York. */
        OpenHouse: z.array(openHouse).default([]),
        /**
         * The photos in order, the first on cards and as the share image. RESO delivers them as the
         * Media resource (MediaURL, LongDescription); the sync stores the file and its description here.
         */
        Photos: z
          .array(
            z.object({
              src: photo,
              alt: z
                .string({ error: 'every photo needs alt text describing it for people who cannot see it' })
                .transform(withoutControls)
                .pipe(
                  z
                    .string()
                    .trim()
                    .min(10, 'must describe the photo for people who cannot see it (at least 10 characters)'),
                ),
            }),
          )
          .min(1, 'needs at least one photo'),

        /**
         * Set by the build on homes read from the MLS snapshot (`npm run sync-listings`), never in a
         * hand-written file (the loader refuses it there): the "as of" time of the copy, which the
         * MLS's disclaimer shows with every synced home.
         */
        mls: z.object({ asOf: z.iso.datetime({ offset: true }) }).optional(),
      },
      {
        error: (issue) =>
          issue.code === 'unrecognized_keys'
            ? `unknown field(s) ${issue.keys.join(', ')}: a listing holds RESO fields only, and never an offer of compensation`
            : undefined,
      },
    )
    .superRefine((home, ctx) => {
      const located = ['StreetNumber', 'StreetName', 'Latitude', 'Longitude'] as const;
      if (home.InternetAddressDisplayYN) {
        for (const field of located) {
          if (home[field] === undefined) ctx.addIssue({ code: 'custom', path: [field], message: 'is required' });
        }
      } else {
        for (const field of [...hiddenAddressFields, 'Latitude', 'Longitude'] as const) {
          if (home[field] !== undefined) {
            ctx.addIssue({
              code: 'custom',
              path: [field],
              message: 'must be left out when InternetAddressDisplayYN is false (the address is not published)',
            });
          }
        }
      }
      // A pin in the sea or abroad is a typing mistake (a longitude without its minus, the two
      // swapped): refused, as a hand-written file or, per home, by the MLS sync (src/lib/reso/rules.ts).
      if (home.StateOrProvince === 'NC') {
        for (const field of ['Latitude', 'Longitude'] as const) {
          const [min, max] = northCarolina[field];
          const value = home[field];
          if (value !== undefined && (value < min || value > max)) {
            ctx.addIssue({
              code: 'custom',
              path: [field],
              message: `must lie in North Carolina (${min} to ${max}), like the home`,
            });
          }
        }
      }
      if (home.StandardStatus === 'Closed') {
        if (home.ClosePrice === undefined)
          ctx.addIssue({ code: 'custom', path: ['ClosePrice'], message: 'a Closed home needs its ClosePrice' });
        if (home.CloseDate === undefined)
          ctx.addIssue({ code: 'custom', path: ['CloseDate'], message: 'a Closed home needs its CloseDate' });
      } else if (home.ClosePrice !== undefined || home.CloseDate !== undefined) {
        ctx.addIssue({
          code: 'custom',
          path: [home.ClosePrice !== undefined ? 'ClosePrice' : 'CloseDate'],
          message: `only a Closed home has a close price and date (this one is ${home.StandardStatus})`,
        });
      }
      if (home.CloseDate !== undefined && home.CloseDate < home.OnMarketDate) {
        ctx.addIssue({ code: 'custom', path: ['CloseDate'], message: 'must not be before OnMarketDate' });
      }
      // ModificationTimestamp dates the page's "Data last updated", its JSON-LD dateModified and the
      // sitemap's lastmod: a hand-written day that cannot be right is refused (a day still to come was
      // published as such). An MLS copy (`mls`) was fitted to these rules by the sync (`toHomeFields`,
      // src/lib/reso/rules.ts), and a snapshot written before that must not stop the build.
      if (home.mls === undefined) {
        const modified = home.ModificationTimestamp;
        if (today !== undefined && modified > today) {
          ctx.addIssue({
            code: 'custom',
            path: ['ModificationTimestamp'],
            message: `must not be after the build's day (${today}): a change is dated the day it is made`,
          });
        }
        for (const field of ['PriceChangeTimestamp', 'CloseDate'] as const) {
          const changed = home[field];
          if (changed !== undefined && modified < changed) {
            ctx.addIssue({
              code: 'custom',
              path: ['ModificationTimestamp'],
              message: `must not be before ${field} (${changed}): the facts last changed on that day or later`,
            });
          }
        }
      }
      if ((home.AssociationFee ?? 0) > 0 && home.AssociationFeeFrequency === undefined) {
        ctx.addIssue({
          code: 'custom',
          path: ['AssociationFeeFrequency'],
          message: `is required with an AssociationFee (${Object.keys(feeFrequencyMonths).join(', ')})`,
        });
      }
      home.OpenHouse.forEach((o, i) => {
        const start = localTimeInZone(o.OpenHouseStartTime);
        const end = localTimeInZone(o.OpenHouseEndTime);
        if (start && end && end <= start) {
          ctx.addIssue({
            code: 'custom',
            path: ['OpenHouse', i, 'OpenHouseEndTime'],
            message: `must be after OpenHouseStartTime (${o.OpenHouseStartTime})`,
          });
        }
      });
    });
}

export type Listing = z.output<ReturnType<typeof listingSchema<z.ZodString>>>;
/** A listing whose photos are of any type: the helpers below never look at the picture itself. */
export type ListingData<P = unknown> = Omit<Listing, 'Photos'> & { Photos: { src: P; alt: string }[] };
