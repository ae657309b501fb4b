/**
 * The lead store in PostgreSQL (node-postgres), for any number of server processes sharing one
 * database: leads, the outbox and the rate-limit counters live there, so every instance sees the
 * same ones.
 *
 * - The schema is created and brought up to date on first use by numbered migrations, all in one
 *   transaction under an advisory lock: instances starting at once queue, and the first applies
 *   what is missing while the others find it done.
 * - A worker claims its deliveries with `SELECT ... FOR UPDATE SKIP LOCKED` and stamps them with
 *   its name and a lease. Until the lease ends (longer than the worker's send time-out) no other
 *   worker is handed them; a worker killed mid-send leaves its claim to lapse, and the delivery
 *   is sent again by whoever takes it next: at least once, and twice only after such a crash.
 * - A rate-limit check locks the counters it reads (in key order, so two checks cannot deadlock)
 *   and writes them in the same transaction: two instances cannot both let the 4th message of one
 *   e-mail address through.
 * - When the database cannot be reached every call rejects (the contact route answers 503) and
 *   the pool reconnects by itself once it is back; a broken idle connection is logged, never thrown.
 */
import { randomUUID } from 'node:crypto';
import { hostname } from 'node:os';
import pg from 'pg';
import { checkRateLimit } from '#src/lib/contact-form.ts';
import { describeError } from '#src/server/errors.ts';
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
} from './types.ts';
import { addressOf, counterKey, leadColumns, leadValues, namesOf, toDelivery, toLead } from './rows.ts';

/** The schema's versions, in order; `lead_schema_versions` records which ones a database has had. */
const migrations = [
  // 1: leads (with consent evidence and the home of a showing request), the outbox with its
  // claims, the rate-limit counters and the record of deletions. `origin` names where a lead or
  // deletion record copied from SQLite came from (scripts/leads-to-postgres.ts), so a second
  // copy adds nothing.
  `CREATE TABLE IF NOT EXISTS leads (
     id                  bigint      GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
     received_at         timestamptz NOT NULL,
     status              text        NOT NULL CHECK (status IN ('lead', 'spam')),
     spam_reason         text,
     first_name          text        NOT NULL,
     last_name           text        NOT NULL,
     email               text        NOT NULL,
     phone               text        NOT NULL,
     help_type           text        NOT NULL,
     message             text        NOT NULL,
     ip                  text        NOT NULL,
     user_agent          text        NOT NULL,
     source_page         text        NOT NULL DEFAULT '',
     consent_text        text        NOT NULL DEFAULT '',
     texting_consent     boolean     NOT NULL DEFAULT false,
     listing_key         text,
     listing_address     text,
     listing_street      text,
     listing_city        text,
     listing_state       text,
     listing_postal_code text,
     listing_price       bigint,
     listing_url         text,
     origin              text        UNIQUE
   );
   CREATE INDEX IF NOT EXISTS leads_received ON leads (received_at);
   CREATE INDEX IF NOT EXISTS leads_email ON leads (lower(email));
   CREATE TABLE IF NOT EXISTS outbox (
     id              bigint      GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
     lead_id         bigint      NOT NULL REFERENCES leads (id) ON DELETE CASCADE,
     channel         text        NOT NULL CHECK (channel IN ('email', 'webhook')),
     state           text        NOT NULL DEFAULT 'pending' CHECK (state IN ('pending', 'delivered')),
     attempts        integer     NOT NULL DEFAULT 0,
     next_attempt_at bigint      NOT NULL,
     last_error      text,
     delivered_at    timestamptz,
     claimed_by      text,
     lease_until     bigint,
     UNIQUE (lead_id, channel)
   );
   CREATE INDEX IF NOT EXISTS outbox_due ON outbox (next_attempt_at, id) WHERE state = 'pending';
   CREATE TABLE IF NOT EXISTS rate_limits (
     key     text    PRIMARY KEY,
     count   integer NOT NULL,
     last_at bigint  NOT NULL  -- when the window began (RateLimitEntry.since)
   );
   CREATE TABLE IF NOT EXISTS deletions (
     id          bigint      GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
     deleted_at  timestamptz NOT NULL,
     leads       integer     NOT NULL,
     deliveries  integer     NOT NULL,
     origin      text        UNIQUE
   );`,
  // 2: every origin ever copied, kept when its lead goes (deleted on request, or pruned as spam),
  // so copying the same SQLite file again never brings a deleted lead back. An origin is a time
  // and a row number, nothing of the person.
  `CREATE TABLE IF NOT EXISTS copied_origins (origin text PRIMARY KEY);
   INSERT INTO copied_origins (origin) SELECT origin FROM leads WHERE origin IS NOT NULL ON CONFLICT DO NOTHING;`,
  // 3: no index on the address. Spam is stored unvalidated, and 2,000 characters that do not
  // compress (6 KB of CJK) exceed a btree row: PostgreSQL refused the lead (503). Nothing reads
  // by it: a deletion matches addresses in JavaScript (addressOf).
  `DROP INDEX IF EXISTS leads_email;`,
  // 4: the island's name for a message, so a second try of it is not stored twice.
  `ALTER TABLE leads ADD COLUMN IF NOT EXISTS submission_id text;
   CREATE UNIQUE INDEX IF NOT EXISTS leads_submission ON leads (submission_id);`,
];

