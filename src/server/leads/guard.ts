/**
 * Checks the production server makes on every POST before Astro sees it: where the request
 * comes from (same-origin rule) and who sent it (client address, through a local reverse proxy).
 * How big it may be is the Node adapter's `bodySizeLimit` (src/server/http/contact-request.ts).
 */
import type { IncomingMessage } from 'node:http';

export interface GuardOptions {
  /** Trust X-Forwarded-* from any peer, not only from a proxy on this machine. */
  trustProxy: boolean;
  /**
   * How many proxies in front of the server each append to X-Forwarded-For the address they
   * took the request from: 1 for one reverse proxy (the default), 2 for a CDN before a load balancer.
   */
  proxyHops?: number;
  /** Origins allowed besides the one the request was addressed to (e.g. the apex domain). */
  allowedOrigins: readonly string[];
}

const first = (value: string | string[] | undefined) => (Array.isArray(value) ? value[0] : value);

function isLoopback(address: string | undefined): boolean {
  return !!address && (address === '::1' || address.startsWith('127.') || address.startsWith('::ffff:127.'));
}

/** Whether X-Forwarded-* headers on this request were set by our own reverse proxy. */
function fromTrustedProxy(req: IncomingMessage, options: GuardOptions): boolean {
  return options.trustProxy || isLoopback(req.socket.remoteAddress);
}

/**
 * The visitor's address. The server listens on 127.0.0.1 behind a reverse proxy, so a peer on
 * this machine is the proxy, and each of the `proxyHops` proxies appended one X-Forwarded-For
 * entry: the visitor is the entry `proxyHops` from the end (the last, behind one proxy; behind a
 * CDN and a load balancer, the one the CDN appended). Entries further left are whatever the client
 * claimed and are ignored.
 */
export function clientAddress(req: IncomingMessage, options: GuardOptions): string | undefined {
  const peer = req.socket.remoteAddress?.replace(/^::ffff:/, '');
  const forwarded = first(req.headers['x-forwarded-for']);
  if (forwarded && fromTrustedProxy(req, options)) {
    const entries = forwarded
      .split(',')
      .map((entry) => entry.trim())
      .filter(Boolean);
    const visitor = entries.at(-Math.min(Math.max(1, options.proxyHops ?? 1), entries.length));
    if (visitor) return visitor.replace(/^::ffff:/, '');
  }
  return peer;
}

/** The host the visitor sent the request to: the proxy's X-Forwarded-Host when it is trusted, else Host. */
export function requestHost(req: IncomingMessage, options: GuardOptions): string | undefined {
  const forwardedHost = fromTrustedProxy(req, options) ? first(req.headers['x-forwarded-host']) : undefined;
  return (forwardedHost?.split(',')[0]?.trim() ?? req.headers.host)?.toLowerCase();
}

/**
 * Same-origin rule for POSTs:
 * - `Sec-Fetch-Site: cross-site` is refused;
 * - an Origin header must name the host the request was sent to (or an allowed origin);
 *   the opaque origin "null" is refused;
 * - without Origin, a Referer must pass the same test;
 * - with neither header the request is accepted: every current browser sends Origin on a
 *   cross-origin POST, so a request without both is not a cross-site form post from a
 *   browser (it is an old browser, a privacy tool stripping headers, or a script, which the
 *   rate limits and spam traps handle).
 * The host is compared, not the scheme: behind a TLS-terminating proxy this server sees http
 * while the browser's origin is https.
 */
export function isSameOrigin(req: IncomingMessage, options: GuardOptions): boolean {
  if (first(req.headers['sec-fetch-site']) === 'cross-site') return false;
  const host = requestHost(req, options);
  const matches = (value: string) => {
    if (!URL.canParse(value)) return false;
    const url = new URL(value);
    if (url.protocol !== 'http:' && url.protocol !== 'https:') return false;
    return (host !== undefined && url.host.toLowerCase() === host) || options.allowedOrigins.includes(url.origin);
  };
  const origin = first(req.headers.origin);
  if (origin !== undefined) return origin !== 'null' && matches(origin);
  const referer = first(req.headers.referer);
  if (referer !== undefined) return matches(referer);
  return true;
}
