/**
 * The pre-rendered site from dist/client, served by `sirv` (MIME types, ETags, conditional and
 * range requests). Text files are compressed once, at build time (`astro-compressor` writes a `.br`
 * and a `.gz` twin of each): sirv sends the twin the browser accepts, with its length, so a page
 * costs the server no CPU and arrives whole (app.ts compresses what has no twin). Ours are the
 * site's own rules: one address per page, without a trailing slash (on-demand pages such as
 * /contact included), the cache policy by kind of file, each page's Content-Security-Policy as
 * Astro computed it (`_headers.json`), and the not-found pages (src/lib/not-found.ts),
 * only ever with status 404.
 */
import { readFileSync, readdirSync } from 'node:fs';
import type { IncomingMessage, ServerResponse } from 'node:http';
import { join, relative, sep } from 'node:path';
import { lookup } from 'mrmime';
import Negotiator from 'negotiator';
import sirv from 'sirv';
import { onDemandPagesFile } from '#src/integrations/on-demand-pages.ts';
import { notFoundPageFor, notFoundPages as siteNotFoundPages } from '#src/lib/not-found.ts';
import { nonPagePolicy } from '../headers.ts';
import { decodePath } from './target.ts';

type HeadersJson = { pathname: string; headers: { key: string; value: string }[] }[];

/** Text files whose type sirv sends without a charset; the feeds are sent as feeds. */
const textTypes: Record<string, string> = {
  xml: 'application/xml',
  txt: 'text/plain',
  ics: 'text/calendar',
  vcf: 'text/vcard',
};

/** A file's, policy's or request's path as its page's: `//about/`, `/about.HTML` -> `/about`; `/index.html` -> `/`. */
const pagePath = (path: string) => path.replace(/\/+/g, '/').replace(/(\/index)?(\/|\.html)?$/i, '') || '/';

/** What the build writes beside dist/client for the server: each page's policy, and the on-demand pages. */
export const siteFiles = ['_headers.json', onDemandPagesFile];

