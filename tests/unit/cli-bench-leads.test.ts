/**
 * `npm run bench:leads`'s command line (scripts/bench-leads.ts), read before anything starts:
 * `--help` shows the options, and an option or a count it cannot use stops it in one line with the
 * usage (exit 1). Only command lines that start no benchmark are run here: a count that was not a
 * whole number used to run one (with "NaN leads per run"), then crash with a TypeError.
 */
import { spawnSync } from 'node:child_process';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';

const root = join(import.meta.dirname, '..', '..');
const usage = 'Usage: npm run bench:leads -- [--leads N] [--concurrency N] [--warmup N] [--help]';

function bench(...args: string[]) {
  const run = spawnSync(process.execPath, ['scripts/bench-leads.ts', ...args], {
    cwd: root,
    env: { PATH: process.env['PATH'] ?? '' },
    encoding: 'utf8',
    // A regression that starts a benchmark is stopped rather than run for minutes.
    timeout: 30_000,
  });
  if (run.error) throw run.error;
  return { status: run.status, stdout: run.stdout, stderr: run.stderr };
}

describe('npm run bench:leads, its command line', () => {
  it('shows the options with --help (exit 0)', () => {
    const run = bench('--help');
    expect(run.stderr).toBe('');
    expect(run.status).toBe(0);
    expect(run.stdout.split('\n')[0]).toBe(usage);
    for (const option of ['--leads N', '--concurrency N', '--warmup N']) {
      expect(run.stdout).toMatch(new RegExp(`^ {2}${option} +\\S`, 'm'));
    }
  });

  it.each([
    [['--bogus'], "Unknown option '--bogus'"],
    [['x'], "Unexpected argument 'x'"],
    [['--leads', 'abc'], '--leads must be a whole number from 1 to 1000000, got "abc"'],
    [['--leads', '1.5'], '--leads must be a whole number from 1 to 1000000, got "1.5"'],
    [['--leads', '1e3'], '--leads must be a whole number from 1 to 1000000, got "1e3"'],
    [['--leads', '1000001'], '--leads must be a whole number from 1 to 1000000, got "1000001"'],
    [['--concurrency', '0'], '--concurrency must be a whole number from 1 to 1000000, got "0"'],
    [['--warmup=-1'], '--warmup must be a whole number from 0 to 1000000, got "-1"'],
  ])('refuses %j in one line with the usage (exit 1), before anything starts', (args, reason) => {
    const run = bench(...args);
    expect(run.status).toBe(1);
    expect(run.stdout).toBe('');
    expect(run.stderr).not.toMatch(/^ {4}at /m);
    const [first, ...rest] = run.stderr.trimEnd().split('\n');
    expect(first).toContain(reason);
    expect(rest).toEqual([usage]);
  });
});
