/**
 * The HTTP side of the MLS sync: one paced, retrying fetch for a RESO Web API server and its
 * media host. Every request waits for its turn (at most `perSecond` starts a second, MLS Grid's
 * limit being 2), sends `Accept-Encoding: gzip` (MLS Grid answers 400 without it) and the bearer
 * token, which is either given (`RESO_TOKEN`) or fetched with OAuth2 client credentials and
 * renewed before it expires. A 429 waits its `Retry-After`; a network error or a 5xx is retried
 * with doubling back-off a bounded number of times, then the run fails with the request named
 * (its address without the token, which never travels in it). Media downloads carry the token as
 * their `User-Agent`, MLS Grid's rule, and no Authorization header (the media host is another
 * server), and only to the API's own site (see `tokenGoesTo`).
 */

import { STATUS_CODES } from 'node:http';
import { getDomain } from 'tldts';
import { readCapped, shownSize } from '../read-capped.ts';

export type ResoAuth =
  | { kind: 'bearer'; token: string }
  | { kind: 'client-credentials'; tokenUrl: string; clientId: string; clientSecret: string; scope?: string };

export type HttpEvent =
  | { type: 'retry'; what: string; attempt: number; delayMs: number; reason: string }
  | { type: 'token'; expiresInS: number | undefined };

export interface ResoHttpOptions {
  auth: ResoAuth;
  /** The service root: media on its site get the token (see `tokenGoesTo`). */
  apiUrl: string;
  fetch?: typeof globalThis.fetch;
  sleep?: (ms: number) => Promise<void>;
  now?: () => number;
  /** Most request starts a second (MLS Grid: 2). */
  perSecond?: number;
  /** Retries after the first attempt for network errors and 5xx answers. */
  retries?: number;
  baseDelayMs?: number;
  maxDelayMs?: number;
  /** Most 429 answers in a row for one request before giving up. */
  rateLimitRetries?: number;
  /** Longest Retry-After honoured; a longer one fails the run rather than hang it. */
  maxRetryAfterMs?: number;
  /** Per-attempt time limit. */
  timeoutMs?: number;
  /** Largest photo downloaded, in bytes once decompressed; a larger one is refused part-way. */
  maxPhotoBytes?: number;
  /**
   * Largest JSON answer (a page of records, a token), in bytes once decompressed: a larger one (a
   * gzip bomb, or a server gone wrong) is refused part-way, never held whole in memory.
   */
  maxPageBytes?: number;
  onEvent?: (event: HttpEvent) => void;
}

export class ResoError extends Error {
  readonly status: number | undefined;
  /** The server or the network failed every retry: the same request may well work later. */
  readonly passing: boolean;

  constructor(message: string, status?: number, passing = false) {
    super(message);
    this.name = 'ResoError';
    this.status = status;
    this.passing = passing;
  }
}

/** Capped exponential back-off: base, 2*base, 4*base, ... never above max. */
export function backoffDelay(attempt: number, baseDelayMs: number, maxDelayMs: number): number {
  return Math.min(maxDelayMs, baseDelayMs * 2 ** attempt);
}

/** Retry-After as seconds or an HTTP date (RFC 9110 §10.2.3), in milliseconds from `now`. */
export function retryAfterMs(header: string | null, now: number): number | undefined {
  if (header === null || header.trim() === '') return undefined;
  const value = header.trim();
  if (/^\d+$/.test(value)) return Number(value) * 1000;
  const date = Date.parse(value);
  return Number.isNaN(date) ? undefined : Math.max(0, date - now);
}

/** A URL as shown in messages: its path and query, decoded so a filter reads as written. */
export function shownUrl(url: string): string {
  const u = new URL(url);
  try {
    return decodeURIComponent(`${u.pathname}${u.search}`);
  } catch {
    return `${u.pathname}${u.search}`;
  }
}

/**
 * Whether a media address may carry the access token (as its User-Agent, MLS Grid's rule): one on
 * the API's own site, over https or the API's own scheme. That is the API's host, or one beside it
 * under the same parent domain (media.mlsgrid.com beside api.mlsgrid.com), where that parent is one
 * owner's: not a public suffix (co.uk) nor a hosting domain its tenants share (herokuapp.com), as the
 * Public Suffix List says. A photo kept on a third party's CDN, or a redirect to one, is fetched
 * without it: the token would sit in that CDN's logs.
 */
