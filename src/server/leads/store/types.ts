/**
 * What the lead pipeline stores: leads, the outbox of deliveries owed for each lead, and the
 * rate-limit counters. Both store implementations (store/sqlite.ts, store/postgres.ts) keep these shapes.
 */
import type { RateLimitRule } from '#src/lib/contact-form.ts';
import type { ListingRef } from '#src/lib/listing/lead.ts';

export type { ListingRef };

export type Channel = 'email' | 'webhook';
export type LeadStatus = 'lead' | 'spam';

export interface NewLead {
  status: LeadStatus;
  spamReason?: string | undefined;
  firstName: string;
  lastName: string;
  email: string;
  phone: string;
  helpType: string;
  message: string;
  ip: string;
  userAgent: string;
  /** Consent evidence (with `ip`, `userAgent` and the time received): the page the form was sent from, */
  sourcePage?: string;
  /** the texting-consent sentence the form showed, */
  consentText?: string;
  /** and whether a phone number was given under it. */
  textingConsent?: boolean;
  /** The home of a showing request, as the server looked it up from the form's listing key. */
  listing?: ListingRef | undefined;
  /**
   * The island's name for the message (submissionField). A lead stored under it already is not
   * stored again: `addLeadWithinLimits` answers with that lead, counted and queued once.
   */
  submissionId?: string | undefined;
  /**
   * Names the same message may be stored under already (the plain form's name in the window
   * before, see plainFormName): looked up as `submissionId` is, never stored.
   */
  earlierSubmissionIds?: readonly string[] | undefined;
}

export interface StoredLead extends NewLead {
  id: number;
  receivedAt: string;
  sourcePage: string;
  consentText: string;
  textingConsent: boolean;
}

export interface Delivery {
  id: number;
  leadId: number;
  channel: Channel;
  state: 'pending' | 'delivered';
  attempts: number;
  nextAttemptAt: number;
  lastError: string | null;
  deliveredAt: string | null;
}

export interface LeadWithDeliveries extends StoredLead {
  deliveries: Delivery[];
}

export interface RateLimitCheck {
  key: string;
  rule: RateLimitRule;
}

/** What became of a submission counted against rate limits: stored, or refused as over a limit. */
export type Admission =
  | {
      allowed: true;
      leadId: number;
      /** Stored before under its submissionId: nothing new counted or stored. */ repeated?: boolean;
    }
  | { allowed: false; retryAfterMs: number };

/** Narrows outbox queries to one channel and leaves out deliveries already in flight. */
export interface DeliveryFilter {
  channel?: Channel;
  exclude?: readonly number[];
}

/**
 * A store of leads: what the intake, the delivery worker and `npm run leads` rely on. Two
 * implementations keep it: store/sqlite.ts (one file, one server process) and store/postgres.ts
 * (one database shared by any number of server processes). Every method answers with a promise
 * and rejects when the database cannot be reached; nothing else in the pipeline knows which one
 * it talks to.
 */
export interface LeadStore {
  /** Stores a lead and, in the same commit, one pending delivery per channel. Returns its id. */
  addLead(lead: NewLead, channels: readonly Channel[], now?: number): Promise<number>;
  /**
   * A submission: counts it against every key and stores its lead as `addLead` does, in one commit.
   * When any key is over its limit, nothing is counted or stored; when the lead cannot be stored,
   * nothing is counted either (a try the visitor was told failed does not use up their limit).
   * A lead whose submissionId is stored already is answered with that lead, `repeated`, before any limit.
   */
  addLeadWithinLimits(
    checks: readonly RateLimitCheck[],
    lead: NewLead,
    channels: readonly Channel[],
    now?: number,
  ): Promise<Admission>;
  /**
   * Takes pending deliveries whose time has come, oldest first, each with its lead, for this
   * process to send: until it marks them (or its claim lapses), no other process is handed them.
   */
  claimDeliveries(
    now?: number,
    limit?: number,
    filter?: DeliveryFilter,
  ): Promise<{ delivery: Delivery; lead: StoredLead }[]>;
  /** When the next pending delivery falls due (epoch ms), if any is pending. */
  nextAttemptAt(filter?: DeliveryFilter): Promise<number | undefined>;
  markDelivered(id: number, now?: number): Promise<void>;
  /**
   * Records a failed try, due again at `nextAttemptAt`. With `keepClaim` (a send past its limit that
   * is still under way) this process keeps its claim, so no other process sends it meanwhile.
   */
  markRetry(id: number, error: string, nextAttemptAt: number, options?: { keepClaim?: boolean }): Promise<void>;
  /**
   * Extends this process's claims on these deliveries (still being sent) by a full lease from `now`
   * (PostgreSQL; one SQLite process needs no claim), and gives up those in `release`.
   */
  holdClaims(hold: readonly number[], release: readonly number[], now?: number): Promise<void>;
  /**
   * Makes pending deliveries due now and returns how many: every one (on start), or with
   * `aheadByMs` only those that were set while a clock ran ahead: due more than `aheadByMs` after
   * `now`, or (PostgreSQL) claimed until later than the longest claim past that.
   */
  resumePending(now?: number, aheadByMs?: number): Promise<number>;
  /** Newest first, with their deliveries. */
  listLeads(options?: { limit?: number; includeSpam?: boolean }): Promise<LeadWithDeliveries[]>;
  countSpam(): Promise<number>;
  /**
   * Forgets one person: every lead of that e-mail address (any case) with its deliveries, and the
   * address's rate-limit counter. Records that a deletion happened, without the address.
   */
  deleteLeadsByEmail(email: string, now?: number): Promise<{ leads: number; deliveries: number }>;
  /** Forgets rate-limit counters older than any window, and spam older than `spamDays`. */
  prune(now: number, options: { longestWindowMs: number; spamDays: number }): Promise<void>;
  close(): Promise<void>;
}

/** The same store as plain synchronous calls (an embedded database answers at once). */
export type SyncLeadStore = {
  [K in keyof LeadStore]: LeadStore[K] extends (...args: infer A) => Promise<infer R> ? (...args: A) => R : never;
};

/**
 * A synchronous store behind the promise interface. Each call still runs whole at the moment it
 * is made (no other call can run in between), and a throw becomes a rejection.
 */
export function promised(store: SyncLeadStore): LeadStore {
  const wrap =
    <A extends unknown[], R>(method: (...args: A) => R) =>
    (...args: A): Promise<R> =>
      Promise.try(() => method(...args));
  return {
    addLead: wrap(store.addLead),
    addLeadWithinLimits: wrap(store.addLeadWithinLimits),
    claimDeliveries: wrap(store.claimDeliveries),
    nextAttemptAt: wrap(store.nextAttemptAt),
    markDelivered: wrap(store.markDelivered),
    markRetry: wrap(store.markRetry),
    holdClaims: wrap(store.holdClaims),
    resumePending: wrap(store.resumePending),
    listLeads: wrap(store.listLeads),
    countSpam: wrap(store.countSpam),
    deleteLeadsByEmail: wrap(store.deleteLeadsByEmail),
    prune: wrap(store.prune),
    close: wrap(store.close),
  };
}
