/** The SQLite lead store: its file, journal and sync modes, its schema versions, and forgetting a person. */
import { closeSync, mkdtempSync, openSync, readdirSync, rmSync, writeSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { DatabaseSync } from 'node:sqlite';
import { describe, expect, it } from 'vitest';
import { openLeadStore, serveAlone } from '#src/server/leads/store/sqlite.ts';
import { describeLeadStoreContract } from '../../../../support/lead-store-contract.ts';
import { useTempStore, visitor } from '../fixtures.ts';

describeLeadStoreContract('SQLite', async () => {
  const dir = mkdtempSync(join(tmpdir(), 'leads-contract-'));
  return {
    store: openLeadStore(join(dir, 'leads.db')),
    dispose: async () => rmSync(dir, { recursive: true, force: true }),
  };
});

const t = useTempStore();
const lead = { status: 'lead' as const, ...visitor, ip: '203.0.113.7', userAgent: 'test' };

describe('lead store', () => {
  it('creates its file in WAL mode with full sync, so readers never block the server', async () => {
    expect(t.store.db.prepare('PRAGMA journal_mode').get()).toEqual({ journal_mode: 'wal' });
    expect(t.store.db.prepare('PRAGMA synchronous').get()).toEqual({ synchronous: 2 });
    // WAL is a property of the file: any later connection, even read-only, finds it.
    const reader = openLeadStore(join(t.dir, 'leads.db'), { readOnly: true });
    try {
      expect(reader.db.prepare('PRAGMA journal_mode').get()).toEqual({ journal_mode: 'wal' });
    } finally {
      await reader.close();
    }
  });

  it('brings a database from before schema versions up to date once, keeping its leads', async () => {
    const file = join(t.dir, 'old.db');
    const old = new DatabaseSync(file);
    old.exec(`CREATE TABLE leads (id INTEGER PRIMARY KEY, received_at TEXT NOT NULL, status TEXT NOT NULL, spam_reason TEXT,
      first_name TEXT NOT NULL, last_name TEXT NOT NULL, email TEXT NOT NULL, phone TEXT NOT NULL, help_type TEXT NOT NULL,
      message TEXT NOT NULL, ip TEXT NOT NULL, user_agent TEXT NOT NULL);
      INSERT INTO leads VALUES (1, '2025-05-01T14:30:00.000Z', 'lead', NULL, 'Ann', 'Lee', 'ann@example.com', '', 'Other', 'Hi', '', '');`);
    old.close();
    for (let open = 1; open <= 2; open++) {
      const store = openLeadStore(file);
      try {
        expect(store.db.prepare('PRAGMA user_version').get()).toEqual({ user_version: 4 });
        expect(await store.listLeads()).toMatchObject([
          { id: 1, firstName: 'Ann', sourcePage: '', consentText: '', textingConsent: false },
        ]);
      } finally {
        await store.close();
      }
    }
  });

  it('rebuilds a version 2 database so that no id is given twice, keeping its leads, deliveries and indexes', async () => {
    const file = join(t.dir, 'v2.db');
    const made = openLeadStore(file);
    await made.addLead({ ...lead, email: 'first@example.com' }, ['email']);
    await made.addLead({ ...lead, email: 'last@example.com' }, ['email', 'webhook']);
    await made.close();
    // Back to version 2's tables, whose ids SQLite gives again once the highest row is deleted.
    const v2 = new DatabaseSync(file);
    // Legacy renames: the outbox keeps referring to "leads" while the tables are swapped.
    v2.exec('PRAGMA foreign_keys = OFF; PRAGMA legacy_alter_table = ON');
    v2.exec('DROP INDEX leads_submission; ALTER TABLE leads DROP COLUMN submission_id');
    for (const table of ['outbox', 'leads']) {
      const { sql } = v2.prepare('SELECT sql FROM sqlite_master WHERE name = ?').get(table) as { sql: string };
      v2.exec(`ALTER TABLE ${table} RENAME TO old_${table}`);
      v2.exec(sql.replace(' AUTOINCREMENT', ''));
      v2.exec(`INSERT INTO ${table} SELECT * FROM old_${table}; DROP TABLE old_${table}`);
    }
    v2.exec(`CREATE INDEX leads_received ON leads (received_at);
      CREATE INDEX outbox_due ON outbox (state, next_attempt_at);
      DELETE FROM sqlite_sequence; PRAGMA user_version = 2;`);
    v2.close();

    const store = openLeadStore(file);
    try {
      expect(store.db.prepare('PRAGMA user_version').get()).toEqual({ user_version: 4 });
      const leads = await store.listLeads();
      expect(leads.map((l) => [l.id, l.email, l.deliveries.map((d) => [d.id, d.channel])])).toEqual([
        [
          2,
          'last@example.com',
          [
            [2, 'email'],
            [3, 'webhook'],
          ],
        ],
        [1, 'first@example.com', [[1, 'email']]],
      ]);
      const indexes = store.db.prepare("SELECT name FROM sqlite_master WHERE type = 'index' AND sql IS NOT NULL").all();
      expect(indexes.map((i) => i['name']).sort()).toEqual(['leads_received', 'leads_submission', 'outbox_due']);
      // The deliveries still go with their lead, and the highest ids are not given again.
      expect(await store.deleteLeadsByEmail('last@example.com')).toEqual({ leads: 1, deliveries: 2 });
      expect(store.db.prepare('SELECT COUNT(*) AS n FROM outbox').get()).toEqual({ n: 1 });
      expect(await store.addLead({ ...lead, email: 'next@example.com' }, ['email'])).toBe(3);
      expect((await store.listLeads())[0]!.deliveries[0]!.id).toBe(4);
    } finally {
      await store.close();
    }
  });

  it('forgets every lead of one address (any case) with its pending deliveries and counter, recording only counts', async () => {
    await t.store.addLead({ ...lead, email: 'Ann@Example.com' }, ['email', 'webhook']);
    const limits = [{ key: 'email:ann@example.com', rule: { max: 3, windowMs: 60_000 } }];
    await t.store.addLeadWithinLimits(limits, { ...lead, email: 'ann@example.com' }, ['email']);
    await t.store.addLead({ ...lead, email: 'bob@example.com' }, ['email']);
    expect(await t.store.deleteLeadsByEmail(' ANN@example.com ', Date.parse('2026-01-02T03:04:05Z'))).toEqual({
      leads: 2,
      deliveries: 3,
    });
    expect((await t.store.listLeads()).map((l) => l.email)).toEqual(['bob@example.com']);
    expect(t.store.db.prepare('SELECT COUNT(*) AS n FROM outbox').get()).toEqual({ n: 1 });
    expect(t.store.db.prepare("SELECT COUNT(*) AS n FROM rate_limits WHERE key LIKE '%ann%'").get()).toEqual({ n: 0 });
    expect(t.store.db.prepare('SELECT deleted_at, leads, deliveries FROM deletions').all()).toEqual([
      { deleted_at: '2026-01-02T03:04:05.000Z', leads: 2, deliveries: 3 },
    ]);
  });

  it('commits leads arriving together in one go, and one that fails leaves the others stored', async () => {
    const answers = await Promise.allSettled([
      t.store.addLead({ ...lead, email: 'first@example.com' }, ['email']),
      t.store.addLead({ ...lead, status: 'bogus' as 'lead', email: 'broken@example.com' }, ['email']),
      t.store.addLead({ ...lead, email: 'third@example.com' }, ['email']),
    ]);
    expect(answers.map((a) => a.status)).toEqual(['fulfilled', 'rejected', 'fulfilled']);
    expect(String((answers[1] as PromiseRejectedResult).reason)).toMatch(/CHECK constraint failed/);
    expect((await t.store.listLeads()).map((l) => [l.email, l.deliveries.length])).toEqual([
      ['third@example.com', 1],
      ['first@example.com', 1],
    ]);
    expect(t.store.db.prepare('SELECT COUNT(*) AS n FROM outbox').get()).toEqual({ n: 2 });
  });

  it('reports a damaged file as damaged, not as a failed rollback', async () => {
    const file = join(t.dir, 'damaged.db');
    const made = openLeadStore(file);
    for (let n = 0; n < 20; n++) await made.addLead({ ...lead, email: `lead${n}@example.com` }, ['email']);
    await made.close();
    // Pages 3 to 5 overwritten, as a failing disk might: SQLite ends the transaction itself.
    const fd = openSync(file, 'r+');
    writeSync(fd, Buffer.alloc(3 * 4096, 0xff), 0, 3 * 4096, 2 * 4096);
    closeSync(fd);
    const damaged = openLeadStore(file);
    try {
      await expect(damaged.addLead({ ...lead, email: 'next@example.com' }, ['email'])).rejects.toThrow(
        'database disk image is malformed',
      );
    } finally {
      await damaged.close();
    }
  });

  it('lets one server at a time serve a file, and a database in memory without a lock file', () => {
    const file = join(t.dir, 'served.db');
    const first = serveAlone(file);
    expect(() => serveAlone(file)).toThrow(
      'another server is using it. Stop that one first: one server process per SQLite file.',
    );
    first.release();
    serveAlone(file).release();
    serveAlone(':memory:').release();
    serveAlone(':memory:').release();
    expect(readdirSync(process.cwd())).not.toContain(':memory:.server-lock');
  });
});
