/**
 * A lead and a delivery as table rows, both ways, for both stores: the columns of `leads` a lead
 * is written to, its values for them, and a row read back as a StoredLead or a Delivery. A field
 * added to a lead is added here once.
 *
 * The readers take what either driver hands back: PostgreSQL gives bigint as text, timestamps as
 * Date and booleans as booleans; SQLite gives numbers, ISO text and 0/1, and a database opened
 * read-only before the server migrated it lacks the newer columns (undefined). And the key of a
 * rate-limit counter's row.
 */
import { createHash } from 'node:crypto';
import type { Delivery, ListingRef, NewLead, StoredLead } from './types.ts';

type Row = Record<string, unknown>;

/** The columns of `leads` a new lead fills, in the order of `leadValues`. */
export const leadColumns = [
  'received_at',
  'status',
  'spam_reason',
  'first_name',
  'last_name',
  'email',
  'phone',
  'help_type',
  'message',
  'ip',
  'user_agent',
  'source_page',
  'consent_text',
  'texting_consent',
  'listing_key',
  'listing_address',
  'listing_street',
  'listing_city',
  'listing_state',
  'listing_postal_code',
  'listing_price',
  'listing_url',
  'submission_id',
] as const;

/** Every name a lead's message may be stored under: its own, then the earlier ones (see NewLead). */
export function namesOf(lead: NewLead): string[] {
  return [lead.submissionId, ...(lead.earlierSubmissionIds ?? [])].filter((name): name is string => !!name);
}

/** A lead's values for `leadColumns`, in their order. */
export function leadValues(lead: NewLead, receivedAt: string): (string | number | boolean | null)[] {
  return [
    receivedAt,
    lead.status,
    lead.spamReason ?? null,
    lead.firstName,
    lead.lastName,
    lead.email,
    lead.phone,
    lead.helpType,
    lead.message,
    lead.ip,
    lead.userAgent,
    lead.sourcePage ?? '',
    lead.consentText ?? '',
    lead.textingConsent ?? false,
    lead.listing?.key ?? null,
    lead.listing?.address ?? null,
    lead.listing?.street ?? null,
    lead.listing?.city ?? null,
    lead.listing?.state ?? null,
    lead.listing?.postalCode ?? null,
    lead.listing?.price ?? null,
    lead.listing?.url ?? null,
    lead.submissionId ?? null,
  ];
}

/** A text, number or bigint column's value as text; '' for null or a missing column. */
const text = (value: unknown) =>
  typeof value === 'string' ? value : typeof value === 'number' || typeof value === 'bigint' ? String(value) : '';
/** A timestamp column (a Date, or ISO text) as ISO text. */
const time = (value: unknown) => (value instanceof Date ? value.toISOString() : text(value));

/** The home of a lead, when it has one. */
function toListing(row: Row): ListingRef | undefined {
  if (!text(row['listing_key'])) return undefined;
  return {
    key: text(row['listing_key']),
    address: text(row['listing_address']),
    street: text(row['listing_street']),
    city: text(row['listing_city']),
    state: text(row['listing_state']),
    postalCode: text(row['listing_postal_code']),
    price: Number(row['listing_price'] ?? 0),
    url: text(row['listing_url']),
  };
}

/** A row of `leads` (or of a join with it, whose lead id is `id`). */
export function toLead(row: Row, id = row['id']): StoredLead {
  const listing = toListing(row);
  return {
    id: Number(id),
    receivedAt: time(row['received_at']),
    status: row['status'] === 'spam' ? 'spam' : 'lead',
    spamReason: row['spam_reason'] === null || row['spam_reason'] === undefined ? undefined : text(row['spam_reason']),
    firstName: text(row['first_name']),
    lastName: text(row['last_name']),
    email: text(row['email']),
    phone: text(row['phone']),
    helpType: text(row['help_type']),
    message: text(row['message']),
    ip: text(row['ip']),
    userAgent: text(row['user_agent']),
    sourcePage: text(row['source_page']),
    consentText: text(row['consent_text']),
    textingConsent: Number(row['texting_consent'] ?? 0) === 1,
    ...(listing ? { listing } : {}),
    ...(text(row['submission_id']) ? { submissionId: text(row['submission_id']) } : {}),
  };
}

/** A row of the outbox. */
export function toDelivery(row: Row): Delivery {
  return {
    id: Number(row['id']),
    leadId: Number(row['lead_id']),
    channel: row['channel'] === 'webhook' ? 'webhook' : 'email',
    state: row['state'] === 'delivered' ? 'delivered' : 'pending',
    attempts: Number(row['attempts']),
    nextAttemptAt: Number(row['next_attempt_at']),
    lastError: row['last_error'] === null || row['last_error'] === undefined ? null : text(row['last_error']),
    deliveredAt: row['delivered_at'] === null || row['delivered_at'] === undefined ? null : time(row['delivered_at']),
  };
}

/**
 * An e-mail address as `npm run leads -- --delete` matches it: trimmed and lowercased as JavaScript
 * does it, in the tool and in both stores. SQL's lower() and trim() stop at ASCII (or at the
 * database's locale), so spam from "ÉLISE@…" was counted by the tool and then not deleted.
 */
export const addressOf = (email: string): string => email.trim().toLowerCase();

/**
 * A rate-limit counter's key. Spam is stored without validation, so its e-mail (or a trusted
 * proxy's address) may be kilobytes long: past 200 characters the value goes by its SHA-256,
 * which any database index holds (PostgreSQL's refused an 8 KB key with a 5xx).
 */
export function counterKey(kind: 'email' | 'ip', value: string): string {
  return `${kind}:${value.length > 200 ? `sha256:${createHash('sha256').update(value).digest('hex')}` : value}`;
}
