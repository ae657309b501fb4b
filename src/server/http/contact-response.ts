/**
 * The contact form's HTTP answers, from one status table: JSON for the island, and for the form
 * without JavaScript either the page state (status, SPEC's messages, what was typed) or the
 * redirect to /contact/sent.
 */
import { statusText, type ContactValues, type FieldErrors, type FormStatus } from '#src/lib/contact-form.ts';
import type { Outcome } from '../leads/intake.ts';
import { requestMessages } from './contact-request.ts';

/** Status and reason phrase of each outcome. */
const statuses: Record<Outcome['kind'], (outcome: Outcome) => [number, string]> = {
  accepted: () => [200, 'OK'],
  invalid: () => [422, 'Unprocessable Content'],
  'rate-limited': () => [429, 'Too Many Requests'],
  rejected: (outcome) => {
    const status = 'status' in outcome ? outcome.status : 400;
    return [
      status,
      ({ 400: 'Bad Request', 413: 'Content Too Large', 415: 'Unsupported Media Type' } as Record<number, string>)[
        status
      ] ?? '',
    ];
  },
  unavailable: () => [503, 'Service Unavailable'],
};

function headersOf(outcome: Outcome): Record<string, string> {
  const headers: Record<string, string> = { 'Cache-Control': 'no-store' };
  if (outcome.kind === 'rate-limited') headers['Retry-After'] = String(outcome.retryAfterSeconds);
  if (outcome.kind === 'unavailable') headers['Retry-After'] = '60';
  // What a sender of a compressed body is to send instead (RFC 9110, 15.5.16).
  if (outcome.kind === 'rejected' && outcome.message === requestMessages.unsupportedEncoding) {
    headers['Accept-Encoding'] = 'identity';
  }
  return headers;
}

/** The status line the form shows for an outcome. */
function messageOf(outcome: Outcome): string {
  switch (outcome.kind) {
    case 'accepted':
      return statusText.sent;
    case 'invalid':
      return statusText.invalid;
    case 'rate-limited':
      return statusText.rateLimited;
    case 'rejected':
      return outcome.message;
    case 'unavailable':
      return statusText.failed;
  }
}

/** The island's answer. Field messages and status texts are the shared SPEC ones. */
export function jsonResponse(outcome: Outcome): Response {
  const [status] = statuses[outcome.kind](outcome);
  const body =
    outcome.kind === 'accepted'
      ? { ok: true, message: messageOf(outcome) }
      : { ok: false, message: messageOf(outcome), ...(outcome.kind === 'invalid' ? { errors: outcome.errors } : {}) };
  return Response.json(body, { status, headers: headersOf(outcome) });
}

export interface PageAnswer {
  status: number;
  statusText: string;
  headers: Record<string, string>;
  values: ContactValues | undefined;
  errors: FieldErrors | undefined;
  formStatus: FormStatus;
}

/** What the form page without JavaScript shows for an outcome other than success. */
export function pageAnswer(outcome: Exclude<Outcome, { kind: 'accepted' }>): PageAnswer {
  const [status, reason] = statuses[outcome.kind](outcome);
  return {
    status,
    statusText: reason,
    headers: headersOf(outcome),
    values: outcome.values,
    errors: outcome.kind === 'invalid' ? outcome.errors : undefined,
    formStatus: { tone: 'error', text: messageOf(outcome) },
  };
}