export function tokenGoesTo(mediaUrl: string, apiUrl: string): boolean {
  const media = new URL(mediaUrl);
  const api = new URL(apiUrl);
  if (media.protocol !== 'https:' && media.protocol !== api.protocol) return false;
  if (media.hostname === api.hostname) return true;
  const parent = api.hostname.split('.').slice(1).join('.');
  // The API's own registrable domain (none for an IP address): the parent may not be above it.
  const owned = getDomain(api.hostname, { allowPrivateDomains: true });
  if (!owned || parent.length < owned.length) return false;
  return media.hostname.endsWith(`.${parent}`);
}

/** Most redirects a photo download follows. */
const MOST_REDIRECTS = 5;

/**
 * Request starts at least 1000/perSecond ms apart (plus `marginMs`, so the server, which counts
 * arrivals that the network may bunch up, never sees more), measured from the previous start:
 * any one second holds at most `perSecond` of them whatever the answers take.
 */
export function createPacer(perSecond: number, now: () => number, sleep: (ms: number) => Promise<void>, marginMs = 50) {
  const gap = Math.ceil(1000 / perSecond) + marginMs;
  let next = 0;
  return async function turn(): Promise<void> {
    const at = Math.max(now(), next);
    next = at + gap;
    const wait = at - now();
    if (wait > 0) await sleep(wait);
  };
}

