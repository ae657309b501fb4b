/**
 * `npm run leads` (scripts/leads.ts), run as the operator runs it: a separate Node process on a
 * lead database written by the store, listing leads, exporting CSV to standard output and to a
 * file. Visitor-typed cells that a spreadsheet would run as a formula come out escaped. A database
 * or a setting it cannot use is named in one line, never with a stack trace.
 */
import { spawnSync } from 'node:child_process';
import {
  chmodSync,
  copyFileSync,
  existsSync,
  mkdirSync,
  mkdtempSync,
  readFileSync,
  rmSync,
  statSync,
  writeFileSync,
} from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { DatabaseSync } from 'node:sqlite';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { unusableDatabases } from '../support/run-script.ts';
import { openLeadStore } from '#src/server/leads/store/sqlite.ts';
import type { NewLead } from '#src/server/leads/store/types.ts';
import { showingHome } from '../support/showing-home.ts';

const root = fileURLToPath(new URL('../..', import.meta.url));
let dir: string;
let db: string;

const at = (time: string) => Date.parse(`2025-05-01T${time}:00.000Z`);
const base: Omit<NewLead, 'firstName' | 'lastName' | 'email' | 'phone' | 'helpType' | 'message'> = {
  status: 'lead',
  ip: '203.0.113.7',
  userAgent: 'test',
  sourcePage: '/contact',
  consentText: 'By giving your phone number, you agree to calls and texts.',
};

beforeAll(async () => {
  dir = mkdtempSync(join(tmpdir(), 'leads-script-'));
  db = join(dir, 'leads.db');
  const store = openLeadStore(db);
  try {
    // Each of these passes the form's rules, and each starts a cell with a formula sign.
    const ann = await store.addLead(
      {
        ...base,
        firstName: 'Ann',
        lastName: '-Lee',
        email: 'ann@example.com',
        phone: '+1 919 555 0100',
        textingConsent: true,
        helpType: 'I want to sell my home',
        message: '=HYPERLINK("http://evil.example","Click me")',
      },
      ['email'],
      at('14:30'),
    );
    const bob = await store.addLead(
      {
        ...base,
        firstName: 'Bob',
        lastName: 'Smith',
        email: 'bob@example.com',
        phone: '',
        helpType: "I'm looking to buy a home",
        // A textarea posted without JavaScript ends its lines with CRLF.
        message: '@SUM(A1) please call me\r\nabout Cary',
        // A showing request sent from a listing page.
        listing: showingHome,
      },
      ['email'],
      at('15:00'),
    );
    await store.addLead(
      {
        ...base,
        status: 'spam',
        spamReason: 'honeypot',
        firstName: 'Bot',
        lastName: 'Bot',
        email: 'bot@example.com',
        phone: '',
        helpType: 'Other',
        message: 'Buy followers now, cheap!',
      },
      [],
      at('15:10'),
    );
    const delivery = async (leadId: number) =>
      (await store.listLeads()).find((l) => l.id === leadId)!.deliveries[0]!.id;
    await store.markDelivered(await delivery(ann), at('14:31'));
    await store.markRetry(await delivery(bob), 'connect ECONNREFUSED 127.0.0.1:587', at('15:05'));
  } finally {
    await store.close();
  }
});

afterAll(() => rmSync(dir, { recursive: true, force: true }));

function leads(...args: string[]) {
  return leadsOn(db, ...args);
}

function leadsOn(file: string, ...args: string[]) {
  return leadsWith({ LEADS_DB: file }, ...args);
}

function leadsWith(env: Record<string, string>, ...args: string[]) {
  const run = spawnSync(process.execPath, ['scripts/leads.ts', ...args], {
    cwd: root,
    env: { ...process.env, LEADS_DB: db, TZ: 'UTC', ...env },
    encoding: 'utf8',
  });
  if (run.error) throw run.error;
  // Node's ICU puts a narrow no-break space before AM/PM.
  return { status: run.status, stdout: run.stdout.replaceAll('\u202f', ' '), stderr: run.stderr };
}

