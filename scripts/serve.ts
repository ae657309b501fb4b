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
import { createStaticSite, inlineScriptHashes } from '../src/server/static.ts';
import { contentSecurityPolicy, securityHeaders } from '../src/server/headers.ts';
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

/**
 * Pages Astro renders on demand (the contact form's answer page) carry inline scripts (the
 * island loader) just like pre-rendered ones, so their HTML is held until complete and its
 * scripts' hashes go into the Content-Security-Policy before the head is sent.
 */
function hashInlineScriptsOf(res: ServerResponse): void {
  const writeHead = res.writeHead.bind(res) as (...args: unknown[]) => ServerResponse;
  const end = res.end.bind(res) as (...args: unknown[]) => ServerResponse;
  const chunks: Buffer[] = [];
  let head: unknown[] | undefined;
  Object.assign(res, {
    writeHead: (...args: unknown[]) => {
      head = args;
      return res;
    },
    write: (chunk: unknown) => {
      chunks.push(Buffer.from(chunk as Uint8Array));
      return true;
    },
    end: (chunk?: unknown) => {
      if (chunk && typeof chunk !== 'function') chunks.push(Buffer.from(chunk as Uint8Array));
      const body = Buffer.concat(chunks);
      const headers = (head?.[1] ?? {}) as Record<string, unknown>;
      const type = Object.entries(headers).find(([name]) => name.toLowerCase() === 'content-type')?.[1];
      if (/text\/html/i.test(String(type ?? res.getHeader('content-type') ?? ''))) {
        res.setHeader('Content-Security-Policy', contentSecurityPolicy(inlineScriptHashes(body.toString('utf8'))));
      }
      if (head) writeHead(...head);
      return end(body);
    },
  });
}

async function handleApi(req: IncomingMessage, res: ServerResponse, url: URL): Promise<void> {
  setSecurityHeaders(res, []);
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
  hashInlineScriptsOf(res);
  await astroHandler(req, res, () => statics.notFound(req, res, url), locals);
}

const server = createServer((req, res) => {
  const url = new URL(req.url ?? '/', 'http://localhost');
  if (url.pathname.startsWith('/api/')) {
    handleApi(req, res, url).catch((error: unknown) => {
      console.error(error);
      if (!res.headersSent) {
        res.statusCode = 500;
        res.end('Internal Server Error');
      }
    });
    return;
  }
  setSecurityHeaders(res, statics.scriptHashes(url.pathname));
  statics.handle(req, res, url);
});
// Slow clients may not hold connections open indefinitely.
server.requestTimeout = 30_000;
server.headersTimeout = 20_000;

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
