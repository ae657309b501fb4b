/**
 * One place per fact: a town is written in its file in content/cities/ (and, for the towns page
 * copy names first, in src/site.config.ts), never in code. Adding or renaming a town is a
 * content change.
 */
import { readFileSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { parse } from 'yaml';

const root = join(import.meta.dirname, '..', '..');
const towns = readdirSync(join(root, 'content', 'cities'))
  .filter((f) => f.endsWith('.yaml'))
  .map((f) => (parse(readFileSync(join(root, 'content', 'cities', f), 'utf8')) as { name: string }).name);

const codeFiles = (dir: string) =>
  readdirSync(join(root, dir), { recursive: true, withFileTypes: true })
    .filter((e) => e.isFile() && /\.(ts|tsx|astro|mjs|js|css)$/.test(e.name))
    .map((e) => join(e.parentPath, e.name))
    .filter((path) => !path.endsWith(join('src', 'site.config.ts')));

describe('town names', () => {
  it('are read from the city files', () => {
    expect(towns.length).toBeGreaterThanOrEqual(13);
  });

  it('appear in no file of src/ or scripts/ but the site config', () => {
    const found = [...codeFiles('src'), ...codeFiles('scripts')].flatMap((path) => {
      const text = readFileSync(path, 'utf8');
      // Also in capitals (RALEIGH NC); a slug in lower case (/city/cary) is an address, not the name.
      return towns
        .filter((town) => new RegExp(`\\b(?:${town}|${town.toUpperCase()})\\b`).test(text))
        .map((town) => `${path}: ${town}`);
    });
    expect(found).toEqual([]);
  });
});
