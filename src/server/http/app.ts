/**
 * The HTTP side of the server as one request handler: every request passes the error boundary,
 * then the request target and Host are read (400 when they cannot be), `/api/*` goes through the
 * POST guards (same origin 403, body limit 413) to Astro's handler, and everything else to the
 * pre-rendered site. Every answer carries the security headers.
 */
import type { IncomingMessage, ServerResponse } from 'node:http';
import { baseContentSecurityPolicy, securityHeaders } from '../headers.ts';
import { clientAddress, isSameOrigin, readBody, type GuardOptions } from '../leads/guard.ts';
import { bodyLimitBytes, requestMessages, wantsJson } from '../leads/intake.ts';
import type { ContactLocals } from '../leads/route.ts';
import type { LeadService } from '../leads/service.ts';
import { sendPlain, withErrorBoundary } from './boundary.ts';
import type { createStaticSite } from './static-site.ts';
import { isValidHost, parseTarget } from './target.ts';

/** Astro's Node adapter handler (`mode: 'middleware'`). */
export type AstroHandler = (
  req: IncomingMessage,
  res: ServerResponse,
  next?: (err?: unknown) => void,
  locals?: object,
) => Promise<void>;

export interface AppParts {
  astro: AstroHandler;
  site: ReturnType<typeof createStaticSite>;
  leads: LeadService;
  guard: GuardOptions;
}

/** Methods the Fetch API (and so Astro) cannot represent; answered here instead. */
const forbiddenMethods = new Set(['CONNECT', 'TRACE', 'TRACK']);
const keepHeaders = [...Object.keys(securityHeaders), 'Content-Security-Policy'].map((name) => name.toLowerCase());

function refuse(req: IncomingMessage, res: ServerResponse, status: 403 | 413, message: string): void {
  const json = wantsJson(String(req.headers['content-type'] ?? ''), String(req.headers['accept'] ?? ''));
  res.writeHead(status, {
    'Content-Type': json ? 'application/json; charset=utf-8' : 'text/plain; charset=utf-8',
    'Cache-Control': 'no-store',
    // The rest of a refused body is not wanted: do not keep reading it on this connection.
    Connection: 'close',
  });
  res.end(json ? JSON.stringify({ ok: false, message }) : message);
}

export function createApp({ astro, site, leads, guard }: AppParts) {
  async function handleApi(req: IncomingMessage, res: ServerResponse, pathname: string): Promise<void> {
    if (forbiddenMethods.has(req.method ?? '')) {
      req.resume();
      sendPlain(res, 405, 'Method Not Allowed', { Allow: 'GET, HEAD, POST' }, keepHeaders);
      return;
    }
    const address = clientAddress(req, guard);
    const locals: ContactLocals = { leads, ...(address ? { clientAddress: address } : {}) };
    if (req.method !== 'GET' && req.method !== 'HEAD' && req.method !== 'OPTIONS') {
      if (!isSameOrigin(req, guard)) {
        req.resume();
        refuse(req, res, 403, requestMessages.crossSite);
        return;
      }
      const read = await readBody(req, bodyLimitBytes);
      if (!read.ok && read.reason === 'aborted') {
        req.destroy();
        return;
      }
      const json = wantsJson(String(req.headers['content-type'] ?? ''), String(req.headers['accept'] ?? ''));
      if (!read.ok && (!read.drained || json)) {
        refuse(req, res, 413, requestMessages.tooLarge);
        return;
      }
      // Astro's adapter takes a body already read from `req.body` instead of the stream. A form
      // too large to read (but drained) still gets the form page back, with the message, from the route.
      (req as IncomingMessage & { body?: Buffer }).body = read.ok ? read.body : Buffer.alloc(0);
      if (!read.ok) locals.tooLarge = true;
    }
    await astro(req, res, () => site.notFound(req, res, pathname), locals);
  }

  return withErrorBoundary(
    async (req, res) => {
      for (const [name, value] of Object.entries(securityHeaders)) res.setHeader(name, value);
      res.setHeader('Content-Security-Policy', baseContentSecurityPolicy());
      const target = parseTarget(req.url);
      if (target.kind === 'asterisk') {
        // `OPTIONS *` asks what the server supports; `*` means nothing to any other method.
        if (req.method === 'OPTIONS') res.writeHead(204, { Allow: 'GET, HEAD, POST' }).end();
        else sendPlain(res, 400, 'Bad Request', {}, keepHeaders);
        return;
      }
      if (target.kind === 'invalid' || !isValidHost(req.headers.host)) {
        req.resume();
        sendPlain(res, 400, 'Bad Request', { Connection: 'close' }, keepHeaders);
        return;
      }
      if (target.pathname.startsWith('/api/')) await handleApi(req, res, target.pathname);
      else site.handle(req, res, target.pathname, target.search);
    },
    { keepHeaders },
  );
}
