/**
 * The production server behind `npm start` / `npm run serve`.
 *
 * Pre-rendered pages and assets come straight from dist/client with long immutable caching
 * for hashed assets, revalidation for HTML, and brotli/gzip for text. Only server routes
 * (under /api/) reach Astro's request handler. Every response carries the security headers
 * of src/server/headers.ts. Unknown paths get the not-found page with status 404, and an
 * unknown /city/{id} gets the 'City Not Found' page with status 404.
 *
 * It also runs the lead pipeline (src/server/leads): the contact route stores each message in
 * SQLite before answering, and the delivery worker in this process e-mails it to the agent.
 * Every POST is checked here first: same origin (403) and a 16 KB body limit (413).
 *
 *   PORT=4321 HOST=127.0.0.1 node scripts/serve.ts
 */
import { existsSync } from 'node:fs';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { join } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { createStaticSite } from '../src/server/static.ts';
import { securityHeaders } from '../src/server/headers.ts';
import { sendPlain, withErrorBoundary } from '../src/server/http/boundary.ts';
import { isValidHost, parseTarget } from '../src/server/http/target.ts';
import { clientAddress, isSameOrigin, readBody } from '../src/server/leads/guard.ts';
import { bodyLimitBytes, requestMessages, wantsJson } from '../src/server/leads/intake.ts';
import { createLeadService } from '../src/server/leads/service.ts';
import type { ContactLocals } from '../src/server/leads/route.ts';

const root = fileURLToPath(new URL('..', import.meta.url));
const dist = join(root, 'dist');
const entry = join(dist, 'server', 'entry.mjs');
if (!existsSync(entry)) {
  console.error('No production build found in dist/. Run `npm run build` first (or `npm start`, which builds).');
  process.exit(1);
}

type NodeHandler = (
  req: IncomingMessage,
  res: ServerResponse,
  next?: (err?: unknown) => void,
  locals?: object,
) => Promise<void>;
const { handler: astroHandler } = (await import(pathToFileURL(entry).href)) as { handler: NodeHandler };
const statics = createStaticSite(join(dist, 'client'));

const port = Number(process.env['PORT'] ?? 4321);
const host = process.env['HOST'] ?? '127.0.0.1';

const leads = createLeadService();
const guard = { trustProxy: leads.config.trustProxy, allowedOrigins: leads.config.allowedOrigins };

function setSecurityHeaders(res: ServerResponse, scriptHashes: readonly string[]): void {
  for (const [name, value] of Object.entries(securityHeaders(scriptHashes))) res.setHeader(name, value);
}

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

/** Methods the Fetch API (and so Astro) cannot represent; answered here instead of crashing it. */
const forbiddenMethods = new Set(['CONNECT', 'TRACE', 'TRACK']);

async function handleApi(req: IncomingMessage, res: ServerResponse, pathname: string): Promise<void> {
  setSecurityHeaders(res, []);
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
    if (
      !read.ok &&
      (!read.drained || wantsJson(String(req.headers['content-type'] ?? ''), String(req.headers['accept'] ?? '')))
    ) {
      refuse(req, res, 413, requestMessages.tooLarge);
      return;
    }
    // Astro's adapter takes a body already read from `req.body` instead of the stream. A form
    // too large to read (but drained) still gets the form page back, with the message, from the route.
    (req as IncomingMessage & { body?: Buffer }).body = read.ok ? read.body : Buffer.alloc(0);
    if (!read.ok) locals.tooLarge = true;
  }
  await astroHandler(req, res, () => statics.notFound(req, res, pathname), locals);
}

const keepHeaders = Object.keys(securityHeaders([])).map((name) => name.toLowerCase());

/**
 * Every request passes the error boundary: a target or Host that cannot be read gets 400, a bug
 * of ours 500 with a request id, and never does one request take the process down.
 */
const handle = withErrorBoundary(
  async (req, res) => {
    const target = parseTarget(req.url);
    if (target.kind === 'asterisk') {
      // `OPTIONS *` asks what the server supports; `*` means nothing to any other method.
      setSecurityHeaders(res, []);
      if (req.method === 'OPTIONS') res.writeHead(204, { Allow: 'GET, HEAD, POST' }).end();
      else sendPlain(res, 400, 'Bad Request', {}, keepHeaders);
      return;
    }
    if (target.kind === 'invalid' || !isValidHost(req.headers.host)) {
      req.resume();
      setSecurityHeaders(res, []);
      sendPlain(res, 400, 'Bad Request', { Connection: 'close' }, keepHeaders);
      return;
    }
    if (target.pathname.startsWith('/api/')) {
      await handleApi(req, res, target.pathname);
      return;
    }
    setSecurityHeaders(res, statics.scriptHashes(target.pathname));
    statics.handle(req, res, target.pathname, target.search);
  },
  { keepHeaders },
);

const server = createServer(
  {
    // Slow clients may not hold connections open indefinitely: the timeouts are checked every
    // second (Node's default, 30 s, let a 30 s limit run to a minute).
    requestTimeout: Number(process.env['REQUEST_TIMEOUT_MS'] ?? 30_000),
    headersTimeout: Math.min(20_000, Number(process.env['REQUEST_TIMEOUT_MS'] ?? 30_000)),
    connectionsCheckingInterval: 1000,
  },
  handle,
);
server.maxConnections = Number(process.env['MAX_CONNECTIONS'] ?? 1024);
// This is no proxy: CONNECT (which Node hands to this event, not to the handler) gets 405.
server.on('connect', (_req, socket) => {
  socket.on('error', () => socket.destroy());
  socket.end(
    'HTTP/1.1 405 Method Not Allowed\r\nAllow: GET, HEAD, POST\r\nContent-Length: 0\r\nConnection: close\r\n\r\n',
  );
});

leads.start();
server.listen(port, host, () => {
  const shown = host === '0.0.0.0' || host === '::' ? 'localhost' : host;
  console.log(`Serving the production site at http://${shown}:${(server.address() as AddressInfo).port}/`);
});

for (const signal of ['SIGINT', 'SIGTERM'] as const) {
  process.on(signal, () => {
    // Finish the delivery in flight (an unfinished one is simply sent again on next start).
    server.close();
    leads.stop().finally(() => process.exit(0));
    setTimeout(() => process.exit(0), 2000).unref();
  });
}
