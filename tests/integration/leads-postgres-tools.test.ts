/**
 * The operator's commands on PostgreSQL, run as the operator runs them (separate Node processes)
 * against a real server started here: `npm run leads:to-postgres` copies a SQLite lead database
 * (leads, spam, deliveries as they stand, records of deletions) and a second run copies nothing;
 * then `npm run leads` lists and exports exactly what it shows for the SQLite file, and deletes.
 */
import { spawnSync } from 'node:child_process';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openPostgresLeadStore } from '../../src/server/leads/store/postgres.ts';
import { openLeadStore } from '../../src/server/leads/store/sqlite.ts';
import type { NewLead } from '../../src/server/leads/store/types.ts';
import { startPostgres, type PostgresServer } from '../support/postgres.ts';
import { showingHome } from '../support/showing-home.ts';
import { freePort, root } from './support.ts';

let server: PostgresServer;
let databaseUrl: string;
const sqliteFile = join(mkdtempSync(join(tmpdir(), 'leads-copy-')), 'leads.db');
const at = (time: string) => Date.parse(`2025-05-01T${time}:00.000Z`);

const base: NewLead = {
  status: 'lead',
  firstName: 'Ann',
  lastName: 'Lee',
  email: 'ann@example.com',
  phone: '+1 919 555 0100',
  helpType: 'I want to sell my home',
  message: '=HYPERLINK("http://evil.example")',
  ip: '203.0.113.7',
  userAgent: 'test',
  sourcePage: '/contact',
  consentText: 'By giving your phone number, you agree to calls and texts.',
  textingConsent: true,
};

beforeAll(async () => {
  server = await startPostgres();
  databaseUrl = await server.createDatabase('leads_tools');
  const store = openLeadStore(sqliteFile);
  try {
    const ann = await store.addLead(base, ['email', 'webhook'], at('14:30'));
    await store.addLead(
      {
        ...base,
        firstName: 'Bob',
        email: 'bob@example.com',
        phone: '',
        textingConsent: false,
        message: 'A showing, please.',
        listing: showingHome,
      },
      ['email'],
      at('15:00'),
    );
    await store.addLead({ ...base, status: 'spam', spamReason: 'honeypot', email: 'bot@example.com' }, [], at('15:10'));
    await store.addLead({ ...base, email: 'gone@example.com' }, ['email'], at('15:20'));
    await store.deleteLeadsByEmail('gone@example.com', at('16:00'));
    const [email, webhook] = (await store.listLeads()).find((l) => l.id === ann)!.deliveries;
    await store.markDelivered(email!.id, at('14:31'));
    await store.markRetry(webhook!.id, 'CRM answered 500', at('15:05'));
  } finally {
    await store.close();
  }
});
afterAll(async () => {
  await server?.destroy();
});

function run(script: string, env: Record<string, string>, ...args: string[]) {
  const result = spawnSync(process.execPath, [script, ...args], {
    cwd: root,
    env: { PATH: process.env['PATH'] ?? '', TZ: 'UTC', ...env },
    encoding: 'utf8',
  });
  if (result.error) throw result.error;
  return { status: result.status, stdout: result.stdout, stderr: result.stderr };
}

/** Every lead of a PostgreSQL database, newest first, with the lead ids of their deliveries. */
async function leadsIn(url: string) {
  const store = openPostgresLeadStore(url, { migrate: false, log: () => {} });
  try {
    return (await store.listLeads({ includeSpam: true })).map((lead) => ({
      id: lead.id,
      email: lead.email,
      deliveries: lead.deliveries.map((delivery) => delivery.leadId),
    }));
  } finally {
    await store.close();
  }
}

/**
 * A SQLite file whose ids have gaps: leads 1 to 5 stored, #3 and #5 (the highest) deleted since.
 * Leads #1, #2 and #4 remain, each with an e-mail delivery.
 */
