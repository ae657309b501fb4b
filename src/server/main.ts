/**
 * The production server behind `npm start` / `npm run serve`, and its composition root:
 * settings -> lead store, senders and delivery worker -> HTTP (the pre-rendered site, Astro's
 * on-demand routes) -> listening, with a clean stop on SIGINT/SIGTERM.
 *
 *   PORT=4321 HOST=127.0.0.1 node src/server/main.ts
 */
import { existsSync } from 'node:fs';
import { createServer, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { Duplex } from 'node:stream';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { leadsConfig, readEnv } from './config.ts';
import { nonPagePolicy, securityHeaders } from './headers.ts';
import { describeError } from './errors.ts';
import { createApp, requestsPerConnection, type AstroHandler } from './http/app.ts';
import { answerClientError, endSocket } from './http/boundary.ts';
import { createStaticSite, siteFiles } from './http/static-site.ts';
import { createLeadService, type LeadService } from './leads/service.ts';

const dist = new URL('../../dist/', import.meta.url);
const entry = new URL('server/entry.mjs', dist);
if (![entry, ...siteFiles.map((file) => new URL(file, dist))].every(existsSync)) {
  console.error('No production build found in dist/. Run `npm run build` first (or `npm start`, which builds).');
  process.exit(1);
}

let env: ReturnType<typeof readEnv>;
try {
  env = readEnv();
} catch (error) {
  console.error(`The server's settings are wrong (see .env.example):\n${(error as Error).message}`);
  process.exit(1);
}

// There is no other mode of this server: libraries that choose their build by NODE_ENV as they
// load (React's server renderer, which draws /contact) load their production one.
process.env['NODE_ENV'] = 'production';
const { handler: astro } = (await import(pathToFileURL(fileURLToPath(entry)).href)) as { handler: AstroHandler };
let leads: LeadService;
try {
  leads = createLeadService(leadsConfig(env));
} catch (error) {
  // A file that is not a database, or a folder the server may not write: a line, not a stack trace.
  console.error(`The leads database at ${env.LEADS_DB} could not be opened: ${describeError(error)}`);
  process.exit(1);
}
const app = createApp({
  astro,
  site: createStaticSite(fileURLToPath(dist)),
  leads,
  guard: leads.config,
});

const server = createServer(
  {
    // Slow clients may not hold connections open indefinitely: the timeouts are checked every
    // second (Node's default, 30 s, let a 30 s limit run to a minute).
    requestTimeout: env.REQUEST_TIMEOUT_MS,
    headersTimeout: Math.min(20_000, env.REQUEST_TIMEOUT_MS),
    connectionsCheckingInterval: 1000,
    // A request without Host reaches the app, which answers its 400 with the security headers.
    requireHostHeader: false,
  },
  app,
);
server.maxConnections = env.MAX_CONNECTIONS;
// A client that half-closes its side once it has sent its request still gets the answer: by
// default Node aborted the request under way, and a whole lead was dropped unanswered. Node's
// switch is untyped and undocumented (its own tests and spdy set it): hostile-requests.test.ts
// fails if a Node release drops it.
(server as typeof server & { httpAllowHalfOpen: boolean }).httpAllowHalfOpen = true;
// HTTP/1.1 requests past a connection's share are answered by Node itself (app.ts counts them all).
server.maxRequestsPerSocket = requestsPerConnection;
// What Node answers itself (a request it cannot read; CONNECT, as this is no proxy) carries the headers too.
const plain = { ...securityHeaders, 'Content-Security-Policy': nonPagePolicy };
server.on('clientError', answerClientError(plain));
// An Expect other than 100-continue is ignored, as HTTP allows: Node's own 417 carried no headers.
server.on('checkExpectation', app);
server.on('connect', (_req, socket: Duplex) => endSocket(socket, 405, { ...plain, Allow: 'GET, HEAD, POST' }));

await leads.start();
console.log(`Leads are stored in ${leads.where}`);
server.once('error', (error: NodeJS.ErrnoException) => {
  console.error(
    error.code === 'EADDRINUSE'
      ? `Port ${env.PORT} on ${env.HOST} is already in use: stop what runs there, or set another PORT.`
      : `The server could not listen on ${env.HOST}:${env.PORT}: ${describeError(error)}`,
  );
  void leads.stop().finally(() => process.exit(1));
});
server.listen(env.PORT, env.HOST, () => {
  const shown = env.HOST === '0.0.0.0' || env.HOST === '::' ? 'localhost' : env.HOST;
  console.log(`Serving the production site at http://${shown}:${(server.address() as AddressInfo).port}/`);
});

let stopping = false;
/** The answers under way: when the server stops, each closes its connection after it (no keep-alive). */
const answering = new Set<ServerResponse>();
server.prependListener('request', (_req, res: ServerResponse) => {
  if (stopping) res.setHeader('Connection', 'close');
  answering.add(res);
  res.once('close', () => answering.delete(res));
});
for (const signal of ['SIGINT', 'SIGTERM'] as const) {
  process.on(signal, () => {
    // Asked twice (a second Ctrl-C): at once. A delivery cut short is sent again on next start.
    if (stopping) {
      console.error(`${signal} again: stopped at once, without waiting for the answers and deliveries under way.`);
      process.exit(1);
    }
    stopping = true;
    // One already sent closes once idle: a client kept reusing its connection, holding the stop 8 s.
    for (const res of answering)
      if (!res.headersSent) res.setHeader('Connection', 'close');
      else if (res.writableFinished) setImmediate(() => server.closeIdleConnections());
      else res.once('finish', () => setImmediate(() => server.closeIdleConnections()));
    // No new connection; the requests in progress are answered (a visitor sending a lead as the
    // server stops hears "sent", the lead stored), then the deliveries in flight finish (one
    // unfinished is simply sent again on next start). A container gives 10 s before SIGKILL.
    let step = 'the requests under way were answered';
    const answered = new Promise<void>((resolve) => server.close(() => resolve()));
    server.closeIdleConnections();
    void answered
      .then(() => {
        step = 'the deliveries under way finished';
        return leads.stop();
      })
      .then(
        () => process.exit(0),
        (error: unknown) => {
          console.error(`leads: could not stop cleanly: ${describeError(error)}`);
          process.exit(1);
        },
      );
    setTimeout(() => {
      console.error(`Stopped after 8 s before ${step}; a delivery cut short is sent again on next start.`);
      process.exit(1);
    }, 8000).unref();
  });
}
