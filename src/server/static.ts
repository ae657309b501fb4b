/**
 * Serves the pre-rendered site from dist/client: clean URLs without trailing slashes,
 * cache headers by kind of file, ETag revalidation and cached brotli/gzip for text.
 * Plain Node: it runs in the production server, outside Vite.
 */
import { createHash } from 'node:crypto';
import { readFileSync, readdirSync, statSync } from 'node:fs';
import type { IncomingMessage, ServerResponse } from 'node:http';
import { extname, join, normalize, relative, sep } from 'node:path';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';

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

/** Hashes of the inline scripts of an HTML page, for its Content-Security-Policy. */
export function inlineScriptHashes(html: string): string[] {
  const hashes: string[] = [];
  const re = /<script(\s[^>]*)?>([\s\S]*?)<\/script>/gi;
  for (const m of html.matchAll(re)) {
    const attrs = m[1] ?? '';
    if (/\ssrc\s*=/.test(attrs)) continue;
    const type = /\stype\s*=\s*["']?([^"'\s>]+)/i.exec(attrs)?.[1]?.toLowerCase();
    // Data blocks (JSON-LD) are never executed, so CSP does not govern them.
    if (type && type !== 'module' && type !== 'text/javascript' && type !== 'application/javascript') continue;
    hashes.push(
      `'sha256-${createHash('sha256')
        .update(m[2] ?? '')
        .digest('base64')}'`,
    );
  }
  return [...new Set(hashes)];
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

  /** Maps a clean URL to the file that answers it: /about -> /about.html, / -> /index.html. */
  function resolve(pathname: string): string | undefined {
    if (pathname === '/') return '/index.html';
    if (assets.has(pathname)) return pathname;
    if (!extname(pathname) && assets.has(`${pathname}.html`)) return `${pathname}.html`;
    return undefined;
  }

  function notFoundFile(pathname: string): string {
    return pathname.startsWith('/city/') && assets.has('/city-not-found.html') ? '/city-not-found.html' : '/404.html';
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

  function notFound(req: IncomingMessage, res: ServerResponse, url: URL): void {
    send(req, res, notFoundFile(url.pathname), 404);
  }

  function handle(req: IncomingMessage, res: ServerResponse, url: URL): void {
    if (req.method !== 'GET' && req.method !== 'HEAD') {
      res.setHeader('Allow', 'GET, HEAD');
      res.writeHead(405, { 'Content-Type': 'text/plain; charset=utf-8' }).end('Method Not Allowed');
      return;
    }
    let pathname: string;
    try {
      pathname = normalize(decodeURIComponent(url.pathname)).split(sep).join('/');
    } catch {
      notFound(req, res, url);
      return;
    }
    if (pathname.length > 1 && pathname.endsWith('/')) {
      res.writeHead(301, { Location: `${pathname.replace(/\/+$/, '') || '/'}${url.search}` }).end();
      return;
    }
    const file = resolve(pathname);
    // The 404 and city-not-found pages are only ever served with status 404.
    if (!file || file === '/404.html' || file === '/city-not-found.html') {
      notFound(req, res, url);
      return;
    }
    send(req, res, file, 200);
  }

  /** Inline-script hashes of the page a request will be answered with. */
  function scriptHashes(pathname: string): string[] {
    const file = resolve(pathname) ?? notFoundFile(pathname);
    return pageHashes.get(file) ?? [];
  }

  return { handle, notFound, scriptHashes };
}
