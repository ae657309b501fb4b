/**
 * What happens to one POST of the contact form, from raw request to stored lead, as a plain
 * function of the request and its dependencies. The route turns the outcome into JSON for the
 * island or an HTML page for the form without JavaScript.
 *
 * Order: read the body (400/413/415), spot bots (they get the normal success and are stored as
 * spam), validate (422), count it against the rate limits (429), then commit the lead and its
 * pending deliveries before anyone is told 'Message sent!'.
 */
import {
  contactFields,
  defaultHelpType,
  rateLimitKey,
  spamTrap,
  statusText,
  submissionRule,
  validateContact,
  type ContactValues,
  type FieldErrors,
  type RateLimitRule,
} from '../../lib/contact-form.ts';
import type { Channel, LeadStore } from './store.ts';

/** Largest body the route reads. A full form is under 4 KB even in a non-Latin script. */
export const bodyLimitBytes = 16 * 1024;

/** Per-client-address limit, on top of SPEC's per-e-mail rule: stops one client cycling addresses. */
export const addressRule: RateLimitRule = { max: 10, windowMs: 10 * 60_000 };

export const requestMessages = {
  malformed: 'The form could not be read. Please reload the page and try again.',
  unsupportedType: 'The form must be sent as application/x-www-form-urlencoded or application/json.',
  tooLarge: 'The form is too large to send. Please shorten your message and try again.',
  crossSite: 'Forms posted from other websites are not accepted.',
} as const;

export type Outcome =
  | { kind: 'accepted'; leadId: number; spam: boolean }
  | { kind: 'invalid'; status: 422; errors: FieldErrors; values: ContactValues }
  | { kind: 'rate-limited'; status: 429; retryAfterSeconds: number; values: ContactValues }
  | { kind: 'rejected'; status: 400 | 413 | 415; message: string; values?: ContactValues }
  | { kind: 'unavailable'; status: 503; values: ContactValues };

export interface IntakeDeps {
  store: LeadStore;
  /** Delivery channels each new lead is queued for. */
  channels: readonly Channel[];
  minFillMs: number;
  clientAddress: string | undefined;
  /** Tells the delivery worker a lead was committed. */
  onLead?: (leadId: number) => void;
  now?: () => number;
  log?: (message: string) => void;
}

export type ResponseFormat = 'json' | 'html';

/** JSON for the island (it posts JSON and asks for JSON), HTML for everything else. */
export function wantsJson(contentType: string, accept: string): boolean {
  if (/^\s*application\/json\b/i.test(contentType)) return true;
  return /application\/json/i.test(accept) && !/text\/html/i.test(accept);
}

export function responseFormat(request: Request): ResponseFormat {
  const header = (name: string) => request.headers.get(name) ?? '';
  return wantsJson(header('content-type'), header('accept')) ? 'json' : 'html';
}

interface Parsed {
  values: ContactValues;
  honeypot: string;
  elapsedMs: number | undefined;
  fromScript: boolean;
}

type ParseResult = { ok: true; parsed: Parsed } | { ok: false; status: 400 | 413 | 415; message: string };

function valuesFrom(get: (name: string) => unknown): ContactValues | undefined {
  const values = {} as ContactValues;
  for (const field of contactFields) {
    const value = get(field);
    if (value === undefined || value === null) values[field] = field === 'helpType' ? defaultHelpType : '';
    else if (typeof value === 'string') values[field] = value;
    else return undefined;
  }
  return values;
}

export async function parseContactBody(request: Request): Promise<ParseResult> {
  const mediaType = (request.headers.get('content-type') ?? '').split(';')[0]!.trim().toLowerCase();
  const charset = /charset\s*=\s*"?([\w-]+)/i.exec(request.headers.get('content-type') ?? '')?.[1]?.toLowerCase();
  if (mediaType !== 'application/json' && mediaType !== 'application/x-www-form-urlencoded') {
    return { ok: false, status: 415, message: requestMessages.unsupportedType };
  }
  if (charset && charset !== 'utf-8' && charset !== 'utf8') {
    return { ok: false, status: 415, message: requestMessages.unsupportedType };
  }
  const declared = Number(request.headers.get('content-length') ?? 0);
  if (declared > bodyLimitBytes) return { ok: false, status: 413, message: requestMessages.tooLarge };
  let text: string;
  try {
    const bytes = await request.arrayBuffer();
    if (bytes.byteLength > bodyLimitBytes) return { ok: false, status: 413, message: requestMessages.tooLarge };
    text = new TextDecoder('utf-8', { fatal: true }).decode(bytes);
  } catch {
    return { ok: false, status: 400, message: requestMessages.malformed };
  }

  if (mediaType === 'application/x-www-form-urlencoded') {
    const form = new URLSearchParams(text);
    const values = valuesFrom((name) => form.get(name) ?? undefined);
    const elapsed = form.get(spamTrap.elapsedField);
    return {
      ok: true,
      parsed: {
        values: values!,
        honeypot: form.get(spamTrap.honeypotField) ?? '',
        elapsedMs: elapsed && /^\d+$/.test(elapsed) ? Number(elapsed) : undefined,
        fromScript: false,
      },
    };
  }

  let body: unknown;
  try {
    body = JSON.parse(text);
  } catch {
    return { ok: false, status: 400, message: requestMessages.malformed };
  }
  if (typeof body !== 'object' || body === null || Array.isArray(body)) {
    return { ok: false, status: 400, message: requestMessages.malformed };
  }
  const record = body as Record<string, unknown>;
  const own = (name: string) => (Object.hasOwn(record, name) ? record[name] : undefined);
  const values = valuesFrom(own);
  const honeypot = own(spamTrap.honeypotField) ?? '';
  const elapsed = own(spamTrap.elapsedField);
  if (!values || typeof honeypot !== 'string' || (elapsed !== undefined && typeof elapsed !== 'number')) {
    return { ok: false, status: 400, message: requestMessages.malformed };
  }
  return {
    ok: true,
    parsed: {
      values,
      honeypot,
      elapsedMs: typeof elapsed === 'number' && Number.isFinite(elapsed) ? elapsed : undefined,
      fromScript: true,
    },
  };
}

