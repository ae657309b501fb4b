/**
 * The sample homes shipped in content/listings/ (issue 15): six homes across at least four of the
 * 13 towns, one Closed, one Pending or Active Under Contract, one open house in 2027; each home of
 * a service-area town lies inside that town's map outline, and every photo it names is there.
 */
import { booleanPointInPolygon } from '@turf/turf';
import { spawnSync } from 'node:child_process';
import {
  cpSync,
  existsSync,
  mkdirSync,
  mkdtempSync,
  readFileSync,
  readdirSync,
  rmSync,
  symlinkSync,
  writeFileSync,
} from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { parse } from 'yaml';
import { listingSlug } from '#src/lib/listing/format.ts';
import { parseServiceAreas } from '#src/lib/geo.ts';

const root = join(import.meta.dirname, '..', '..');
const dir = join(root, 'content', 'listings');
const homes = readdirSync(dir)
  .filter((f) => f.endsWith('.yaml'))
  .map((file) => ({ file, ...(parse(readFileSync(join(dir, file), 'utf8')) as Record<string, never>) }));
const areas = parseServiceAreas(JSON.parse(readFileSync(join(root, 'public', 'geo', 'service-areas.geojson'), 'utf8')));
const towns = areas.features.map((f) => f.properties.name);

interface Home {
  file: string;
  City: string;
  StandardStatus: string;
  Latitude: number;
  Longitude: number;
  OpenHouse?: { OpenHouseStartTime: string }[];
  Photos: { src: string }[];
}
const all = homes as unknown as Home[];

describe('sample homes', () => {
  it('are six, in at least four of the 13 towns, each marked as a sample', () => {
    expect(all).toHaveLength(6);
    expect(new Set(all.map((h) => h.City).filter((c) => towns.includes(c))).size).toBeGreaterThanOrEqual(4);
    for (const h of all) expect(readFileSync(join(dir, h.file), 'utf8')).toMatch(/^# SAMPLE HOME/);
  });

  it('include a Closed home, one under contract and an open house in 2027', () => {
    const statuses = all.map((h) => h.StandardStatus);
    expect(statuses).toContain('Closed');
    expect(statuses.some((s) => s === 'Pending' || s === 'Active Under Contract')).toBe(true);
    expect(all.flatMap((h) => h.OpenHouse ?? []).some((o) => o.OpenHouseStartTime.startsWith('2027-'))).toBe(true);
  });

  it.each(all.map((h) => [h.file, h] as const))('%s lies inside its town and has its photos', (file, h) => {
    expect(file).toBe(`${listingSlug(h as never)}.yaml`);
    const outline = areas.features.find((f) => f.properties.name === h.City);
    expect(outline, `${h.City} has no map outline`).toBeDefined();
    expect(booleanPointInPolygon([h.Longitude, h.Latitude], outline!)).toBe(true);
    for (const photo of h.Photos) expect(existsSync(join(dir, photo.src)), photo.src).toBe(true);
  });
});

describe('scripts/make-listing-photos.ts', () => {
  it("draws the missing photos of a sample home only: a real home's missing photo is never drawn", () => {
    // A copy of the script and its drawing code, beside two listing files: a sample and the agent's own.
    const copy = mkdtempSync(join(tmpdir(), 'listing-photos-'));
    try {
      cpSync(join(root, 'scripts'), join(copy, 'scripts'), { recursive: true });
      symlinkSync(join(root, 'node_modules'), join(copy, 'node_modules'));
      const listings = join(copy, 'content', 'listings');
      mkdirSync(listings, { recursive: true });
      const sample = readFileSync(join(dir, '412-oak-grove-lane-cary-nc.yaml'), 'utf8');
      writeFileSync(join(listings, 'sample.yaml'), sample);
      // The agent's home: the sample's fields, its first line (SAMPLE HOME) gone, its photos named anew.
      writeFileSync(
        join(listings, 'own.yaml'),
        sample
          .split('\n')
          .filter((line) => !line.startsWith('# SAMPLE HOME'))
          .join('\n')
          .replaceAll('412-oak-grove-lane-cary-nc/', 'own-home/'),
      );
      const run = spawnSync(process.execPath, ['scripts/make-listing-photos.ts'], { cwd: copy, encoding: 'utf8' });
      expect(run.status, run.stderr).toBe(0);
      const named = (parse(sample) as Home).Photos.map((p) => p.src);
      for (const src of named) expect(existsSync(join(listings, src)), src).toBe(true);
      expect(existsSync(join(listings, 'own-home'))).toBe(false);
      expect(run.stdout).toContain(`${named.length} sample photo(s) drawn`);
    } finally {
      rmSync(copy, { recursive: true, force: true });
    }
  });
});