/** A copy of the database with these leads of Cy Doe's added, each changed as given and received at its time. */
async function copyWith(name: string, ...added: [Partial<NewLead>, number][]): Promise<string> {
  const copy = join(dir, name);
  copyFileSync(db, copy);
  const store = openLeadStore(copy);
  try {
    for (const [lead, time] of added) {
      await store.addLead(
        {
          ...base,
          firstName: 'Cy',
          lastName: 'Doe',
          email: 'cy@example.com',
          phone: '',
          helpType: 'Other',
          message: 'Hello',
          ...lead,
        },
        ['email'],
        time,
      );
    }
  } finally {
    await store.close();
  }
  return copy;
}

/** One line on standard error, and no stack trace ("    at file:///..." lines, or the source line Node quotes). */
function expectOneLine(stderr: string) {
  expect(stderr).not.toMatch(/^ {4}at /m);
  expect(stderr).not.toContain('file://');
  expect(stderr.trimEnd().split('\n')).toHaveLength(1);
}

const header =
  'id,received_at,first_name,last_name,email,phone,help_type,message,listing_key,listing_address,status,delivery,delivered_at,source_page,texting_consent,consent_text,ip,user_agent';
const consent = (given: 'yes' | 'no') =>
  `/contact,${given},"By giving your phone number, you agree to calls and texts.",203.0.113.7,test`;
const bobRow = `2,2025-05-01T15:00:00.000Z,Bob,Smith,bob@example.com,,I'm looking to buy a home,"'@SUM(A1) please call me\r\nabout Cary",JA-2026-014,"412 Oak Grove Lane, Cary, NC 27513",lead,pending,,${consent('no')}`;
const annRow = `1,2025-05-01T14:30:00.000Z,Ann,'-Lee,ann@example.com,'+1 919 555 0100,I want to sell my home,"'=HYPERLINK(""http://evil.example"",""Click me"")",,,lead,delivered,2025-05-01T14:31:00.000Z,${consent('yes')}`;
const csv = `\uFEFF${header}\r\n${bobRow}\r\n${annRow}\r\n`;

