/** Display and link forms of the agent's contact details, derived from the site config's raw values. */

/** Ten digits as `(NNN) NNN-NNNN`. */
export function formatPhone(digits: string): string {
  const d = digits.replace(/\D/g, '').slice(-10);
  return `(${d.slice(0, 3)}) ${d.slice(3, 6)}-${d.slice(6)}`;
}

/** Ten digits as a `tel:+1NNNNNNNNNN` link (E.164, North American numbering). */
export function telHref(digits: string): string {
  return `tel:+1${digits.replace(/\D/g, '').slice(-10)}`;
}

/** E.164 form for structured data. */
export function e164(digits: string): string {
  return `+1${digits.replace(/\D/g, '').slice(-10)}`;
}

/**
 * `mailto:` link with an optional prefilled subject and body, encoded as RFC 6068 asks (every
 * reserved character percent-encoded, `encodeURIComponent` leaving only the unreserved ones and
 * `! ' ( ) *`, which RFC 6068 allows as they are; line breaks as CRLF). An empty `email`
 * leaves the recipient to the visitor (`mailto:?subject=...`): sharing a page with someone.
 */
export function mailtoHref(email: string, subject?: string, body?: string): string {
  const fields = Object.entries({ subject, body: body?.replace(/\r?\n/g, '\r\n') })
    .filter(([, value]) => value)
    .map(([name, value]) => `${name}=${encodeURIComponent(value!)}`);
  return `mailto:${email}${fields.length ? `?${fields.join('&')}` : ''}`;
}
