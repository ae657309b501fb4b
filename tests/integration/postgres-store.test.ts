/**
 * The PostgreSQL lead store against a real PostgreSQL server started for this file: the same
 * contract as SQLite, and what only a shared database must do: instances starting at once
 * migrate once, two workers never hold one delivery, a claim of a dead worker lapses, the
 * rate limit holds across instances, and a store outlives the database going away.
 */
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import pg from 'pg';
import { openPostgresLeadStore, schemaVersion } from '../../src/server/leads/store/postgres.ts';
import { createDeliveryWorker } from '../../src/server/leads/worker.ts';
import type { NewLead } from '../../src/server/leads/store/types.ts';
import { describeLeadStoreContract } from '../support/lead-store-contract.ts';
import { startPostgres, type PostgresServer } from '../support/postgres.ts';

let server: PostgresServer;
let databases = 0;
/** A fresh, empty database on the server. */
const freshDatabase = () => server.createDatabase(`leads_${++databases}`);

beforeAll(async () => {
  server = await startPostgres();
});
afterAll(async () => {
  await server?.destroy();
});

const lead = (email: string): NewLead => ({
  status: 'lead',
  firstName: 'Pat',
  lastName: 'Rivera',
  email,
  phone: '',
  helpType: 'Other',
  message: 'Hello',
  ip: '',
  userAgent: '',
});

describeLeadStoreContract('PostgreSQL', async () => ({
  store: openPostgresLeadStore(await freshDatabase(), { log: () => {} }),
  dispose: async () => {},
}));