export const schemaVersion = migrations.length;

type Row = Record<string, unknown>;

/** Text as PostgreSQL can hold it: without NUL (a failed send's reason may quote one from a CRM's answer). */
const withoutNul = <T>(value: T): T => (typeof value === 'string' ? (value.replaceAll('\0', '') as T) : value);

const placeholders = (from: number, count: number) =>
  Array.from({ length: count }, (_, i) => `$${from + i}`).join(', ');

export interface PostgresStoreOptions {
  /** How long a claimed delivery stays this process's before another may take it (ms). */
  leaseMs?: number;
  /** Create or update the schema on first use (the server); a read-only tool leaves it alone. */
  migrate?: boolean;
  /** Connections at most (per process). */
  maxConnections?: number;
  /** This process's name on its claims (default: host, process id and a random part). */
  workerId?: string;
  /** How long a statement may go unanswered before the call rejects (ms; tests shorten it). */
  queryTimeoutMs?: number;
  log?: (message: string) => void;
}

/** What a copy from another store did: rows added, and rows left alone because they were already there. */
export interface CopyCount {
  copied: number;
  skipped: number;
}

/**
 * A copy refused because the target already gave some of the copied leads' ids to other leads:
 * kept, they would name two people; renumbered, "Lead #4" in an e-mail sent before would name
 * another person.
 */
export class LeadIdClash extends Error {
  /** The ids, and when the lead here that holds one was received (none when it was deleted since). */
  readonly clashes: readonly { id: number; receivedHere: string | undefined }[];

  constructor(clashes: readonly { id: number; receivedHere: string | undefined }[], numberedTo: number) {
    const named = clashes
      .slice(0, 5)
      .map(({ id, receivedHere }) =>
        receivedHere ? `#${id} (a lead received ${receivedHere})` : `#${id} (a lead deleted since)`,
      );
    const more = clashes.length > 5 ? ` and ${clashes.length - 5} more` : '';
    super(
      `Nothing copied: ids of leads to copy are taken here (this database has numbered leads up to #${numberedTo}): ` +
        `${named.join(', ')}${more}. Each lead keeps its id, as e-mails already sent name it: copy into a ` +
        'database no instance has stored leads in yet.',
    );
    this.name = 'LeadIdClash';
    this.clashes = clashes;
  }
}

export type PostgresLeadStore = ReturnType<typeof openPostgresLeadStore>;