export function createResoHttp(options: ResoHttpOptions) {
  const {
    auth,
    apiUrl,
    fetch: doFetch = globalThis.fetch,
    sleep = (ms: number) => new Promise<void>((r) => setTimeout(r, ms)),
    now = Date.now,
    perSecond = 2,
    retries = 4,
    baseDelayMs = 1000,
    maxDelayMs = 30_000,
    rateLimitRetries = 5,
    maxRetryAfterMs = 15 * 60_000,
    timeoutMs = 60_000,
    maxPhotoBytes = 40 * 1024 * 1024,
    maxPageBytes = 100 * 1024 * 1024,
    onEvent = () => {},
  } = options;
  const turn = createPacer(perSecond, now, sleep);
  let token: { value: string; expiresAt: number } | undefined =
    auth.kind === 'bearer' ? { value: auth.token, expiresAt: Infinity } : undefined;

  /**
   * One request with pacing and retries; `init` makes its init afresh for each attempt. `read` reads
   * the answer's body within the attempt, so a connection cut halfway through a page or a photo is
   * retried like one that never answered.
   */
  async function send<T>(
    url: string,
    what: string,
    init: () => Promise<RequestInit>,
    read: (res: Response) => Promise<T>,
  ): Promise<T> {
    let failures = 0;
    let limited = 0;
    for (;;) {
      await turn();
      let res: Response | undefined;
      let reason: string;
      try {
        const request = await init();
        res = await doFetch(url, { ...request, signal: AbortSignal.timeout(timeoutMs) });
        // A redirect the caller follows itself reaches `read` with its Location.
        const redirected = request.redirect === 'manual' && res.status >= 300 && res.status < 400;
        if (res.ok || (redirected && res.headers.has('location'))) return await read(res);
        reason = `${res.status} ${res.statusText || STATUS_CODES[res.status] || ''}`.trim();
        // Only the start of an error page is shown: one that is huge (a gzip bomb) is not read whole.
        const body = await readCapped(res, 64 * 1024).then(
          (bytes) => bytes.toString('utf8'),
          () => '',
        );
        const detail = body.trim().slice(0, 300);
        if (res.status === 429) {
          const wait =
            retryAfterMs(res.headers.get('retry-after'), now()) ?? backoffDelay(limited, baseDelayMs, maxDelayMs);
          if (limited >= rateLimitRetries || wait > maxRetryAfterMs) {
            throw new ResoError(
              `${what} was refused as too many requests (429) ${limited + 1} times; stopped`,
              429,
              true,
            );
          }
          limited++;
          onEvent({ type: 'retry', what, attempt: limited, delayMs: wait, reason });
          await sleep(wait);
          continue;
        }
        if (res.status === 401 && auth.kind === 'client-credentials' && failures === 0) {
          // An access token revoked or expired early: fetch a new one, once.
          token = undefined;
          failures++;
          continue;
        }
        if (res.status < 500) {
          throw new ResoError(`${what} failed: ${reason}${detail ? ` (${detail})` : ''}`, res.status);
        }
      } catch (error) {
        if (error instanceof ResoError) throw error;
        reason =
          error instanceof Error ? (error.cause instanceof Error ? error.cause.message : error.message) : String(error);
      }
      if (failures >= retries) {
        throw new ResoError(
          `${what} failed ${failures + 1} times, the last with ${reason}; stopped`,
          res?.status,
          true,
        );
      }
      const delayMs = backoffDelay(failures, baseDelayMs, maxDelayMs);
      failures++;
      onEvent({ type: 'retry', what, attempt: failures, delayMs, reason });
      await sleep(delayMs);
    }
  }

  /** A JSON answer's text, refused (not retried) past `maxPageBytes`. */
  async function readJsonText(res: Response, what: string): Promise<string> {
    const refuse = () => new ResoError(`${what} is larger than the ${shownSize(maxPageBytes)} an answer may be`);
    return (await readCapped(res, maxPageBytes, refuse)).toString('utf8');
  }

  async function accessToken(): Promise<string> {
    if (token && token.expiresAt > now()) return token.value;
    if (auth.kind !== 'client-credentials') throw new ResoError('No access token');
    const body = new URLSearchParams({
      grant_type: 'client_credentials',
      client_id: auth.clientId,
      client_secret: auth.clientSecret,
    });
    if (auth.scope) body.set('scope', auth.scope);
    const text = await send(
      auth.tokenUrl,
      'The OAuth2 token request',
      () =>
        Promise.resolve({
          method: 'POST',
          headers: { 'Content-Type': 'application/x-www-form-urlencoded', Accept: 'application/json' },
          body,
        }),
      (res) => readJsonText(res, 'The OAuth2 token answer'),
    );
    let data: { access_token?: unknown; expires_in?: unknown } = {};
    try {
      data = (JSON.parse(text) as typeof data | null) ?? {};
    } catch {
      // Not JSON: no access_token, said below.
    }
    if (typeof data.access_token !== 'string' || !data.access_token) {
      throw new ResoError('The OAuth2 token answer has no access_token');
    }
    const expiresInS = typeof data.expires_in === 'number' ? data.expires_in : Number(data.expires_in) || undefined;
    // Renewed a minute early, so a long page never starts with a token about to lapse.
    token = { value: data.access_token, expiresAt: expiresInS ? now() + (expiresInS - 60) * 1000 : Infinity };
    onEvent({ type: 'token', expiresInS });
    return token.value;
  }

  return {
    /** GET a JSON document of the API with the bearer token. */
    async getJson(url: string): Promise<unknown> {
      const what = `GET ${shownUrl(url)}`;
      const text = await send(
        url,
        what,
        async () => ({
          headers: {
            Authorization: `Bearer ${await accessToken()}`,
            Accept: 'application/json',
            'Accept-Encoding': 'gzip',
          },
        }),
        (res) => readJsonText(res, what),
      );
      try {
        return JSON.parse(text) as unknown;
      } catch {
        throw new ResoError(`${what} did not answer JSON (${text.slice(0, 120)})`);
      }
    },
    /**
     * GET a media file, with the access token as User-Agent where it may go (`tokenGoesTo`); returns
     * its bytes and type. Redirects are followed here, each hop judged afresh, since fetch would carry
     * the User-Agent to any host. One larger than `maxPhotoBytes` is refused as soon as it shows (by
     * its Content-Length, else while it arrives), so no answer, however large, is held in memory.
     */
    async download(url: string): Promise<{ bytes: Buffer; contentType: string }> {
      const tooLarge = () => new ResoError(`larger than the ${shownSize(maxPhotoBytes)} a photo may be`);
      const what = `Photo download ${shownUrl(url)}`;
      let at = url;
      for (let hops = 0; ; hops++) {
        const token = tokenGoesTo(at, apiUrl);
        const init = async (): Promise<RequestInit> => ({
          redirect: 'manual',
          headers: { ...(token ? { 'User-Agent': await accessToken() } : {}), 'Accept-Encoding': 'gzip' },
        });
        const answer = await send(at, what, init, async (res) => {
          if (res.status >= 300 && res.status < 400) {
            await res.body?.cancel();
            return { location: res.headers.get('location') ?? '' };
          }
          const bytes = await readCapped(res, maxPhotoBytes, tooLarge);
          return { bytes, contentType: res.headers.get('content-type') ?? '' };
        });
        if (!('location' in answer)) return answer;
        if (hops === MOST_REDIRECTS) throw new ResoError(`${what} was redirected more than ${MOST_REDIRECTS} times`);
        const next = URL.parse(answer.location, at);
        if (next?.protocol !== 'https:' && next?.protocol !== 'http:') {
          throw new ResoError(
            `${what} was redirected to ${JSON.stringify(answer.location.slice(0, 120))}, not a web address`,
          );
        }
        at = next.href;
      }
    },
  };
}

export type ResoHttp = ReturnType<typeof createResoHttp>;