describe('npm run leads', () => {
  it('lists recent leads, newest first, with their delivery state, in Raleigh time with its zone, and counts the spam it hides', () => {
    const run = leads();
    expect(run.stderr).toBe('');
    expect(run.status).toBe(0);
    expect(run.stdout).toBe(
      [
        '#2  5/1/25, 11:00 AM EDT  Bob Smith <bob@example.com>',
        '     Showing request: 412 Oak Grove Lane, Cary, NC 27513 (JA-2026-014)',
        "     I'm looking to buy a home: @SUM(A1) please call me about Cary",
        '     email pending after 1 try, next 5/1/25, 11:05 AM EDT (connect ECONNREFUSED 127.0.0.1:587)',
        '     from /contact; texting consent: no; 203.0.113.7',
        '#1  5/1/25, 10:30 AM EDT  Ann -Lee <ann@example.com>  +1 919 555 0100',
        '     I want to sell my home: =HYPERLINK("http://evil.example","Click me")',
        '     delivered',
        '     from /contact; texting consent: yes; 203.0.113.7',
        '',
        '(1 submission caught as spam not shown: add --spam)',
        '',
      ].join('\n'),
    );
  });

  it('shows the spam with --spam, and honours --limit', () => {
    const run = leads('--spam', '--limit', '1');
    expect(run.status).toBe(0);
    expect(run.stdout).toBe(
      [
        '#3  5/1/25, 11:10 AM EDT  Bot Bot <bot@example.com>',
        '     Other: Buy followers now, cheap!',
        '     spam (honeypot), never sent',
        '     from /contact; texting consent: no; 203.0.113.7',
        '',
      ].join('\n'),
    );
  });

  it('exports CSV to standard output with --csv -, cells starting with = + - @ escaped', () => {
    const run = leads('--csv', '-');
    expect(run.stderr).toBe('');
    expect(run.status).toBe(0);
    expect(run.stdout).toBe(csv);
  });

  it('exports CSV to a file only the operator can read, and says how many leads it wrote', () => {
    const file = join(dir, 'export', 'leads.csv');
    const run = leads('--csv', file);
    expect(run.status).toBe(0);
    expect(run.stdout).toBe(`Wrote 2 leads to ${file}\n`);
    expect(readFileSync(file, 'utf8')).toBe(csv);
    expect(statSync(file).mode & 0o777).toBe(0o600);

    const withSpam = leads('--csv', file, '--spam');
    expect(withSpam.stdout).toBe(`Wrote 3 leads to ${file}\n`);
    expect(readFileSync(file, 'utf8')).toBe(
      `\uFEFF${header}\r\n3,2025-05-01T15:10:00.000Z,Bot,Bot,bot@example.com,,Other,"Buy followers now, cheap!",,,spam (honeypot),spam (not sent),,${consent('no')}\r\n${bobRow}\r\n${annRow}\r\n`,
    );
  });

  it('deletes one person with --delete EMAIL --yes (any case), logging no address; the CSV no longer has them', () => {
    const copy = join(dir, 'delete.db');
    copyFileSync(db, copy);
    const run = leadsOn(copy, '--delete', 'ANN@example.com', '--yes');
    expect(run.stderr).toBe('');
    expect(run.status).toBe(0);
    expect(run.stdout).toMatch(
      /^\d{4}-\d\d-\d\dT[\d:.]+Z deleted 1 lead\(s\) and 0 pending deliveries of one e-mail address\.\n$/,
    );
    expect(run.stdout).not.toMatch(/ann/i);
    expect(leadsOn(copy, '--csv', '-').stdout).toBe(`\uFEFF${header}\r\n${bobRow}\r\n`);
    // Bob's pending e-mail goes with him.
    expect(leadsOn(copy, '--delete', 'bob@example.com', '--yes').stdout).toContain(
      'deleted 1 lead(s) and 1 pending deliveries',
    );
    expect(leadsOn(copy, '--delete', 'bob@example.com', '--yes').stdout).toBe(
      'No lead has that e-mail address; nothing deleted.\n',
    );
  });

  it('shows a control character a visitor typed as \uFFFD: an escape sequence cannot rewrite the terminal', async () => {
    const copy = join(dir, 'escapes.db');
    copyFileSync(db, copy);
    const store = openLeadStore(copy);
    try {
      await store.addLead(
        {
          ...base,
          firstName: 'Eve',
          lastName: 'Bell\u001b]0;owned\u0007',
          email: 'eve@example.com',
          phone: '',
          helpType: 'Other',
          message: 'Hello\u001b[2K\u001b[1A\u009b31mFAKE: lead #1 delivered\u001b[0m',
        },
        ['email'],
        at('16:00'),
      );
    } finally {
      await store.close();
    }
    const run = leadsOn(copy, '--limit', '1');
    expect(run.status).toBe(0);
    expect(run.stdout).not.toMatch(/[\u0000-\u0009\u000b-\u001f\u007f-\u009f]/);
    expect(run.stdout).toContain('Eve Bell\uFFFD]0;owned\uFFFD <eve@example.com>');
    expect(run.stdout).toContain('Other: Hello\uFFFD[2K\uFFFD[1A\uFFFD31mFAKE: lead #1 delivered\uFFFD[0m');

    // The CSV shown on a terminal (`script` gives the command one) likewise; piped on, it stays faithful.
    const command = [process.execPath, 'scripts/leads.ts', '--csv', '-'].join(' ');
    const shown = spawnSync('script', ['-qec', command, '/dev/null'], {
      cwd: root,
      env: { ...process.env, LEADS_DB: copy, TZ: 'UTC' },
      encoding: 'utf8',
    });
    expect(shown.status).toBe(0);
    expect(shown.stdout).toContain(',Bell\uFFFD]0;owned\uFFFD,');
    expect(shown.stdout).not.toMatch(/[\u0000-\u0008\u000b\u000c\u000e-\u001f\u007f-\u009f]/);
    expect(leadsOn(copy, '--csv', '-').stdout).toContain('Bell\u001b]0;owned\u0007');
  });

  it('asks before deleting, and refuses without a terminal to ask in', () => {
    const run = leads('--delete', 'ann@example.com');
    expect(run.status).toBe(1);
    expect(run.stderr).toContain('Deleting needs a yes: run it in a terminal, or add --yes.');
    expect(leads('--csv', '-').stdout).toBe(csv);
  });

  it('answers a command line it cannot read with the reason and the usage line, never a stack trace', () => {
    const cases: [string[], string][] = [
      [['--delete'], "Option '--delete <value>' argument missing"],
      [['--everything'], "Unknown option '--everything'"],
      [['leads.csv'], 'Unexpected "leads.csv" (a file name goes after --csv)'],
      [['--csv', 'a.csv', 'b.csv'], 'Unexpected "b.csv"'],
      [['--csv', '-', '--limit', '5'], '--limit only applies to the list (--csv exports every lead)'],
      [
        ['--csv', 'leads.csv', '--delete', 'ann@example.com', '--yes'],
        '--delete runs alone (it removes the spam of that address too): export or list in another run',
      ],
      [['--spam', '--delete', 'ann@example.com'], '--delete runs alone'],
      [['--csv', '-', '--yes'], '--yes only answers the question --delete asks'],
    ];
    for (const [args, reason] of cases) {
      const run = leads(...args);
      expect(run.status, args.join(' ')).toBe(1);
      expect(run.stdout).toBe('');
      expect(run.stderr).toContain(reason);
      expect(run.stderr).toContain('Usage: npm run leads');
      expect(run.stderr).not.toMatch(/^\s+at /m);
    }
  });

  it('names a database it cannot open, or a setting it cannot use, in one line (exit 1), never a stack trace', () => {
    const { corrupt, empty, folder } = unusableDatabases(dir);
    const cases: [Record<string, string>, string[], string][] = [
      [{ LEADS_DB: corrupt }, [], `${corrupt} is not a lead database (file is not a database): check LEADS_DB.`],
      [
        { LEADS_DB: corrupt },
        ['--delete', 'ann@example.com', '--yes'],
        `${corrupt} is not a lead database (file is not a database): check LEADS_DB.`,
      ],
      [{ LEADS_DB: empty }, ['--csv', '-'], `${empty} is not a lead database (no such table: outbox): check LEADS_DB.`],
      [{ LEADS_DB: folder }, [], `LEADS_DB names a folder, not a lead database: ${folder}`],
      [{ PORT: 'abc' }, [], 'npm run leads cannot start: PORT must be a whole number, got "abc"'],
      [
        { DATABASE_URL: 'mysql://x' },
        [],
        'npm run leads cannot start: DATABASE_URL must be a postgres:// URL, got "mysql://x"',
      ],
    ];
    for (const [env, args, line] of cases) {
      const run = leadsWith(env, ...args);
      expect(run.status, line).toBe(1);
      expect(run.stdout).toBe('');
      expectOneLine(run.stderr);
      expect(run.stderr).toBe(`${line}\n`);
    }
    // Nothing was written into the files it could not use.
    expect(readFileSync(empty, 'utf8')).toBe('');
  });

  it('names a lead database another process holds locked, in one line, once it has waited for it', () => {
    const copy = join(dir, 'locked.db');
    copyFileSync(db, copy);
    const holder = new DatabaseSync(copy);
    try {
      holder.exec('PRAGMA locking_mode = EXCLUSIVE; BEGIN EXCLUSIVE');
      const run = leadsOn(copy);
      expect(run.status).toBe(1);
      expectOneLine(run.stderr);
      expect(run.stderr).toBe(
        `The lead database ${copy} is locked by another process (database is locked): try again once it is done.\n`,
      );
    } finally {
      holder.close();
    }
  });

  it('makes an export over an older file readable by the operator only, and a folder it creates theirs alone', () => {
    const file = join(dir, 'shared', 'leads.csv');
    mkdirSync(join(dir, 'shared'));
    writeFileSync(file, 'an older export');
    chmodSync(file, 0o644);
    const run = leads('--csv', file);
    expect(run.status).toBe(0);
    expect(readFileSync(file, 'utf8')).toBe(csv);
    expect(statSync(file).mode & 0o777).toBe(0o600);
    // A folder that was there keeps its own permissions.
    expect(statSync(join(dir, 'shared')).mode & 0o777).not.toBe(0o700);

    const deeper = join(dir, 'private', 'exports', 'leads.csv');
    expect(leads('--csv', deeper).status).toBe(0);
    expect(statSync(deeper).mode & 0o777).toBe(0o600);
    expect(statSync(join(dir, 'private')).mode & 0o777).toBe(0o700);
    expect(statSync(join(dir, 'private', 'exports')).mode & 0o777).toBe(0o700);
  });

  it('names the export by the day in Raleigh, not in UTC (tomorrow there from 8 PM in summer time)', () => {
    const work = mkdtempSync(join(dir, 'evening-'));
    // 8:30 PM on November 1 in Raleigh, already November 2 in UTC.
    const preload = join(work, 'evening.mjs');
    writeFileSync(
      preload,
      `const evening = Date.parse('2025-11-02T00:30:00.000Z');
       globalThis.Date = class extends Date {
         constructor(...args) { super(...(args.length > 0 ? args : [evening])); }
         static now() { return evening; }
       };`,
    );
    const run = spawnSync(process.execPath, ['--import', preload, join(root, 'scripts/leads.ts'), '--csv'], {
      cwd: work,
      env: { ...process.env, LEADS_DB: db },
      encoding: 'utf8',
    });
    expect(run.stderr).toBe('');
    expect(run.stdout).toBe(`Wrote 2 leads to ${join(work, 'data', 'leads-2025-11-01.csv')}\n`);
    expect(readFileSync(join(work, 'data', 'leads-2025-11-01.csv'), 'utf8')).toBe(csv);
  });

  it('names the zone of each time, so the hour that comes twice when the clocks fall back is told apart', async () => {
    const copy = await copyWith(
      'fall-back.db',
      [{ firstName: 'Early' }, Date.parse('2025-11-02T05:30:00.000Z')],
      [{ firstName: 'Late' }, Date.parse('2025-11-02T06:30:00.000Z')],
    );
    const run = leadsOn(copy, '--limit', '2');
    expect(run.status).toBe(0);
    expect(run.stdout).toContain('#5  11/2/25, 1:30 AM EST  Late Doe <cy@example.com>\n');
    expect(run.stdout).toContain('#4  11/2/25, 1:30 AM EDT  Early Doe <cy@example.com>\n');
  });

  it('cuts a message after 100 characters as a reader counts them, an emoji whole, its spaces collapsed first', async () => {
    const family = '\u{1F468}\u200D\u{1F469}\u200D\u{1F467}';
    const copy = await copyWith(
      'long.db',
      [{ message: `${'a'.repeat(99)}\u{1F600} and more` }, at('16:00')],
      [{ message: `${'b'.repeat(99)}${family}${family}` }, at('16:01')],
      // 204 characters, 12 once its spaces are collapsed: nothing to cut.
      [{ message: `Call${' '.repeat(190)}me, please` }, at('16:02')],
      // 100 once its line breaks are one space: nothing to cut either.
      [{ message: `${'c'.repeat(50)}\r\n\r\n${'d'.repeat(49)}` }, at('16:03')],
    );
    const run = leadsOn(copy, '--limit', '4');
    expect(run.status).toBe(0);
    expect(run.stdout).not.toContain('\uFFFD');
    expect(run.stdout).toContain(`     Other: ${'a'.repeat(99)}\u{1F600}...\n`);
    expect(run.stdout).toContain(`     Other: ${'b'.repeat(99)}${family}...\n`);
    expect(run.stdout).toContain('     Other: Call me, please\n');
    expect(run.stdout).toContain(`     Other: ${'c'.repeat(50)} ${'d'.repeat(49)}\n`);
  });

  it('refuses a --limit that is not written in digits, or is past 10000, in one line with the usage', () => {
    for (const limit of ['1e1', '0x2', ' 5', '0', '10001', '99999999999999999999']) {
      const run = leads('--limit', limit);
      expect(run.status, limit).toBe(1);
      expect(run.stdout).toBe('');
      expect(run.stderr).toBe(
        `--limit must be a whole number from 1 to 10000, got "${limit}"\nUsage: npm run leads -- [--limit N] [--spam] [--csv [file | -]] [--delete EMAIL [--yes]]\n`,
      );
    }
    expect(leads('--limit', '10000').status).toBe(0);
  });

  it('says so, and fails, when there is no database yet', () => {
    const missing = join(dir, 'none', 'leads.db');
    const run = spawnSync(process.execPath, ['scripts/leads.ts'], {
      cwd: root,
      env: { ...process.env, LEADS_DB: missing },
      encoding: 'utf8',
    });
    expect(run.status).toBe(1);
    expect(run.stderr).toContain(`No lead database at ${missing} yet`);
    expect(existsSync(missing)).toBe(false);
  });
});
