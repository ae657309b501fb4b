/**
 * Runs one of the agent's scripts (scripts/*.ts) as `npm run` would, without blocking the test's
 * process, whose fake servers must stay able to answer: its exit status and what it printed.
 */
import { execFile } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { promisify } from 'node:util';

const root = join(import.meta.dirname, '..', '..');

export interface ScriptRun {
  status: number;
  stdout: string;
  stderr: string;
}

/** `env` is the whole environment beside PATH: the machine's own settings stay out. */
export function runScript(script: string, env: Record<string, string>, args: readonly string[]): Promise<ScriptRun> {
  return promisify(execFile)(process.execPath, [join('scripts', script), ...args], {
    cwd: root,
    env: { PATH: process.env['PATH'] ?? '', ...env },
    timeout: 15_000,
  }).then(
    (r) => ({ status: 0, stdout: r.stdout, stderr: r.stderr }),
    (e: { code?: number; stdout?: string; stderr?: string }) => ({
      status: e.code ?? 1,
      stdout: e.stdout ?? '',
      stderr: e.stderr ?? '',
    }),
  );
}

/** Three lead databases a script cannot use, made in `dir`: random bytes, an empty file and a folder. */
export function unusableDatabases(dir: string): { corrupt: string; empty: string; folder: string } {
  const [corrupt, empty, folder] = ['corrupt.db', 'empty.db', 'folder.db'].map((name) => join(dir, name)) as [
    string,
    string,
    string,
  ];
  writeFileSync(corrupt, randomBytes(4096));
  writeFileSync(empty, '');
  mkdirSync(folder);
  return { corrupt, empty, folder };
}
