/**
 * What a request asks for, read defensively: the request target and the Host header come
 * straight from the network, so nothing here throws, and what it returns is safe to put into a
 * URL or a response header. Pure functions; the server's error boundary answers the failures.
 */

export type Target =
  | { kind: 'path'; /** Still percent-encoded, as sent. */ pathname: string; search: string }
  | { kind: 'asterisk' }
  | { kind: 'invalid'; reason: string };

/**
 * Visible ASCII only: browsers percent-encode everything else, and leave a few characters that
 * RFC 3986 does not allow (`|`, `^`, `{`...) as they are, so those are accepted. A raw backslash
 * (a browser sends `/` instead) and `#` (never sent) are refused.
 */
const pathChars = /^[\x21-\x22\x24-\x5b\x5d-\x7e]*$/;
const queryChars = /^[\x21-\x22\x24-\x7e]*$/;

/**
 * Reads a request target (RFC 9112 §3.2): origin-form (`/path?query`), absolute-form
 * (`http://host/path`, which a server must accept; its host is ignored) or asterisk-form (`*`).
 */
export function parseTarget(raw: string | undefined): Target {
  if (!raw) return { kind: 'invalid', reason: 'empty request target' };
  if (raw === '*') return { kind: 'asterisk' };
  let rest = raw;
  if (!raw.startsWith('/')) {
    const absolute = /^https?:\/\/[^/?#]*/i.exec(raw);
    if (!absolute) return { kind: 'invalid', reason: 'request target is neither a path nor an absolute URL' };
    rest = raw.slice(absolute[0].length) || '/';
    if (!rest.startsWith('/')) rest = `/${rest}`;
  }
  const at = rest.indexOf('?');
  const pathname = at === -1 ? rest : rest.slice(0, at);
  const search = at === -1 ? '' : rest.slice(at);
  // A lone `%` ("?utm_content=20%off", "/100%", typed or pasted) is not refused here: URLSearchParams
  // reads it in a query as a `%`, and a path that cannot be decoded names no page (decodePath), so
  // its visitor gets the site's 404 page rather than a plain "Bad Request".
  if (!pathChars.test(pathname) || !queryChars.test(search.slice(1))) {
    return { kind: 'invalid', reason: 'request target has characters a URL cannot hold' };
  }
  return { kind: 'path', pathname, search };
}

/** Decodes an encoded path, or undefined when it cannot name a file (bad UTF-8, NUL, backslash, `..`). */
export function decodePath(pathname: string): string | undefined {
  let decoded: string;
  try {
    decoded = decodeURIComponent(pathname);
  } catch {
    return undefined;
  }
  // Control characters and backslashes are in no file or route name of this site; nor are dot
  // segments, which browsers resolve before they send (Astro's URL parser made `/x/../contact` a page).
  if (/[\u0000-\u001f\u007f\\]|(^|\/)\.\.?(\/|$)/.test(decoded)) return undefined;
  return decoded;
}

/**
 * A Host header (RFC 9110 §7.2): a registered name, IPv4 or bracketed IPv6 address, with an
 * optional port. Userinfo (`a@b`), spaces and other characters are refused, and so are two Host
 * headers (RFC 9112 §3.2), which Node's `req.headers` would quietly read as the first: pass
 * `req.headersDistinct.host`.
 */
export function isValidHost(hosts: string | readonly string[] | undefined): boolean {
  const host = typeof hosts === 'string' || hosts?.length !== 1 ? hosts : hosts[0];
  if (typeof host !== 'string' || host.length === 0 || host.length > 255) return false;
  const form =
    /^(?:[A-Za-z0-9](?:[A-Za-z0-9-]*[A-Za-z0-9])?(?:\.[A-Za-z0-9](?:[A-Za-z0-9-]*[A-Za-z0-9])?)*\.?|\[[0-9A-Fa-f:.]+\])(?::(\d{1,5}))?$/.exec(
      host,
    );
  // One the URL Astro builds cannot read (a port past 65535, 999.999.999.999, [::::]) made it draw
  // another route: the home page's once, then the 404 page for /contact, a posted lead dropped.
  return form !== null && URL.canParse(`http://${host}/`);
}
