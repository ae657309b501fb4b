/**
 * `npm run build`: `astro build` into dist.next/, swapped in for dist/ only once it is whole.
 *
 * Astro empties its output folder before it writes. Built in place, dist/ was gone for the whole
 * build: a scheduled sync-and-build left the running server without its files (a page asked for
 * meanwhile could not be read), and a build that failed half-way (a home file with a photo the
 * build cannot read, say) left no pages at all. The new build is written beside the last one and
 * replaces it in two renames; a failed or interrupted one is removed, dist/ untouched. The server
 * finds the files by where its entry is (the Node adapter's `resolveClientDir`), so a build may
 * move. One build runs at a time (dist.lock): two at once (a scheduled one and one by hand) emptied
 * each other's dist.next/ as Astro began, and the later swap could put in a mixed build. Arguments
 * are passed on to `astro build`.
 */
import { spawnSync } from 'node:child_process';
import { existsSync, renameSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import { holdLock } from '../src/lib/run-lock.ts';

/** astro.config.mjs's output folder (Astro's default), relative to the project run in. */
const dist = 'dist';
const next = `${dist}.next`;
const kept = `${dist}.last`;
const lock = `${dist}.lock`;

let release: () => void;
try {
  release = holdLock(
    lock,
    (pid) =>
      `Another build is running (process ${pid}, ${lock}): this one stops and changes nothing. If none runs, delete ${lock}.`,
  );
} catch (error) {
  console.error((error as Error).message);
  process.exit(1);
}

// A run stopped between the two renames of its swap left the last build aside: it comes back.
if (!existsSync(dist) && existsSync(kept)) renameSync(kept, dist);
// What a killed build left half-written goes.
rmSync(next, { recursive: true, force: true });

// Ctrl-C stops Astro (it gets the signal too); this process stays to remove its partial output.
for (const signal of ['SIGINT', 'SIGTERM'] as const) process.on(signal, () => {});
const astro = spawnSync(join('node_modules', '.bin', 'astro'), ['build', '--outDir', next, ...process.argv.slice(2)], {
  stdio: 'inherit',
  env: { ...process.env, ASTRO_TELEMETRY_DISABLED: '1' },
});

if (astro.status === 0) {
  rmSync(kept, { recursive: true, force: true });
  if (existsSync(dist)) renameSync(dist, kept);
  renameSync(next, dist);
  rmSync(kept, { recursive: true, force: true });
} else {
  if (astro.error) console.error(astro.error.message);
  rmSync(next, { recursive: true, force: true });
  if (existsSync(dist)) console.error(`The build failed: ${dist}/ still holds the last good build.`);
  process.exitCode = astro.status ?? 1;
}
release();