async function fileWithGaps(): Promise<string> {
  const file = join(mkdtempSync(join(tmpdir(), 'leads-gaps-')), 'leads.db');
  const store = openLeadStore(file);
  try {
    for (let n = 1; n <= 5; n++)
      await store.addLead({ ...base, email: `n${n}@example.com` }, ['email'], at(`10:0${n}`));
    await store.deleteLeadsByEmail('n3@example.com');
    await store.deleteLeadsByEmail('n5@example.com');
  } finally {
    await store.close();
  }
  return file;
}

const onSqlite = (...args: string[]) => run('scripts/leads.ts', { LEADS_DB: sqliteFile }, ...args);
const onPostgres = (...args: string[]) => run('scripts/leads.ts', { DATABASE_URL: databaseUrl }, ...args);

describe('npm run leads:to-postgres', () => {
  it('says where to copy to when DATABASE_URL is not set', () => {
    const result = run('scripts/leads-to-postgres.ts', {}, sqliteFile);
    expect(result.status).toBe(1);
    expect(result.stderr).toContain('Set DATABASE_URL');
  });

  it('copies every lead with its deliveries and the deletion records, once', () => {
    const first = run('scripts/leads-to-postgres.ts', { DATABASE_URL: databaseUrl }, sqliteFile);
    expect(first.stderr).toBe('');
    expect(first.stdout.trim()).toBe(
      `Copied 3 leads from ${sqliteFile} to PostgreSQL at 127.0.0.1:${server.port}/leads_tools (0 already there), and 1 record of deletions (0 already there).`,
    );
    const second = run('scripts/leads-to-postgres.ts', { DATABASE_URL: databaseUrl, LEADS_DB: sqliteFile });
    expect(second.stdout.trim()).toBe(
      `Copied 0 leads from ${sqliteFile} to PostgreSQL at 127.0.0.1:${server.port}/leads_tools (3 already there), and 0 records of deletions (1 already there).`,
    );
  });

  it('copies a lead stored with a NUL (before intake took them out), which PostgreSQL cannot hold, without it', async () => {
    const file = join(mkdtempSync(join(tmpdir(), 'leads-nul-')), 'leads.db');
    const store = openLeadStore(file);
    try {
      const id = await store.addLead({ ...base, email: 'nul@example.com', message: 'Call me\0 soon' }, ['webhook'], 0);
      const [webhook] = (await store.listLeads()).find((l) => l.id === id)!.deliveries;
      await store.markRetry(webhook!.id, 'CRM answered 500: \0', 1000);
    } finally {
      await store.close();
    }
    const url = await server.createDatabase('leads_nul');
    const copy = run('scripts/leads-to-postgres.ts', { DATABASE_URL: url }, file);
    expect(copy.stderr).toBe('');
    expect(copy.stdout).toContain('Copied 1 lead from');
    const listed = run('scripts/leads.ts', { DATABASE_URL: url }).stdout;
    expect(listed).toContain('Call me soon');
    expect(listed).toContain('(CRM answered 500: )');
  });

  it('keeps each lead’s number across gaps, numbers new leads past SQLite’s highest, and copies again as it was', async () => {
    const file = await fileWithGaps();
    const url = await server.createDatabase('leads_gaps');
    const copy = () => run('scripts/leads-to-postgres.ts', { DATABASE_URL: url }, file);
    expect(copy().stdout).toContain('Copied 3 leads from');
    const copied = [
      { id: 4, email: 'n4@example.com', deliveries: [4] },
      { id: 2, email: 'n2@example.com', deliveries: [2] },
      { id: 1, email: 'n1@example.com', deliveries: [1] },
    ];
    expect(await leadsIn(url)).toEqual(copied);
    // "Lead #5" was e-mailed before it was deleted: the next lead here is #6.
    const store = openPostgresLeadStore(url, { log: () => {} });
    try {
      expect(await store.addLead({ ...base, email: 'new@example.com' }, ['email'])).toBe(6);
    } finally {
      await store.close();
    }
    // Again (the instances have taken a lead since): nothing added, nothing renumbered.
    const again = copy();
    expect(again.stderr).toBe('');
    expect(again.stdout).toContain('Copied 0 leads from');
    expect(again.stdout).toContain('(3 already there)');
    expect(await leadsIn(url)).toEqual([{ id: 6, email: 'new@example.com', deliveries: [6] }, ...copied]);
  });

  it('after a copy, refuses a second file whose lead has a number the first gave (its lead since deleted)', async () => {
    const url = await server.createDatabase('leads_second');
    expect(run('scripts/leads-to-postgres.ts', { DATABASE_URL: url }, await fileWithGaps()).stdout).toContain(
      'Copied 3 leads from',
    );
    // Another file whose one lead is #3: a number the first file gave, to a lead deleted there.
    const other = join(mkdtempSync(join(tmpdir(), 'leads-other-')), 'leads.db');
    const store = openLeadStore(other);
    try {
      for (let n = 1; n <= 3; n++)
        await store.addLead({ ...base, email: `o${n}@example.com` }, ['email'], at(`11:0${n}`));
      await store.deleteLeadsByEmail('o1@example.com');
      await store.deleteLeadsByEmail('o2@example.com');
    } finally {
      await store.close();
    }
    const second = run('scripts/leads-to-postgres.ts', { DATABASE_URL: url }, other);
    expect(second.status).toBe(1);
    expect(second.stderr).toContain('(this database has numbered leads up to #5): #3 (a lead deleted since).');
    expect((await leadsIn(url)).map((l) => l.id)).toEqual([4, 2, 1]);
  });

  it('refuses, naming the ids, to copy into a database that gave those numbers to its own leads', async () => {
    const file = await fileWithGaps();
    const url = await server.createDatabase('leads_clash');
    const store = openPostgresLeadStore(url, { log: () => {} });
    try {
      await store.addLead({ ...base, email: 'here@example.com' }, ['email'], at('09:00'));
      await store.addLead({ ...base, email: 'deleted@example.com' }, ['email'], at('09:30'));
      await store.deleteLeadsByEmail('deleted@example.com');
    } finally {
      await store.close();
    }
    const copy = run('scripts/leads-to-postgres.ts', { DATABASE_URL: url }, file);
    expect(copy.status).toBe(1);
    expect(copy.stdout).toBe('');
    expect(copy.stderr.trim()).toBe(
      'Nothing copied: ids of leads to copy are taken here (this database has numbered leads up to #2): ' +
        '#1 (a lead received 2025-05-01T09:00:00.000Z), #2 (a lead deleted since). Each lead keeps its id, ' +
        'as e-mails already sent name it: copy into a database no instance has stored leads in yet.',
    );
    expect(await leadsIn(url)).toEqual([{ id: 1, email: 'here@example.com', deliveries: [1] }]);
  });

  const usage = 'Usage: DATABASE_URL=postgres://... npm run leads:to-postgres [-- sqlite-file]';

  it('refuses an unknown option in a line with the usage (no stack trace), exit 2', () => {
    const unknown = run('scripts/leads-to-postgres.ts', { DATABASE_URL: databaseUrl }, '--dry-run', sqliteFile);
    expect(unknown.status).toBe(2);
    expect(unknown.stdout).toBe('');
    const lines = unknown.stderr.trim().split('\n');
    expect(lines[0]).toMatch(/^Unknown option '--dry-run'\./);
    expect(lines.slice(1)).toEqual([usage]);
  });

  it('refuses a second file rather than leave it out, exit 2, and copies nothing', async () => {
    const url = await server.createDatabase('leads_two_files');
    const two = run('scripts/leads-to-postgres.ts', { DATABASE_URL: url }, sqliteFile, 'other.db');
    expect(two.status).toBe(2);
    expect(two.stderr).toBe(`Unexpected "other.db" (one SQLite file at most)\n${usage}\n`);
    expect(two.stdout).toBe('');
    // The database was not even opened: its tables were never created.
    expect(run('scripts/leads.ts', { DATABASE_URL: url }).stderr).toContain('yet: the tables are created');
  });

  it('names both refused addresses when localhost is ::1 and 127.0.0.1 and nothing listens', async () => {
    // localhost resolving to both, as on most machines (Node then raises an AggregateError with
    // an empty message); this one's /etc/hosts may list only 127.0.0.1.
    const preload = join(mkdtempSync(join(tmpdir(), 'leads-dns-')), 'both.mjs');
    writeFileSync(
      preload,
      `import dns from 'node:dns';
       const lookup = dns.lookup;
       dns.lookup = (host, options, callback) => {
         if (host !== 'localhost') return lookup(host, options, callback);
         const done = typeof options === 'function' ? options : callback;
         const all = [{ address: '::1', family: 6 }, { address: '127.0.0.1', family: 4 }];
         if (options?.all) done(null, all);
         else done(null, '::1', 6);
       };`,
    );
    const port = await freePort();
    const result = spawnSync(process.execPath, ['--import', preload, 'scripts/leads-to-postgres.ts', sqliteFile], {
      cwd: root,
      env: { PATH: process.env['PATH'] ?? '', DATABASE_URL: `postgres://postgres@localhost:${port}/leads` },
      encoding: 'utf8',
    });
    expect(result.status).toBe(1);
    const refused = `connect E[A-Z]+ ::1:${port}; connect ECONNREFUSED 127\\.0\\.0\\.1:${port}`;
    expect(result.stderr.split('\n')[0]).toMatch(new RegExp(`^The copy stopped: ${refused}$`));
    // The operator's list says it the same way (it printed an empty line).
    const list = spawnSync(process.execPath, ['--import', preload, 'scripts/leads.ts'], {
      cwd: root,
      env: { PATH: process.env['PATH'] ?? '', DATABASE_URL: `postgres://postgres@localhost:${port}/leads` },
      encoding: 'utf8',
    });
    expect(list.status).toBe(1);
    expect(list.stderr).toMatch(new RegExp(`^${refused}\n$`));
  });

  it('leaves npm run leads showing on PostgreSQL exactly what it showed on SQLite', () => {
    for (const args of [['--spam'], [], ['--csv', '-', '--spam']]) {
      const sqlite = onSqlite(...args);
      const postgres = onPostgres(...args);
      expect(postgres.stderr).toBe('');
      expect(postgres.status).toBe(0);
      expect(postgres.stdout).toBe(sqlite.stdout);
    }
    const listed = onPostgres('--spam').stdout;
    expect(listed).toContain('Showing request: 412 Oak Grove Lane, Cary, NC 27513');
    expect(listed).toContain('webhook pending after 1 try');
    expect(listed).toContain('(CRM answered 500)');
    expect(listed).toContain('spam (honeypot), never sent');
    expect(onPostgres('--csv', '-').stdout).toContain(`"'=HYPERLINK(""http://evil.example"")"`);
  });

  it('says so when no server has created the tables yet, and creates nothing itself', async () => {
    const empty = await server.createDatabase('leads_empty');
    const result = run('scripts/leads.ts', { DATABASE_URL: empty });
    expect(result.status).toBe(1);
    expect(result.stderr.trim()).toBe(
      `No leads in PostgreSQL at 127.0.0.1:${server.port}/leads_empty yet: the tables are created when the server first starts.`,
    );
    expect(run('scripts/leads.ts', { DATABASE_URL: empty }).status).toBe(1);
  });

  it('deletes one person on PostgreSQL with npm run leads -- --delete', () => {
    const deleted = onPostgres('--delete', 'BOB@example.com', '--yes');
    expect(deleted.stdout).toMatch(/deleted 1 lead\(s\) and 1 pending deliveries of one e-mail address\.$/m);
    expect(onPostgres().stdout).not.toContain('bob@example.com');
    // Copying the SQLite file again (the instructions say it is safe) does not bring Bob back.
    const again = run('scripts/leads-to-postgres.ts', { DATABASE_URL: databaseUrl }, sqliteFile);
    expect(again.stdout).toContain('Copied 0 leads');
    expect(onPostgres('--spam').stdout).not.toContain('bob@example.com');
  });
});
