/**
 * Serves the pre-rendered site from dist/client: clean URLs without trailing slashes,
 * cache headers by kind of file, ETag revalidation and cached brotli/gzip for text.
 * Plain Node: it runs in the production server, outside Vite.
 */
import { createHash } from 'node:crypto';
import { readFileSync, readdirSync, statSync } from 'node:fs';
import type { IncomingMessage, ServerResponse } from 'node:http';
import { extname, join, posix, relative, sep } from 'node:path';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';
import { inlineScriptHashes } from './headers.ts';
import { decodePath, withoutTrailingSlash } from './http/target.ts';

const types: Record<string, string> = {
  '.html': 'text/html; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.mjs': 'text/javascript; charset=utf-8',
  '.json': 'application/json; charset=utf-8',
  '.geojson': 'application/geo+json; charset=utf-8',
  '.xml': 'application/xml; charset=utf-8',
  '.txt': 'text/plain; charset=utf-8',
  '.svg': 'image/svg+xml',
  '.png': 'image/png',
  '.jpg': 'image/jpeg',
  '.jpeg': 'image/jpeg',
  '.webp': 'image/webp',
  '.avif': 'image/avif',
  '.ico': 'image/x-icon',
  '.woff2': 'font/woff2',
  '.mp4': 'video/mp4',
  '.webm': 'video/webm',
  '.vtt': 'text/vtt; charset=utf-8',
};
const compressible = new Set(['.html', '.css', '.js', '.mjs', '.json', '.geojson', '.xml', '.txt', '.svg', '.vtt']);

interface Asset {
  body: Buffer;
  type: string;
  etag: string;
  cacheControl: string;
  encoded: Map<string, Buffer>;
}

function cacheControlFor(rel: string): string {
  if (rel.startsWith(`_astro${sep}`) || rel.startsWith('_astro/')) return 'public, max-age=31536000, immutable';
  if (rel.endsWith('.html')) return 'public, max-age=0, must-revalidate';
  return 'public, max-age=3600, must-revalidate';
}

function walk(dir: string, out: string[] = []): string[] {
  for (const name of readdirSync(dir)) {
    const full = join(dir, name);
    if (statSync(full).isDirectory()) walk(full, out);
    else out.push(full);
  }
  return out;
}

export function createStaticSite(clientDir: string) {
  const assets = new Map<string, Asset>();
  const pageHashes = new Map<string, string[]>();

  for (const file of walk(clientDir)) {
    const rel = relative(clientDir, file);
    const body = readFileSync(file);
    const ext = extname(file).toLowerCase();
    const urlPath = `/${rel.split(sep).join('/')}`;
    assets.set(urlPath, {
      body,
      type: types[ext] ?? 'application/octet-stream',
      etag: `"${createHash('sha1').update(body).digest('base64url').slice(0, 22)}"`,
      cacheControl: cacheControlFor(rel),
      encoded: new Map(),
    });
    if (ext === '.html') pageHashes.set(urlPath, inlineScriptHashes(body.toString('utf8')));
  }

  /** Maps a clean (decoded) URL to the file that answers it: /about -> /about.html, / -> /index.html. */
  function resolve(pathname: string): string | undefined {
    if (pathname === '/') return '/index.html';
    if (assets.has(pathname)) return pathname;
    if (!extname(pathname) && assets.has(`${pathname}.html`)) return `${pathname}.html`;
    return undefined;
  }

  function notFoundFile(pathname: string): string {
    return pathname.startsWith('/city/') && assets.has('/city-not-found.html') ? '/city-not-found.html' : '/404.html';
  }

  /**
   * What answers an (encoded) path: a file, a redirect that drops trailing slashes (only to a
   * page that exists, and only ever to a path on this site), or a not-found page.
   */
  function lookup(
    pathname: string,
    search: string,
  ): { kind: 'file'; file: string } | { kind: 'redirect'; location: string } | { kind: 'not-found'; file: string } {
    const decoded = decodePath(pathname);
    if (decoded === undefined) return { kind: 'not-found', file: '/404.html' };
    const clean = posix.normalize(decoded);
    if (clean.length > 1 && clean.endsWith('/')) {
      const exists = resolve(clean.replace(/\/+$/, '') || '/');
      return exists && exists !== '/404.html' && exists !== '/city-not-found.html'
        ? { kind: 'redirect', location: withoutTrailingSlash(pathname, search) }
        : { kind: 'not-found', file: notFoundFile(clean) };
    }
    const file = resolve(clean);
    // The 404 and city-not-found pages are only ever served with status 404.
    if (!file || file === '/404.html' || file === '/city-not-found.html') {
      return { kind: 'not-found', file: notFoundFile(clean) };
    }
    return { kind: 'file', file };
  }

  function send(req: IncomingMessage, res: ServerResponse, file: string, status: number): void {
    const asset = assets.get(file);
    if (!asset) {
      res.writeHead(404, { 'Content-Type': 'text/plain; charset=utf-8' }).end('Not found');
      return;
    }
    res.setHeader('Content-Type', asset.type);
    res.setHeader('Cache-Control', status === 200 ? asset.cacheControl : 'no-store');
    res.setHeader('Vary', 'Accept-Encoding');
    if (status === 200) {
      res.setHeader('ETag', asset.etag);
      if (req.headers['if-none-match'] === asset.etag) {
        res.writeHead(304).end();
        return;
      }
    }
    let body = asset.body;
    const ext = extname(file).toLowerCase();
    const accept = String(req.headers['accept-encoding'] ?? '');
    if (compressible.has(ext) && body.length > 512) {
      const encoding = /\bbr\b/.test(accept) ? 'br' : /\bgzip\b/.test(accept) ? 'gzip' : undefined;
      if (encoding) {
        let encoded = asset.encoded.get(encoding);
        if (!encoded) {
          encoded =
            encoding === 'br'
              ? brotliCompressSync(body, { params: { [constants.BROTLI_PARAM_QUALITY]: 9 } })
              : gzipSync(body, { level: 9 });
          asset.encoded.set(encoding, encoded);
        }
        body = encoded;
        res.setHeader('Content-Encoding', encoding);
      }
    }
    res.setHeader('Content-Length', body.length);
    res.writeHead(status);
    res.end(req.method === 'HEAD' ? undefined : body);
  }

  /** The not-found page for an (encoded) path: 'City Not Found' under /city/, else the 404 page. */
  function notFound(req: IncomingMessage, res: ServerResponse, pathname: string): void {
    send(req, res, notFoundFile(pathname), 404);
  }

  /** Answers GET and HEAD of an (encoded) path and query; other methods get 405. */
  function handle(req: IncomingMessage, res: ServerResponse, pathname: string, search: string): void {
    if (req.method !== 'GET' && req.method !== 'HEAD') {
      res.setHeader('Allow', 'GET, HEAD');
      res.writeHead(405, { 'Content-Type': 'text/plain; charset=utf-8' }).end('Method Not Allowed');
      return;
    }
    const found = lookup(pathname, search);
    if (found.kind === 'redirect') res.writeHead(301, { Location: found.location }).end();
    else send(req, res, found.file, found.kind === 'file' ? 200 : 404);
  }

  /** Inline-script hashes of the page a request will be answered with. */
  function scriptHashes(pathname: string): string[] {
    const found = lookup(pathname, '');
    return found.kind === 'redirect' ? [] : (pageHashes.get(found.file) ?? []);
  }

  return { handle, notFound, scriptHashes };
}
