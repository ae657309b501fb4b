/**
 * The contact form's one set of rules, shared by the browser island and the server route:
 * fields, SPEC §5 validation with its exact messages, SPEC §4 status texts, the help-type
 * options and SPEC §9's rate-limit rule. Built on zod's mini build so the island stays small.
 */
import * as z from 'zod/mini';

export const helpTypes = [
  "I'm looking to buy a home",
  'I want to sell my home',
  "I'm interested in investing",
  'I need a market analysis',
  'Other',
] as const;
export type HelpType = (typeof helpTypes)[number];
export const defaultHelpType: HelpType = helpTypes[0];

/** SPEC §4 status lines, exactly. `failed` and the request errors are ours (SPEC never really sends). */
export const statusText = {
  invalid: 'Please correct the errors below.',
  sending: 'Sending...',
  sent: "Message sent! I'll get back to you soon.",
  rateLimited: 'Too many submissions. Please wait before submitting again.',
  failed: 'Sorry, your message could not be sent. Please try again, or call or e-mail me directly.',
  /** No answer in `sendTimeoutMs`: the server may have the message, so it is not said to be lost. */
  noAnswer:
    'No answer came in time, so your message may not have arrived. It is still below: send it again, or call or e-mail me directly.',
} as const;

/** A status line: red for errors, green for success, neutral while sending. */
export interface FormStatus {
  tone: 'error' | 'success' | 'info';
  text: string;
}

export const fieldMessages = {
  firstNameRequired: 'First name is required',
  firstNameTooLong: 'First name too long',
  firstNameInvalid: 'Invalid characters in first name',
  lastNameRequired: 'Last name is required',
  lastNameTooLong: 'Last name too long',
  lastNameInvalid: 'Invalid characters in last name',
  emailInvalid: 'Invalid email address',
  emailTooLong: 'Email too long',
  phoneInvalid: 'Invalid phone number format',
  helpTypeInvalid: 'Please choose one of the listed options',
  messageTooShort: 'Message must be at least 10 characters',
  messageTooLong: 'Message too long',
} as const;

export const limits = { nameMax: 50, emailMax: 100, messageMin: 10, messageMax: 1000 } as const;

/**
 * Letters of any script (with combining accents), spaces, apostrophes (straight or the curly one
 * phones type) and hyphens; between two letters, the zero-width (non-)joiner some scripts spell
 * with (Persian علی‌رضا). Only the plain space counts as a space, so a name never carries a line
 * break into an e-mail subject.
 */