/** Why a submission looks automated, or undefined when it looks human. */
export function spamReason(parsed: Parsed, minFillMs: number): string | undefined {
  if (parsed.honeypot.trim() !== '') return 'honeypot';
  // The island always reports how long the form was on screen. The plain HTML form cannot
  // (the page is static), so for it only the honeypot applies.
  if (parsed.fromScript && parsed.elapsedMs === undefined) return 'too fast';
  if (parsed.elapsedMs !== undefined && parsed.elapsedMs < minFillMs) return 'too fast';
  return undefined;
}

const clip = (value: string) => value.slice(0, 2000);

export async function handleContactPost(request: Request, deps: IntakeDeps): Promise<Outcome> {
  const now = deps.now ?? Date.now;
  const log = deps.log ?? ((message: string) => console.error(message));
  const result = await parseContactBody(request);
  if (!result.ok) return { kind: 'rejected', status: result.status, message: result.message };
  const { values } = result.parsed;

  try {
    // What SPEC counts is a submission that reaches the agent: a form sent back with field
    // errors costs nothing, so the corrected try is not refused. Spam counts (it is stored).
    const takeLimit = (): Outcome | undefined => {
      const checks = [{ key: `email:${rateLimitKey(values.email)}`, rule: submissionRule }];
      if (deps.clientAddress) checks.push({ key: `ip:${deps.clientAddress}`, rule: addressRule });
      const limit = deps.store.takeRateLimit(checks, now());
      if (limit.allowed) return undefined;
      return { kind: 'rate-limited', status: 429, retryAfterSeconds: Math.ceil(limit.retryAfterMs / 1000), values };
    };

    const userAgent = clip(request.headers.get('user-agent') ?? '');
    const ip = deps.clientAddress ?? '';
    const spam = spamReason(result.parsed, deps.minFillMs);
    if (spam) {
      const refused = takeLimit();
      if (refused) return refused;
      const leadId = deps.store.addLead(
        {
          status: 'spam',
          spamReason: spam,
          firstName: clip(values.firstName),
          lastName: clip(values.lastName),
          email: clip(values.email),
          phone: clip(values.phone),
          helpType: clip(values.helpType),
          message: clip(values.message),
          ip,
          userAgent,
        },
        [],
        now(),
      );
      return { kind: 'accepted', leadId, spam: true };
    }

    const validation = validateContact(values);
    if (!validation.ok) return { kind: 'invalid', status: 422, errors: validation.errors, values };

    const refused = takeLimit();
    if (refused) return refused;
    const leadId = deps.store.addLead({ status: 'lead', ...validation.data, ip, userAgent }, deps.channels, now());
    deps.onLead?.(leadId);
    return { kind: 'accepted', leadId, spam: false };
  } catch (error) {
    // The database failed, not the visitor: say so plainly and keep what they typed.
    log(`contact form: could not store a submission: ${error instanceof Error ? error.message : String(error)}`);
    return { kind: 'unavailable', status: 503, values };
  }
}

/** The island's answer. Field messages and status texts are the shared SPEC ones. */
export function jsonResponse(outcome: Outcome): Response {
  const headers: Record<string, string> = { 'Cache-Control': 'no-store' };
  const json = (status: number, body: object) => Response.json(body, { status, headers });
  switch (outcome.kind) {
    case 'accepted':
      return json(200, { ok: true, message: statusText.sent });
    case 'invalid':
      return json(422, { ok: false, message: statusText.invalid, errors: outcome.errors });
    case 'rate-limited':
      headers['Retry-After'] = String(outcome.retryAfterSeconds);
      return json(429, { ok: false, message: statusText.rateLimited });
    case 'rejected':
      return json(outcome.status, { ok: false, message: outcome.message });
    case 'unavailable':
      headers['Retry-After'] = '60';
      return json(503, { ok: false, message: statusText.failed });
  }
}
