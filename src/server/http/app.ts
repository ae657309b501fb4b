/**
 * The HTTP side of the server as one request handler: every request passes the error boundary,
 * then the request target and Host are read (400 when they cannot be). GET and HEAD are answered
 * from the pre-rendered site, else by Astro's on-demand routes (/contact, /api/*); any other
 * method must pass the same-origin rule (403) and goes to Astro. Every answer carries the
 * security headers, and is compressed unless it is already (the site's precompressed twins).
 */
import compression from 'compression';
import type { IncomingMessage, ServerResponse } from 'node:http';
import { constants } from 'node:zlib';
import { nonPagePolicy, securityHeaders } from '../headers.ts';
import { clientAddress, isSameOrigin, requestHost, type GuardOptions } from '../leads/guard.ts';
import type { ContactLocals } from '../leads/route.ts';
import type { LeadService } from '../leads/service.ts';
import { sendPlain, withErrorBoundary } from './boundary.ts';
import type { NotFoundLocals } from './respond.ts';
import { requestMessages, wantsJson } from './contact-request.ts';
import type { createStaticSite } from './static-site.ts';
import { decodePath, isValidHost, parseTarget } from './target.ts';

/** The Node adapter's handler (`mode: 'middleware'`), as dist/server/entry.mjs exports it. */
export type AstroHandler = typeof import('@astrojs/node/server.js').handler;

export interface AppParts {
  astro: AstroHandler;
  site: ReturnType<typeof createStaticSite>;
  leads: LeadService;
  guard: GuardOptions;
}

const keepHeaders = [...Object.keys(securityHeaders), 'Content-Security-Policy'].map((name) => name.toLowerCase());

// On the fly, so at levels that cost well under a millisecond for a page (Brotli 9 took 14 ms).
// Never a part of a file (206): its Content-Range counts the bytes as stored, not compressed.
// `compression` is typed for Express, whose request and response extend Node's own.
const compress = compression({
  threshold: 512,
  brotli: { params: { [constants.BROTLI_PARAM_QUALITY]: 5 } },
  // Nor a 304, which has no body: its Content-Encoding would relabel the copy the browser keeps.
  filter: (req, res) => res.statusCode !== 206 && res.statusCode !== 304 && compression.filter(req, res),
}) as (req: IncomingMessage, res: ServerResponse, next: () => void) => void;

/**
 * Requests one connection may make. Node reads requests sent ahead without waiting for answers
 * (pipelined) and runs each at once: 190 KB of them made it render and hold 3,600 pages for a
 * client that read nothing. Node's own `maxRequestsPerSocket` counts HTTP/1.1 only; this counts
 * every version. A browser, which waits for each answer, opens another connection after the last.
 */
export const requestsPerConnection = 100;

export function createApp({ astro, site, leads, guard }: AppParts) {
  const served = new WeakMap<object, number>();
  return withErrorBoundary(
    async (req, res) => {
      for (const [name, value] of Object.entries(securityHeaders)) res.setHeader(name, value);
      res.setHeader('Content-Security-Policy', nonPagePolicy);
      /** A plain answer that leaves any body unread. */
      const refuse = (status: number, body: string, headers: Record<string, string> = {}) => {
        req.resume();
        sendPlain(res, status, body, headers, keepHeaders);
      };
      const count = (served.get(req.socket) ?? 0) + 1;
      served.set(req.socket, count);
      if (count > requestsPerConnection)
        return refuse(503, 'Too many requests on one connection', { Connection: 'close', 'Retry-After': '1' });
      if (count === requestsPerConnection) res.setHeader('Connection', 'close');
      await new Promise<void>((ready) => compress(req, res, ready));
      /** Astro's on-demand routes; what none of them answers is the site's 404 (or 405 on a page or file). */
      const toAstro = (pathname: string, search: string) => {
        const address = clientAddress(req, guard);
        const host = requestHost(req, guard);
        const locals: ContactLocals & NotFoundLocals = {
          leads,
          notFound: site.notFoundResponse,
          ...(address ? { clientAddress: address } : {}),
          ...(host ? { host } : {}),
        };
        // A form posted to another spelling of its page (`/Contact/`) is sent on, body and all (308).
        const moved = site.movedTo(pathname);
        const unanswered = () =>
          moved !== undefined && req.method === 'POST'
            ? refuse(308, `Moved to ${moved}`, { Location: `${moved}${search}` })
            : req.method === 'GET' || req.method === 'HEAD' || !site.has(pathname)
              ? site.notFound(req, res, pathname)
              : refuse(405, 'Method Not Allowed', { Allow: 'GET, HEAD' });
        // The origin form: Astro cannot read an absolute-form target (`GET http://host/contact`).
        req.url = `${pathname}${search}`;
        return astro(req, res, unanswered, locals);
      };

      // HTTP/1.0 needs no Host (a load balancer's health check often sends none): it names this server.
      if (req.httpVersion === '1.0' && req.headers.host === undefined) req.headers.host = 'localhost';
      const hosts = req.headersDistinct['host'] ?? req.headers.host;
      const target = parseTarget(req.url);
      // `OPTIONS *` asks what the server supports; `*` means nothing to any other method.
      if (target.kind === 'asterisk' && req.method === 'OPTIONS')
        return void res.writeHead(204, { Allow: 'GET, HEAD, POST' }).end();
      if (target.kind !== 'path' || !isValidHost(hosts)) return refuse(400, 'Bad Request', { Connection: 'close' });
      const { pathname, search } = target;
      // A path that names nothing whatever the method (decodePath): the 404 page, not Astro's reading of it.
      if (decodePath(pathname) === undefined) return void (req.resume(), site.notFound(req, res, pathname));
      if (req.method === 'GET' || req.method === 'HEAD')
        return site.handle(req, res, pathname, search, (path) => toAstro(path, search));
      // Methods the Fetch API (and so Astro) cannot represent.
      if (['CONNECT', 'TRACE', 'TRACK'].includes(req.method ?? ''))
        return refuse(405, 'Method Not Allowed', { Allow: 'GET, HEAD, POST' });
      if (!isSameOrigin(req, guard)) {
        const json = wantsJson(String(req.headers['content-type'] ?? ''), String(req.headers['accept'] ?? ''));
        const message = requestMessages.crossSite;
        const type = `${json ? 'application/json' : 'text/plain'}; charset=utf-8`;
        return refuse(403, json ? JSON.stringify({ ok: false, message }) : message, {
          'Content-Type': type,
          Connection: 'close',
        });
      }
      return toAstro(pathname, search);
    },
    { keepHeaders },
  );
}
