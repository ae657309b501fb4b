/**
 * What the lead pipeline stores: leads, the outbox of deliveries owed for each lead, and the
 * rate-limit counters. The store implementations (store/sqlite.ts) keep these shapes.
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

/** Narrows outbox queries to one channel and leaves out deliveries already in flight. */
export interface DeliveryFilter {
  channel?: Channel;
  exclude?: readonly number[];
}

/** A store of leads: what the intake, the delivery worker and `npm run leads` rely on. */
export interface LeadStore {
  /** Stores a lead and, in the same commit, one pending delivery per channel. Returns its id. */
  addLead(lead: NewLead, channels: readonly Channel[], now?: number): number;
  /** Counts one submission against every key, or against none when any key is over its limit. */
  takeRateLimit(
    checks: readonly RateLimitCheck[],
    now?: number,
  ): { allowed: true } | { allowed: false; retryAfterMs: number };
  /** Pending deliveries whose time has come, oldest first, each with its lead. */
  dueDeliveries(now?: number, limit?: number, filter?: DeliveryFilter): { delivery: Delivery; lead: StoredLead }[];
  /** When the next pending delivery falls due (epoch ms), if any is pending. */
  nextAttemptAt(filter?: DeliveryFilter): number | undefined;
  markDelivered(id: number, now?: number): void;
  markRetry(id: number, error: string, nextAttemptAt: number): void;
  /** Makes every pending delivery due now; returns how many are pending. */
  resumePending(now?: number): number;
  /** Newest first, with their deliveries. */
  listLeads(options?: { limit?: number; includeSpam?: boolean }): LeadWithDeliveries[];
  countSpam(): number;
  /**
   * Forgets one person: every lead of that e-mail address (any case) with its deliveries, and the
   * address's rate-limit counter. Records that a deletion happened, without the address.
   */
  deleteLeadsByEmail(email: string, now?: number): { leads: number; deliveries: number };
  /** Forgets rate-limit counters older than any window, and spam older than `spamDays`. */
  prune(now: number, options: { longestWindowMs: number; spamDays: number }): void;
  close(): void;
}
