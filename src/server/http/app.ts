/**
 * The HTTP side of the server as one request handler: every request passes the error boundary,
 * then the request target and Host are read (400 when they cannot be). GET and HEAD are answered
 * from the pre-rendered site, else by Astro's on-demand routes (/contact, /api/*); any other
 * method must pass the same-origin rule (403) and goes to Astro. Every answer carries the
 * security headers.
 */
import type { IncomingMessage, ServerResponse } from 'node:http';
import { baseContentSecurityPolicy, securityHeaders } from '../headers.ts';
import { clientAddress, isSameOrigin, type GuardOptions } from '../leads/guard.ts';
import type { ContactLocals } from '../leads/route.ts';
import type { LeadService } from '../leads/service.ts';
import { sendPlain, withErrorBoundary } from './boundary.ts';
import { requestMessages, wantsJson } from './contact-request.ts';
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

export function createApp({ astro, site, leads, guard }: AppParts) {
  /** Astro's on-demand routes; what none of them answers is the site's 404 (or 405 on a page). */
  function toAstro(req: IncomingMessage, res: ServerResponse, pathname: string): Promise<void> {
    const address = clientAddress(req, guard);
    const locals: ContactLocals = { leads, ...(address ? { clientAddress: address } : {}) };
    return astro(
      req,
      res,
      () => {
        if (req.method === 'GET' || req.method === 'HEAD' || !site.hasPage(pathname)) site.notFound(req, res, pathname);
        else sendPlain(res, 405, 'Method Not Allowed', { Allow: 'GET, HEAD' }, keepHeaders);
      },
      locals,
    );
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
      const { pathname, search } = target;
      if (req.method === 'GET' || req.method === 'HEAD') {
        await site.handle(req, res, pathname, search, () => toAstro(req, res, pathname));
        return;
      }
      if (forbiddenMethods.has(req.method ?? '')) {
        req.resume();
        sendPlain(res, 405, 'Method Not Allowed', { Allow: 'GET, HEAD, POST' }, keepHeaders);
        return;
      }
      if (!isSameOrigin(req, guard)) {
        req.resume();
        const json = wantsJson(String(req.headers['content-type'] ?? ''), String(req.headers['accept'] ?? ''));
        const message = requestMessages.crossSite;
        const type = json ? 'application/json; charset=utf-8' : 'text/plain; charset=utf-8';
        sendPlain(
          res,
          403,
          json ? JSON.stringify({ ok: false, message }) : message,
          { 'Content-Type': type, Connection: 'close' },
          keepHeaders,
        );
        return;
      }
      await toAstro(req, res, pathname);
    },
    { keepHeaders },
  );
}
