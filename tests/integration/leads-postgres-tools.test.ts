/**
 * The operator's commands on PostgreSQL, run as the operator runs them (separate Node processes)
 * against a real server started here: `npm run leads:to-postgres` copies a SQLite lead database
 * (leads, spam, deliveries as they stand, records of deletions) and a second run copies nothing;
 * then `npm run leads` lists and exports exactly what it shows for the SQLite file, and deletes.
 */
import { spawnSync } from 'node:child_process';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openLeadStore } from '../../src/server/leads/store/sqlite.ts';
import type { NewLead } from '../../src/server/leads/store/types.ts';
import { startPostgres, type PostgresServer } from '../support/postgres.ts';
import { showingHome } from '../support/showing-home.ts';
import { root } from './support.ts';

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
