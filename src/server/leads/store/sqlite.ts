/**
 * The lead store in SQLite through Node's built-in driver, one file, WAL mode, created on
 * first use. It holds the leads, the outbox of deliveries still owed for each lead, and the
 * rate-limit counters (so a restart does not reset them).
 *
 * One server process owns the outbox, so claiming a delivery needs no record: the worker leaves
 * out the ones it is sending. A delivery that was under way when the process died is simply
 * still pending and is sent again on restart: delivery is at least once. Leads are flushed to
 * disk before they are acknowledged, several at a time when they arrive together. (Several processes on
 * one file would each send the same leads; several instances share a PostgreSQL database
 * instead, store/postgres.ts.)
 */
import { chmodSync, closeSync, existsSync, mkdirSync, openSync } from 'node:fs';
import { dirname, resolve } from 'node:path';
import { DatabaseSync, type StatementSync } from 'node:sqlite';
import { checkRateLimit } from '#src/lib/contact-form.ts';
import type {
  Admission,
  Channel,
  Delivery,
  DeliveryFilter,
  LeadStore,
  LeadWithDeliveries,
  NewLead,
  RateLimitCheck,
  StoredLead,
  SyncLeadStore,
} from './types.ts';
import { promised } from './types.ts';
import { addressOf, counterKey, leadColumns, leadValues, namesOf, toDelivery, toLead } from './rows.ts';

/** Version 1: leads, the outbox and the rate-limit counters. */
const schema = `
CREATE TABLE IF NOT EXISTS leads (
  id          INTEGER PRIMARY KEY,
  received_at TEXT    NOT NULL,
  status      TEXT    NOT NULL CHECK (status IN ('lead', 'spam')),
  spam_reason TEXT,
  first_name  TEXT    NOT NULL,
  last_name   TEXT    NOT NULL,
  email       TEXT    NOT NULL,
  phone       TEXT    NOT NULL,
  help_type   TEXT    NOT NULL,
  message     TEXT    NOT NULL,
  ip          TEXT    NOT NULL,
  user_agent  TEXT    NOT NULL
);
CREATE INDEX IF NOT EXISTS leads_received ON leads (received_at);
CREATE TABLE IF NOT EXISTS outbox (
  id              INTEGER PRIMARY KEY,
  lead_id         INTEGER NOT NULL REFERENCES leads (id) ON DELETE CASCADE,
  channel         TEXT    NOT NULL CHECK (channel IN ('email', 'webhook')),
  state           TEXT    NOT NULL DEFAULT 'pending' CHECK (state IN ('pending', 'delivered')),
  attempts        INTEGER NOT NULL DEFAULT 0,
  next_attempt_at INTEGER NOT NULL,
  last_error      TEXT,
  delivered_at    TEXT,
  UNIQUE (lead_id, channel)
);
CREATE INDEX IF NOT EXISTS outbox_due ON outbox (state, next_attempt_at);
CREATE TABLE IF NOT EXISTS rate_limits (
  key     TEXT    PRIMARY KEY,
  count   INTEGER NOT NULL,
  last_at INTEGER NOT NULL -- when the window began (RateLimitEntry.since)
);
`;

/**
 * `table` rebuilt with AUTOINCREMENT ids, its columns, rows and indexes as they are. Without it
 * SQLite gives the highest id again once its row is deleted: a lead deleted (`npm run leads --
 * --delete`) while its e-mail was being sent handed its delivery's id to the next lead, whose
 * delivery the finished send then marked delivered, and whose e-mail never went.
 */
function withAutoincrement(db: DatabaseSync, table: 'leads' | 'outbox'): void {
  const sqlOf = (type: string) =>
    db
      .prepare('SELECT sql FROM sqlite_master WHERE type = ? AND tbl_name = ? AND sql IS NOT NULL')
      .all(type, table)
      .map((row) => String(row['sql']));
  const [create] = sqlOf('table');
  const rebuilt = create
    ?.replace(/^CREATE TABLE (?:IF NOT EXISTS )?"?\w+"?/i, `CREATE TABLE ${table}_rebuilt`)
    .replace(/\bid(\s+)INTEGER PRIMARY KEY\b/i, 'id$1INTEGER PRIMARY KEY AUTOINCREMENT');
  if (!rebuilt?.includes('AUTOINCREMENT')) throw new Error(`The ${table} table has no INTEGER PRIMARY KEY id to keep`);
  const indexes = sqlOf('index');
  db.exec(rebuilt);
  db.exec(`INSERT INTO ${table}_rebuilt SELECT * FROM ${table}`);
  db.exec(`DROP TABLE ${table}`);
  db.exec(`ALTER TABLE ${table}_rebuilt RENAME TO ${table}`);
  for (const index of indexes) db.exec(index);
}

