/**
 * `npm run build` (scripts/build.ts) around a stand-in `astro` that fails or succeeds: the new
 * build is written beside dist/, which the server goes on reading meanwhile; a failed or
 * interrupted build leaves the last good dist/ in place, a good one replaces it whole.
 */
import { spawnSync } from 'node:child_process';
import { chmodSync, mkdirSync, mkdtempSync, readFileSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';

const script = join(import.meta.dirname, '..', '..', 'scripts', 'build.ts');
let root = '';
afterEach(() => rmSync(root, { recursive: true, force: true }));

/**
 * A project whose last build is dist/index.html saying "good", and whose `astro` runs `body` (sh)
 * in its output folder, `$out` (`astro build --outDir dist.next ...`).
 */
function project(body: string): string {
  root = mkdtempSync(join(tmpdir(), 'build-script-'));
  mkdirSync(join(root, 'dist'));
  writeFileSync(join(root, 'dist', 'index.html'), 'good');
  mkdirSync(join(root, 'node_modules', '.bin'), { recursive: true });
  const astro = join(root, 'node_modules', '.bin', 'astro');
  // Like Astro, it empties its output folder before it writes.
  writeFileSync(astro, `#!/bin/sh\nout="$3"\nrm -rf "$out" && mkdir "$out" && ${body}\n`);
  chmodSync(astro, 0o755);
  return root;
}

const build = (cwd: string, ...args: string[]) =>
  spawnSync(process.execPath, [script, ...args], { cwd, encoding: 'utf8' });
const page = () => readFileSync(join(root, 'dist', 'index.html'), 'utf8');

describe('npm run build', () => {
  it('leaves dist/ as it was when the new build fails half-way, and says so', () => {
    const run = build(project('echo half > "$out/partial.html" && exit 3'));
    expect(run.status).toBe(3);
    expect(run.stderr).toContain('The build failed: dist/ still holds the last good build.');
    expect(readdirSync(root).sort()).toEqual(['dist', 'node_modules']);
    expect(readdirSync(join(root, 'dist'))).toEqual(['index.html']);
    expect(page()).toBe('good');
  });

  it('keeps the last build in dist/ while the new one is written, then replaces it whole', () => {
    // What a server reading dist/ finds during the build.
    const run = build(project('cat dist/index.html > "$out/seen-meanwhile.txt" && echo new > "$out/index.html"'));
    expect(run.status).toBe(0);
    expect(readFileSync(join(root, 'dist', 'seen-meanwhile.txt'), 'utf8')).toBe('good');
    expect(page()).toBe('new\n');
    expect(readdirSync(root).sort()).toEqual(['dist', 'node_modules']);
  });

  it('after a build that was killed, removes its partial output and keeps the good one', () => {
    project('exit 1');
    mkdirSync(join(root, 'dist.next'));
    writeFileSync(join(root, 'dist.next', 'partial.html'), 'half');
    expect(build(root).status).toBe(1);
    expect(readdirSync(root).sort()).toEqual(['dist', 'node_modules']);
    expect(page()).toBe('good');
  });

  it('after a run stopped between the renames of its swap, puts the last build back first', () => {
    project('exit 1');
    rmSync(join(root, 'dist'), { recursive: true });
    mkdirSync(join(root, 'dist.last'));
    writeFileSync(join(root, 'dist.last', 'index.html'), 'good');
    expect(build(root).status).toBe(1);
    expect(readdirSync(join(root, 'dist'))).toEqual(['index.html']);
    expect(page()).toBe('good');
  });

  it('while another build runs, stops at once and changes nothing, its output included', () => {
    // The other build (this test's process, which runs) is writing dist.next/.
    project('echo new > "$out/index.html"');
    writeFileSync(join(root, 'dist.lock'), `${process.pid}\n`);
    mkdirSync(join(root, 'dist.next'));
    writeFileSync(join(root, 'dist.next', 'partial.html'), 'half');
    const run = build(root);
    expect(run.status).toBe(1);
    expect(run.stderr).toContain(
      `Another build is running (process ${process.pid}, dist.lock): this one stops and changes nothing. If none runs, delete dist.lock.`,
    );
    expect(readFileSync(join(root, 'dist.next', 'partial.html'), 'utf8')).toBe('half');
    expect(page()).toBe('good');
    expect(readFileSync(join(root, 'dist.lock'), 'utf8')).toBe(`${process.pid}\n`);
  });

  it('takes over the lock of a build whose process is gone, and releases it', () => {
    project('echo new > "$out/index.html"');
    const gone = spawnSync(process.execPath, ['-e', 'process.stdout.write(String(process.pid))'], { encoding: 'utf8' });
    writeFileSync(join(root, 'dist.lock'), `${gone.stdout}\n`);
    expect(build(root).status).toBe(0);
    expect(page()).toBe('new\n');
    expect(readdirSync(root).sort()).toEqual(['dist', 'node_modules']);
  });

  it('passes its arguments on to astro build', () => {
    const run = build(project('echo "$@" > "$out/index.html"'), '--verbose');
    expect(run.status).toBe(0);
    expect(page()).toBe('build --outDir dist.next --verbose\n');
  });
});
