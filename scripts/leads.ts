/**
 * Operator tool for the lead database: PostgreSQL when DATABASE_URL is set, else the SQLite file
 * LEADS_DB (default data/leads.db).
 *
 *   npm run leads                        recent leads and their delivery state
 *   npm run leads -- --limit 200         more of them
 *   npm run leads -- --spam              include submissions caught as spam
 *   npm run leads -- --csv               export every lead to data/leads-YYYY-MM-DD.csv
 *   npm run leads -- --csv leads.csv     ... to a file of your choice
 *   npm run -s leads -- --csv -          ... to standard output (-s keeps npm's banner out)
 *   npm run leads -- --delete EMAIL      forget one person: every lead of that address and its
 *                                        pending deliveries (asks first; --yes skips the question)
 *
 * The CSV is safe to open in a spreadsheet: cells starting with = + - @ are escaped.
 * It only reads (--delete aside), so it can run while the server is up.
 * A deletion is logged without the address: the time and how many leads went.
 */
import { existsSync, mkdirSync, writeFileSync } from 'node:fs';
import { dirname, resolve } from 'node:path';
import { createInterface } from 'node:readline/promises';
import { parseArgs } from 'node:util';
import { deliveryState, leadsToCsv } from '../src/server/leads/csv.ts';
import { readLeadsConfig } from '../src/server/config.ts';
import { describeError } from '../src/server/errors.ts';
import { openConfiguredStore } from '../src/server/leads/store/open.ts';
import { addressOf } from '../src/server/leads/store/rows.ts';
import type { LeadWithDeliveries } from '../src/server/leads/store/types.ts';
import { describeListing } from '../src/lib/listing/lead.ts';

const usage = 'Usage: npm run leads -- [--limit N] [--spam] [--csv [file | -]] [--delete EMAIL [--yes]]';

/** The command line, or a plain reason and the usage line (never a stack trace) when it cannot be read. */
function readArgs() {
  try {
    const { values, positionals } = parseArgs({
      options: {
        csv: { type: 'boolean', default: false },
        limit: { type: 'string' },
        spam: { type: 'boolean', default: false },
        delete: { type: 'string' },
        yes: { type: 'boolean', short: 'y', default: false },
        help: { type: 'boolean', short: 'h', default: false },
      },
      allowPositionals: true,
      strict: true,
    });
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
    return { args: values, target: positionals[0] };
  } catch (error) {
    console.error(`${error instanceof Error ? error.message.split('\n')[0] : String(error)}\n${usage}`);
    process.exit(1);
  }
}
const { args, target } = readArgs();

if (args.help) {
  console.log(usage);
  process.exit(0);
}

const config = readLeadsConfig();
if (!config.databaseUrl && !existsSync(config.dbPath)) {
  console.error(`No lead database at ${resolve(config.dbPath)} yet: it is created when the server first starts.`);
  process.exit(1);
}
const { store, where } = openConfiguredStore(config, { readOnly: args.delete === undefined });

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

function when(iso: string): string {
  return new Date(iso).toLocaleString('en-US', {
    timeZone: 'America/New_York',
    dateStyle: 'short',
    timeStyle: 'short',
  });
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
      const file = resolve(target ?? `data/leads-${new Date().toISOString().slice(0, 10)}.csv`);
      mkdirSync(dirname(file), { recursive: true });
      writeFileSync(file, csv, { mode: 0o600 });
      // Counted from the leads, not the CSV's lines: a message on several lines is one quoted cell.
      console.log(`Wrote ${leads.length} lead${leads.length === 1 ? '' : 's'} to ${file}`);
    }
  } else {
    const limit = Number(args.limit ?? '50');
    if (!Number.isInteger(limit) || limit < 1)
      throw new Error(`--limit must be a positive whole number, got "${args.limit}"`);
    const leads = await store.listLeads({ limit, includeSpam: args.spam });
    if (leads.length === 0) console.log('No leads yet.');
    for (const lead of leads) {
      console.log(
        [
          `#${lead.id}  ${when(lead.receivedAt)}  ${lead.firstName} ${lead.lastName} <${lead.email}>${lead.phone ? `  ${lead.phone}` : ''}`,
          ...(lead.listing ? [`     Showing request: ${describeListing(lead.listing)}`] : []),
          `     ${lead.helpType}: ${lead.message.replace(/\s+/g, ' ').slice(0, 100)}${lead.message.length > 100 ? '...' : ''}`,
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
  // PostgreSQL's "undefined table": no server has started on this database yet.
  const noSchema = (error as { code?: unknown }).code === '42P01';
  console.error(
    noSchema ? `No leads in ${where} yet: the tables are created when the server first starts.` : describeError(error),
  );
  process.exitCode = 1;
} finally {
  await store.close();
}