/**
 * The schema's versions, in order; `PRAGMA user_version` says how many a database has had.
 * Each runs once, in a write transaction, so servers starting at once cannot both apply one.
 * Databases made before versioning (user_version 0) already have version 1's tables, which
 * `IF NOT EXISTS` leaves alone. A version written as a function rebuilds tables: foreign keys
 * are off meanwhile, so dropping the old leads table takes no delivery with it.
 */
const migrations: (string | ((db: DatabaseSync) => void))[] = [
  schema,
  // 2: consent evidence on each lead, and a record of deletions (without the address deleted).
  `ALTER TABLE leads ADD COLUMN source_page TEXT NOT NULL DEFAULT '';
   ALTER TABLE leads ADD COLUMN consent_text TEXT NOT NULL DEFAULT '';
   ALTER TABLE leads ADD COLUMN texting_consent INTEGER NOT NULL DEFAULT 0;
   CREATE TABLE IF NOT EXISTS deletions (
     id          INTEGER PRIMARY KEY,
     deleted_at  TEXT    NOT NULL,
     leads       INTEGER NOT NULL,
     deliveries  INTEGER NOT NULL
   );`,
  // 3: ids never given twice (see withAutoincrement).
  (db) => {
    withAutoincrement(db, 'outbox');
    withAutoincrement(db, 'leads');
  },
  // 4: the island's name for a message, so a second try of it is not stored twice.
  `ALTER TABLE leads ADD COLUMN submission_id TEXT;
   CREATE UNIQUE INDEX IF NOT EXISTS leads_submission ON leads (submission_id);`,
];

/**
 * Columns of showing requests, in order (added before schema versions existed). `migrate` adds the ones a database lacks, so
 * a database made by an older server gains them on the next start (and a second run adds none).
 */
export const addedLeadColumns = [
  // The home of a showing request (issue 15): its RESO ListingKey and what the site showed of it.
  ['listing_key', 'TEXT'],
  ['listing_address', 'TEXT'],
  ['listing_street', 'TEXT'],
  ['listing_city', 'TEXT'],
  ['listing_state', 'TEXT'],
  ['listing_postal_code', 'TEXT'],
  ['listing_price', 'INTEGER'],
  ['listing_url', 'TEXT'],
] as const;

/** Adds the columns of `addedLeadColumns` that the leads table does not have yet, in one transaction. */
export function migrate(db: DatabaseSync): string[] {
  const missing = () => {
    const have = new Set(
      db
        .prepare('PRAGMA table_info(leads)')
        .all()
        .map((c) => String(c['name'])),
    );
    return addedLeadColumns.filter(([name]) => !have.has(name));
  };
  if (missing().length === 0) return [];
  // Looked at again under the write lock: another process may have just added them.
  db.exec('BEGIN IMMEDIATE');
  try {
    const adding = missing();
    for (const [name, type] of adding) db.exec(`ALTER TABLE leads ADD COLUMN ${name} ${type}`);
    db.exec('COMMIT');
    return adding.map(([name]) => name);
  } catch (error) {
    if (db.isTransaction) db.exec('ROLLBACK');
    throw error;
  }
}

function filterSql(filter: DeliveryFilter): string {
  return [
    filter.channel ? 'AND o.channel = ?' : '',
    filter.exclude?.length ? 'AND o.id NOT IN (SELECT value FROM json_each(?))' : '',
  ].join(' ');
}

function filterParams(filter: DeliveryFilter): (string | number)[] {
  return [
    ...(filter.channel ? [filter.channel] : []),
    ...(filter.exclude?.length ? [JSON.stringify(filter.exclude)] : []),
  ];
}

