/**
 * Moves the leads of a SQLite lead database into PostgreSQL (README "Running more than one
 * instance"): every lead, spam included, with its deliveries as they stand (delivered ones stay
 * delivered; pending ones are sent by the servers on PostgreSQL) and the records of deletions.
 *
 *   DATABASE_URL=postgres://... npm run leads:to-postgres               copies LEADS_DB (data/leads.db)
 *   DATABASE_URL=postgres://... npm run leads:to-postgres -- old.db     copies another file
 *
 * Stop the server that writes the SQLite file first, or its pending e-mails would be sent from
 * both sides. Running it again copies only what is not there yet. Each lead keeps its id; a
 * database whose own leads took one of them is refused (exit 1, the ids named). Rate-limit
 * counters are not copied (they last ten minutes at most). A command line it cannot read: exit 2.
 * A setting, or a file, it cannot use is named in one line before PostgreSQL is asked anything (exit 1).
 */
import { existsSync, statSync } from 'node:fs';
import { resolve } from 'node:path';
import { parseArgs } from 'node:util';
import { readLeadsConfig, type LeadsConfig } from '../src/server/config.ts';
import { describeError } from '../src/server/errors.ts';
import { copySqliteToPostgres } from '../src/server/leads/store/copy.ts';
import { describeDatabaseUrl } from '../src/server/leads/store/open.ts';
import { LeadIdClash, openPostgresLeadStore } from '../src/server/leads/store/postgres.ts';
import { openSyncLeadStore } from '../src/server/leads/store/sqlite.ts';

const usage = 'Usage: DATABASE_URL=postgres://... npm run leads:to-postgres [-- sqlite-file]';

/** The command line, or a plain reason and the usage line (never a stack trace, exit 2) when it cannot be read. */
function readArgs() {
  try {
    const { values, positionals } = parseArgs({
      options: { help: { type: 'boolean', short: 'h', default: false } },
      allowPositionals: true,
      strict: true,
    });
    // One file at most: a second would otherwise be left out without a word.
    if (positionals.length > 1) throw new Error(`Unexpected "${positionals.at(-1)}" (one SQLite file at most)`);
    return { args: values, file: positionals[0] };
  } catch (error) {
    console.error(`${describeError(error).split('\n')[0]}\n${usage}`);
    process.exit(2);
  }
}
const { args, file: named } = readArgs();

if (args.help) {
  console.log(usage);
  process.exit(0);
}

let config: LeadsConfig;
try {
  config = readLeadsConfig();
} catch (error) {
  // The server's own check of the environment: it names each wrong variable, one a line.
  console.error(`npm run leads:to-postgres cannot start: ${describeError(error).split('\n').join('; ')}`);
  process.exit(1);
}
const file = resolve(named ?? config.dbPath);
if (!config.databaseUrl) {
  console.error('Set DATABASE_URL to the PostgreSQL database the leads go to (postgres://user:password@host/db).');
  process.exit(1);
}
if (!existsSync(file)) {
  console.error(`No SQLite lead database at ${file}.`);
  process.exit(1);
}
if (statSync(file).isDirectory()) {
  console.error(`${file} is a folder, not a SQLite lead database.`);
  process.exit(1);
}
// The file is opened once before the copy: a file that is no lead database was reported as a copy
// that stopped, with the advice to run it again, which would fail the same way.
try {
  openSyncLeadStore(file, { readOnly: true }).close();
} catch (error) {
  // SQLite's primary result code is the low byte: 5 and 6 (busy, locked) are a writer still at work;
  // 26 (not a database), 11 (corrupt) and 1 (a table it lacks, as in an empty file) will not pass.
  const primary = Number((error as { errcode?: unknown }).errcode) & 0xff;
  const reason = describeError(error);
  console.error(
    primary === 5 || primary === 6
      ? `${file} is in use (${reason}): stop the server that writes it, then run this again.`
      : primary === 1 || primary === 11 || primary === 26
        ? `${file} is not a lead database (${reason}): nothing was copied.`
        : `${file} cannot be read (${reason}): nothing was copied.`,
  );
  process.exit(1);
}

const target = openPostgresLeadStore(config.databaseUrl);
try {
  const { leads, deletions } = await copySqliteToPostgres(file, target);
  console.log(
    `Copied ${leads.copied} lead${leads.copied === 1 ? '' : 's'} from ${file} to ${describeDatabaseUrl(config.databaseUrl)}` +
      ` (${leads.skipped} already there), and ${deletions.copied} record${deletions.copied === 1 ? '' : 's'} of deletions` +
      ` (${deletions.skipped} already there).`,
  );
} catch (error) {
  // A clash of ids stays one however often it runs; anything else (the database away) may pass.
  console.error(
    error instanceof LeadIdClash
      ? error.message
      : `The copy stopped: ${describeError(error)}\nRun it again: what was copied is not copied twice.`,
  );
  process.exitCode = 1;
} finally {
  await target.close();
}
