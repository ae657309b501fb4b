/**
 * Homes from the MLS on the built site, in a temporary copy of the project: `npm run sync-listings`
 * against the fake MLS Grid server (tests/integration/fake-reso.ts) into a snapshot folder named by
 * LISTINGS_SNAPSHOT_DIR, twice (the second run turns one home MlgCanView false), then the
 * production build with the network refused. The synced home is published with its firm, the MLS
 * disclaimer and the snapshot's time, its photos through astro:assets and the open house entered
 * in the MLS with its calendar file; the deleted one is gone; the
 * one whose address is withheld shows no street anywhere; a hand-written home wins over the MLS's
 * copy of it.
 */
import { execFile } from 'node:child_process';
import { cpSync, mkdtempSync, readdirSync, readFileSync, realpathSync, rmSync, symlinkSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { formatAsOf } from '../../src/lib/listing/display.ts';
import type { ListingSnapshot } from '../../src/lib/reso/snapshot.ts';
import { site } from '../../src/site.config.ts';
import {
  mediaRecord,
  openHouseRecord,
  propertyRecord,
  startFakeReso,
  syncEnv,
  SYSTEM,
  type FakeReso,
  type Record,
} from '../integration/fake-reso.ts';
import { problemLines, project, runBuild, type BuildResult } from './support.ts';

const skip = new Set(['node_modules', 'dist', '.astro', '.git', 'test-results', 'playwright-report', '.cache', 'data']);
/** Relative to the project, as an operator would set it: not the default folder. */
const SNAPSHOT = 'mls-snapshot';

let root: string;
let fake: FakeReso;
let build: BuildResult;
let snapshot: ListingSnapshot;
const syncOut: string[] = [];
const read = (path: string) => readFileSync(join(root, 'dist', 'client', path), 'utf8');
const exists = (path: string) => {
  try {
    read(path);
    return true;
  } catch {
    return false;
  }
};

/** A home of the firm in Apex, the one the checks below look for on the built site. */
function record(key: string, overrides: Record = {}): Record {
  return propertyRecord(fake, key, {
    ListPrice: 487000,
    StreetNumber: '77',
    StreetName: 'Synced Example',
    StreetSuffix: 'Court',
    City: 'Apex',
    PostalCode: '27502',
    CountyOrParish: 'Wake',
    Latitude: 35.73,
    Longitude: -78.85,
    ListOfficeName: 'Sample MLS Realty',
    Media: [mediaRecord(fake, key, 0)],
    ...overrides,
  });
}

async function sync(): Promise<void> {
  const { stdout, stderr } = await promisify(execFile)(process.execPath, ['scripts/sync-listings.ts'], {
    cwd: root,
    env: syncEnv(fake, SNAPSHOT),
  });
  syncOut.push(stdout + stderr);
}

/** Every text file the build wrote (pages, .ics files, the sitemap, JSON), by path. */
function builtTexts(dir = join(root, 'dist', 'client')): [string, string][] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((e): [string, string][] => {
    const path = join(dir, e.name);
    if (e.isDirectory()) return builtTexts(path);
    return /\.(html|ics|xml|json|txt|webmanifest)$/.test(e.name) ? [[path, readFileSync(path, 'utf8')]] : [];
  });
}

beforeAll(async () => {
  root = mkdtempSync(join(tmpdir(), 'listings-mls-'));
  cpSync(project, root, { recursive: true, filter: (src) => !skip.has(src.slice(project.length + 1).split('/')[0]!) });
  symlinkSync(realpathSync(join(project, 'node_modules')), join(root, 'node_modules'));

  fake = await startFakeReso({ originatingSystem: SYSTEM });
  fake.top = 10;
  fake.records = [
    record('CAR100'),
    // The seller withheld the street: published as "Home in Cary" without street or coordinates.
    record('CAR101', {
      InternetAddressDisplayYN: false,
      StreetNumber: '5150',
      StreetName: 'Secret Hollow',
      StreetSuffix: 'Lane',
      City: 'Cary',
      PostalCode: '27513',
      Latitude: 35.76017,
      Longitude: -78.81239,
    }),
    // Deleted at the source after the first run (below).
    record('CAR102', { StreetNumber: '9', StreetName: 'Withdrawn Vista', ListPrice: 399000 }),
    // The MLS's copy of a hand-written sample home (content/listings/412-oak-grove-lane-cary-nc.yaml).
    record('JA-2026-014', { StreetNumber: '999', StreetName: 'Imposter', StreetSuffix: 'Road', ListPrice: 111000 }),
  ];
  // An open house the agent entered in the MLS (1 to 3 PM in Raleigh).
  fake.openHouses = [
    openHouseRecord('OH-CAR100', 'CAR100', { OpenHouseRemarks: 'Meet the listing agent at the door.' }),
  ];
  await sync();
  fake.records = fake.records.map((r) =>
    r['ListingKey'] === 'CAR102' ? { ...r, MlgCanView: false, ModificationTimestamp: '2026-05-03T09:00:00.000Z' } : r,
  );
  await sync();
  snapshot = JSON.parse(readFileSync(join(root, SNAPSHOT, 'snapshot.json'), 'utf8')) as ListingSnapshot;
  await fake.close();
  build = await runBuild(root, { LISTINGS_SNAPSHOT_DIR: SNAPSHOT });
}, 600_000);

