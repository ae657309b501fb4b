/**
 * Operator tool for the lead database: PostgreSQL when DATABASE_URL is set, else the SQLite file
 * LEADS_DB (default data/leads.db).
 *
 *   npm run leads                        recent leads and their delivery state
 *   npm run leads -- --limit 200         more of them
 *   npm run leads -- --spam              include submissions caught as spam
 *   npm run leads -- --csv               export every lead to data/leads-YYYY-MM-DD.csv (the day in New York)
 *   npm run leads -- --csv leads.csv     ... to a file of your choice
 *   npm run -s leads -- --csv -          ... to standard output (-s keeps npm's banner out)
 *   npm run leads -- --delete EMAIL      forget one person: every lead of that address and its
 *                                        pending deliveries (asks first; --yes skips the question)
 *
 * The CSV is safe to open in a spreadsheet: a cell a spreadsheet would run as a formula (= + - @
 * first, see src/server/leads/csv.ts) is escaped. A file it writes is readable by its owner only.
 * It only reads (--delete aside), so it can run while the server is up. A database or setting it
 * cannot use is named in one line (exit 1), as is a command line it cannot read.
 * A deletion is logged without the address: the time and how many leads went.
 */
import { closeSync, existsSync, fchmodSync, fstatSync, mkdirSync, openSync, statSync, writeFileSync } from 'node:fs';
import { dirname, resolve } from 'node:path';
import { createInterface } from 'node:readline/promises';
import { deliveryState, leadsToCsv } from '../src/server/leads/csv.ts';
import { readLeadsConfig, type LeadsConfig } from '../src/server/config.ts';
import { describeError } from '../src/server/errors.ts';
import { describeDatabaseUrl, openConfiguredStore, type OpenedStore } from '../src/server/leads/store/open.ts';
import { addressOf } from '../src/server/leads/store/rows.ts';
import type { LeadWithDeliveries } from '../src/server/leads/store/types.ts';
import { describeListing } from '../src/lib/listing/lead.ts';
import { dayInZone, listingTimeZone } from '../src/lib/listing/time.ts';
import { readCommandLine } from './command-line.ts';

const usage = 'Usage: npm run leads -- [--limit N] [--spam] [--csv [file | -]] [--delete EMAIL [--yes]]';
/** More than a terminal can show; --csv exports every lead. */
const maxLimit = 10_000;

const { args, target, limit } = readCommandLine(
  {
    config: {
      options: {
        csv: { type: 'boolean', default: false },
        limit: { type: 'string' },
        spam: { type: 'boolean', default: false },
        delete: { type: 'string' },
        yes: { type: 'boolean', short: 'y', default: false },
      },
      allowPositionals: true,
    },
    usage,
  },
  ({ values, positionals }) => {
    // A file name only follows --csv; --limit only shapes the list (an export has every lead).
    if (positionals.length > (values.csv ? 1 : 0)) {
      throw new Error(`Unexpected "${positionals.at(-1)}"${values.csv ? '' : ' (a file name goes after --csv)'}`);
    }
    if (values.limit !== undefined && (values.csv || values.delete !== undefined)) {
      throw new Error('--limit only applies to the list (--csv exports every lead)');
    }
    // What would be passed over without a word: an export asked for beside a deletion went unwritten.
    if (values.delete !== undefined && (values.csv || values.spam)) {
      throw new Error('--delete runs alone (it removes the spam of that address too): export or list in another run');
    }
    if (values.yes && values.delete === undefined) throw new Error('--yes only answers the question --delete asks');
    // Digits only: Number() also took "1e1" and "0x2", and a count past SQLite's integers failed
    // as a "datatype mismatch".
    const limit = Number(values.limit ?? '50');
    if (values.limit !== undefined && (!/^\d+$/.test(values.limit) || limit < 1 || limit > maxLimit)) {
      throw new Error(`--limit must be a whole number from 1 to ${maxLimit}, got "${values.limit}"`);
    }
    return { args: values, target: positionals[0], limit };
  },
);

/**
 * Why the lead database could not be opened or read, in one line that names it: a stack trace
 * told the operator neither which file was wrong nor what to do.
 */
