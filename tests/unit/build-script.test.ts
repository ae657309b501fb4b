/**
 * `npm run build` (scripts/build.ts) around a stand-in `astro` that fails or succeeds: a failed or
 * interrupted build leaves the last good dist/ in place, a good one replaces it whole.
 */
import { spawnSync } from 'node:child_process';
import {
  chmodSync,
  existsSync,
  mkdirSync,
  mkdtempSync,
  readFileSync,
  readdirSync,
  rmSync,
  writeFileSync,
} from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';

const script = join(import.meta.dirname, '..', '..', 'scripts', 'build.ts');
let root = '';
afterEach(() => rmSync(root, { recursive: true, force: true }));

/** A project whose last build is dist/index.html saying "good", and whose `astro` runs `body` (sh). */
function project(body: string): string {
  root = mkdtempSync(join(tmpdir(), 'build-script-'));
  mkdirSync(join(root, 'dist'));
  writeFileSync(join(root, 'dist', 'index.html'), 'good');
  mkdirSync(join(root, 'node_modules', '.bin'), { recursive: true });
  const astro = join(root, 'node_modules', '.bin', 'astro');
  // Like Astro, it empties dist/ before it writes.
  writeFileSync(astro, `#!/bin/sh\nrm -rf dist && mkdir dist && ${body}\n`);
  chmodSync(astro, 0o755);
  return root;
}

const build = (cwd: string) => spawnSync(process.execPath, [script], { cwd, encoding: 'utf8' });
const page = () => readFileSync(join(root, 'dist', 'index.html'), 'utf8');

describe('npm run build', () => {
  it('puts the last good build back when the new one fails half-way, and says so', () => {
    const run = build(project('echo half > dist/partial.html && exit 3'));
    expect(run.status).toBe(3);
    expect(run.stderr).toContain('The build failed: dist/ holds the last good build again.');
    expect(readdirSync(join(root, 'dist'))).toEqual(['index.html']);
    expect(page()).toBe('good');
    expect(existsSync(join(root, 'dist.last'))).toBe(false);
  });

  it('replaces the last build whole when the new one succeeds', () => {
    const run = build(project('echo new > dist/index.html'));
    expect(run.status).toBe(0);
    expect(page()).toBe('new\n');
    expect(existsSync(join(root, 'dist.last'))).toBe(false);
  });

  it('after a build that was killed, keeps the good one it had moved aside rather than the partial one', () => {
    project('exit 1');
    // What a killed build leaves: the good build aside, a partial dist/.
    rmSync(join(root, 'dist'), { recursive: true });
    mkdirSync(join(root, 'dist.last'));
    writeFileSync(join(root, 'dist.last', 'index.html'), 'good');
    mkdirSync(join(root, 'dist'));
    writeFileSync(join(root, 'dist', 'partial.html'), 'half');
    expect(build(root).status).toBe(1);
    expect(readdirSync(join(root, 'dist'))).toEqual(['index.html']);
    expect(page()).toBe('good');
  });

  it('passes its arguments on to astro build', () => {
    const run = build(project('echo "$@" > dist/index.html'));
    expect(run.status).toBe(0);
    expect(page()).toBe('build\n');
  });
});