export function openPostgresLeadStore(connectionString: string, options: PostgresStoreOptions = {}) {
  const leaseMs = options.leaseMs ?? 150_000;
  const workerId = options.workerId ?? `${hostname()}:${process.pid}:${randomUUID().slice(0, 8)}`;
  const log = options.log ?? ((message: string) => console.error(message));
  const pool = new pg.Pool({
    connectionString,
    max: options.maxConnections ?? 10,
    // A database that does not answer fails the request in seconds (503) instead of holding it.
    connectionTimeoutMillis: 5000,
    query_timeout: options.queryTimeoutMs ?? 15_000,
    // Probes an idle connection, so one a firewall or NAT dropped in silence is found and closed.
    keepAlive: true,
    keepAliveInitialDelayMillis: 60_000,
    application_name: 'leads',
    // Every statement reads committed data, whatever the database's default_transaction_isolation:
    // under 'repeatable read' or 'serializable' two instances claiming or counting at once fail
    // with serialization errors. A SET rather than the startup `options`, which PgBouncer refuses.
    // eslint-disable-next-line @typescript-eslint/no-misused-promises -- pg-pool awaits it (a failed SET fails the connect); its type says void
    onConnect: (client) => client.query("SET default_transaction_isolation = 'read committed'"),
  });
  // A connection that breaks while idle (the database restarted) is reported here; without a
  // listener it would crash the process. The pool drops it and opens a new one when needed.
  pool.on('error', (error) => log(`leads database: ${describeError(error)}`));

  let ready: Promise<void> | undefined = options.migrate === false ? Promise.resolve() : undefined;

  async function transaction<T>(work: (client: pg.PoolClient) => Promise<T>): Promise<T> {
    const client = await pool.connect();
    let broken: Error | undefined;
    // A checked-out connection has no listener of the pool's: one cut between two statements of
    // this transaction (the database restarting) would otherwise crash the process.
    const onError = (error: Error) => {
      broken = error;
      log(`leads database: ${describeError(error)}`);
    };
    client.on('error', onError);
    try {
      // Read committed whatever the database's default: the migrations' advisory lock and the
      // counters' row locks need each statement to see what the one before them committed.
      await client.query('BEGIN ISOLATION LEVEL READ COMMITTED');
      const result = await work(client);
      await client.query('COMMIT');
      return result;
    } catch (error) {
      // Rolled back only when the database answered: after a time-out or a cut the connection may
      // still be busy or gone (a ROLLBACK behind a frozen server waited another query_timeout).
      // Closing it rolls the transaction back as well.
      if (broken === undefined && error instanceof pg.DatabaseError) {
        await client.query('ROLLBACK').catch((rollbackError: unknown) => {
          broken = rollbackError instanceof Error ? rollbackError : new Error(String(rollbackError));
        });
      } else {
        broken ??= error instanceof Error ? error : new Error(String(error));
      }
      throw error;
    } finally {
      client.off('error', onError);
      // A connection that broke, or could not even roll back, is closed rather than handed out again.
      client.release(broken);
    }
  }

  async function migrate(): Promise<void> {
    await transaction(async (client) => {
      // Held until this transaction ends: a second instance starting now waits here, then finds
      // every version applied.
      await client.query("SELECT pg_advisory_xact_lock(hashtext('leads schema'))");
      await client.query(
        'CREATE TABLE IF NOT EXISTS lead_schema_versions (version integer PRIMARY KEY, applied_at timestamptz NOT NULL DEFAULT now())',
      );
      const { rows } = await client.query<{ version: number }>(
        'SELECT COALESCE(MAX(version), 0)::integer AS version FROM lead_schema_versions',
      );
      for (let version = rows[0]?.version ?? 0; version < migrations.length; version++) {
        await client.query(migrations[version]!);
        await client.query('INSERT INTO lead_schema_versions (version) VALUES ($1)', [version + 1]);
      }
    });
  }

  /** The schema, checked once; a failed check (database down) is tried again by the next call. */
  function whenReady(): Promise<void> {
    ready ??= migrate().catch((error: unknown) => {
      ready = undefined;
      throw error;
    });
    return ready;
  }

  async function query<R extends Row = Row>(sql: string, values: unknown[] = []): Promise<pg.QueryResult<R>> {
    await whenReady();
    return pool.query<R>(sql, values);
  }

  const filterValues = (filter: DeliveryFilter) => [filter.channel ?? null, filter.exclude ?? []];

  async function listLeads(options: { limit?: number; includeSpam?: boolean } = {}): Promise<LeadWithDeliveries[]> {
    const { rows } = await query(
      `SELECT * FROM leads ${options.includeSpam ? '' : "WHERE status = 'lead'"} ORDER BY id DESC LIMIT $1`,
      [options.limit ?? null],
    );
    const leads = rows.map((row) => toLead(row));
    const { rows: deliveries } = await query(
      'SELECT * FROM outbox WHERE lead_id = ANY($1::bigint[]) ORDER BY lead_id, channel',
      [leads.map((lead) => lead.id)],
    );
    const byLead = Map.groupBy(deliveries.map(toDelivery), (delivery) => delivery.leadId);
    return leads.map((lead) => ({ ...lead, deliveries: byLead.get(lead.id) ?? [] }));
  }

  /** Inserts a lead and its pending deliveries in one statement. Returns its id. */
  async function insertLead(
    db: pg.Pool | pg.PoolClient,
    lead: NewLead,
    channels: readonly Channel[],
    now: number,
  ): Promise<number> {
    const values = leadValues(lead, new Date(now).toISOString());
    const { rows } = await db.query<{ id: string }>(
      `WITH lead AS (
         INSERT INTO leads (${leadColumns.join(', ')}) VALUES (${placeholders(1, values.length)}) RETURNING id
       ), deliveries AS (
         INSERT INTO outbox (lead_id, channel, next_attempt_at)
         SELECT lead.id, channel, $${values.length + 2} FROM lead, unnest($${values.length + 1}::text[]) AS channel
       )
       SELECT id FROM lead`,
      [...values, channels, now],
    );
    return Number(rows[0]!.id);
  }

  const store = {
    /** Stores a lead and its pending deliveries in one statement (one commit). Returns its id. */
    async addLead(lead: NewLead, channels: readonly Channel[], now = Date.now()): Promise<number> {
      await whenReady();
      return insertLead(pool, lead, channels, now);
    },

    /**
     * Counts a submission against every key and stores its lead, in one transaction; or counts and
     * stores nothing when any key is over its limit. The counters are locked from reading to the
     * commit, so instances deciding at once queue.
     */
    async addLeadWithinLimits(
      checks: readonly RateLimitCheck[],
      lead: NewLead,
      channels: readonly Channel[],
      now = Date.now(),
    ): Promise<Admission> {
      await whenReady();
      const keys = [...new Set(checks.map((check) => check.key))].sort();
      return transaction(async (client) => {
        // Creates the missing counters and locks all of them, in key order (no deadlock between
        // two checks), returning what they held.
        const { rows } = await client.query<{ key: string; count: number; last_at: string }>(
          `INSERT INTO rate_limits (key, count, last_at) SELECT key, 0, 0 FROM unnest($1::text[]) AS key ORDER BY key
           ON CONFLICT (key) DO UPDATE SET count = rate_limits.count
           RETURNING key, count, last_at`,
          [keys],
        );
        // Looked up under the counters' locks: a second try of one message, sent while the first
        // was still being stored, waits for it and finds it (read committed: each statement sees
        // what was committed before it began).
        const names = namesOf(lead);
        if (names.length) {
          const stored = await client.query<{ id: string }>(
            'SELECT id FROM leads WHERE submission_id = ANY($1::text[]) ORDER BY id LIMIT 1',
            [names],
          );
          if (stored.rows[0]) return { allowed: true, leadId: Number(stored.rows[0].id), repeated: true };
        }
        const held = new Map(rows.map((row) => [row.key, { count: row.count, since: Number(row.last_at) }]));
        const decisions = checks.map(({ key, rule }) => ({ key, decision: checkRateLimit(held.get(key), now, rule) }));
        const refused = decisions.flatMap(({ decision }) => (decision.allowed ? [] : [decision.retryAfterMs]));
        if (refused.length > 0) return { allowed: false, retryAfterMs: Math.max(...refused) };
        await client.query(
          `UPDATE rate_limits SET count = taken.count, last_at = taken.last_at
           FROM unnest($1::text[], $2::integer[], $3::bigint[]) AS taken (key, count, last_at)
           WHERE rate_limits.key = taken.key`,
          [
            decisions.map((d) => d.key),
            decisions.map((d) => d.decision.entry.count),
            decisions.map((d) => d.decision.entry.since),
          ],
        );
        return { allowed: true, leadId: await insertLead(client, lead, channels, now) };
      });
    },

    /**
     * Claims due deliveries nobody holds, oldest first, for this process until `now + leaseMs`.
     * Rows another worker is claiming at this instant are skipped, not waited for.
     */
    async claimDeliveries(
      now = Date.now(),
      limit = 20,
      filter: DeliveryFilter = {},
    ): Promise<{ delivery: Delivery; lead: StoredLead }[]> {
      const { rows } = await query(
        `WITH due AS (
           SELECT id FROM outbox
           WHERE state = 'pending' AND next_attempt_at <= $1 AND (lease_until IS NULL OR lease_until <= $1)
             AND ($3::text IS NULL OR channel = $3) AND NOT (id = ANY($4::bigint[]))
           ORDER BY next_attempt_at, id
           LIMIT $2
           FOR UPDATE SKIP LOCKED
         )
         UPDATE outbox o SET claimed_by = $5, lease_until = $6
         FROM due, leads l
         WHERE o.id = due.id AND l.id = o.lead_id
         RETURNING o.id, o.lead_id, o.channel, o.state, o.attempts, o.next_attempt_at, o.last_error, o.delivered_at,
                   ${leadColumns.map((column) => `l.${column}`).join(', ')}`,
        [now, limit, ...filterValues(filter), workerId, now + leaseMs],
      );
      return rows
        .map((row) => ({ delivery: toDelivery(row), lead: toLead(row, row['lead_id']) }))
        .sort((a, b) => a.delivery.nextAttemptAt - b.delivery.nextAttemptAt || a.delivery.id - b.delivery.id);
    },

    /** When the next pending delivery falls due or its claim lapses (epoch ms), if any is pending. */
    async nextAttemptAt(filter: DeliveryFilter = {}): Promise<number | undefined> {
      const { rows } = await query<{ at: string | null }>(
        `SELECT MIN(GREATEST(next_attempt_at, COALESCE(lease_until, 0))) AS at FROM outbox
         WHERE state = 'pending' AND ($1::text IS NULL OR channel = $1) AND NOT (id = ANY($2::bigint[]))`,
        filterValues(filter),
      );
      const at = rows[0]?.at;
      return at === null || at === undefined ? undefined : Number(at);
    },

    async markDelivered(id: number, now = Date.now()): Promise<void> {
      await query(
        `UPDATE outbox SET state = 'delivered', attempts = attempts + 1, delivered_at = $2, last_error = NULL,
                           claimed_by = NULL, lease_until = NULL
         WHERE id = $1 AND state = 'pending'`,
        [id, new Date(now).toISOString()],
      );
    },

    /** Records a failed try, unless another worker has claimed the delivery since (its try counts). */
    async markRetry(
      id: number,
      error: string,
      nextAttemptAt: number,
      options: { keepClaim?: boolean } = {},
    ): Promise<void> {
      await query(
        `UPDATE outbox SET attempts = attempts + 1, last_error = $2, next_attempt_at = $3,
                           claimed_by = CASE WHEN $5 THEN claimed_by END, lease_until = CASE WHEN $5 THEN lease_until END
         WHERE id = $1 AND state = 'pending' AND (claimed_by IS NULL OR claimed_by = $4)`,
        [id, withoutNul(error.slice(0, 1000)), nextAttemptAt, workerId, options.keepClaim === true],
      );
    },

    async holdClaims(hold: readonly number[], release: readonly number[], now = Date.now()): Promise<void> {
      if (hold.length === 0 && release.length === 0) return;
      await query(
        `UPDATE outbox SET lease_until = CASE WHEN id = ANY($1::bigint[]) THEN $3::bigint END,
                           claimed_by = CASE WHEN id = ANY($1::bigint[]) THEN claimed_by END
         WHERE (id = ANY($1::bigint[]) OR id = ANY($2::bigint[])) AND state = 'pending' AND claimed_by = $4`,
        [hold, release, now + leaseMs, workerId],
      );
    },

    /**
     * On start, every pending delivery is due at once (the reason it waited may be gone); claims
     * of other instances are left alone. With `aheadByMs`, those due later than that after now,
     * and the claims that end later than a claim can (`leaseMs`) past that: taken by an instance
     * whose clock ran ahead, and which may be gone. Returns how many.
     */
    async resumePending(now = Date.now(), aheadByMs?: number): Promise<number> {
      const after = aheadByMs === undefined ? Number.MIN_SAFE_INTEGER : now + aheadByMs;
      const claimAfter = aheadByMs === undefined ? Number.MAX_SAFE_INTEGER : now + aheadByMs + leaseMs;
      const result = await query(
        `UPDATE outbox SET next_attempt_at = LEAST(next_attempt_at, $1),
                           claimed_by = CASE WHEN lease_until > $3 THEN NULL ELSE claimed_by END,
                           lease_until = CASE WHEN lease_until > $3 THEN NULL ELSE lease_until END
         WHERE state = 'pending' AND (next_attempt_at > $2 OR lease_until > $3)`,
        [now, after, claimAfter],
      );
      return result.rowCount ?? 0;
    },

    listLeads,

    async countSpam(): Promise<number> {
      const { rows } = await query<{ n: string }>("SELECT COUNT(*) AS n FROM leads WHERE status = 'spam'");
      return Number(rows[0]?.n ?? 0);
    },

    async deleteLeadsByEmail(email: string, now = Date.now()): Promise<{ leads: number; deliveries: number }> {
      const address = addressOf(email);
      await whenReady();
      return transaction(async (client) => {
        const everyone = await client.query<{ id: string; email: string }>('SELECT id, email FROM leads');
        const ids = everyone.rows.filter((row) => addressOf(row.email) === address).map((row) => row.id);
        const { rows } = await client.query<{ n: string }>(
          "SELECT COUNT(*) AS n FROM outbox WHERE state = 'pending' AND lead_id = ANY($1::bigint[])",
          [ids],
        );
        const deliveries = Number(rows[0]?.n ?? 0);
        // The outbox rows go with their leads (ON DELETE CASCADE).
        const leads = (await client.query('DELETE FROM leads WHERE id = ANY($1::bigint[])', [ids])).rowCount ?? 0;
        await client.query('DELETE FROM rate_limits WHERE key = $1', [counterKey('email', address)]);
        await client.query('INSERT INTO deletions (deleted_at, leads, deliveries) VALUES ($1, $2, $3)', [
          new Date(now).toISOString(),
          leads,
          deliveries,
        ]);
        return { leads, deliveries };
      });
    },

    async prune(now: number, options: { longestWindowMs: number; spamDays: number }): Promise<void> {
      await whenReady();
      await transaction(async (client) => {
        await client.query('DELETE FROM rate_limits WHERE last_at < $1', [now - options.longestWindowMs]);
        await client.query("DELETE FROM leads WHERE status = 'spam' AND received_at < $1", [
          new Date(now - options.spamDays * 86_400_000).toISOString(),
        ]);
      });
    },

    async close(): Promise<void> {
      await pool.end();
    },
  } satisfies LeadStore;

  return {
    ...store,
    /** Creates or updates the schema now (the server does it on first use anyway). */
    migrate: whenReady,

    /**
     * Copies leads from another store, each with its deliveries as they stand (delivered ones
     * stay delivered, pending ones are sent by the workers here), in one transaction. `origin`
     * names each lead's source; a lead whose origin was ever copied is skipped, so copying twice
     * adds nothing, and a lead deleted here since is not copied back.
     *
     * Each lead keeps its id: e-mails already sent name it ("Lead #4"). New leads here are then
     * numbered past the highest id copied, or `highestId` (the source's highest ever, deleted
     * leads included) when higher. A lead whose id this database has already given to another
     * lead (still here or deleted since) is not renumbered: nothing is copied, and the error
     * (a LeadIdClash) names the ids.
     */
    async importLeads(
      leads: readonly LeadWithDeliveries[],
      origin: (lead: LeadWithDeliveries) => string,
      options: { highestId?: number } = {},
    ): Promise<CopyCount> {
      await whenReady();
      const outcome = await transaction(async (client) => {
        // Instances writing leads now wait until the copy commits: none takes an id being copied.
        // (A second copy waits too, so both cannot copy one lead.)
        await client.query('LOCK TABLE leads IN SHARE ROW EXCLUSIVE MODE');
        const known = await client.query<{ origin: string }>(
          'SELECT origin FROM copied_origins WHERE origin = ANY($1::text[])',
          [leads.map(origin)],
        );
        const copiedBefore = new Set(known.rows.map((row) => row.origin));
        const fresh = leads.filter((lead) => !copiedBefore.has(origin(lead)));
        const { rows: sequenceRows } = await client.query<{ name: string }>(
          `SELECT pg_get_serial_sequence('leads', 'id') AS name`,
        );
        const sequence = sequenceRows[0]!.name;
        // The highest id this database has handed out or been moved past (none yet: 0). Read from
        // the sequence itself: after a RESTART (an earlier copy) it is not yet called, and
        // pg_sequence_last_value says NULL until a lead is stored.
        const { rows: lastRows } = await client.query<{ last: string }>(
          `SELECT CASE WHEN is_called THEN last_value ELSE last_value - 1 END AS last FROM ${sequence}`,
        );
        const numberedTo = Number(lastRows[0]!.last);
        const { rows: taken } = await client.query<{ id: string; received_at: Date }>(
          'SELECT id, received_at FROM leads WHERE id = ANY($1::bigint[]) ORDER BY id',
          [fresh.map((lead) => lead.id)],
        );
        const here = new Map(taken.map((row) => [Number(row.id), row.received_at.toISOString()]));
        const clashes = fresh
          .filter((lead) => here.has(lead.id) || lead.id <= numberedTo)
          .map((lead) => ({ id: lead.id, receivedHere: here.get(lead.id) }))
          .sort((a, b) => a.id - b.id);
        if (clashes.length > 0) return { copied: 0, clashes, numberedTo };

        let copied = 0;
        for (const lead of fresh) {
          const first = await client.query(
            'INSERT INTO copied_origins (origin) VALUES ($1) ON CONFLICT DO NOTHING RETURNING origin',
            [origin(lead)],
          );
          if (first.rowCount === 0) continue;
          // A lead stored before intake took NULs out may hold one, which PostgreSQL's text cannot.
          const values = [lead.id, ...leadValues(lead, lead.receivedAt).map(withoutNul), origin(lead)];
          await client.query(
            `INSERT INTO leads (id, ${leadColumns.join(', ')}, origin) OVERRIDING SYSTEM VALUE
             VALUES (${placeholders(1, values.length)})`,
            values,
          );
          copied += 1;
          for (const delivery of lead.deliveries) {
            await client.query(
              `INSERT INTO outbox (lead_id, channel, state, attempts, next_attempt_at, last_error, delivered_at)
               VALUES ($1, $2, $3, $4, $5, $6, $7)`,
              [
                lead.id,
                delivery.channel,
                delivery.state,
                delivery.attempts,
                delivery.nextAttemptAt,
                withoutNul(delivery.lastError),
                delivery.deliveredAt,
              ],
            );
          }
        }
        // Past every id copied and every id the source gave (a lead deleted there was e-mailed
        // too), never back. ALTER SEQUENCE, unlike setval, is undone if the copy fails.
        const past = fresh.reduce(
          (highest, lead) => Math.max(highest, lead.id),
          Math.max(numberedTo, options.highestId ?? 0),
        );
        if (past > numberedTo && Number.isSafeInteger(past)) {
          await client.query(`ALTER SEQUENCE ${sequence} RESTART WITH ${past + 1}`);
        }
        return { copied, clashes, numberedTo };
      });
      if (outcome.clashes.length > 0) throw new LeadIdClash(outcome.clashes, outcome.numberedTo);
      return { copied: outcome.copied, skipped: leads.length - outcome.copied };
    },

    /** Copies records of deletions (counts only) the same way, once each. */
    async importDeletions(
      deletions: readonly { deletedAt: string; leads: number; deliveries: number; origin: string }[],
    ): Promise<CopyCount> {
      await whenReady();
      return transaction(async (client) => {
        let copied = 0;
        for (const deletion of deletions) {
          const result = await client.query(
            `INSERT INTO deletions (deleted_at, leads, deliveries, origin) VALUES ($1, $2, $3, $4)
             ON CONFLICT (origin) DO NOTHING`,
            [deletion.deletedAt, deletion.leads, deletion.deliveries, deletion.origin],
          );
          copied += result.rowCount ?? 0;
        }
        return { copied, skipped: deletions.length - copied };
      });
    },

    /** The pool, for tests and tools that look at the tables directly. */
    pool,
    workerId,
  };
}
