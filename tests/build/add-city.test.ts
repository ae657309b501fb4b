/**
 * README's "Adding a city", done as a newcomer would in a temporary copy of the project: one YAML
 * file (a copy of cary.yaml with its name and coordinates changed) and one picture, then
 * `npm run geo` and the build. Everything a city gets must appear: its page, the EXPLORE THE AREA
 * entry, the footer link, the sitemap entry, the map outline and the calculator's town. The copy
 * also holds a .env, which the build does not read, and it builds as of the clock.
 */
import { execFile } from 'node:child_process';
import {
  copyFileSync,
  cpSync,
  mkdtempSync,
  readFileSync,
  realpathSync,
  rmSync,
  symlinkSync,
  writeFileSync,
} from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { problemLines, project, runBuild, type BuildResult } from './support.ts';

const skip = new Set(['node_modules', 'dist', '.astro', '.git', 'test-results', 'playwright-report', '.cache', 'data']);
let root: string;
let build: BuildResult;
let geo: string;
const read = (path: string) => readFileSync(join(root, 'dist', 'client', path), 'utf8');

beforeAll(async () => {
  root = mkdtempSync(join(tmpdir(), 'add-city-'));
  cpSync(project, root, { recursive: true, filter: (src) => !skip.has(src.slice(project.length + 1).split('/')[0]!) });
  symlinkSync(realpathSync(join(project, 'node_modules')), join(root, 'node_modules'));

  const cities = join(root, 'content', 'cities');
  const cary = readFileSync(join(cities, 'cary.yaml'), 'utf8');
  const morrisville = cary
    .replace(/^name: Cary$/m, 'name: Morrisville')
    .replace(/^ {2}src: \.\/cary\.jpg$/m, '  src: ./morrisville.jpg')
    .replace(/^ {2}lat: 35\.7915$/m, '  lat: 35.8235')
    .replace(/^ {2}lng: -78\.7811$/m, '  lng: -78.8256');
  expect(morrisville.match(/Morrisville|morrisville\.jpg|35\.8235|-78\.8256/g)).toHaveLength(4);
  writeFileSync(join(cities, 'morrisville.yaml'), morrisville);
  copyFileSync(join(cities, 'cary.jpg'), join(cities, 'morrisville.jpg'));

  const run = promisify(execFile);
  const npmGeo = (JSON.parse(readFileSync(join(root, 'package.json'), 'utf8')) as { scripts: { geo: string } }).scripts
    .geo;
  const out = await run('sh', ['-c', npmGeo], {
    cwd: root,
    env: { ...process.env, PATH: `${join(root, 'node_modules', '.bin')}:${process.env['PATH'] ?? ''}` },
  });
  geo = out.stdout;
  // A .env left in the project is not read by the build: this one would stop it.
  writeFileSync(join(root, '.env'), 'BUILD_TIME=next Tuesday\n');
  build = await runBuild(root, { BUILD_TIME: undefined });
}, 600_000);

afterAll(() => {
  if (root) rmSync(root, { recursive: true, force: true });
});

describe('adding content/cities/morrisville.yaml', () => {
  it('npm run geo draws one more outline, and the build is clean', () => {
    expect(geo).toMatch(/\(\d+\.\d KB, 14 areas\)/);
    expect(build.code, build.lines.join('\n')).toBe(0);
    expect(problemLines(build.lines)).toEqual([]);
  });

  it('builds the city page', () => {
    const html = read('city/morrisville.html');
    expect(html).toMatch(/<h1[^>]*>\s*Morrisville\s*<\/h1>/);
    expect(html).toContain('<title>Living in Morrisville, NC: Homes, Neighborhoods &amp; Market Guide |');
  });

  it('adds the EXPLORE THE AREA entry and the footer link on every page', () => {
    const html = read('about.html');
    const main = /<nav aria-label="Main"[\s\S]*?<\/nav>/.exec(html)?.[0] ?? '';
    expect(main).toMatch(/<a [^>]*href="\/city\/morrisville"[^>]*>Morrisville<\/a>/);
    const footer = /<footer[\s\S]*<\/footer>/.exec(html)?.[0] ?? '';
    expect(footer).toMatch(/<a [^>]*href="\/city\/morrisville"[^>]*>Morrisville<\/a>/);
  });

  it('lists the page in the sitemap', () => {
    expect(read('sitemap.xml')).toContain('<loc>https://www.example.com/city/morrisville</loc>');
  });

  it('draws its map outline', () => {
    const outlines = JSON.parse(read('geo/service-areas.geojson')) as {
      features: { properties: { name: string; county: string }; geometry: { type: string } }[];
    };
    expect(outlines.features).toHaveLength(14);
    const feature = outlines.features.find((f) => f.properties.name === 'Morrisville');
    expect(feature?.properties.county).toBe('Wake County');
    expect(feature?.geometry.type).toMatch(/^(Multi)?Polygon$/);
  });

  it('offers the town, with its tax rate, in the calculator', () => {
    const html = read('tools/mortgage-calculator.html');
    expect(html).toMatch(/<option value="morrisville">Morrisville<\/option>/);
    // Cary's town rate, copied with the file: 0.5171 + 0.34.
    expect(html).toMatch(/Morrisville\s*<\/th>\s*<td[^>]*>0\.34<\/td>\s*<td[^>]*>0\.8571<\/td>/);
  });

  it('adds its row, with the figures copied from Cary, to the towns side by side on /relocation', () => {
    const html = read('relocation.html');
    const table = /<table[\s\S]*?The Towns Side by Side[\s\S]*?<\/table>/.exec(html)?.[0] ?? '';
    const names = [...table.matchAll(/<a href="\/city\/([a-z-]+)"/g)].map((m) => m[1]);
    expect(names).toHaveLength(14);
    expect(names.indexOf('morrisville')).toBe(names.indexOf('knightdale') + 1);
    const row = /<tr[^>]*>(?:(?!<\/tr>)[\s\S])*?href="\/city\/morrisville"[\s\S]*?<\/tr>/.exec(table)?.[0] ?? '';
    const cells = [...row.matchAll(/<td[^>]*>([^<]*)<\/td>/g)].map((m) => m[1]);
    expect(cells).toEqual(['$525,000', '174,721', '20 min', '15 min', '15 min']);
  });
});
