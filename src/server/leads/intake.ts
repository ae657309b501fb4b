/**
 * What happens to one submission of the contact form, as a plain function of the submission and
 * its dependencies (no HTTP here: src/server/http/contact-request.ts reads the request,
 * contact-response.ts answers it).
 *
 * Order: spot bots (they get the normal success and are stored as spam), validate (422), then
 * count it against the rate limits (429) and commit the lead and its pending deliveries, in one
 * commit, before anyone is told 'Message sent!'.
 */
import { createHash } from 'node:crypto';
import { isIPv6 } from 'node:net';
import {
  contactFields,
  rateLimitKey,
  submissionRule,
  validateContact,
  type ContactValues,
  type FieldErrors,
  type RateLimitRule,
} from '#src/lib/contact-form.ts';
import { listingKeyPattern } from '#src/lib/listing/lead.ts';
import { describeError } from '#src/server/errors.ts';
import { counterKey } from './store/rows.ts';
import type { Channel, LeadStore, ListingRef } from './store/types.ts';

/**
 * Per-client-address limit, on top of SPEC's per-e-mail rule: stops one client cycling addresses.
 * A fixed window from the first submission counted: judged from the last, an office or a phone
 * network sharing one address, sending now and then, would never see its count start again.
 */
export const addressRule: RateLimitRule = { max: 10, windowMs: 10 * 60_000, from: 'first' };

/**
 * The client address `addressRule` counts under: an IPv4 address as it is; an IPv6 one by its /64,
 * written one way. Any IPv6 client has a /64 of its own to cycle through (each address counted alone
 * let 30 of 30 through), and "2001:DB8::1" and "2001:db8:0:0::1" are one address.
 */
export function addressKey(address: string): string {
  const plain = address.replace(/^::ffff:(?=\d+\.\d+\.\d+\.\d+$)/i, '');
  if (!isIPv6(plain)) return plain;
  // The URL parser writes it one way, an IPv4 tail in hex; "::" then stands for the zero groups.
  const [head = '', tail] = URL.parse(`http://[${plain}]/`)?.hostname.slice(1, -1).split('::') ?? [plain];
  const part = (text: string | undefined) => (text ? text.split(':') : []);
  const groups = [...part(head), ...Array<string>(8 - part(head).length - part(tail).length).fill('0'), ...part(tail)];
  return `${groups.slice(0, 4).join(':')}::/64`;
}

/** A form as the visitor sent it, with the spam trap's fields. */
export interface Submission {
  values: ContactValues;
  honeypot: string;
  /** How long the form was on screen, as the island measured it. */
  elapsedMs: number | undefined;
  /** Sent by the island (JSON), not by the plain HTML form. */
  fromScript: boolean;
  userAgent: string;
  /** The site path the form was sent from ('' when the browser did not say). */
  sourcePage: string;
  /** The listing key a listing page's form carries (empty elsewhere). */
  listingKey?: string | undefined;
  /** The island's name for this message (submissionField): a second try of it is not stored again (the plain form's: plainFormName). */
  submissionId?: string | undefined;
}

/** The window within which the plain HTML form's same message, sent again, is the one message. */
export const plainFormWindowMs = 10 * 60_000;

/**
 * The name of a message from the plain HTML form, which has no island to name it: what it says
 * (the e-mail as the rate limit reads it, each field trimmed, the home, the trap), within a
 * `plainFormWindowMs` window. Looked up under this window's name and the one before, a second
 * click on "Send", or the form sent again after its answer was lost, is then stored once: always
 * within ten minutes, never after twenty. A message changed in any field is new.
 */
export function plainFormName(submission: Submission, now: number): string {
  const { values } = submission;
  const said = [
    ...contactFields.map((field) => (field === 'email' ? rateLimitKey(values.email) : values[field].trim())),
    submission.listingKey?.trim() ?? '',
    submission.honeypot,
    Math.floor(now / plainFormWindowMs),
  ];
  return `form-${createHash('sha256').update(JSON.stringify(said)).digest('hex').slice(0, 32)}`;
}

/** Every outcome names the home it was about, so the page answering it can show the same form again. */
export type Outcome = { listing?: ListingRef | undefined } & (
  | { kind: 'accepted'; leadId: number; spam: boolean; repeated?: boolean }
  | { kind: 'invalid'; status: 422; errors: FieldErrors; values: ContactValues }
  | { kind: 'rate-limited'; status: 429; retryAfterSeconds: number; values: ContactValues }
  | { kind: 'rejected'; status: 400 | 413 | 415; message: string; values?: ContactValues }
  | { kind: 'unavailable'; status: 503; values: ContactValues }
);

