/**
 * `npm run build` in this checkout: it succeeds with the network refused, prints no warning, and
 * leaves every file outside dist/ and Astro's caches as it was (git status unchanged, no new
 * ignored file either). What it builds is the production site the browser tests then run against.
 */
import { execFileSync } from 'node:child_process';
import { readFileSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { samplesDate } from '../support/samples-date.ts';
import { problemLines, project, runBuild, type BuildResult } from './support.ts';

/** Every change and untracked or ignored path git sees, except the build's own output folders. */
const tree = () =>
  execFileSync('git', ['status', '--porcelain=v1', '--ignored', '--untracked-files=normal'], {
    cwd: project,
    encoding: 'utf8',
  })
    .split('\n')
    .filter((l) => l && !/^!! (dist|\.astro|node_modules|test-results|playwright-report)\/?$/.test(l))
    .sort();

let before: string[];
let build: BuildResult;
beforeAll(async () => {
  before = tree();
  build = await runBuild(project);
});

describe('npm run build', () => {
  it('succeeds without the network', () => {
    expect(build.code, build.lines.join('\n')).toBe(0);
    expect(build.lines.filter((l) => l.includes('NETWORK REQUEST BLOCKED'))).toEqual([]);
    expect(build.lines.some((l) => /Complete!/.test(l))).toBe(true);
  });

  it('prints no warning', () => {
    expect(problemLines(build.lines)).toEqual([]);
  });

  it('changes no tracked file and writes nothing outside dist/ and the caches', () => {
    expect(tree()).toEqual(before);
  });

  it("names a town's list as the canonical of its one-status narrowing, and lists only the town's in the sitemap", () => {
    const client = join(project, 'dist', 'client');
    const sitemap = readFileSync(join(client, 'sitemap-0.xml'), 'utf8');
    // The sample's one home in the town is for sale: /for-sale lists what the town's list does.
    const narrowed = readFileSync(join(client, 'listings/town/cary/for-sale.html'), 'utf8');
    expect(narrowed).toContain('<link rel="canonical" href="https://www.example.com/listings/town/cary">');
    expect(narrowed).toContain('<meta property="og:url" content="https://www.example.com/listings/town/cary">');
    expect(sitemap).not.toContain('<loc>https://www.example.com/listings/town/cary/for-sale</loc>');
    expect(sitemap).toContain('<loc>https://www.example.com/listings/town/cary</loc>');
    expect(readFileSync(join(client, 'listings/town/cary.html'), 'utf8')).toContain(
      '<link rel="canonical" href="https://www.example.com/listings/town/cary">',
    );
  });

  it("times the home page's built-in reviews from BUILD_TIME, not the clock", () => {
    const home = readFileSync(join(project, 'dist', 'client', 'index.html'), 'utf8');
    // The island's props, as Astro serializes them: "time":[0,1795021200].
    const times = [...home.matchAll(/time&quot;:\[0,(\d+)\]/g)].map((m) => Number(m[1]));
    const week = 7 * 24 * 60 * 60;
    const built = Date.parse(samplesDate) / 1000;
    expect(times).toEqual([1, 2, 3, 4].map((weeks) => built - weeks * week));
  });

  it("bundles React's production build, not its development one", () => {
    const assets = join(project, 'dist', 'client', '_astro');
    const scripts = readdirSync(assets).filter((name) => name.endsWith('.js'));
    expect(scripts.length).toBeGreaterThan(0);
    // A line only React DOM's development build prints.
    const development = scripts.filter((name) =>
      readFileSync(join(assets, name), 'utf8').includes('React DevTools for a better development experience'),
    );
    expect(development).toEqual([]);
  });
});