function describeStoreError(error: unknown, where: string): string {
  const { code, errcode } = error as { code?: unknown; errcode?: unknown };
  // PostgreSQL's "undefined table": no server has started on this database yet.
  if (code === '42P01') return `No leads in ${where} yet: the tables are created when the server first starts.`;
  if (code !== 'ERR_SQLITE_ERROR' || typeof errcode !== 'number') return describeError(error);
  // SQLite's primary result code is the low byte: 5 and 6 (busy, locked) pass; 26 (not a database),
  // 11 (corrupt) and 1 (a table it lacks, as in an empty file) do not.
  const primary = errcode & 0xff;
  if (primary === 5 || primary === 6) {
    return `The lead database ${where} is locked by another process (${describeError(error)}): try again once it is done.`;
  }
  if (primary === 1 || primary === 11 || primary === 26) {
    return `${where} is not a lead database (${describeError(error)}): check LEADS_DB.`;
  }
  return `The lead database ${where} cannot be read: ${describeError(error)}`;
}

let config: LeadsConfig;
try {
  config = readLeadsConfig();
} catch (error) {
  // The server's own check of the environment: it names each wrong variable, one a line.
  console.error(`npm run leads cannot start: ${describeError(error).split('\n').join('; ')}`);
  process.exit(1);
}
const where = config.databaseUrl ? describeDatabaseUrl(config.databaseUrl) : resolve(config.dbPath);
if (!config.databaseUrl && !existsSync(where)) {
  console.error(`No lead database at ${where} yet: it is created when the server first starts.`);
  process.exit(1);
}
if (!config.databaseUrl && statSync(where).isDirectory()) {
  console.error(`LEADS_DB names a folder, not a lead database: ${where}`);
  process.exit(1);
}
let opened: OpenedStore;
try {
  opened = openConfiguredStore(config, { readOnly: args.delete === undefined });
} catch (error) {
  console.error(describeStoreError(error, where));
  process.exit(1);
}
const { store } = opened;

/** `--delete EMAIL`: after a yes (or --yes), every lead of the address goes, with its deliveries. */
async function deleteLeads(email: string): Promise<void> {
  const address = addressOf(email);
  const count = (await store.listLeads({ includeSpam: true })).filter((l) => addressOf(l.email) === address).length;
  if (count === 0) {
    console.log('No lead has that e-mail address; nothing deleted.');
    return;
  }
  if (!args.yes) {
    if (!process.stdin.isTTY) throw new Error('Deleting needs a yes: run it in a terminal, or add --yes.');
    const prompt = createInterface({ input: process.stdin, output: process.stdout });
    const answer = await prompt.question(`Delete ${count} lead(s) of ${email} and their pending deliveries? [y/N] `);
    prompt.close();
    if (!/^y(es)?$/i.test(answer.trim())) {
      console.log('Nothing deleted.');
      return;
    }
  }
  const { leads, deliveries } = await store.deleteLeadsByEmail(address);
  // The log line leaves the address out: the record of a deletion must not keep what was deleted.
  console.log(
    `${new Date().toISOString()} deleted ${leads} lead(s) and ${deliveries} pending deliveries of one e-mail address.`,
  );
}

/**
 * What a visitor (or a bot) typed, fit for the terminal: a control character (an escape sequence
 * could clear lines, retitle the window or print a fake status) shows as �.
 */
const visible = (text: string) => text.replace(/[\u0000-\u001f\u007f-\u009f]/g, '\uFFFD');
/** The same for a CSV read on the terminal: its line ends and tabs stay. */
const visibleLines = (text: string) => text.replace(/[\u0000-\u0008\u000b\u000c\u000e-\u001f\u007f-\u009f]/g, '\uFFFD');

/** The time in New York with its zone (EDT or EST): when the clocks fall back, 1:30 AM comes twice. */
const timeFormat = new Intl.DateTimeFormat('en-US', {
  timeZone: listingTimeZone,
  year: '2-digit',
  month: 'numeric',
  day: 'numeric',
  hour: 'numeric',
  minute: '2-digit',
  timeZoneName: 'short',
});
const when = (iso: string) => timeFormat.format(new Date(iso));