afterAll(() => {
  if (root) rmSync(root, { recursive: true, force: true });
});

describe('the build with a listings snapshot', () => {
  it('the sync wrote the snapshot the build reads: the deleted home is already out of it', () => {
    expect(syncOut[1]).toContain('Removed CAR102: MlgCanView is false');
    expect(snapshot.homes.map((h) => h.home['ListingKey'])).toEqual(['CAR100', 'CAR101', 'JA-2026-014']);
  });

  it('is clean without the network, and says which hand-written home replaced an MLS copy', () => {
    expect(build.code, build.lines.join('\n')).toBe(0);
    expect(problemLines(build.lines)).toEqual([]);
    expect(build.lines.join('\n')).toContain(
      'JA-2026-014 from the MLS: the hand-written content/listings/412-oak-grove-lane-cary-nc.yaml is published instead',
    );
  });

  it('publishes the synced home with its firm, the MLS disclaimer and the snapshot’s time', () => {
    const html = read('listings/77-synced-example-court-apex-nc.html');
    expect(html).toMatch(/<h1[^>]*>\s*77 Synced Example Court/);
    expect(html).toMatch(/data-listing-courtesy[^>]*>\s*Listing courtesy of Sample MLS Realty\s*</);
    // The setting's text with the snapshot's time in it, marked with the time itself.
    const disclaimer = site.mls.disclaimer.replace('{asOf}', formatAsOf(snapshot.asOf));
    const shown = /<p data-mls-disclaimer data-as-of="([^"]+)">\s*([^<]*?)\s*<\/p>/.exec(html);
    expect(shown?.[1]).toBe(snapshot.asOf);
    expect(shown?.[2]).toBe(disclaimer);
    // Its photo went through astro:assets: hashed files under /_astro/ with their size measured (the fake's
    // photos are 64 px wide, so no wider variant is made), never the MLS's host.
    expect(html).toMatch(/<img src="\/_astro\/CAR100-M0\.[\w-]+\.jpg"[^>]* width="64" height="48"/);
    expect(html).toMatch(/<img src="\/_astro\/CAR100-M0\.[\w-]+\.webp"/);
    expect(html).not.toContain('127.0.0.1');
  });

  it('announces the open house entered in the MLS, in New York time, with its calendar file', () => {
    const html = read('listings/77-synced-example-court-apex-nc.html');
    expect(html).toContain('<time datetime="2030-06-01T13:00">Saturday, June 1, 2030, 1:00 PM to 3:00 PM</time>');
    expect(html).toContain('Meet the listing agent at the door.');
    const ics = read('listings/77-synced-example-court-apex-nc/open-house-2030-06-01-1300.ics');
    expect(ics).toContain('DTSTART;TZID=America/New_York:20300601T130000');
    expect(ics).toContain('DTEND;TZID=America/New_York:20300601T150000');
  });

  it('lists it on /listings and its town’s guide with the MLS disclaimer under the cards', () => {
    for (const page of ['listings.html', 'city/apex.html']) {
      const html = read(page);
      expect(html, page).toContain('href="/listings/77-synced-example-court-apex-nc"');
      expect(html, page).toContain(`data-as-of="${snapshot.asOf}"`);
    }
    expect(read('sitemap.xml')).toContain(
      '<loc>https://www.example.com/listings/77-synced-example-court-apex-nc</loc>',
    );
  });

  it('shows no MLS disclaimer with hand-written homes only', () => {
    const html = read('listings/96-sunset-meadow-way-holly-springs-nc.html');
    expect(html).toContain('data-listing-disclaimer');
    expect(html).not.toContain('data-mls-disclaimer');
  });

  it('leaves out the home the MLS deleted (MlgCanView false)', () => {
    expect(exists('listings/9-withdrawn-vista-court-apex-nc.html')).toBe(false);
    for (const [path, text] of builtTexts()) expect(text, path).not.toContain('Withdrawn Vista');
  });

  it('publishes the home whose street is withheld by town and ZIP only: no street, no coordinates, no map', () => {
    const html = read('listings/home-in-cary-nc-27513-car101.html');
    expect(html).toMatch(/<h1[^>]*>\s*Home in Cary/);
    expect(html).toContain('<title>Home in Cary, NC 27513 (CAR101) | Active $487,000 |');
    expect(html).toContain('data-address-withheld');
    expect(html).not.toContain('data-area-map');
    const ld = [...html.matchAll(/<script type="application\/ld\+json">(.*?)<\/script>/gs)].map((m) => m[1]).join();
    expect(ld).toContain('"postalCode":"27513"');
    expect(ld).not.toContain('streetAddress');
    expect(ld).not.toContain('GeoCoordinates');
    for (const [path, text] of builtTexts()) {
      expect(text, path).not.toMatch(/Secret Hollow|35\.76017|78\.81239/);
    }
  });

  it('keeps the hand-written home where the MLS has one with its ListingKey', () => {
    const html = read('listings/412-oak-grove-lane-cary-nc.html');
    expect(html).toContain('$525,000');
    expect(html).not.toContain('data-mls-disclaimer');
    expect(exists('listings/999-imposter-road-apex-nc.html')).toBe(false);
    for (const [path, text] of builtTexts()) expect(text, path).not.toContain('Imposter');
  });
});