/** The site of a build's output folder (dist/). */
export function createStaticSite(distDir: string) {
  const clientDir = join(distDir, 'client');
  const [headersFile, onDemandFile] = siteFiles.map((file) => join(distDir, file)) as [string, string];
  const files = new Set(
    readdirSync(clientDir, { recursive: true, withFileTypes: true })
      .filter((entry) => entry.isFile() && !/\.(br|gz)$/.test(entry.name))
      .map((entry) => `/${relative(clientDir, join(entry.parentPath, entry.name)).split(sep).join('/')}`),
  );
  const pages = new Set([...files].filter((path) => path.endsWith('.html')).map(pagePath));
  /** Every page's address: the pre-rendered ones and those Astro renders on request. */
  const addresses = new Set([...pages, ...(JSON.parse(readFileSync(onDemandFile, 'utf8')) as string[])]);
  // Astro writes each pre-rendered page's policy (`staticHeaders`); main.ts refuses to start without these files.
  const policies = new Map(
    (JSON.parse(readFileSync(headersFile, 'utf8')) as HeadersJson).flatMap(({ pathname, headers }) =>
      headers.filter((h) => /^content-security-policy$/i.test(h.key)).map((h) => [pagePath(pathname), h.value]),
    ),
  );
  const policyFor = (path: string) => policies.get(pagePath(path)) ?? nonPagePolicy;
  const notFoundPages = new Map<string, Buffer>(
    siteNotFoundPages
      .filter(({ page }) => pages.has(page))
      .map(({ page }) => [page, readFileSync(join(clientDir, `${page}.html`))]),
  );

  const serve = sirv(clientDir, { etag: true, brotli: true, gzip: true, extensions: ['html'] });

  /**
   * A file's own headers, set before sirv runs rather than in its `setHeaders`, which it skips
   * when it answers 304: a browser keeps a 304's headers for its copy, so a page revalidated on
   * a second visit came back under the policy of non-pages, unstyled and with no script.
   */
  function setFileHeaders(res: ServerResponse, path: string, page: boolean) {
    // Hashed assets never change; pages and other files are checked again (ETag) on each visit.
    const maxAge = path.startsWith('/_astro/')
      ? 'max-age=31536000, immutable'
      : `max-age=${page ? 0 : 3600}, must-revalidate`;
    res.setHeader('Cache-Control', `public, ${maxAge}`);
    // sirv says it only on a 200; a 304 repeats it (RFC 9110 §15.4.5), as every file may have twins.
    res.setHeader('Vary', 'Accept-Encoding');
    if (page) res.setHeader('Content-Security-Policy', policyFor(path));
    const text = textTypes[path.slice(path.lastIndexOf('.') + 1)];
    if (text)
      res.setHeader('Content-Type', `${path.endsWith('/rss.xml') ? 'application/rss+xml' : text}; charset=utf-8`);
    // A type sirv does not know (the search index's .pf_* files) was sent as an empty Content-Type.
    else if (!page && !lookup(path)) res.setHeader('Content-Type', 'application/octet-stream');
  }

  /** The not-found page for an (encoded) path (src/lib/not-found.ts), with its headers. */
  function notFoundPage(pathname: string) {
    const found = notFoundPageFor(pathname.toLowerCase());
    const page = notFoundPages.has(found) ? found : '/404';
    const body = notFoundPages.get(page) ?? Buffer.from('Not found\n');
    const headers = {
      'Content-Type': `text/${notFoundPages.has(page) ? 'html' : 'plain'}; charset=utf-8`,
      'Content-Length': String(body.length),
      'Cache-Control': 'no-store',
      'Content-Security-Policy': policyFor(page),
    };
    return { body, headers };
  }

  function notFound(req: IncomingMessage, res: ServerResponse, pathname: string): void {
    const { body, headers } = notFoundPage(pathname);
    res.writeHead(404, headers).end(req.method === 'HEAD' ? undefined : body);
  }

  /** The same page as a Response, for an on-demand route that finds it names nothing (`locals.notFound`). */
  const notFoundResponse = (pathname: string) => {
    const { body, headers } = notFoundPage(pathname);
    return new Response(new Uint8Array(body), { status: 404, headers });
  };

  /**
   * One address per page: `/about/`, `//about`, `/about%2F`, `/about.html` and `/About` move to
   * `/about` (a page of this site, so never another host; every address is in lower case). The
   * address, encoded, an (encoded) path written another way moves to; undefined for any other.
   */
  function movedTo(pathname: string): string | undefined {
    const decoded = decodePath(pathname);
    const page = decoded === undefined ? undefined : pagePath(decoded);
    const address = page && [page, page.toLowerCase()].find((path) => addresses.has(path));
    // Compared as sent: `/%61bout` and `/city%2Fcary` are other spellings too.
    return address && encodeURI(address) !== pathname ? encodeURI(address) : undefined;
  }

  /** GET and HEAD of an (encoded) path; what the site does not hold goes to `fallback` (Astro), under its one spelling. */
  async function handle(
    req: IncomingMessage,
    res: ServerResponse,
    pathname: string,
    search: string,
    fallback: (pathname: string) => void | Promise<void>,
  ) {
    const decoded = decodePath(pathname);
    if (decoded === undefined) return notFound(req, res, pathname);
    const page = pagePath(decoded);
    if (notFoundPages.has(page.toLowerCase())) return notFound(req, res, page);
    const address = movedTo(pathname);
    if (address !== undefined) return void res.writeHead(301, { Location: `${address}${search}` }).end();
    if (!files.has(decoded) && !pages.has(decoded)) {
      if (page === decoded) return fallback(pathname);
      // Another spelling of a list's /page/1 (`/listings/page/1/`): its route moves it to the list.
      return /\/page\/1$/.test(page) ? fallback(encodeURI(page)) : notFound(req, res, page);
    }
    // sirv reads req.url: give it the origin-form target (an absolute-form one names another host).
    req.url = `${pathname}${search}`;
    // sirv looks for "br" and "gzip" anywhere in Accept-Encoding: show it only the codings accepted.
    req.headers['accept-encoding'] = new Negotiator(req).encodings(['br', 'gzip']).join(',');
    // sirv reads Range loosely: `bytes=5-1` and an end past 2^53 threw after the status line (the
    // visitor got an empty reply), `bytes=-5` sent the first bytes, not the last, `bytes=0-0` the
    // whole file, and it ignores If-Range (a resumed download could join two versions). It gets
    // only the form it reads right, `bytes=first-[last]` in order, under 10^15, last not 0, without
    // If-Range; any other Range is ignored, as HTTP allows, and the file sent whole.
    const range = /^bytes=(\d{1,15})-(\d{0,15})$/.exec(String(req.headers.range ?? ''));
    const [first, last] = [Number(range?.[1]), range?.[2] ? Number(range[2]) : undefined];
    if (!range || req.headers['if-range'] !== undefined || (last !== undefined && (last < first || last === 0)))
      delete req.headers.range;
    setFileHeaders(res, decoded, pages.has(decoded));
    // sirv pipes the file without an error handler: one gone since the start (dist/ replaced by a
    // build) threw an unhandled 'error' and stopped the server. The headers are sent: cut this answer.
    res.once('pipe', (file) => file.once('error', () => res.destroy()));
    serve(req, res, () => notFound(req, res, page));
  }

  /** Whether an (encoded) path names a file or a pre-rendered page, at any of its addresses (405 rather than 404). */
  const has = (pathname: string) => {
    const decoded = decodePath(pathname);
    return decoded !== undefined && (files.has(decoded) || pages.has(pagePath(decoded)));
  };

  return { handle, notFound, notFoundResponse, has, movedTo };
}