describe('PostgreSQL lead store shared by several instances', () => {
  it('creates its schema once when several instances start at the same moment', async () => {
    const url = await freshDatabase();
    const stores = Array.from({ length: 6 }, () => openPostgresLeadStore(url, { log: () => {} }));
    try {
      const ids = await Promise.all(stores.map((store, n) => store.addLead(lead(`s${n}@example.com`), ['email'])));
      expect(new Set(ids).size).toBe(6);
      const { rows } = await stores[0]!.pool.query('SELECT version FROM lead_schema_versions ORDER BY version');
      expect(rows).toEqual(Array.from({ length: schemaVersion }, (_, n) => ({ version: n + 1 })));
      // A later start finds everything applied and adds nothing.
      const later = openPostgresLeadStore(url, { log: () => {} });
      await later.migrate();
      expect((await later.pool.query('SELECT count(*)::int AS n FROM lead_schema_versions')).rows).toEqual([
        { n: schemaVersion },
      ]);
      await later.close();
    } finally {
      await Promise.all(stores.map((store) => store.close()));
    }
  });

  it('remembers, on updating a database of schema 1, which leads were copied from SQLite', async () => {
    const url = await freshDatabase();
    const first = openPostgresLeadStore(url, { log: () => {} });
    const copied = {
      ...lead('copied@example.com'),
      ...{ sourcePage: '/contact', consentText: '', textingConsent: false },
      ...{ id: 1, receivedAt: '2025-05-01T10:00:00.000Z', deliveries: [] },
    };
    await first.importLeads([copied], () => 'sqlite:2025-05-01T10:00:00.000Z#1');
    // Back to schema 1, as a database copied to by an earlier release stands.
    await first.pool.query(
      'DROP TABLE copied_origins; CREATE INDEX leads_email ON leads (lower(email)); DELETE FROM lead_schema_versions WHERE version >= 2',
    );
    await first.close();
    const updated = openPostgresLeadStore(url, { log: () => {} });
    try {
      await updated.migrate();
      // Version 3 dropped the index on the address (a 6 KB address of spam exceeded its rows).
      expect((await updated.pool.query("SELECT to_regclass('leads_email') AS index")).rows).toEqual([{ index: null }]);
      await updated.deleteLeadsByEmail('copied@example.com');
      expect(await updated.importLeads([copied], () => 'sqlite:2025-05-01T10:00:00.000Z#1')).toEqual({
        copied: 0,
        skipped: 1,
      });
      expect(await updated.listLeads({ includeSpam: true })).toEqual([]);
    } finally {
      await updated.close();
    }
  });

  it('never hands one delivery to two workers claiming at once; a dead worker’s claim lapses', async () => {
    const url = await freshDatabase();
    const a = openPostgresLeadStore(url, { leaseMs: 10_000, workerId: 'a', log: () => {} });
    const b = openPostgresLeadStore(url, { leaseMs: 10_000, workerId: 'b', log: () => {} });
    try {
      for (let n = 0; n < 40; n++) await a.addLead(lead(`c${n}@example.com`), ['email'], 1000);
      const rounds = await Promise.all(
        Array.from({ length: 10 }, (_, n) => (n % 2 ? a : b).claimDeliveries(2000, 5, { channel: 'email' })),
      );
      const claimed = rounds.flat().map(({ delivery }) => delivery.id);
      expect(claimed).toHaveLength(40);
      expect(new Set(claimed).size).toBe(40);
      expect(await a.claimDeliveries(2000)).toEqual([]);
      expect(await a.nextAttemptAt()).toBe(12_000);

      // b dies holding its claims: a failed try reported by a is refused for them, and after the
      // lease anyone may take them.
      const { rows } = await a.pool.query<{ id: string }>("SELECT id FROM outbox WHERE claimed_by = 'b' ORDER BY id");
      const held = rows.map((row) => Number(row.id));
      expect(held.length).toBeGreaterThan(0);
      await a.markRetry(held[0]!, 'not mine', 99_999);
      expect((await a.listLeads()).flatMap((l) => l.deliveries).find((d) => d.id === held[0])).toMatchObject({
        attempts: 0,
        lastError: null,
      });
      expect(await a.claimDeliveries(11_999)).toEqual([]);
      const retaken = await a.claimDeliveries(12_000, 100);
      expect(retaken.map(({ delivery }) => delivery.id).sort((x, y) => x - y)).toEqual(
        [...claimed].sort((x, y) => x - y),
      );
    } finally {
      await a.close();
      await b.close();
    }
  });

  it('keeps a send past its limit to its own worker until it ends, renewing the claim; another worker waits', async () => {
    const url = await freshDatabase();
    // A lease shorter than the slow send: only a renewed claim keeps b away. Renewed at least every
    // quarter lease: a CI machine that stalled 100 ms let a lease of 100 ms lapse.
    const a = openPostgresLeadStore(url, { leaseMs: 1000, workerId: 'a', log: () => {} });
    const b = openPostgresLeadStore(url, { leaseMs: 1000, workerId: 'b', log: () => {} });
    const sent: string[] = [];
    const logged: string[] = [];
    const worker = (store: typeof a, name: string, sendMs: number) =>
      createDeliveryWorker({
        store,
        senders: {
          email: async () => {
            sent.push(name);
            await new Promise((resolve) => setTimeout(resolve, sendMs));
          },
        },
        // Due again long before the slow mail server has taken the first copy.
        retryBaseMs: 20,
        retryMaxMs: 20,
        pollMs: 20,
        sendTimeoutMs: 500,
        hungAfterMs: 20_000,
        log: (line) => logged.push(line),
      });
    // Three leases long.
    const slow = worker(a, 'a', 3000);
    const quick = worker(b, 'b', 0);
    try {
      const id = await a.addLead(lead('slow@example.com'), ['email']);
      await slow.start();
      await vi.waitFor(() => expect(sent).toEqual(['a']));
      await quick.start();
      await vi.waitFor(() => expect(logged).toContain(`lead #${id}: email delivered late`), { timeout: 8000 });
      expect(sent).toEqual(['a']);
      expect((await a.listLeads())[0]?.deliveries).toMatchObject([{ state: 'delivered', attempts: 2 }]);
    } finally {
      await slow.stop();
      await quick.stop();
      await a.close();
      await b.close();
    }
  });

  it('lets go of a send past its limit that ends in failure, or runs past the hung limit, for any worker to retry', async () => {
    const url = await freshDatabase();
    const a = openPostgresLeadStore(url, { leaseMs: 60_000, workerId: 'a', log: () => {} });
    const b = openPostgresLeadStore(url, { leaseMs: 60_000, workerId: 'b', log: () => {} });
    try {
      await a.addLead(lead('one@example.com'), ['email'], 1000);
      await a.addLead(lead('two@example.com'), ['email'], 1000);
      const [one, two] = (await a.claimDeliveries(1000)).map(({ delivery }) => delivery.id);
      await a.markRetry(one!, 'email send took longer than 50 ms', 1100, { keepClaim: true });
      await a.markRetry(two!, 'email send took longer than 50 ms', 1100, { keepClaim: true });
      // Held: past its retry time and its first lease, b is handed neither.
      await a.holdClaims([one!, two!], [], 50_000);
      expect(await b.claimDeliveries(100_000)).toEqual([]);
      // Claims are renewed and let go only by their holder.
      await b.holdClaims([], [one!, two!], 100_000);
      expect(await b.claimDeliveries(100_000)).toEqual([]);
      await a.holdClaims([two!], [one!], 100_000);
      expect((await b.claimDeliveries(100_000)).map(({ delivery }) => delivery.id)).toEqual([one]);
      await b.markDelivered(one!, 100_000);
      expect(await b.claimDeliveries(159_999)).toEqual([]);
      expect((await b.claimDeliveries(160_000)).map(({ delivery }) => delivery.id)).toEqual([two]);
    } finally {
      await a.close();
      await b.close();
    }
  });

  it('frees a claim taken while a clock ran ahead, and leaves a claim of its own length alone', async () => {
    const url = await freshDatabase();
    const ahead = openPostgresLeadStore(url, { leaseMs: 10_000, workerId: 'ahead', log: () => {} });
    const right = openPostgresLeadStore(url, { leaseMs: 10_000, workerId: 'right', log: () => {} });
    const day = 86_400_000;
    try {
      await right.addLead(lead('ahead@example.com'), ['email'], 1000);
      await right.addLead(lead('right@example.com'), ['email'], 1000);
      // Taken by an instance whose clock read a day later, which then died; the other by one that is right.
      expect(await ahead.claimDeliveries(day, 1)).toHaveLength(1);
      expect(await right.claimDeliveries(2000, 1)).toHaveLength(1);
      expect(await right.nextAttemptAt()).toBe(12_000);

      expect(await right.resumePending(2000, 3_600_000)).toBe(1);
      const retaken = await right.claimDeliveries(2000);
      expect(retaken.map(({ lead }) => lead.email)).toEqual(['ahead@example.com']);
      // The right claim lasts its length: nothing to free, and nobody may take it before.
      expect(await right.resumePending(2000, 3_600_000)).toBe(0);
      expect(await ahead.claimDeliveries(11_999)).toEqual([]);
    } finally {
      await ahead.close();
      await right.close();
    }
  });

  it('records a failed try whose reason quotes a NUL (from a CRM answer), which PostgreSQL text cannot hold', async () => {
    const store = openPostgresLeadStore(await freshDatabase(), { log: () => {} });
    try {
      await store.addLead(lead('nul@example.com'), ['webhook'], 1000);
      const { delivery } = (await store.claimDeliveries(1000))[0]!;
      await store.markRetry(delivery.id, 'CRM webhook answered 500: \0oops', 5000);
      expect((await store.listLeads())[0]!.deliveries[0]).toMatchObject({
        attempts: 1,
        lastError: 'CRM webhook answered 500: oops',
      });
    } finally {
      await store.close();
    }
  });

  it('lets exactly three messages of one e-mail through two instances deciding at once', async () => {
    const url = await freshDatabase();
    const a = openPostgresLeadStore(url, { log: () => {} });
    const b = openPostgresLeadStore(url, { log: () => {} });
    try {
      const rule = { max: 3, windowMs: 60_000 };
      const answers = await Promise.all(
        Array.from({ length: 16 }, (_, n) =>
          (n % 2 ? a : b).addLeadWithinLimits(
            [
              { key: 'email:same@example.com', rule },
              { key: `ip:198.51.100.${n}`, rule: { max: 10, windowMs: 600_000 } },
            ],
            lead('same@example.com'),
            ['email'],
            5000,
          ),
        ),
      );
      expect(answers.filter((answer) => answer.allowed)).toHaveLength(3);
      expect(await a.listLeads()).toHaveLength(3);
    } finally {
      await a.close();
      await b.close();
    }
  });

  it('migrates once and counts one address as on read committed when the database defaults to serializable', async () => {
    for (const level of ['serializable', 'repeatable read']) {
      const url = await freshDatabase();
      const admin = new pg.Client(url);
      await admin.connect();
      try {
        await admin.query(
          `ALTER DATABASE ${new URL(url).pathname.slice(1)} SET default_transaction_isolation = '${level}'`,
        );
      } finally {
        await admin.end();
      }
      const stores = Array.from({ length: 6 }, () => openPostgresLeadStore(url, { log: () => {} }));
      try {
        // Each instance's first call migrates; all at once, with one address: three pass, none fails.
        const rule = { max: 3, windowMs: 60_000 };
        const answers = await Promise.all(
          Array.from({ length: 18 }, (_, n) =>
            stores[n % 6]!.addLeadWithinLimits(
              [{ key: 'email:same@example.com', rule }],
              lead('same@example.com'),
              ['email'],
              5000,
            ),
          ),
        );
        expect(answers.filter((answer) => answer.allowed)).toHaveLength(3);
        const { rows } = await stores[0]!.pool.query('SELECT version FROM lead_schema_versions ORDER BY version');
        expect(rows).toHaveLength(schemaVersion);
        // Workers claiming at once under that default get each delivery once, and no error.
        for (let n = 0; n < 30; n++) await stores[0]!.addLead(lead(`c${n}@example.com`), ['email'], 1000);
        const rounds = await Promise.all(
          Array.from({ length: 12 }, (_, n) => stores[n % 6]!.claimDeliveries(2000, 3, { channel: 'email' })),
        );
        const claimed = rounds.flat().map(({ delivery }) => delivery.id);
        expect(new Set(claimed).size).toBe(claimed.length);
        expect(claimed).toHaveLength(30);
        // The database's default is what a plain connection still gets: the stores set their own.
        const plain = new pg.Client(url);
        await plain.connect();
        expect((await plain.query('SHOW default_transaction_isolation')).rows).toEqual([
          { default_transaction_isolation: level },
        ]);
        await plain.end();
      } finally {
        await Promise.all(stores.map((store) => store.close()));
      }
    }
  });

  it('gives up on a frozen database after one query time-out, not two, and recovers on a new connection', async () => {
    const store = openPostgresLeadStore(await freshDatabase(), { queryTimeoutMs: 1500, log: () => {} });
    // One pooled connection, idle; its server process is then stopped (kill -STOP): the socket
    // stays open and nothing answers, as behind a half-open connection.
    await store.addLead(lead('before@example.com'), ['email']);
    const { rows } = await store.pool.query<{ pid: number }>('SELECT pg_backend_pid() AS pid');
    const pid = rows[0]!.pid;
    expect(store.pool.totalCount).toBe(1);
    process.kill(pid, 'SIGSTOP');
    try {
      const started = Date.now();
      await expect(
        store.addLeadWithinLimits([{ key: 'email:x', rule: { max: 3, windowMs: 1000 } }], lead('x@example.com'), []),
      ).rejects.toThrow('Query read timeout');
      // A ROLLBACK sent behind the unanswered BEGIN would wait another 1.5 s.
      expect(Date.now() - started).toBeLessThan(2500);
      // The frozen connection is closed, not handed out again.
      await store.addLead(lead('after@example.com'), ['email']);
    } finally {
      process.kill(pid, 'SIGCONT');
    }
    try {
      expect((await store.listLeads()).map((l) => l.email)).toEqual(['after@example.com', 'before@example.com']);
    } finally {
      await store.close();
    }
  });

  it('rejects while the database is down, without crashing, and works again once it is back', async () => {
    const url = await freshDatabase();
    const logged: string[] = [];
    const store = openPostgresLeadStore(url, { log: (message) => logged.push(message) });
    try {
      await store.addLead(lead('before@example.com'), ['email']);
      await server.stop();
      await expect(store.addLead(lead('during@example.com'), ['email'])).rejects.toThrow();
      await expect(
        store.addLeadWithinLimits([{ key: 'email:x', rule: { max: 3, windowMs: 1000 } }], lead('x@example.com'), []),
      ).rejects.toThrow();
      await server.start();
      await store.addLead(lead('after@example.com'), ['email']);
      expect((await store.listLeads()).map((l) => l.email)).toEqual(['after@example.com', 'before@example.com']);
      // The idle connection the shutdown cut was reported, not thrown.
      expect(logged.some((message) => message.startsWith('leads database:'))).toBe(true);
    } finally {
      await store.close();
    }
  });
});
