/** Runs the project's `build` script the way `npm run build` does, under the network guard. */
import { execFile } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { samplesDate } from '../support/samples-date.ts';

export const project = join(import.meta.dirname, '..', '..');
const guard = join(import.meta.dirname, 'no-network.mjs');

export interface BuildResult {
  code: number;
  /** stdout and stderr, ANSI colours removed, one entry a line. */
  lines: string[];
}

/**
 * The `build` script of package.json run by `sh` in `root` with node_modules/.bin first on the
 * PATH, as npm runs it (npm itself is left out: its own notices are not the build's). Every
 * Node process it starts loads tests/build/no-network.mjs.
 */
export async function runBuild(root: string, env: NodeJS.ProcessEnv = {}): Promise<BuildResult> {
  const script = (JSON.parse(readFileSync(join(root, 'package.json'), 'utf8')) as { scripts: { build: string } })
    .scripts.build;
  // Left out: what Vitest adds to its own environment, which a shell running `npm run build` does
  // not have. NODE_ENV=test made Vite bundle React's development build (60 KB more, gzip, in
  // each island), and CI's browser tests then ran against it. The settings the site reads are
  // left out too, so that the build uses its own defaults.
  const base = Object.fromEntries(
    Object.entries(process.env).filter(
      ([name]) =>
        !/^(NODE_ENV|TEST|VITEST(_\w+)?|MODE|DEV|PROD|SSR|BASE_URL|ASSETS_PREFIX|SITE)$/.test(name) &&
        !['SITE_URL', 'YOUTUBE_API_KEY', 'YOUTUBE_CHANNEL_ID'].includes(name),
    ),
  );
  const result = await promisify(execFile)('sh', ['-c', script], {
    cwd: root,
    maxBuffer: 64 * 1024 * 1024,
    env: {
      ...base,
      PATH: `${join(root, 'node_modules', '.bin')}:${process.env['PATH'] ?? ''}`,
      NODE_OPTIONS: `--import ${guard}`,
      // The samples' day as the build's now: what the tests expect of the sample open houses holds on any date.
      BUILD_TIME: samplesDate,
      ...env,
    },
  }).then(
    (r) => ({ code: 0, out: `${r.stdout}\n${r.stderr}` }),
    (e: { code?: number; stdout?: string; stderr?: string }) => ({
      code: e.code ?? 1,
      out: `${e.stdout ?? ''}\n${e.stderr ?? ''}`,
    }),
  );
  const lines = result.out.replace(/\x1b\[[0-9;]*m/g, '').split('\n');
  return { code: result.code, lines };
}

/** Lines that are warnings or errors of any tool (Astro's [WARN]/[ERROR], Vite's, Node's). */
export function problemLines(lines: readonly string[]): string[] {
  return lines.filter((l) => /\bwarn(ing)?\b|\berror\b|NETWORK REQUEST BLOCKED|deprecat/i.test(l));
}