const namePattern = /^(?:[\p{L}\p{M} '’-]|(?<=[\p{L}\p{M}])[\u200c\u200d](?=\p{L}))+$/u;
/**
 * A name as pasted: without the invisible marks of text direction (U+061C, U+200E/F, U+202A-E,
 * U+2066-9), which a name copied from right-to-left text brings along and which could reorder
 * an e-mail subject, nor the zero-width space and byte-order mark pasted text carries, and with a
 * no-break space (U+00A0, U+2007, U+202F) as a plain one.
 */
const pastedName = (name: string) =>
  name.replace(/[\u061c\u200b\u200e\u200f\u202a-\u202e\u2066-\u2069\ufeff]/g, '').replace(/[\u00a0\u2007\u202f]/g, ' ');
/** SPEC §5: an optional leading plus, then 10 to 15 digits, spaces, parentheses or hyphens. */
const phonePattern = /^\+?[0-9 ()-]{10,15}$/;

const nameField = (label: 'First name' | 'Last name') => {
  const key = label === 'First name' ? 'firstName' : 'lastName';
  return z
    .string()
    .check(
      z.overwrite(pastedName),
      z.trim(),
      z.minLength(1, fieldMessages[`${key}Required`]),
      z.maxLength(limits.nameMax, fieldMessages[`${key}TooLong`]),
      z.regex(namePattern, fieldMessages[`${key}Invalid`]),
    );
};

export const contactSchema = z.object({
  firstName: nameField('First name'),
  lastName: nameField('Last name'),
  email: z
    .string()
    .check(z.trim(), z.email(fieldMessages.emailInvalid), z.maxLength(limits.emailMax, fieldMessages.emailTooLong)),
  phone: z._default(
    z.string().check(
      z.trim(),
      z.refine((v) => v === '' || phonePattern.test(v), fieldMessages.phoneInvalid),
    ),
    '',
  ),
  helpType: z._default(z.enum(helpTypes, fieldMessages.helpTypeInvalid), defaultHelpType),
  message: z
    .string()
    .check(
      z.trim(),
      z.minLength(limits.messageMin, fieldMessages.messageTooShort),
      z.maxLength(limits.messageMax, fieldMessages.messageTooLong),
    ),
});

export type ContactMessage = z.infer<typeof contactSchema>;
export type ContactField = keyof ContactMessage;
export const contactFields = [
  'firstName',
  'lastName',
  'email',
  'phone',
  'helpType',
  'message',
] as const satisfies readonly ContactField[];
/** What the visitor typed, before validation: every field as a string. */
export type ContactValues = Record<ContactField, string>;
export type FieldErrors = Partial<Record<ContactField, string>>;

export const emptyContactValues: ContactValues = {
  firstName: '',
  lastName: '',
  email: '',
  phone: '',
  helpType: defaultHelpType,
  message: '',
};

/**
 * What a link may open the contact form with (`/contact?topic=showing`): the help type and the
 * start of a message, fixed texts the visitor completes, never words taken from the address.
 */
export const contactTopics = {
  /** "Ask for a showing" (open houses). */
  showing: {
    helpType: "I'm looking to buy a home",
    message: 'I would like a private showing. The home (or homes) and the days and times that suit me: ',
  },
  /** "Ask for a free home value report" (the home-value box of the seller, upsizing and downsizing pages). */
  valuation: {
    helpType: 'I need a market analysis',
    message: "I would like a free home value report. My home's address and any recent updates: ",
  },
  /** "Get a net sheet for your home" (the seller's net sheet of /seller-resources). */
  netSheet: {
    helpType: 'I want to sell my home',
    message: "I would like a net sheet for selling my home. Its address, what I owe on it and when I'd like to sell: ",
  },
} as const satisfies Record<string, { helpType: HelpType; message: string }>;
export type ContactTopic = keyof typeof contactTopics;

/** The address of the contact form opened on a topic. */
export const contactTopicHref = (topic: ContactTopic) => `/contact?topic=${topic}`;

/** The form's starting values for a `topic` of the address; none for an unknown or missing one. */
export function valuesForTopic(topic: string | null | undefined): ContactValues | undefined {
  if (!topic || !Object.hasOwn(contactTopics, topic)) return undefined;
  return { ...emptyContactValues, ...contactTopics[topic as ContactTopic] };
}

export type ValidationResult = { ok: true; data: ContactMessage } | { ok: false; errors: FieldErrors };

/** Validates a submission and keeps the first message of each failing field (SPEC shows one per field). */
export function validateContact(input: Partial<ContactValues>): ValidationResult {
  const result = contactSchema.safeParse(input);
  if (result.success) return { ok: true, data: result.data };
  const errors: FieldErrors = {};
  for (const issue of result.error.issues) {
    const field = issue.path[0];
    if (typeof field === 'string' && (contactFields as readonly string[]).includes(field)) {
      errors[field as ContactField] ??= issue.message;
    }
  }
  return { ok: false, errors };
}

/**
 * The hidden field of the form on a listing page: the home's RESO ListingKey. The server looks the
 * home up itself; an unknown key is a message without a home.
 */
export const listingField = 'listingKey';

/**
 * How long the form waits for the server's answer before it says the message could not be sent
 * (and keeps it, to send again): a request that never ends left it on "Sending..." for good.
 */
export const sendTimeoutMs = 30_000;

/**
 * The island's name for one message: 32 random hex digits, sent with every try of it. A try whose
 * answer was lost (no answer in time, a dropped connection) may have been stored all the same; sent
 * again under the same name, it is answered 'Message sent!' without being stored twice (a second
 * e-mail to the agent, a second count against the visitor's limit). A changed message is a new one,
 * with a new name. The plain HTML form sends none (its answer comes back with the page).
 */
export const submissionField = 'submissionId';
export const submissionIdPattern = /^[0-9a-f]{32}$/;

/** A new message name (crypto.getRandomValues works on any page; randomUUID only on secure ones). */
export function newSubmissionId(): string {
  return Array.from(crypto.getRandomValues(new Uint8Array(16)), (byte) => byte.toString(16).padStart(2, '0')).join('');
}

/** Spam traps: a field people never see, and the shortest plausible time to fill the form. */
export const spamTrap = { honeypotField: 'website', elapsedField: 'elapsedMs', minFillMs: 3000 } as const;

/**
 * The spam trap's clock starts when the form could first be seen, on the page's performance
 * clock (milliseconds since navigation start): when the page's HTML began to arrive. Not when
 * the island hydrated: the server-rendered form takes typing before that, sometimes for many
 * seconds (islands hydrate late on purpose), and a visitor who sends right after hydration
 * would be taken for a bot. The form cannot be seen before its HTML arrives, so a bot that
 * loads the page and posts at once still reports less than the minimum.
 */
export function formShownAt(navigation: { responseStart: number } | undefined): number {
  const start = navigation?.responseStart;
  return typeof start === 'number' && Number.isFinite(start) && start > 0 ? start : 0;
}

/** Whole milliseconds from `since` to `now` on the same clock (never negative). */
export function elapsedOnForm(since: number, now: number): number {
  return Math.max(0, Math.round(now - since));
}

export interface RateLimitRule {
  max: number;
  windowMs: number;
  /**
   * What the window is judged from: the last accepted submission (SPEC §9's rule, the default),
   * or the first one counted (a fixed window: `max` within any `windowMs` from it).
   */
  from?: 'last' | 'first';
}
export interface RateLimitEntry {
  count: number;
  /** When the window began: the last accepted submission, or the first counted (`from: 'first'`). */
  since: number;
}
export type RateLimitDecision =
  { allowed: true; entry: RateLimitEntry } | { allowed: false; entry: RateLimitEntry; retryAfterMs: number };

/** SPEC §9: at most 3 submissions per key within 60 s. */
export const submissionRule: RateLimitRule = { max: 3, windowMs: 60_000 };

/** SPEC §9: the key is the e-mail, or 'anonymous' when it is empty. */
export function rateLimitKey(email: string): string {
  const key = email.trim().toLowerCase();
  return key === '' ? 'anonymous' : key;
}

/**
 * SPEC §9's window, judged from the last accepted submission (or, for a rule `from: 'first'`, from
 * the first counted): once more than the window has passed since it, the count starts again. A
 * refused attempt changes nothing. No one waits longer than two windows, whatever the clock did.
 */
export function checkRateLimit(
  entry: RateLimitEntry | undefined,
  now: number,
  rule: RateLimitRule = submissionRule,
): RateLimitDecision {
  // A window dated a little after `now` was opened a moment later by another instance, or by a
  // submission taken while this one waited for the counter: it counts. One dated more than a
  // window ahead was counted while the clock ran ahead (set back since): it starts again.
  const age = entry ? now - entry.since : Number.POSITIVE_INFINITY;
  const current = entry && Math.abs(age) <= rule.windowMs ? entry : { count: 0, since: now };
  if (current.count >= rule.max) {
    return { allowed: false, entry: current, retryAfterMs: Math.max(1, current.since + rule.windowMs - now) };
  }
  return { allowed: true, entry: { count: current.count + 1, since: rule.from === 'first' ? current.since : now } };
}

/** The texting-consent sentence a North Carolina agent shows next to the phone field. */
export function textingConsent(agentName: string): string {
  return `By giving your phone number, you agree that ${agentName} may contact you by call or text at that number about your inquiry. Consent is not a condition of any purchase. Message and data rates may apply; reply STOP to opt out.`;
}
