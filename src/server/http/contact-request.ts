/**
 * The contact form's HTTP input: a Request becomes a submission (the form's values, the spam
 * trap's fields, the visitor's browser), or a rejection with its status (400, 413, 415). The
 * body size limit is enforced while Astro's Node adapter reads the body (`bodySizeLimit` in
 * astro.config.mjs, set from `bodyLimitBytes`); here a body over it is answered 413.
 */
import {
  contactFields,
  defaultHelpType,
  listingField,
  spamTrap,
  submissionField,
  submissionIdPattern,
  type ContactValues,
} from '#src/lib/contact-form.ts';
import { takeSubmission, type IntakeDeps, type Outcome, type Submission } from '../leads/intake.ts';

/**
 * Largest body read. A form at every limit in a non-Latin script is under 4 KB as the island's
 * JSON, about 10 KB as the plain form posts it (each such character percent-encoded in 9 bytes).
 * The limit is several times that: a form over it comes back empty (its values were never read),
 * so a message a few times too long, pasted without JavaScript, is answered 'Message too long'
 * with everything the visitor typed, like any other invalid form.
 */
export const bodyLimitBytes = 64 * 1024;

export const requestMessages = {
  malformed: 'The form could not be read. Please reload the page and try again.',
  unsupportedType: 'The form must be sent as application/x-www-form-urlencoded or application/json.',
  unsupportedCharset: 'The form must be sent in UTF-8.',
  unsupportedEncoding: 'The form must be sent uncompressed.',
  tooLarge: 'The form is too large to send. Please shorten your message and try again.',
  crossSite: 'Forms posted from other websites are not accepted.',
} as const;

/** JSON for the island (it posts JSON and asks for JSON), HTML for everything else. */
export function wantsJson(contentType: string, accept: string): boolean {
  if (/^\s*application\/json\b/i.test(contentType)) return true;
  return /application\/json/i.test(accept) && !/text\/html/i.test(accept);
}

export function requestWantsJson(request: Request): boolean {
  return wantsJson(request.headers.get('content-type') ?? '', request.headers.get('accept') ?? '');
}

type ParseResult = { ok: true; submission: Submission } | { ok: false; status: 400 | 413 | 415; message: string };

/** A field as stored: at most 2,000 characters, and no NUL, which PostgreSQL's text cannot hold (the lead was refused). */
const clip = (value: string) => value.replaceAll('\0', '').slice(0, 2000);

/**
 * The page the form was sent from: the path of the Referer when it is this site (browsers send
 * it for same-origin posts under the site's Referrer-Policy), else ''. The host is compared, not
 * the scheme (behind a TLS-terminating proxy this server sees http, the browser https): `host`, the
 * one the visitor posted to (a proxy's X-Forwarded-Host), else the request's. A path of several
 * leading slashes is one page's path, not another host's (`//evil.example/login`).
 */
export function sourcePage(request: Request, host = new URL(request.url).host): string {
  try {
    const referer = new URL(request.headers.get('referer') ?? '');
    const path = referer.pathname.replace(/^\/+/, '/').slice(0, 300);
    return referer.host.toLowerCase() === host.toLowerCase() && /^https?:$/.test(referer.protocol) ? path : '';
  } catch {
    return '';
  }
}

function valuesFrom(get: (name: string) => unknown): ContactValues | undefined {
  const values = {} as ContactValues;
  for (const field of contactFields) {
    const value = get(field);
    if (value === undefined || value === null) values[field] = field === 'helpType' ? defaultHelpType : '';
    // A browser posts a textarea's line breaks as CRLF but counts them, like the island, as one
    // character each: read as such, so both forms take the same message up to its limit.
    else if (typeof value === 'string') values[field] = value.replaceAll('\0', '').replace(/\r\n?/g, '\n');
    else return undefined;
  }
  return values;
}

export async function parseContactBody(request: Request, host?: string): Promise<ParseResult> {
  const mediaType = (request.headers.get('content-type') ?? '').split(';')[0]!.trim().toLowerCase();
  const charset = /charset\s*=\s*"?([\w-]+)/i.exec(request.headers.get('content-type') ?? '')?.[1]?.toLowerCase();
  if (mediaType !== 'application/json' && mediaType !== 'application/x-www-form-urlencoded') {
    return { ok: false, status: 415, message: requestMessages.unsupportedType };
  }
  if (charset && charset !== 'utf-8' && charset !== 'utf8') {
    return { ok: false, status: 415, message: requestMessages.unsupportedCharset };
  }
  // A compressed body was read as it came: gzip as garbage (400), plain JSON labelled gzip as a lead.
  const coding = (request.headers.get('content-encoding') ?? 'identity').trim().toLowerCase();
  if (coding !== 'identity' && coding !== '') {
    return { ok: false, status: 415, message: requestMessages.unsupportedEncoding };
  }
  const declared = Number(request.headers.get('content-length') ?? 0);
  const userAgent = clip(request.headers.get('user-agent') ?? '');
  const page = sourcePage(request, host);
  if (declared > bodyLimitBytes) return { ok: false, status: 413, message: requestMessages.tooLarge };
  let bytes: ArrayBuffer;
  try {
    bytes = await request.arrayBuffer();
  } catch {
    // The adapter stops reading past bodySizeLimit; anything else unreadable is malformed.
    return declared > bodyLimitBytes || !request.headers.has('content-length')
      ? { ok: false, status: 413, message: requestMessages.tooLarge }
      : { ok: false, status: 400, message: requestMessages.malformed };
  }
  if (bytes.byteLength > bodyLimitBytes) return { ok: false, status: 413, message: requestMessages.tooLarge };
  let text: string;
  try {
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
      submission: {
        values: values!,
        honeypot: clip(form.get(spamTrap.honeypotField) ?? ''),
        elapsedMs: elapsed && /^\d+$/.test(elapsed) ? Number(elapsed) : undefined,
        fromScript: false,
        userAgent,
        sourcePage: page,
        listingKey: clip(form.get(listingField) ?? ''),
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
  const listingKey = own(listingField) ?? '';
  // A name not of the island's making is no name: the message is taken as a new one.
  const submissionId = own(submissionField);
  if (
    !values ||
    typeof honeypot !== 'string' ||
    typeof listingKey !== 'string' ||
    (elapsed !== undefined && typeof elapsed !== 'number')
  ) {
    return { ok: false, status: 400, message: requestMessages.malformed };
  }
  return {
    ok: true,
    submission: {
      values,
      honeypot: clip(honeypot),
      elapsedMs: typeof elapsed === 'number' && Number.isFinite(elapsed) ? elapsed : undefined,
      fromScript: true,
      userAgent,
      sourcePage: page,
      listingKey: clip(listingKey),
      submissionId:
        typeof submissionId === 'string' && submissionIdPattern.test(submissionId) ? submissionId : undefined,
    },
  };
}

/** One POST of the form, from Request to outcome; `host` is the one the visitor posted to (ContactLocals). */
export async function handleContactPost(request: Request, deps: IntakeDeps, host?: string): Promise<Outcome> {
  const result = await parseContactBody(request, host);
  if (!result.ok) return { kind: 'rejected', status: result.status, message: result.message };
  return takeSubmission(result.submission, deps);
}
