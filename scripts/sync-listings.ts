/**
 * `npm run sync-listings`: replicates the MLS's Property records (with their Media) through the
 * RESO Web API into the listings snapshot (LISTINGS_SNAPSHOT_DIR, default content/listings-mls/),
 * photos downloaded beside it; `npm run build` then publishes it. The first run copies everything
 * the filters return, later runs only what changed. `--full` copies everything again;
 * `--allow-removals` lets a run, full or not, remove more than half the homes at once (otherwise
 * taken for a fault of the feed or of the settings, and refused); `--help` says so. Settings:
 * src/server/sync-config.ts and .env.example; the rules: src/lib/reso/.
 *
 *   RESO_API_URL=https://api.mlsgrid.com/v2 RESO_TOKEN=... RESO_ORIGINATING_SYSTEM=carolina \
 *   RESO_LIST_OFFICE_MLS_ID=... npm run sync-listings
 */
import { isAbsolute, join } from 'node:path';
import { createResoHttp } from '../src/lib/reso/http.ts';
import { checkHome } from '../src/lib/reso/rules.ts';
import { syncListings, type SyncProgress } from '../src/lib/reso/sync.ts';
import { readSyncSettings, type SyncSettings } from '../src/server/sync-config.ts';
import { site } from '../src/site.config.ts';
import { readCommandLine } from './command-line.ts';

const root = join(import.meta.dirname, '..');

const usage = 'Usage: npm run sync-listings -- [--full] [--allow-removals] [--help]';
const help = [
  usage,
  '  --full            copy every listing again, not only what changed since the last run',
  '  --allow-removals  let the run remove more than half the homes held, when they really left (a change of firm)',
  'Settings come from the environment: see .env.example and the README ("Homes from the MLS").',
].join('\n');

const { values: args } = readCommandLine(
  {
    config: {
      options: { full: { type: 'boolean', default: false }, 'allow-removals': { type: 'boolean', default: false } },
    },
    usage,
    help,
  },
  (parsed) => parsed,
);

let settings: SyncSettings;
try {
  settings = readSyncSettings();
} catch (error) {
  console.error(`npm run sync-listings cannot start:\n${(error as Error).message}\nSee .env.example and the README.`);
  process.exit(1);
}
const dir = isAbsolute(settings.snapshotDir) ? settings.snapshotDir : join(root, settings.snapshotDir);
const tty = process.stdout.isTTY;
let pending = false;

/** Prints a line, ending the progress line first when it is being redrawn in place. */
function log(line: string): void {
  if (pending) process.stdout.write('\n');
  pending = false;
  console.log(line);
}

function progressLine(p: SyncProgress): string {
  return (
    `Pages ${p.pages} · homes ${p.homes} (${p.updated} new or changed, ${p.removed} removed, ${p.skipped} skipped` +
    `${p.olderSales ? `, ${p.olderSales} sales older than ${site.mls.soldMonths} months left out` : ''})` +
    ` · photos ${p.photosDownloaded} downloaded, ${p.photosKept} unchanged${p.photosFailed ? `, ${p.photosFailed} failed` : ''}` +
    ` · open houses ${p.openHouses}`
  );
}

const http = createResoHttp({
  auth: settings.auth,
  apiUrl: settings.apiUrl,
  onEvent: (event) => {
    if (event.type === 'retry')
      log(`  ${event.what}: ${event.reason}; retry ${event.attempt} in ${Math.round(event.delayMs / 1000)} s`);
  },
});

console.log(
  `Replicating ${settings.originatingSystem} from ${settings.apiUrl}` +
    (settings.listOfficeMlsId && settings.listAgentMlsId
      ? `, the listings of office ${settings.listOfficeMlsId} and those of agent ${settings.listAgentMlsId}`
      : '') +
    (settings.listOfficeMlsId && !settings.listAgentMlsId ? `, office ${settings.listOfficeMlsId}` : '') +
    (settings.listAgentMlsId && !settings.listOfficeMlsId ? `, agent ${settings.listAgentMlsId}` : '') +
    (!settings.listOfficeMlsId && !settings.listAgentMlsId ? ' (every listing of the feed)' : ''),
);
try {
  const result = await syncListings({
    http,
    dir,
    apiUrl: settings.apiUrl,
    originatingSystem: settings.originatingSystem,
    listOfficeMlsId: settings.listOfficeMlsId,
    listAgentMlsId: settings.listAgentMlsId,
    full: args.full,
    allowRemovals: args['allow-removals'],
    soldMonths: site.mls.soldMonths,
    check: checkHome,
    log,
    onProgress: (p) => {
      if (tty) {
        process.stdout.write(`\r${progressLine(p)}`);
        pending = true;
      } else log(progressLine(p));
    },
  });
  log(progressLine(result));
  console.log(
    `Wrote ${join(dir, 'snapshot.json')} (${result.mode} run): ${result.snapshot.homes.length} home(s) as of ${result.snapshot.asOf}` +
      `${result.snapshot.watermark ? `, watermark ${result.snapshot.watermark}` : ''}. Run \`npm run build\` to publish it.`,
  );
} catch (error) {
  log(`Sync failed, the previous snapshot is unchanged: ${error instanceof Error ? error.message : String(error)}`);
  process.exit(1);
}
