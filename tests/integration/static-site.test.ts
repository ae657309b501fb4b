/**
 * The pre-rendered site as the production server sends it. Pages and assets are compressed once, at build time: the server sends the Brotli or gzip twin
 * that dist/client holds, byte for byte and with its length, instead of compressing each answer
 * again (which cost CPU on every request and sent pages in chunks). A browser that takes no
 * encoding gets the plain file, and the twins themselves are not pages of the site. What has no
 * twin (the answers made on demand, the not-found pages) is compressed as it is sent.
 */
import { cpSync, mkdtempSync, readFileSync, readdirSync, rmSync, symlinkSync } from 'node:fs';
import { request } from 'node:http';
import { tmpdir } from 'node:os';
import { join, sep } from 'node:path';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { isUp, rawRequest } from './raw-http.ts';
import { assertBuilt, root, startSite, tempDb, type RunningServer } from './support.ts';

let site: RunningServer;
const client = join(root, 'dist', 'client');

beforeAll(async () => {
  assertBuilt();
  site = await startSite({ LEADS_DB: tempDb() });
});

afterAll(async () => {
  await site?.stop();
});

/** The raw answer (no decoding), so the bytes can be compared with the files. */
function get(path: string, acceptEncoding: string, headers: Record<string, string> = {}) {
  return new Promise<{ status: number; headers: Record<string, string | string[] | undefined>; body: Buffer }>(
    (resolve, reject) => {
      const req = request(
        `${site.url}${path}`,
        { headers: { 'accept-encoding': acceptEncoding, ...headers } },
        (res) => {
          const chunks: Buffer[] = [];
          res.on('data', (c: Buffer) => chunks.push(c));
          res.on('end', () =>
            resolve({ status: res.statusCode ?? 0, headers: res.headers, body: Buffer.concat(chunks) }),
          );
        },
      );
      req.on('error', reject);
      req.end();
    },
  );
}

