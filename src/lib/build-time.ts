/**
 * The moment a build takes as now: it decides which open houses are still coming (and get their
 * .ics files) and which videos count as recent on a city guide. A real build uses the clock.
 * `BUILD_TIME` (a date and time with its offset) fixes it: the tests build the sample content as of
 * the samples' date (tests/support/samples-date.ts), so what they expect of it (the open house of
 * January 16, 2027 still to come) holds on any later day. Only pre-rendered pages read it, never
 * one the server renders on request (such as /contact).
 */
import { z } from 'zod';
import { site } from '../site.config.ts';

const buildTimeSchema = z.iso.datetime({ offset: true });

export function buildTime(env: Readonly<Record<string, string | undefined>> = process.env): Date {
  const value = env['BUILD_TIME'];
  if (value === undefined || value === '') return new Date();
  if (!buildTimeSchema.safeParse(value).success) {
    throw new Error(
      `BUILD_TIME must be a date and time with its offset, such as 2026-11-25T12:00:00-05:00, got "${value}"`,
    );
  }
  return new Date(value);
}

/**
 * The origin the build writes into canonicals, the sitemap, RSS and Open Graph: `SITE_URL` (a
 * staging build's own), else `site.baseUrl`. Blank counts as unset (a `SITE_URL=` line left in a
 * copied .env); anything but an http(s) origin stops the build, naming the variable.
 */
export function siteUrl(env: Readonly<Record<string, string | undefined>> = process.env): string {
  const value = env['SITE_URL']?.trim();
  if (!value) return site.baseUrl;
  const url = URL.parse(value);
  if (!url || !/^https?:$/.test(url.protocol) || url.pathname !== '/' || url.search || url.hash || url.username) {
    throw new Error(`SITE_URL must be an origin such as https://www.example.com, got "${value}"`);
  }
  return url.origin;
}
