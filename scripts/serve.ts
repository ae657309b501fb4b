/**
 * The production server behind `npm start` / `npm run serve`.
 *
 * Pre-rendered pages and assets come straight from dist/client with long immutable caching
 * for hashed assets, revalidation for HTML, and brotli/gzip for text. Only server routes
 * (under /api/) reach Astro's request handler. Every response carries the security headers
 * of src/server/headers.ts. Unknown paths get the not-found page with status 404, and an
 * unknown /city/{id} gets the 'City Not Found' page with status 404.
 *
 *   PORT=4321 HOST=127.0.0.1 node scripts/serve.ts
 */
import { existsSync } from 'node:fs';
import { createServer } from 'node:http';
import { join } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { createStaticSite } from '../src/server/static.ts';
import { securityHeaders } from '../src/server/headers.ts';

const root = fileURLToPath(new URL('..', import.meta.url));
const dist = join(root, 'dist');
const entry = join(dist, 'server', 'entry.mjs');
if (!existsSync(entry)) {
  console.error('No production build found in dist/. Run `npm run build` first (or `npm start`, which builds).');
  process.exit(1);
}

type NodeHandler = (
  req: import('node:http').IncomingMessage,
  res: import('node:http').ServerResponse,
  next?: (err?: unknown) => void,
) => Promise<void>;
const { handler: astroHandler } = (await import(pathToFileURL(entry).href)) as { handler: NodeHandler };
const statics = createStaticSite(join(dist, 'client'));

const port = Number(process.env['PORT'] ?? 4321);
const host = process.env['HOST'] ?? '127.0.0.1';

const server = createServer((req, res) => {
  const url = new URL(req.url ?? '/', 'http://localhost');
  for (const [name, value] of Object.entries(securityHeaders(statics.scriptHashes(url.pathname)))) {
    res.setHeader(name, value);
  }
  if (url.pathname.startsWith('/api/')) {
    astroHandler(req, res, () => statics.notFound(req, res, url)).catch((error: unknown) => {
      console.error(error);
      if (!res.headersSent) {
        res.statusCode = 500;
        res.end('Internal Server Error');
      }
    });
    return;
  }
  statics.handle(req, res, url);
});

server.listen(port, host, () => {
  const shown = host === '0.0.0.0' || host === '::' ? 'localhost' : host;
  console.log(`Serving the production site at http://${shown}:${port}/`);
});

for (const signal of ['SIGINT', 'SIGTERM'] as const) {
  process.on(signal, () => {
    server.close(() => process.exit(0));
    setTimeout(() => process.exit(0), 2000).unref();
  });
}
