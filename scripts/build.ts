/**
 * `npm run build`: `astro build`, keeping the last good build until the new one is whole.
 *
 * Astro empties dist/ before it writes, so a build that fails half-way (a home file with a photo
 * the build cannot read, say) left dist/ with no pages, and the server, the deploy step or
 * `npm run refresh-videos` after it served nothing. The last build is moved aside to dist.last/
 * first, put back if the new one fails or is interrupted, and removed once the new one succeeded.
 * Arguments are passed on to `astro build`.
 */
import { spawnSync } from 'node:child_process';
import { existsSync, renameSync, rmSync } from 'node:fs';
import { join } from 'node:path';

/** astro.config.mjs's output folder (Astro's default), relative to the project run in. */
const dist = 'dist';
const kept = `${dist}.last`;

// A dist.last/ left by a build that was killed is the last good one, and the dist/ beside it partial.
if (existsSync(kept)) rmSync(dist, { recursive: true, force: true });
else if (existsSync(dist)) renameSync(dist, kept);

// Ctrl-C stops Astro (it gets the signal too); this process stays to put the last build back.
for (const signal of ['SIGINT', 'SIGTERM'] as const) process.on(signal, () => {});
const astro = spawnSync(join('node_modules', '.bin', 'astro'), ['build', ...process.argv.slice(2)], {
  stdio: 'inherit',
  env: { ...process.env, ASTRO_TELEMETRY_DISABLED: '1' },
});

if (astro.status === 0) {
  rmSync(kept, { recursive: true, force: true });
} else {
  if (astro.error) console.error(astro.error.message);
  rmSync(dist, { recursive: true, force: true });
  if (existsSync(kept)) {
    renameSync(kept, dist);
    console.error(`The build failed: ${dist}/ holds the last good build again.`);
  }
  process.exitCode = astro.status ?? 1;
}
