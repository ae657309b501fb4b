/**
 * Bad front matter fails the build with a message naming the file and the field: checked on a
 * temporary copy of the project, one broken article and one broken city at a time.
 */
import { execFile } from 'node:child_process';
import { cpSync, mkdtempSync, realpathSync, rmSync, symlinkSync, writeFileSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

const project = join(import.meta.dirname, '..', '..');
const skip = new Set(['node_modules', 'dist', '.astro', '.git', 'test-results', 'playwright-report', '.cache', 'data']);
let root: string;

beforeAll(() => {
  root = mkdtempSync(join(tmpdir(), 'content-errors-'));
  cpSync(project, root, { recursive: true, filter: (src) => !skip.has(src.slice(project.length + 1).split('/')[0]!) });
  symlinkSync(realpathSync(join(project, 'node_modules')), join(root, 'node_modules'));
});

afterAll(() => {
  if (root) rmSync(root, { recursive: true, force: true });
});

/** Runs `astro sync` (the content check the build starts with) and returns its output. */
async function sync(): Promise<{ ok: boolean; output: string }> {
  try {
    const { stdout, stderr } = await promisify(execFile)(
      join(project, 'node_modules/.bin/node'),
      [join(root, 'node_modules/astro/bin/astro.mjs'), 'sync'],
      { cwd: root, env: { ...process.env, ASTRO_TELEMETRY_DISABLED: '1', NO_COLOR: '1' } },
    );
    return { ok: true, output: stdout + stderr };
  } catch (error) {
    const e = error as { stdout?: string; stderr?: string };
    return { ok: false, output: `${e.stdout ?? ''}${e.stderr ?? ''}` };
  }
}

describe('content schema errors', () => {
  it('the unchanged copy passes', async () => {
    expect((await sync()).ok).toBe(true);
  }, 120_000);

  it('an article with a bad field names the file and the field', async () => {
    const file = join(root, 'content/articles/bad-front-matter.mdx');
    writeFileSync(
      file,
      `---\ntitle: Bad Front Matter\nslug: bad-front-matter\ndescription: A description long enough to pass the fifty character minimum of the schema.\nsummary: Bad.\ndatePublished: someday\n---\n\nText.\n`,
    );
    try {
      const { ok, output } = await sync();
      expect(ok).toBe(false);
      expect(output).toContain('bad-front-matter.mdx');
      expect(output).toContain('datePublished');
    } finally {
      rmSync(file);
    }
  }, 120_000);

  it('a city with a bad field names the file and the field', async () => {
    const file = join(root, 'content/cities/cary.yaml');
    const original = readFileSync(file, 'utf8');
    writeFileSync(file, original.replace(/^population: .*$/m, 'population: [not, a, number]'));
    try {
      const { ok, output } = await sync();
      expect(ok).toBe(false);
      expect(output).toContain('cary');
      expect(output).toContain('population');
    } finally {
      writeFileSync(file, original);
    }
  }, 120_000);

  /** Runs the content check with extra files in the copy, and removes them. */
  async function syncWithFiles(files: Record<string, string>): Promise<{ ok: boolean; output: string }> {
    for (const [path, text] of Object.entries(files)) writeFileSync(join(root, path), text);
    try {
      return await sync();
    } finally {
      for (const path of Object.keys(files)) rmSync(join(root, path));
    }
  }
  const garner = () => readFileSync(join(root, 'content/articles/garner-nc-new-homes.mdx'), 'utf8');

  it('an article saved as .md (which the collection would pass over) fails, naming the file and the extension', async () => {
    const { ok, output } = await syncWithFiles({
      'content/articles/garner-homes.md': garner().replace(/^slug: .*$/m, 'slug: garner-homes'),
    });
    expect(ok).toBe(false);
    expect(output).toContain(
      'content/articles/garner-homes.md: content/articles reads .mdx files only; rename it to end in .mdx',
    );
  }, 120_000);

  it('two articles with one slug fail, naming both files (one would be dropped)', async () => {
    const { ok, output } = await syncWithFiles({
      'content/articles/garner-again.mdx': garner().replace(/^title: .*$/m, 'title: Garner Again'),
    });
    expect(ok).toBe(false);
    expect(output).toContain('multiple entries with the same slug: `garner-nc-new-homes`');
    expect(output).toContain('content/articles/garner-again.mdx');
    expect(output).toContain('content/articles/garner-nc-new-homes.mdx');
  }, 120_000);

  /** Breaks one value of a content file, runs the content check, and restores the file. */
  async function syncWith(path: string, value: RegExp, bad: string): Promise<{ ok: boolean; output: string }> {
    const file = join(root, path);
    const original = readFileSync(file, 'utf8');
    expect(original).toMatch(value);
    writeFileSync(file, original.replace(value, bad));
    try {
      return await sync();
    } finally {
      writeFileSync(file, original);
    }
  }

  // The city rules that used to be unit tests over the files are the schema's now.
  it.each([
    ['population', /^population: .*$/m, "population: '174721'", 'must be a whole number with thousands commas'],
    ['medianHome', /^medianHome: .*$/m, "medianHome: '525000'", 'must be whole dollars with a $'],
    ['coordinates.lat', /^ {2}lat: .*$/m, '  lat: 34.2', 'must lie in the Triangle (latitude 35.4 to 36.3)'],
    ['neighborhoods', /^ {2}- name: Amberly$/m, '  - name: Preston', 'must not name a neighborhood twice'],
    ['propertyTax.municipalRate', /^ {2}municipalRate: .*$/m, '  municipalRate: high', 'municipalRate'],
  ])(
    'a city whose %s breaks a rule fails with the file, field and rule named',
    async (_field, line, bad, rule) => {
      const { ok, output } = await syncWith('content/cities/cary.yaml', line, bad);
      expect(ok).toBe(false);
      expect(output).toContain('cary');
      expect(output).toContain(rule);
    },
    120_000,
  );

  it.each([
    ['content/reviews/testimonials.json', /"text": "[^"]*"/, '"text": "Short"', 'testimonials[0].text'],
    [
      'content/videos/snapshot.json',
      /"videoId": "[^"]*"/,
      '"videoId": "not-an-id"',
      'must be an 11-character YouTube video id',
    ],
  ])(
    '%s: a wrong value fails the build, naming the file and the field',
    async (path, value, bad, rule) => {
      const { ok, output } = await syncWith(path, value, bad);
      expect(ok).toBe(false);
      expect(output).toContain(`${path} is not valid`);
      expect(output).toContain(rule);
    },
    120_000,
  );

  it('a home day written without quotes (a date to Astro’s YAML reader) is read as that day', async () => {
    const { ok, output } = await syncWith(
      'content/listings/412-oak-grove-lane-cary-nc.yaml',
      /^OnMarketDate: '2026-11-02'$/m,
      'OnMarketDate: 2026-11-02',
    );
    expect(output).not.toContain('OnMarketDate');
    expect(ok).toBe(true);
  }, 120_000);

  it.each([
    [
      'content/articles/garner-nc-new-homes.mdx',
      /^playlistId:/m,
      'playlistID:',
      '"playlistID" is not a field of this file',
    ],
    [
      'content/articles/garner-nc-new-homes.mdx',
      /^ {2}guide: garner$/m,
      '  gide: garner',
      'geo: "gide" is not a field of this file',
    ],
    ['content/cities/cary.yaml', /^tagline:/m, 'tagLine:', '"tagLine" is not a field of this file'],
    [
      'content/cities/cary.yaml',
      /^ {2}municipalRate:/m,
      '  municipalRte:',
      'propertyTax: "municipalRte" is not a field of this file',
    ],
    [
      'content/landing/downsizing.yaml',
      /^ {4}intro: What the sale/m,
      '    intor: What the sale',
      'sections.2: "intor" is not a field of this file',
    ],
    [
      'content/reviews/testimonials.json',
      /"author_name": "Megan/,
      '"author": "Megan',
      '"author" is not a field of this file: check its spelling\n  → at testimonials[0]',
    ],
    ['content/legal/terms.mdx', /^updated:/m, 'updatedOn:', '"updatedOn" is not a field of this file'],
    [
      'content/articles/garner-nc-new-homes.mdx',
      /^datePublished: .*$/m,
      'datePublished: 2026-02-30',
      'datePublished: 2026-02-30 is not a day of the calendar',
    ],
    [
      'content/articles/garner-nc-new-homes.mdx',
      /^datePublished: .*$/m,
      'datePublished: May 14th',
      'datePublished: must be a day written YYYY-MM-DD',
    ],
    // JavaScript reads these as January 1, 1970 and December 1, 2026.
    [
      'content/articles/garner-nc-new-homes.mdx',
      /^datePublished: .*$/m,
      'datePublished: 20261122',
      'datePublished: must be a day written YYYY-MM-DD',
    ],
    [
      'content/articles/garner-nc-new-homes.mdx',
      /^datePublished: .*$/m,
      'datePublished: 11/31/2026',
      'datePublished: must be a day written YYYY-MM-DD',
    ],
    // Read as a date, it was its day in UTC: January 6.
    [
      'content/articles/garner-nc-new-homes.mdx',
      /^datePublished: .*$/m,
      'datePublished: 2026-01-05T22:00:00-05:00',
      'datePublished: must be a day written YYYY-MM-DD',
    ],
    [
      'content/articles/garner-nc-new-homes.mdx',
      /^datePublished: .*$/m,
      'datePublished: 2025-05-14\ndateModified: 2025-05-01',
      'dateModified: must not be before datePublished',
    ],
    [
      'content/articles/garner-nc-new-homes.mdx',
      /^datePublished: .*$/m,
      'datePublished: 2025-05-14\ndateModified: 2099-05-01',
      "dateModified: must not be after the build's day: a change is dated the day it is made",
    ],
    [
      'content/articles/garner-nc-new-homes.mdx',
      /^cta:$/m,
      'cta:\n  buttonHref: javascript:alert(1)',
      'cta.buttonHref: must be a web address starting https://',
    ],
    [
      'content/landing/upsizing.yaml',
      /'#home-value'/,
      "'//evil.example/phish'",
      'must be a path or #anchor on this site',
    ],
    [
      'content/listings/412-oak-grove-lane-cary-nc.yaml',
      /^OnMarketDate: .*$/m,
      'OnMarketDate: 2026-11-31',
      'OnMarketDate: 2026-11-31 is not a day of the calendar',
    ],
  ])(
    '%s: a misspelt field, a day off the calendar, in another form or to come, or a link off the site fails, named (%s)',
    async (path, line, bad, rule) => {
      const { ok, output } = await syncWith(path, line, bad);
      expect(ok).toBe(false);
      expect(output).toContain(rule);
    },
    120_000,
  );

  const home = 'content/listings/412-oak-grove-lane-cary-nc.yaml';
  it.each([
    ['a negative price', /^ListPrice: .*$/m, 'ListPrice: -525000', 'ListPrice', 'must be more than $0'],
    ['a missing price', /^ListPrice: .*$/m, '', 'ListPrice', 'is required'],
    ['an unknown status', /^StandardStatus: .*$/m, 'StandardStatus: Sold', 'StandardStatus', 'must be one of'],
    [
      'a Closed home without close price and date',
      /^StandardStatus: .*$/m,
      'StandardStatus: Closed',
      'ClosePrice',
      'a Closed home needs its ClosePrice',
    ],
    ['a photo without alt', /^ {4}alt: Kitchen.*$/m, '', 'Photos.1.alt', 'every photo needs alt text'],
    [
      'an open house that ends before it starts',
      /^ {4}OpenHouseEndTime: '2027-01-16T15:00'$/m,
      "    OpenHouseEndTime: '2027-01-16T12:00'",
      'OpenHouse.1.OpenHouseEndTime',
      'must be after OpenHouseStartTime',
    ],
    [
      'a street although its address is withheld',
      /^StreetNumber: .*$/m,
      "InternetAddressDisplayYN: false\nStreetNumber: '412'",
      'StreetNumber',
      'must be left out when InternetAddressDisplayYN is false',
    ],
    [
      'a longitude without its minus',
      /^Longitude: .*$/m,
      'Longitude: 78.8032',
      'Longitude',
      'must lie in North Carolina (-84.4 to -75.3)',
    ],
    [
      'a photo that is not there',
      /front\.jpg$/m,
      'frnt.jpg',
      'Photos.0.src',
      './412-oak-grove-lane-cary-nc/frnt.jpg is not there',
    ],
    [
      'the MLS snapshot’s own field',
      /^ListPrice: .*$/m,
      "ListPrice: 525000\nmls:\n  asOf: '2026-05-02T10:00:00Z'",
      'mls',
      'only the MLS snapshot’s homes carry it',
    ],
  ])(
    'a home with %s fails with the file and the field named',
    async (_what, line, bad, field, rule) => {
      const { ok, output } = await syncWith(home, line, bad);
      expect(ok).toBe(false);
      expect(output).toContain('412-oak-grove-lane-cary-nc.yaml');
      expect(output).toContain(`${field}: `);
      expect(output).toContain(rule);
    },
    120_000,
  );
});