const graphemes = new Intl.Segmenter('en', { granularity: 'grapheme' });
/**
 * A message on one line, cut after 100 characters as a reader counts them. Cut in UTF-16 units,
 * an emoji could be split into two halves shown as \uFFFD; counted before the spaces were
 * collapsed, a message of mostly spaces was said to be cut when nothing was.
 */
function preview(message: string): string {
  const line = message.replace(/\s+/g, ' ').trim();
  const characters = Array.from(graphemes.segment(line), ({ segment }) => segment);
  return characters.length > 100 ? `${characters.slice(0, 100).join('')}...` : line;
}

/**
 * Writes an export that only its owner can read. `mode` applies only when a file is created: over
 * an older file (0644, say) the export kept that file's permissions, so they are set before any lead is written.
 */
function writePrivately(file: string, text: string): void {
  const fd = openSync(file, 'w', 0o600);
  try {
    // A regular file only: `--csv /dev/stdout` must leave the terminal's permissions alone.
    if (fstatSync(fd).isFile()) fchmodSync(fd, 0o600);
    writeFileSync(fd, text);
  } finally {
    closeSync(fd);
  }
}

function describeDelivery(lead: LeadWithDeliveries): string {
  const state = deliveryState(lead);
  if (state !== 'pending') return state;
  return lead.deliveries
    .filter((d) => d.state === 'pending')
    .map((d) => {
      const next = new Date(d.nextAttemptAt).toISOString();
      return `${d.channel} pending after ${d.attempts} tr${d.attempts === 1 ? 'y' : 'ies'}, next ${when(next)}${d.lastError ? ` (${d.lastError})` : ''}`;
    })
    .join('; ');
}

try {
  if (args.delete !== undefined) {
    await deleteLeads(args.delete);
  } else if (args.csv) {
    const leads = await store.listLeads({ includeSpam: args.spam });
    const csv = leadsToCsv(leads);
    if (target === '-') {
      // Piped on, the export stays faithful; shown on a terminal, it cannot rewrite it.
      process.stdout.write(process.stdout.isTTY ? visibleLines(csv) : csv);
    } else {
      // Named by the day in New York: the UTC one is tomorrow's from 7 or 8 PM.
      const file = resolve(target ?? `data/leads-${dayInZone(new Date())}.csv`);
      // A folder it creates is its owner's alone too; one that is there already is left as it is.
      mkdirSync(dirname(file), { recursive: true, mode: 0o700 });
      writePrivately(file, csv);
      // Counted from the leads, not the CSV's lines: a message on several lines is one quoted cell.
      console.log(`Wrote ${leads.length} lead${leads.length === 1 ? '' : 's'} to ${file}`);
    }
  } else {
    const leads = await store.listLeads({ limit, includeSpam: args.spam });
    if (leads.length === 0) console.log('No leads yet.');
    for (const lead of leads) {
      console.log(
        [
          `#${lead.id}  ${when(lead.receivedAt)}  ${lead.firstName} ${lead.lastName} <${lead.email}>${lead.phone ? `  ${lead.phone}` : ''}`,
          ...(lead.listing ? [`     Showing request: ${describeListing(lead.listing)}`] : []),
          `     ${lead.helpType}: ${preview(lead.message)}`,
          `     ${lead.status === 'spam' ? `spam (${lead.spamReason ?? 'caught'}), never sent` : describeDelivery(lead)}`,
          `     from ${lead.sourcePage || 'an unknown page'}; texting consent: ${lead.textingConsent ? 'yes' : 'no'}; ${lead.ip || 'no address'}`,
        ]
          .map(visible)
          .join('\n'),
      );
    }
    const spam = await store.countSpam();
    if (!args.spam && spam > 0)
      console.log(`\n(${spam} submission${spam === 1 ? '' : 's'} caught as spam not shown: add --spam)`);
  }
} catch (error) {
  console.error(describeStoreError(error, where));
  process.exitCode = 1;
} finally {
  await store.close();
}
