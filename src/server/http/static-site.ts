/**
 * The pre-rendered site from dist/client, served by `sirv` (MIME types, ETags, conditional and
 * range requests) behind `compression` (Brotli/gzip). What is ours is the site's own rules:
 * clean URLs without trailing slashes, the cache policy by kind of file, each page's
 * Content-Security-Policy as Astro computed it, and the not-found pages ('City Not Found'
 * under /city/), only ever with status 404.
 */
import compression from 'compression';
import { existsSync, readFileSync, readdirSync } from 'node:fs';
import type { IncomingMessage, ServerResponse } from 'node:http';
import { extname, join, relative, sep } from 'node:path';
import { constants } from 'node:zlib';
import sirv from 'sirv';
import { baseContentSecurityPolicy } from '../headers.ts';
import { decodePath, withoutTrailingSlash } from './target.ts';

type Next = () => void;

/** Page path (`/city/cary`) -> its Content-Security-Policy, from the Node adapter's `_headers.json`. */
function readPolicies(file: string): Map<string, string> {
  const policies = new Map<string, string>();
  if (!existsSync(file)) return policies;
  const entries = JSON.parse(readFileSync(file, 'utf8')) as {
    pathname: string;
    headers: { key: string; value: string }[];
  }[];
  for (const { pathname, headers } of entries) {
    const csp = headers.find((h) => h.key.toLowerCase() === 'content-security-policy');
    if (csp) policies.set(pathname.replace(/\/$/, '') || '/', csp.value);
  }
  return policies;
}

/** Every file's URL path (`/_astro/x.js`, `/about.html`), and the pages' clean paths (`/about`, `/`). */
function filePaths(clientDir: string): { files: Set<string>; pages: Set<string> } {
  const files = new Set<string>();
  const pages = new Set<string>();
  for (const entry of readdirSync(clientDir, { recursive: true, withFileTypes: true })) {
    if (!entry.isFile()) continue;
    const path = `/${relative(clientDir, join(entry.parentPath, entry.name)).split(sep).join('/')}`;
    files.add(path);
    if (path.endsWith('.html')) pages.add(path.replace(/\.html$/, '').replace(/\/index$/, '') || '/');
  }
  return { files, pages };
}

const isPage = (pathname: string) => extname(pathname) === '' || pathname.endsWith('.html');

function cacheControlFor(pathname: string): string {
  if (pathname.startsWith('/_astro/')) return 'public, max-age=31536000, immutable';
  if (isPage(pathname)) return 'public, max-age=0, must-revalidate';
  return 'public, max-age=3600, must-revalidate';
}

export function createStaticSite(clientDir: string, headersFile: string) {
  const policies = readPolicies(headersFile);
  const { files, pages } = filePaths(clientDir);
  const notFoundPages = new Set(['/404', '/city-not-found']);
  const policyFor = (pathname: string) =>
    policies.get(pathname.replace(/\.html$/, '').replace(/\/index$/, '') || '/') ?? baseContentSecurityPolicy();

  // `compression` is typed for Express, whose request and response extend Node's own.
  const compress = compression({
    threshold: 512,
    level: 9,
    brotli: { params: { [constants.BROTLI_PARAM_QUALITY]: 9 } },
  }) as unknown as (req: IncomingMessage, res: ServerResponse, next: Next) => void;
  const serve = sirv(clientDir, {
    etag: true,
    extensions: ['html'],
    setHeaders(res, pathname) {
      res.setHeader('Cache-Control', cacheControlFor(pathname));
      if (isPage(pathname)) res.setHeader('Content-Security-Policy', policyFor(pathname));
    },
  });
  const bodies = new Map(
    [...notFoundPages]
      .filter((page) => pages.has(page))
      .map((page) => [page, readFileSync(join(clientDir, `${page}.html`))] as const),
  );

  /** The not-found page for an (encoded) path: 'City Not Found' under /city/, else the 404 page. */
  function notFound(req: IncomingMessage, res: ServerResponse, pathname: string): void {
    const page = pathname.startsWith('/city/') && bodies.has('/city-not-found') ? '/city-not-found' : '/404';
    compress(req, res, () => {
      const body = bodies.get(page) ?? Buffer.from('Not found\n');
      res.writeHead(404, {
        'Content-Type': bodies.has(page) ? 'text/html; charset=utf-8' : 'text/plain; charset=utf-8',
        'Content-Length': body.length,
        'Cache-Control': 'no-store',
        'Content-Security-Policy': policyFor(page),
      });
      res.end(req.method === 'HEAD' ? undefined : body);
    });
  }

  /**
   * Answers GET and HEAD of an (encoded) path and query from the pre-rendered site; what it
   * does not hold goes to `fallback` (Astro's on-demand routes).
   */
  async function handle(
    req: IncomingMessage,
    res: ServerResponse,
    pathname: string,
    search: string,
    fallback: () => Promise<void>,
  ): Promise<void> {
    const decoded = decodePath(pathname)?.replace(/\/{2,}/g, '/');
    if (decoded === undefined) return notFound(req, res, pathname);
    const clean = decoded.replace(/\/+$/, '') || '/';
    if (notFoundPages.has(clean.replace(/\.html$/, ''))) return notFound(req, res, clean);
    if (clean !== decoded) {
      // Trailing slashes: redirect only to a page that exists, and only ever to a path here.
      if (!pages.has(clean)) return notFound(req, res, clean);
      res.writeHead(301, { Location: withoutTrailingSlash(pathname, search) }).end();
      return;
    }
    if (!files.has(clean) && !pages.has(clean)) return fallback();
    // sirv reads req.url: give it the origin-form target (an absolute-form one names another host).
    req.url = `${pathname}${search}`;
    compress(req, res, () => serve(req, res, () => notFound(req, res, clean)));
  }

  /** Whether a path is a pre-rendered page (for 405 rather than 404 on other methods). */
  const hasPage = (pathname: string) => pages.has(decodePath(pathname)?.replace(/\/+$/, '') || '/');

  return { handle, notFound, hasPage };
}