/**
 * Leads are personal data: the database's folder (when this creates it) is readable by the
 * server's user only (0700), and so are the database and its -wal/-shm files (0600, which SQLite
 * copies from the database file), whatever the umask.
 */
function createPrivately(file: string): void {
  const dir = dirname(file);
  if (!existsSync(dir)) {
    mkdirSync(dir, { recursive: true, mode: 0o700 });
    chmodSync(dir, 0o700);
  }
  closeSync(openSync(file, 'a', 0o600));
  for (const path of [file, `${file}-wal`, `${file}-shm`]) {
    try {
      if (existsSync(path)) chmodSync(path, 0o600);
    } catch {
      // Owned by another user (a shared deployment): its owner decides its mode.
    }
  }
}

type SyncSqliteStore = SyncLeadStore & {
  db: DatabaseSync;
  addLeads: (batch: readonly LeadToAdd[]) => (Admission | Error)[];
};

interface LeadToAdd {
  /** Rate limits the lead is counted against (none for a lead added by a tool). */
  checks: readonly RateLimitCheck[];
  lead: NewLead;
  channels: readonly Channel[];
  now: number;
}

/**
 * The store behind promises. `addLead` commits together the leads that arrive within one turn of
 * the event loop (group commit): each visitor still hears back only after their lead is on disk,
 * but a burst of leads costs one disk flush instead of one each. Everything else runs at once.
 */
export function openLeadStore(path: string, options: { readOnly?: boolean } = {}): LeadStore & { db: DatabaseSync } {
  const store = openSyncLeadStore(path, options);
  let waiting: (LeadToAdd & { resolve: (admission: Admission) => void; reject: (error: unknown) => void })[] = [];
  const flush = () => {
    const batch = waiting;
    waiting = [];
    let results: (Admission | Error)[];
    try {
      results = store.addLeads(batch);
    } catch (error) {
      for (const entry of batch) entry.reject(error);
      return;
    }
    batch.forEach((entry, i) => {
      const result = results[i]!;
      if (result instanceof Error) entry.reject(result);
      else entry.resolve(result);
    });
  };
  const addLeadWithinLimits = (
    checks: readonly RateLimitCheck[],
    lead: NewLead,
    channels: readonly Channel[],
    now = Date.now(),
  ) =>
    new Promise<Admission>((resolve, reject) => {
      if (waiting.length === 0) setImmediate(flush);
      waiting.push({ checks, lead, channels, now, resolve, reject });
    });
  const addLead = async (lead: NewLead, channels: readonly Channel[], now = Date.now()) => {
    const admission = await addLeadWithinLimits([], lead, channels, now);
    if (!admission.allowed) throw new Error('A lead counted against no limit was refused');
    return admission.leadId;
  };
  return { ...promised(store), addLead, addLeadWithinLimits, db: store.db };
}

/**
 * Makes the calling process the one server of the SQLite file at `path`, until `release()` or its
 * end: a second server on the same file sent every lead twice, as claims in SQLite live in the
 * memory of the process that took them. The lock is SQLite's own on a file beside it, which the
 * system lets go of when the process ends, however it ends (SIGKILL too).
 */
export function serveAlone(path: string): { release: () => void } {
  // A database in memory is the process's own: nothing to share, nothing to lock.
  if (path === ':memory:') return { release: () => {} };
  const lock = new DatabaseSync(`${resolve(path)}.server-lock`, { timeout: 0 });
  try {
    lock.exec('PRAGMA locking_mode = EXCLUSIVE; BEGIN EXCLUSIVE');
  } catch (error) {
    lock.close();
    if (!/locked|busy/i.test((error as Error).message)) throw error;
    throw new Error('another server is using it. Stop that one first: one server process per SQLite file.');
  }
  return { release: () => lock.close() };
}