describe('precompressed twins', () => {
  const cases = [
    { path: '/listings/412-oak-grove-lane-cary-nc', file: 'listings/412-oak-grove-lane-cary-nc.html' },
    { path: '/', file: 'index.html' },
  ];

  for (const { path, file } of cases) {
    it(`${path}: Brotli is the .br file, gzip the .gz file, identity the page itself`, async () => {
      const br = await get(path, 'gzip, deflate, br');
      expect(br.status).toBe(200);
      expect(br.headers['content-encoding']).toBe('br');
      expect(br.headers['vary']).toBe('Accept-Encoding');
      expect(br.headers['transfer-encoding']).toBeUndefined();
      expect(Number(br.headers['content-length'])).toBe(br.body.length);
      expect(br.body.equals(readFileSync(join(client, `${file}.br`)))).toBe(true);
      // The page's own headers come with the twin.
      expect(br.headers['content-security-policy']).toContain("default-src 'self'");
      expect(br.headers['cache-control']).toBe('public, max-age=0, must-revalidate');

      const gz = await get(path, 'gzip');
      expect(gz.headers['content-encoding']).toBe('gzip');
      expect(gz.body.equals(readFileSync(join(client, `${file}.gz`)))).toBe(true);

      const plain = await get(path, 'identity');
      expect(plain.headers['content-encoding']).toBeUndefined();
      expect(plain.body.equals(readFileSync(join(client, file)))).toBe(true);
    });
  }

  it('a hashed stylesheet is sent as its Brotli twin and stays immutable', async () => {
    const html = readFileSync(join(client, 'index.html'), 'utf8');
    const css = /\/_astro\/[^"]+\.css/.exec(html)?.[0];
    expect(css).toBeTruthy();
    const res = await get(css!, 'br');
    expect(res.headers['content-encoding']).toBe('br');
    expect(res.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(res.body.equals(readFileSync(join(client, `${css!.slice(1)}.br`)))).toBe(true);
  });

  it('a coding refused with q=0 is never sent', async () => {
    const res = await get('/', 'br;q=0, gzip');
    expect(res.headers['content-encoding']).toBe('gzip');
    const none = await get('/', 'br;q=0, gzip; q=0.0');
    expect(none.headers['content-encoding']).toBeUndefined();
    expect(none.body.equals(readFileSync(join(client, 'index.html')))).toBe(true);
  });

  it('Accept-Encoding is read as HTTP defines it: `*`, any letter case, and q=0 after `*`', async () => {
    for (const [accept, coding, twin] of [
      ['*', 'br', 'br'],
      ['GZIP', 'gzip', 'gz'],
      ['*, br;q=0', 'gzip', 'gz'],
    ] as const) {
      const res = await get('/', accept);
      expect(res.headers['content-encoding'], accept).toBe(coding);
      expect(res.body.equals(readFileSync(join(client, `index.html.${twin}`))), accept).toBe(true);
    }
  });

  it('the twins are not addresses of the site', async () => {
    for (const path of ['/index.html.br', '/about.html.gz']) {
      const res = await get(path, 'identity');
      expect(res.status).toBe(404);
      expect(res.headers['content-type']).toContain('text/html');
    }
  });
});

describe('answers that have no twin', () => {
  const cases = [
    { path: '/contact', type: 'text/html', holds: '<h1' },
    { path: '/api/videos', type: 'application/json', holds: '"playlists"' },
    { path: '/no-such-page', type: 'text/html', holds: '<h1' },
    { path: '/city/no-such-city', type: 'text/html', holds: 'City Not Found' },
    { path: '/listings/no-such-home', type: 'text/html', holds: 'Home Not Found' },
  ];

  for (const { path, type, holds } of cases) {
    it(`${path} is compressed as it is sent, in the coding the browser takes`, async () => {
      const plain = await get(path, 'identity');
      expect(plain.headers['content-type']).toContain(type);
      expect(plain.headers['content-encoding']).toBeUndefined();
      expect(plain.body.toString()).toContain(holds);
      // Well above the 512-byte threshold below which compressing is not worth it.
      expect(plain.body.length).toBeGreaterThan(4000);

      const br = await get(path, 'gzip, deflate, br');
      expect(br.status).toBe(plain.status);
      expect(br.headers['content-encoding']).toBe('br');
      expect(br.headers['vary']).toBe('Accept-Encoding');
      expect(br.body.length).toBeLessThan(plain.body.length / 3);
      const brText = brotliDecompressSync(br.body).toString();
      expect(brText).toContain(holds);
      expect(brText.length).toBeGreaterThan(plain.body.length * 0.9);

      const gz = await get(path, 'gzip, br;q=0');
      expect(gz.headers['content-encoding']).toBe('gzip');
      expect(gunzipSync(gz.body).toString()).toContain(holds);
    });
  }
});

describe('types', () => {
  it('names the charset of every text file, and sends the feeds as feeds', async () => {
    const ics = readdirSync(join(client, 'listings'), { recursive: true, encoding: 'utf8' }).find((f) =>
      f.endsWith('.ics'),
    );
    expect(ics).toBeTruthy();
    for (const [path, type] of [
      ['/rss.xml', 'application/rss+xml; charset=utf-8'],
      ['/listings/rss.xml', 'application/rss+xml; charset=utf-8'],
      ['/sitemap-index.xml', 'application/xml; charset=utf-8'],
      ['/robots.txt', 'text/plain; charset=utf-8'],
      [`/listings/${ics!.split(sep).join('/')}`, 'text/calendar; charset=utf-8'],
    ] as const) {
      for (const coding of ['identity', 'br']) {
        const res = await get(path, coding);
        expect(res.status, path).toBe(200);
        expect(res.headers['content-type'], `${path} (${coding})`).toBe(type);
      }
    }
  });
});

describe('Range requests', () => {
  it('a single byte range is sent as 206; any Range sirv would misread is ignored and the file sent whole', async () => {
    const file = readFileSync(join(client, 'robots.txt'));
    const part = await get('/robots.txt', 'identity', { range: 'bytes=2-4' });
    expect(part.status).toBe(206);
    expect(part.headers['content-range']).toBe(`bytes 2-4/${file.length}`);
    expect(part.body).toEqual(file.subarray(2, 5));
    // Backwards and past 2^53 (each once an empty reply), a suffix (once the first bytes), `0-0`
    // (once the whole file as a part), several ranges, another unit, nonsense.
    const misread = ['bytes=5-1', 'bytes=0-99999999999999999999', 'bytes=1-18446744073709551616', 'bytes=-5'];
    for (const range of [...misread, 'bytes=0-0', 'bytes=0-1,5-6', 'items=0-5', 'bytes=abc']) {
      const whole = await get('/robots.txt', 'identity', { range });
      expect(whole.status, range).toBe(200);
      expect(whole.body, range).toEqual(file);
    }
    // A Range on condition (If-Range) could join two versions of a file: it is sent whole.
    const etag = String(part.headers['etag']);
    for (const ifRange of ['"another-version"', etag]) {
      const whole = await get('/robots.txt', 'identity', { range: 'bytes=2-4', 'if-range': ifRange });
      expect(whole.status, ifRange).toBe(200);
      expect(whole.body, ifRange).toEqual(file);
    }
    // A part of a file with no compressed twin is sent as stored, never compressed after the cut.
    const json = readFileSync(join(client, 'videos', 'thumbnails.json'));
    const slice = await get('/videos/thumbnails.json', 'gzip', { range: 'bytes=100-899' });
    expect(slice.status).toBe(206);
    expect(slice.headers['content-encoding']).toBeUndefined();
    expect(slice.body).toEqual(json.subarray(100, 900));
    const page = await get('/about', 'br', { range: 'bytes=9-3' });
    expect(page.status).toBe(200);
    expect(page.body).toEqual(readFileSync(join(client, 'about.html.br')));
  });
});

describe('revalidation', () => {
  it("a page checked again (304) keeps its own policy, cache rule and Vary: the browser keeps a 304's headers", async () => {
    for (const coding of ['br', 'identity']) {
      const first = await get('/about', coding);
      const again = await get('/about', coding, { 'if-none-match': String(first.headers['etag']) });
      expect(again.status).toBe(304);
      expect(again.headers['content-security-policy']).toBe(first.headers['content-security-policy']);
      expect(again.headers['content-security-policy']).toMatch(/script-src 'self'.*'sha256-/);
      expect(again.headers['cache-control']).toBe('public, max-age=0, must-revalidate');
      expect([first.headers['vary'], again.headers['vary']]).toEqual(['Accept-Encoding', 'Accept-Encoding']);
    }
    const html = readFileSync(join(client, 'index.html'), 'utf8');
    const css = /\/_astro\/[^"]+\.css/.exec(html)![0];
    const asset = await get(css, 'br');
    const assetAgain = await get(css, 'br', { 'if-none-match': String(asset.headers['etag']) });
    expect(assetAgain.status).toBe(304);
    expect(assetAgain.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(assetAgain.headers['vary']).toBe('Accept-Encoding');
  });
});

describe('the on-demand pages', () => {
  it("are drawn by React's production build, with no NODE_ENV set (as `npm start` runs)", async () => {
    // NODE_DEBUG=module makes Node name each CommonJS file it loads.
    const traced = await startSite({ LEADS_DB: tempDb(), NODE_DEBUG: 'module' });
    try {
      expect((await fetch(`${traced.url}/contact`)).status).toBe(200);
      const loaded = new Set(
        [...traced.output().matchAll(/node_modules\/(react[\w-]*\/cjs\/[\w.-]+\.js)/g)].map((m) => m[1]!),
      );
      expect(loaded).toContain('react-dom/cjs/react-dom-server.node.production.js');
      expect([...loaded].filter((file) => file.includes('development'))).toEqual([]);
    } finally {
      await traced.stop();
    }
  });
});

describe('a /page/1 address', () => {
  it('moves to the first page of /listings and of each narrowing, as /blog/page/1 moves to /blog', async () => {
    for (const [from, to] of [
      ['/blog/page/1', '/blog'],
      ['/listings/page/1', '/listings'],
      ['/listings/town/cary/page/1', '/listings/town/cary'],
      ['/listings/status/sold/page/1', '/listings/status/sold'],
      ['/listings/town/cary/for-sale/page/1', '/listings/town/cary/for-sale'],
    ]) {
      const moved = await get(from!, 'identity');
      expect([moved.status, moved.headers['location']], from).toEqual([301, to]);
      expect((await get(to!, 'identity')).status, to).toBe(200);
      // With its query, as every other move of the site (a campaign's utm tags survive).
      const tagged = await get(`${from}?utm_source=mail&q=a%20b`, 'identity');
      expect(tagged.headers['location'], from).toBe(`${to}?utm_source=mail&q=a%20b`);
    }
  });

  it('written another way (a trailing slash, .html, doubled slashes) moves straight to its list too', async () => {
    for (const [from, to] of [
      ['/blog/page/1/', '/blog'],
      ['/listings/page/1/', '/listings'],
      ['/listings/town/cary/page/1.html', '/listings/town/cary'],
      ['//listings//status/sold/page/1/', '/listings/status/sold'],
    ]) {
      const moved = await get(`${from}?utm_source=mail`, 'identity');
      expect([moved.status, moved.headers['location']], from).toEqual([301, `${to}?utm_source=mail`]);
    }
    // One that names no list is still the list's not-found page.
    const none = await get('/listings/town/nowhere/page/1/', 'identity');
    expect(none.status).toBe(404);
    expect(none.body.toString()).toContain('<title>No Homes on This List Now');
  });

  it("that names no home gets 'Home Not Found', and no list 'No Homes on This List Now', each under its own policy", async () => {
    const home = (await get('/listings/no-such-home', 'identity')).headers['content-security-policy'];
    const list = (await get('/listings/town/nowhere', 'identity')).headers['content-security-policy'];
    expect(home).toMatch(/style-src 'self'/);
    expect(list).toMatch(/style-src 'self'/);
    // A town without homes, a page past the last, a home (no alias of its page), encoded CR LF and a path out of /listings.
    for (const [path, title, policy] of [
      ['/listings/town/nowhere/page/1', 'No Homes on This List Now', list],
      ['/listings/page/99', 'No Homes on This List Now', list],
      ['/listings/status/sold/town/nowhere', 'No Homes on This List Now', list],
      ['/listings/412-oak-grove-lane-cary-nc/page/1', 'Home Not Found', home],
      ['/listings/town/%0D%0A/page/1', 'No Homes on This List Now', list],
      ['/listings/%2e%2e%2F%2e%2e%2Fabout/page/1', 'Home Not Found', home],
    ] as const) {
      const answer = await get(path, 'identity');
      expect(answer.status, path).toBe(404);
      expect(answer.headers['content-security-policy'], path).toBe(policy);
      expect(answer.headers['content-type'], path).toBe('text/html; charset=utf-8');
      expect(answer.body.toString(), path).toContain(`<title>${title}`);
    }
  });
});

describe('the folder of the city guides', () => {
  it("gets 'City Not Found' with the towns, with or without its slash; a longer name does not", async () => {
    for (const path of ['/city', '/city/', '/city/no-such-town']) {
      const answer = await get(path, 'identity');
      expect(answer.status, path).toBe(404);
      expect(answer.body.toString(), path).toContain('<title>City Not Found');
      expect(answer.body.toString(), path).toContain('href="/city/cary"');
    }
    const other = await get('/cityscape', 'identity');
    expect(other.status).toBe(404);
    expect(other.body.toString()).toContain('<title>Page Not Found');
  });
});

describe('addresses and answers at the edges', () => {
  const port = () => Number(new URL(site.url).port);
  const raw = (target: string, headers = '', method = 'GET') =>
    rawRequest(port(), `${method} ${target} HTTP/1.1\r\nHost: 127.0.0.1\r\n${headers}Connection: close\r\n\r\n`);

  it('moves a page written with escapes to its one address, slashes escaped included', async () => {
    for (const [target, to] of [
      ['/%61bout', '/about'],
      ['/city%2Fcary', '/city/cary'],
      ['/contact%2Fsent', '/contact/sent'],
    ] as const) {
      const answer = await raw(target);
      expect([answer.status, answer.headers.get('location')], target).toEqual([301, to]);
    }
  });

  it('answers a path with dot segments with the 404 page, whatever the method, rather than a page', async () => {
    for (const target of ['/x/../contact', '/./contact', '/city/%2e%2e/contact', '/x/../api/videos'])
      expect((await raw(target)).status, target).toBe(404);
    const post = await raw('/x/../api/contact', 'Content-Type: application/json\r\nContent-Length: 2\r\n', 'POST');
    expect(post.status).toBe(404);
  });

  it('draws an on-demand page asked in absolute form, and refuses a Host with no such port', async () => {
    const absolute = await rawRequest(
      port(),
      'GET http://127.0.0.1/contact HTTP/1.1\r\nHost: 127.0.0.1\r\nConnection: close\r\n\r\n',
    );
    expect(absolute.status).toBe(200);
    expect(absolute.raw).toContain('<h1');
    expect(absolute.raw).toMatch(/<title>Contact/);
    const port99999 = await rawRequest(
      port(),
      'GET /contact HTTP/1.1\r\nHost: 127.0.0.1:99999\r\nConnection: close\r\n\r\n',
    );
    expect(port99999.status).toBe(400);
  });

  it('the not-found pages in any letter case: the one of their folder, never a move to them', async () => {
    const city = await raw('/City/nowhere');
    expect(city.status).toBe(404);
    expect(city.raw).toContain('City Not Found');
    expect((await raw('/City-Not-Found')).status).toBe(404);
  });

  it('ignores an expectation it does not know, answering with its headers', async () => {
    const answer = await raw('/about', 'Expect: something-else\r\n');
    expect(answer.status).toBe(200);
    expect(answer.headers.get('content-security-policy')).toBeTruthy();
  });

  it('sends no Content-Encoding with a 304, and names a type for every file', async () => {
    const ics = await get('/listings/open-houses.ics', 'br');
    expect(ics.headers['content-encoding']).toBe('br');
    const again = await get('/listings/open-houses.ics', 'br', { 'If-None-Match': String(ics.headers['etag']) });
    expect(again.status).toBe(304);
    expect(again.headers['content-encoding']).toBeUndefined();
    const fragment = readdirSync(join(client, 'pagefind', 'fragment'))[0]!;
    const index = await get(`/pagefind/fragment/${fragment}`, 'identity');
    expect(index.headers['content-type']).toBe('application/octet-stream');
  });

  it('sends the visitor who opens /api/contact to the form, the query kept', async () => {
    const answer = await raw('/api/contact?topic=showing');
    expect([answer.status, answer.headers.get('location')]).toEqual([301, '/contact?topic=showing']);
  });
});

describe('a file gone since the server started (dist/ replaced by a build meanwhile)', () => {
  it('costs that one answer, not the server', async () => {
    // A copy of the server and its build, whose files can go.
    const copy = mkdtempSync(join(tmpdir(), 'static-gone-'));
    for (const part of ['src', 'dist', 'package.json']) cpSync(join(root, part), join(copy, part), { recursive: true });
    symlinkSync(join(root, 'node_modules'), join(copy, 'node_modules'));
    const server = await startSite({ LEADS_DB: join(copy, 'leads.db') }, copy);
    try {
      rmSync(join(copy, 'dist', 'client', 'about.html'));
      const port = Number(new URL(server.url).port);
      await rawRequest(port, 'GET /about HTTP/1.1\r\nHost: 127.0.0.1\r\nConnection: close\r\n\r\n');
      expect(server.process.exitCode).toBeNull();
      expect(await isUp(port)).toBe(true);
    } finally {
      await server.stop();
      rmSync(copy, { recursive: true, force: true });
    }
  });
});