export interface IntakeDeps {
  store: LeadStore;
  /** Delivery channels each new lead is queued for. */
  channels: readonly Channel[];
  minFillMs: number;
  /** The texting-consent sentence the form shows under the phone field, kept with each lead. */
  consentText: string;
  clientAddress: string | undefined;
  /** Tells the delivery worker a lead was committed. */
  onLead?: (leadId: number) => void;
  /** The home of a listing key, from the built listings; undefined for a key the site does not have. */
  findListing?: (key: string) => ListingRef | undefined;
  now?: () => number;
  log?: (message: string) => void;
}

const clip = (value: string) => value.slice(0, 2000);

/** Why a submission looks automated, or undefined when it looks human. */
export function spamReason(parsed: Submission, minFillMs: number): string | undefined {
  if (parsed.honeypot.trim() !== '') return 'honeypot';
  // The island always reports how long the form was on screen. The plain HTML form cannot
  // (the page is static), so for it only the honeypot applies.
  if (parsed.fromScript && parsed.elapsedMs === undefined) return 'too fast';
  if (parsed.elapsedMs !== undefined && parsed.elapsedMs < minFillMs) return 'too fast';
  return undefined;
}

/** The home a submission is about: only a well-formed key the site knows counts. */
export function listingOf(submission: Submission, deps: Pick<IntakeDeps, 'findListing'>): ListingRef | undefined {
  const key = submission.listingKey?.trim() ?? '';
  return key && listingKeyPattern.test(key) ? deps.findListing?.(key) : undefined;
}

export async function takeSubmission(submission: Submission, deps: IntakeDeps): Promise<Outcome> {
  const listing = listingOf(submission, deps);
  const outcome = await decide(submission, deps, listing);
  return listing ? { ...outcome, listing } : outcome;
}

async function decide(submission: Submission, deps: IntakeDeps, listing: ListingRef | undefined): Promise<Outcome> {
  const now = deps.now ?? Date.now;
  const log = deps.log ?? ((message: string) => console.error(message));
  const { values, userAgent } = submission;
  const at = now();
  // The plain form's message is named by what it says: in this window, or (sent again across a
  // window's edge) in the one before.
  const names =
    submission.submissionId || submission.fromScript
      ? { submissionId: submission.submissionId }
      : {
          submissionId: plainFormName(submission, at),
          earlierSubmissionIds: [plainFormName(submission, at - plainFormWindowMs)],
        };
  const evidence = (phone: string) => ({
    ...names,
    sourcePage: submission.sourcePage,
    consentText: deps.consentText,
    textingConsent: phone.trim() !== '',
  });

  try {
    // What SPEC counts is a submission that reaches the agent: a form sent back with field errors
    // costs nothing, so the corrected try is not refused; nor does one the store failed to keep
    // (the count is taken in the lead's own commit). Spam counts (it is stored).
    const checks = [{ key: counterKey('email', rateLimitKey(values.email)), rule: submissionRule }];
    if (deps.clientAddress) checks.push({ key: counterKey('ip', addressKey(deps.clientAddress)), rule: addressRule });
    const ip = deps.clientAddress ?? '';
    const spam = spamReason(submission, deps.minFillMs);
    const validation = spam ? undefined : validateContact(values);
    if (validation && !validation.ok) return { kind: 'invalid', status: 422, errors: validation.errors, values };

    const admission = await deps.store.addLeadWithinLimits(
      checks,
      validation
        ? { status: 'lead', ...validation.data, ip, userAgent, ...evidence(validation.data.phone), listing }
        : {
            status: 'spam',
            spamReason: spam,
            firstName: clip(values.firstName),
            lastName: clip(values.lastName),
            // Trimmed as a lead's is, so `npm run leads -- --delete` finds it by its address.
            email: clip(values.email.trim()),
            phone: clip(values.phone),
            helpType: clip(values.helpType),
            message: clip(values.message),
            ip,
            userAgent,
            ...evidence(values.phone),
            listing,
          },
      validation ? deps.channels : [],
      at,
    );
    if (!admission.allowed) {
      const retryAfterSeconds = Math.ceil(admission.retryAfterMs / 1000);
      return { kind: 'rate-limited', status: 429, retryAfterSeconds, values };
    }
    // A message already stored (its answer was lost) is answered as it was the first time: sent.
    if (admission.repeated) return { kind: 'accepted', leadId: admission.leadId, spam: !validation, repeated: true };
    if (validation) deps.onLead?.(admission.leadId);
    return { kind: 'accepted', leadId: admission.leadId, spam: !validation };
  } catch (error) {
    // The database failed or cannot be reached, not the visitor: say so plainly (503, nothing
    // was stored, so nothing is promised) and keep what they typed.
    log(`contact form: could not store a submission: ${describeError(error)}`);
    return { kind: 'unavailable', status: 503, values };
  }
}