/** The store as synchronous calls (node:sqlite answers at once); `openLeadStore` is its promise face. */
export function openSyncLeadStore(path: string, options: { readOnly?: boolean } = {}): SyncSqliteStore {
  const file = path === ':memory:' ? path : resolve(path);
  if (file !== ':memory:' && !options.readOnly) createPrivately(file);
  const db = new DatabaseSync(file, {
    readOnly: options.readOnly ?? false,
    enableForeignKeyConstraints: true,
    timeout: 5000,
  });
  if (!options.readOnly) {
    db.exec('PRAGMA journal_mode = WAL');
    // FULL: a lead the visitor was told about survives a power cut, not only a process crash.
    db.exec('PRAGMA synchronous = FULL');
  }

  /** Runs `work` in one write transaction, taken up front so concurrent writers queue instead of failing. */
  function transaction<T>(work: () => T): T {
    db.exec('BEGIN IMMEDIATE');
    try {
      const result = work();
      db.exec('COMMIT');
      return result;
    } catch (error) {
      // SQLite ends the transaction itself on some errors (a damaged file, a full disk): a
      // ROLLBACK then failed with "no transaction is active", which hid the error that mattered.
      if (db.isTransaction) db.exec('ROLLBACK');
      throw error;
    }
  }

  /**
   * Runs a write whose commit need not wait for the disk (synchronous=NORMAL): a delivery's state.
   * In WAL mode it is safe from a process crash at once, and reaches the disk with the next lead's
   * commit (FULL syncs the whole log) or checkpoint; a power cut just before may lose it, which at
   * worst sends an e-mail again (delivery is at least once). One disk flush per lead (its rate-limit
   * count goes in the same commit) is what lets SQLite take several hundred leads a second.
   */
  function unflushed<T>(work: () => T): T {
    db.exec('PRAGMA synchronous = NORMAL');
    try {
      return work();
    } finally {
      db.exec('PRAGMA synchronous = FULL');
    }
  }

  const version = () => Number(db.prepare('PRAGMA user_version').get()?.['user_version'] ?? 0);
  if (!options.readOnly) {
    for (let next = version(); next < migrations.length; next = version()) {
      const step = migrations[next]!;
      // Outside the transaction: SQLite ignores this pragma inside one.
      if (typeof step === 'function') db.exec('PRAGMA foreign_keys = OFF');
      try {
        transaction(() => {
          if (version() !== next) return; // another process applied it meanwhile
          if (typeof step === 'function') step(db);
          else db.exec(step);
          if (db.prepare('PRAGMA foreign_key_check').all().length > 0) {
            throw new Error(`Schema version ${next + 1} would leave rows referring to none`);
          }
          db.exec(`PRAGMA user_version = ${next + 1}`);
        });
      } finally {
        if (typeof step === 'function') db.exec('PRAGMA foreign_keys = ON');
      }
    }
    migrate(db);
  }

  // Prepared on first use: a read-only tool may open a database that has not gained the newer columns yet.
  let insertLeadStatement: StatementSync | undefined;
  const insertLead = () =>
    (insertLeadStatement ??= db.prepare(
      `INSERT INTO leads (${leadColumns.join(', ')}) VALUES (${leadColumns.map(() => '?').join(', ')})`,
    ));
  const insertDelivery = db.prepare(
    'INSERT INTO outbox (lead_id, channel, next_attempt_at) VALUES ($leadId, $channel, $nextAttemptAt)',
  );
  const selectLimit = db.prepare('SELECT count, last_at FROM rate_limits WHERE key = ?');
  /** Each query compiled once: the worker asks the same few questions after every lead. */
  const statements = new Map<string, StatementSync>();
  const prepared = (sql: string): StatementSync => {
    let statement = statements.get(sql);
    if (!statement) statements.set(sql, (statement = db.prepare(sql)));
    return statement;
  };
  const upsertLimit = db.prepare(`
    INSERT INTO rate_limits (key, count, last_at) VALUES ($key, $count, $since)
    ON CONFLICT (key) DO UPDATE SET count = excluded.count, last_at = excluded.last_at`);

  /**
   * Counts a submission against every key, or against none when any key is over its limit (inside
   * the caller's transaction, so two requests at once cannot both slip through).
   */
  function takeRateLimit(checks: readonly RateLimitCheck[], now: number): Admission | undefined {
    const decisions = checks.map(({ key, rule }) => {
      const row = selectLimit.get(key);
      const entry = row ? { count: Number(row['count']), since: Number(row['last_at']) } : undefined;
      return { key, decision: checkRateLimit(entry, now, rule) };
    });
    const refused = decisions.flatMap(({ decision }) => (decision.allowed ? [] : [decision.retryAfterMs]));
    if (refused.length > 0) return { allowed: false, retryAfterMs: Math.max(...refused) };
    for (const { key, decision } of decisions) upsertLimit.run({ key, ...decision.entry });
    return undefined;
  }

  /**
   * A submission within its limits, counted and stored (inside the caller's transaction); or, when
   * its message is stored already (a second try of it), that lead, with nothing counted or stored.
   */
  function admit({ checks, lead, channels, now }: LeadToAdd): Admission {
    const names = namesOf(lead);
    const stored = names.length
      ? prepared(`SELECT id FROM leads WHERE submission_id IN (${names.map(() => '?').join()}) ORDER BY id`).get(
          ...names,
        )
      : undefined;
    if (stored) return { allowed: true, leadId: Number(stored['id']), repeated: true };
    return takeRateLimit(checks, now) ?? { allowed: true, leadId: insertOne(lead, channels, now) };
  }

  /** Inserts one lead and its pending deliveries (inside the caller's transaction). */
  function insertOne(lead: NewLead, channels: readonly Channel[], now: number): number {
    // SQLite has no boolean: texting consent is stored as 0 or 1.
    const values = leadValues(lead, new Date(now).toISOString()).map((v) => (typeof v === 'boolean' ? Number(v) : v));
    const { lastInsertRowid } = insertLead().run(...values);
    const leadId = Number(lastInsertRowid);
    for (const channel of channels) insertDelivery.run({ leadId, channel, nextAttemptAt: now });
    return leadId;
  }

  const store: SyncSqliteStore = {
    db,

    /** Stores a lead and, in the same commit, one pending delivery per channel. Returns its id. */
    addLead(lead: NewLead, channels: readonly Channel[], now = Date.now()): number {
      return transaction(() => insertOne(lead, channels, now));
    },

    addLeadWithinLimits(
      checks: readonly RateLimitCheck[],
      lead: NewLead,
      channels: readonly Channel[],
      now = Date.now(),
    ): Admission {
      return transaction(() => admit({ checks, lead, channels, now }));
    },

    /**
     * Counts and stores several submissions in one commit (one disk flush), each in a savepoint of
     * its own: one that fails leaves the others stored, and its count untaken. Returns what became
     * of each, or why it was not stored.
     */
    addLeads(batch: readonly LeadToAdd[]): (Admission | Error)[] {
      return transaction(() =>
        batch.map((entry) => {
          db.exec('SAVEPOINT lead');
          try {
            const admission = admit(entry);
            db.exec('RELEASE lead');
            return admission;
          } catch (error) {
            // Nothing to roll back to when SQLite ended the whole transaction (see transaction()).
            if (!db.isTransaction) throw error;
            db.exec('ROLLBACK TO lead');
            db.exec('RELEASE lead');
            return error instanceof Error ? error : new Error(String(error));
          }
        }),
      );
    },

    /**
     * Pending deliveries whose time has come, oldest first, each with its lead; optionally of one
     * channel only and leaving out the ones already being sent (this process's claim).
     */
    claimDeliveries(
      now = Date.now(),
      limit = 20,
      filter: DeliveryFilter = {},
    ): { delivery: Delivery; lead: StoredLead }[] {
      const rows = prepared(
        `SELECT o.*, ${leadColumns.map((column) => `l.${column}`).join(', ')}
           FROM outbox o JOIN leads l ON l.id = o.lead_id
           WHERE o.state = 'pending' AND o.next_attempt_at <= ? ${filterSql(filter)}
           ORDER BY o.next_attempt_at, o.id LIMIT ?`,
      ).all(now, ...filterParams(filter), limit);
      return rows.map((row) => ({ delivery: toDelivery(row), lead: toLead(row, row['lead_id']) }));
    },

    /** When the next pending delivery falls due (epoch ms), if any is pending. */
    nextAttemptAt(filter: DeliveryFilter = {}): number | undefined {
      const row = prepared(
        `SELECT MIN(next_attempt_at) AS at FROM outbox o WHERE state = 'pending' ${filterSql(filter)}`,
      ).get(...filterParams(filter));
      return row && row['at'] !== null ? Number(row['at']) : undefined;
    },

    markDelivered(id: number, now = Date.now()): void {
      unflushed(() =>
        prepared(
          "UPDATE outbox SET state = 'delivered', attempts = attempts + 1, delivered_at = ?, last_error = NULL WHERE id = ? AND state = 'pending'",
        ).run(new Date(now).toISOString(), id),
      );
    },

    markRetry(id: number, error: string, nextAttemptAt: number, _options?: { keepClaim?: boolean }): void {
      unflushed(() =>
        prepared(
          "UPDATE outbox SET attempts = attempts + 1, last_error = ?, next_attempt_at = ? WHERE id = ? AND state = 'pending'",
        ).run(error.slice(0, 1000), nextAttemptAt, id),
      );
    },

    /** One process sends everything: its worker keeps what it is still sending out of its own claims. */
    holdClaims(_hold: readonly number[], _release: readonly number[], _now?: number): void {},

    /**
     * On start, every pending delivery is due at once (the reason it waited may be gone, e.g. new
     * settings); with `aheadByMs`, those due later than that after now. Returns how many.
     */
    resumePending(now = Date.now(), aheadByMs?: number): number {
      const after = aheadByMs === undefined ? Number.MIN_SAFE_INTEGER : now + aheadByMs;
      return Number(
        prepared(
          "UPDATE outbox SET next_attempt_at = MIN(next_attempt_at, ?) WHERE state = 'pending' AND next_attempt_at > ?",
        ).run(now, after).changes,
      );
    },

    /** Newest first, with their deliveries. */
    listLeads(options: { limit?: number; includeSpam?: boolean } = {}): LeadWithDeliveries[] {
      const leads = prepared(
        `SELECT * FROM leads ${options.includeSpam ? '' : "WHERE status = 'lead'"} ORDER BY id DESC LIMIT ?`,
      )
        .all(options.limit ?? -1)
        .map((row) => toLead(row));
      const byLead = prepared('SELECT * FROM outbox WHERE lead_id = ? ORDER BY channel');
      return leads.map((lead) => ({ ...lead, deliveries: byLead.all(lead.id).map(toDelivery) }));
    },

    countSpam(): number {
      return Number(prepared("SELECT COUNT(*) AS n FROM leads WHERE status = 'spam'").get()?.['n'] ?? 0);
    },

    deleteLeadsByEmail(email: string, now = Date.now()): { leads: number; deliveries: number } {
      const address = addressOf(email);
      return transaction(() => {
        const ids = JSON.stringify(
          prepared('SELECT id, email FROM leads')
            .all()
            .filter((row) => addressOf(String(row['email'])) === address)
            .map((row) => Number(row['id'])),
        );
        const deliveries = Number(
          prepared(
            "SELECT COUNT(*) AS n FROM outbox WHERE state = 'pending' AND lead_id IN (SELECT value FROM json_each(?))",
          ).get(ids)?.['n'] ?? 0,
        );
        // The outbox rows go with their leads (ON DELETE CASCADE).
        const leads = Number(
          prepared('DELETE FROM leads WHERE id IN (SELECT value FROM json_each(?))').run(ids).changes,
        );
        prepared('DELETE FROM rate_limits WHERE key = ?').run(counterKey('email', address));
        prepared('INSERT INTO deletions (deleted_at, leads, deliveries) VALUES (?, ?, ?)').run(
          new Date(now).toISOString(),
          leads,
          deliveries,
        );
        return { leads, deliveries };
      });
    },

    /** Forgets rate-limit counters older than any window, and spam older than `spamDays`. */
    prune(now = Date.now(), options: { longestWindowMs: number; spamDays: number }): void {
      transaction(() => {
        prepared('DELETE FROM rate_limits WHERE last_at < ?').run(now - options.longestWindowMs);
        prepared("DELETE FROM leads WHERE status = 'spam' AND received_at < ?").run(
          new Date(now - options.spamDays * 86_400_000).toISOString(),
        );
      });
    },

    close(): void {
      if (db.isOpen) db.close();
    },
  };
  return store;
}
