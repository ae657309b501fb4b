/**
 * `npm run audit`: the whole-site quality gates on the production build, in one table.
 *
 * It builds the site (with SITE_URL set to the audit server, so canonicals point at the host
 * Lighthouse visits) and times that build, then:
 *   0. builds a temporary copy with 1,000 extra articles and times that too (the build must stay
 *      linear: budget 120 s; the real site: 30 s);
 *   1. starts the production server (src/server/main.ts) on 127.0.0.1;
 *   2. runs Lighthouse (mobile defaults: simulated slow 4G, mid-range phone) with Debian's
 *      Chromium on one page of every kind, the best of up to five runs (machines are noisy);
 *   3. measures the first-view bytes (gzip) and the third-party requests of those page loads;
 *   4. runs the Nu Html Checker (vnu-jar, Java) on every built page;
 *   5. puts a TLS front on ports 443 and 80 (as the production reverse proxy does: HTTPS, and
 *      HTTP redirected to it) and grades the headers with the MDN HTTP Observatory scanner.
 * It prints one table and exits 1 on any budget miss (the budgets: scripts/audit/report.ts).
 *
 *   npm run audit                 # everything
 *   npm run audit -- --skip-observatory   # when ports 80/443 cannot be bound (not root)
 *   npm run audit -- --skip-scale         # without the 1,000-article build
 *
 * The dist/ it leaves is the audit build (canonicals on 127.0.0.1): `npm start` rebuilds.
 */
import { execFile, spawn, type ChildProcess } from 'node:child_process';
import {
  cpSync,
  existsSync,
  mkdtempSync,
  readFileSync,
  readdirSync,
  realpathSync,
  rmSync,
  symlinkSync,
  writeFileSync,
} from 'node:fs';
import { createServer as createHttpServer, request as httpRequest, type Server } from 'node:http';
import { createServer as createHttpsServer } from 'node:https';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { gzipSync } from 'node:zlib';
import * as chromeLauncher from 'chrome-launcher';
import lighthouse from 'lighthouse';
import { chromiumArgs, chromiumPath } from '../tests/support/chromium.ts';
import {
  buildBudgets,
  buildMiss,
  formatKb,
  measureRuns,
  nuErrors,
  observatoryMiss,
  pageMisses,
  pageTable,
  toScore,
  type AuditPage,
  type NuMessage,
  type PageMeasure,
} from './audit/report.ts';

const run = promisify(execFile);
const root = fileURLToPath(new URL('..', import.meta.url));
const client = join(root, 'dist', 'client');
const port = Number(process.env['AUDIT_PORT'] ?? 4499);
const origin = `http://127.0.0.1:${port}`;
const args = new Set(process.argv.slice(2));
const runsPerPage = Number(process.env['AUDIT_RUNS'] ?? 5);

const firstPlaylist = readdirSync(join(root, 'content', 'playlists'))
  .filter((f) => f.endsWith('.yaml'))
  .sort()[0]!
  .replace(/\.yaml$/, '');

const pages: AuditPage[] = [
  { kind: 'home', path: '/' },
  { kind: 'city', path: '/city/raleigh' },
  { kind: 'article', path: '/blog/living-in-raleigh-nc' },
  { kind: 'playlist', path: `/blog/${firstPlaylist}` },
  { kind: 'blog index', path: '/blog' },
  { kind: 'videos', path: '/videos' },
  { kind: 'relocation', path: '/relocation' },
  { kind: 'seller resources', path: '/seller-resources' },
  { kind: 'about', path: '/about' },
];

const log = (line: string) => process.stderr.write(`${line}\n`);

async function waitFor(url: string, timeoutMs = 30_000): Promise<void> {
  const end = Date.now() + timeoutMs;
  while (Date.now() < end) {
    try {
      if ((await fetch(url)).ok) return;
    } catch {
      // not up yet
    }
    await new Promise((r) => setTimeout(r, 200));
  }
  throw new Error(`The server did not answer at ${url} within ${timeoutMs / 1000} s`);
}

function startServer(leadsDir: string): ChildProcess {
  const child = spawn(process.execPath, [join(root, 'src', 'server', 'main.ts')], {
    env: { ...process.env, PORT: String(port), HOST: '127.0.0.1', LEADS_DB: join(leadsDir, 'leads.db') },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  child.on('exit', (code) => {
    if (code) log(`audit: the server exited with code ${code}`);
  });
  return child;
}

// ---------------------------------------------------------------------------------------------
// Lighthouse and first-view bytes

interface NetworkItem {
  url: string;
  resourceType?: string;
  statusCode?: number;
}

async function gzipBytes(url: string): Promise<number> {
  const res = await fetch(url, { headers: { 'accept-encoding': 'identity' } });
  return gzipSync(Buffer.from(await res.arrayBuffer()), { level: 9 }).length;
}

async function measure(page: AuditPage, chromePort: number): Promise<PageMeasure> {
  const result = await lighthouse(`${origin}${page.path}`, {
    port: chromePort,
    output: 'json',
    logLevel: 'error',
    onlyCategories: ['performance', 'accessibility', 'best-practices', 'seo'],
  });
  if (!result) throw new Error(`Lighthouse returned nothing for ${page.path}`);
  const { categories, audits, runtimeError } = result.lhr;
  if (runtimeError) throw new Error(`Lighthouse failed on ${page.path}: ${runtimeError.message}`);
  const items = ((audits['network-requests']?.details as { items?: NetworkItem[] } | undefined)?.items ?? []).filter(
    (i) => !i.url.startsWith('data:') && !i.url.startsWith('blob:'),
  );
  const bytes = { js: 0, css: 0, html: 0 };
  for (const item of items) {
    if (!item.url.startsWith(origin)) continue;
    const kind =
      item.resourceType === 'Script'
        ? 'js'
        : item.resourceType === 'Stylesheet'
          ? 'css'
          : item.resourceType === 'Document'
            ? 'html'
            : undefined;
    if (kind) bytes[kind] += await gzipBytes(item.url);
  }
  return {
    page,
    scores: {
      performance: toScore(categories['performance']?.score),
      accessibility: toScore(categories['accessibility']?.score),
      bestPractices: toScore(categories['best-practices']?.score),
      seo: toScore(categories['seo']?.score),
    },
    lcpMs: audits['largest-contentful-paint']?.numericValue ?? Number.POSITIVE_INFINITY,
    cls: audits['cumulative-layout-shift']?.numericValue ?? Number.POSITIVE_INFINITY,
    tbtMs: audits['total-blocking-time']?.numericValue ?? Number.POSITIVE_INFINITY,
    bytes,
    thirdParty: items.filter((i) => !i.url.startsWith(origin)).map((i) => i.url),
  };
}

/** Failed audits of a run, for the log: what to fix when a score is not 100. */
function failedAudits(lhr: {
  audits: Record<string, { score: number | null; title: string; scoreDisplayMode?: string }>;
}) {
  return Object.entries(lhr.audits)
    .filter(([, a]) => a.score !== null && a.score < 1 && a.scoreDisplayMode === 'binary')
    .map(([id, a]) => `${id} (${a.title})`);
}

async function lighthouseAll(): Promise<PageMeasure[]> {
  const chrome = await chromeLauncher.launch({
    chromePath: chromiumPath(),
    chromeFlags: [...chromiumArgs, '--headless=new'],
  });
  const measures: PageMeasure[] = [];
  try {
    // One warm-up load, so the first measured page does not pay for a cold disk cache.
    await lighthouse(`${origin}/`, { port: chrome.port, logLevel: 'error', onlyCategories: ['performance'] });
    for (const page of pages) {
      const { best, runs } = await measureRuns(
        () => measure(page, chrome.port),
        runsPerPage,
        (message, run) => log(`lighthouse ${page.path}: run ${run} failed (${message}); trying again`),
      );
      log(
        `lighthouse ${page.path}: perf ${best.scores.performance}, a11y ${best.scores.accessibility}, bp ${best.scores.bestPractices}, seo ${best.scores.seo} (${runs} run${runs > 1 ? 's' : ''})`,
      );
      if (pageMisses(best).length > 0) {
        const again = await lighthouse(`${origin}${page.path}`, {
          port: chrome.port,
          logLevel: 'error',
          onlyCategories: ['accessibility', 'best-practices', 'seo'],
        });
        if (again) for (const f of failedAudits(again.lhr)) log(`  failed audit: ${f}`);
      }
      measures.push(best);
    }
  } finally {
    chrome.kill();
  }
  return measures;
}

// ---------------------------------------------------------------------------------------------
// Nu Html Checker

async function nuCheck(): Promise<{ files: number; errors: string[] }> {
  const jar = join(root, 'node_modules', 'vnu-jar', 'build', 'dist', 'vnu.jar');
  const htmlFiles = (readdirSync(client, { recursive: true }) as string[]).filter((f) => f.endsWith('.html'));
  let stderr = '';
  try {
    await run('java', ['-jar', jar, '--errors-only', '--format', 'json', '--skip-non-html', client], {
      maxBuffer: 64 * 1024 * 1024,
    });
  } catch (error) {
    // vnu exits 1 when it reports errors; its JSON is on stderr either way.
    const e = error as { stderr?: string; code?: number | string };
    if (e.code === 'ENOENT')
      throw new Error('Java was not found: install it (apt-get install -y default-jre-headless)');
    stderr = e.stderr ?? '';
  }
  const messages = stderr.trim() ? ((JSON.parse(stderr) as { messages: NuMessage[] }).messages ?? []) : [];
  return { files: htmlFiles.length, errors: nuErrors(messages, client) };
}

// ---------------------------------------------------------------------------------------------
// HTTP Observatory, through a TLS front like the production reverse proxy

function listen(server: Server, p: number): Promise<void> {
  return new Promise((resolve, reject) => {
    server.once('error', reject);
    server.listen(p, '127.0.0.1', () => resolve());
  });
}

async function observatory(dir: string): Promise<{ grade: string | null; score: number | null; failed: string[] }> {
  const key = join(dir, 'key.pem');
  const cert = join(dir, 'cert.pem');
  await run('openssl', [
    'req',
    '-x509',
    '-newkey',
    'rsa:2048',
    '-nodes',
    '-keyout',
    key,
    '-out',
    cert,
    '-days',
    '2',
    '-subj',
    '/CN=localhost',
    '-addext',
    'subjectAltName=DNS:localhost,IP:127.0.0.1',
  ]);
  // The reverse proxy: HTTPS in front of the server, forwarding who asked and how.
  const tls = createHttpsServer({ key: readFileSync(key), cert: readFileSync(cert) }, (req, res) => {
    const upstream = httpRequest(
      {
        host: '127.0.0.1',
        port,
        method: req.method,
        path: req.url,
        headers: {
          ...req.headers,
          'x-forwarded-for': req.socket.remoteAddress ?? '127.0.0.1',
          'x-forwarded-host': req.headers.host ?? 'localhost',
          'x-forwarded-proto': 'https',
        },
      },
      (up) => {
        res.writeHead(up.statusCode ?? 502, up.headers);
        up.pipe(res);
      },
    );
    upstream.on('error', () => res.writeHead(502).end());
    req.pipe(upstream);
  });
  // ...and plain HTTP answering every request with a permanent redirect to HTTPS.
  const plain = createHttpServer((req, res) => {
    res.writeHead(301, {
      Location: `https://${(req.headers.host ?? 'localhost').replace(/:\d+$/, '')}${req.url ?? '/'}`,
    });
    res.end();
  });
  try {
    await listen(tls, 443);
    await listen(plain, 80);
  } catch (error) {
    tls.close();
    plain.close();
    throw new Error(
      `The Observatory scan needs ports 80 and 443 on 127.0.0.1 (${(error as Error).message}); run as root or pass --skip-observatory`,
    );
  }
  try {
    // The scanner ships without its HSTS preload list (its install script downloads it); an empty
    // list is the truth for localhost.
    const preload = join(root, 'node_modules', '@mdn', 'mdn-http-observatory', 'conf', 'hsts-preload.json');
    if (!existsSync(preload)) writeFileSync(preload, '{}');
    const script = `
      import { scan } from '@mdn/mdn-http-observatory';
      const r = await scan('localhost');
      const failed = Object.values(r.tests).filter((t) => !t.pass).map((t) => t.name + ': ' + t.result);
      console.log(JSON.stringify({ grade: r.scan.grade, score: r.scan.score, failed }));
    `;
    const { stdout } = await run(process.execPath, ['--input-type=module', '-e', script], {
      cwd: root,
      env: { ...process.env, NODE_EXTRA_CA_CERTS: cert },
    });
    return JSON.parse(stdout.trim().split('\n').at(-1)!) as { grade: string; score: number; failed: string[] };
  } finally {
    tls.close();
    plain.close();
  }
}

// ---------------------------------------------------------------------------------------------
// Build time: the real site, and a copy with 1,000 extra articles

async function timedBuild(cwd: string, siteUrl: string): Promise<number> {
  const started = performance.now();
  await run(process.execPath, [join(cwd, 'node_modules', 'astro', 'bin', 'astro.mjs'), 'build'], {
    cwd,
    env: { ...process.env, SITE_URL: siteUrl, ASTRO_TELEMETRY_DISABLED: '1' },
    maxBuffer: 256 * 1024 * 1024,
  });
  return (performance.now() - started) / 1000;
}

/** The city guides' names by slug (content/cities/{slug}.yaml), for the generated articles. */
function cityNames(): [string, string][] {
  const dir = join(root, 'content', 'cities');
  return readdirSync(dir)
    .filter((f) => /\.ya?ml$/.test(f))
    .sort()
    .map((f) => [
      f.replace(/\.ya?ml$/, ''),
      /^name:\s*(.+)$/m.exec(readFileSync(join(dir, f), 'utf8'))?.[1]?.trim() ?? '',
    ]);
}

/** One generated article: front matter of SPEC §3, headings, a list and two MDX components. */
function generatedArticle(i: number, towns: readonly [string, string][]): string {
  const [guide, town] = towns[i % towns.length]!;
  const day = String((i % 28) + 1).padStart(2, '0');
  const paragraph = `Buyers in ${town} compare lot sizes, commute times and school assignments before they write an offer, and the homes that are priced right still move quickly. `;
  return `---
title: 'Scale Test ${i}: Homes in ${town} NC'
slug: scale-test-${i}
description: Generated article ${i} of the build-scale check, about homes for sale in ${town}, NC, their prices and commutes.
summary: Generated for the build-time check; never published.
datePublished: 2024-01-${day}
geo:
  city: ${town}
  guide: ${guide}
  state: NC
keywords: [scale test, ${town} homes]
faq:
  - q: Is this article published?
    a: No, it only exists in a temporary copy of the project.
---

## Living in ${town}

<IntroQuote>${paragraph}</IntroQuote>

${paragraph.repeat(6)}

## What homes cost

- Townhomes: ${paragraph}
- Single-family homes: ${paragraph}

${paragraph.repeat(4)}

<SummaryBox>${paragraph}</SummaryBox>
`;
}

async function scaleBuild(): Promise<number> {
  const copy = mkdtempSync(join(tmpdir(), 'audit-scale-'));
  const skip = new Set(['node_modules', 'dist', '.git', 'test-results', 'playwright-report', '.cache', 'data']);
  try {
    cpSync(root, copy, {
      recursive: true,
      filter: (src) => !skip.has(src.slice(root.length).split('/').filter(Boolean)[0] ?? ''),
    });
    symlinkSync(realpathSync(join(root, 'node_modules')), join(copy, 'node_modules'));
    const towns = cityNames();
    for (let i = 1; i <= 1000; i++)
      writeFileSync(join(copy, 'content', 'articles', `scale-test-${i}.mdx`), generatedArticle(i, towns));
    const seconds = await timedBuild(copy, origin);
    const built = readdirSync(join(copy, 'dist', 'client', 'blog')).filter((f) => f.startsWith('scale-test-')).length;
    if (built !== 1000) throw new Error(`the scale build produced ${built} of the 1,000 generated articles`);
    return seconds;
  } finally {
    rmSync(copy, { recursive: true, force: true });
  }
}

// ---------------------------------------------------------------------------------------------

const misses: string[] = [];
log('audit: building the site');
const siteSeconds = await timedBuild(root, origin);
const buildLines = [`Build: ${siteSeconds.toFixed(1)} s for the site (budget ${buildBudgets.siteSeconds} s)`];
const siteMiss = buildMiss('site build', siteSeconds, buildBudgets.siteSeconds);
if (siteMiss) misses.push(siteMiss);
if (!args.has('--skip-scale')) {
  log('audit: building a copy with 1,000 extra articles');
  const scaleSeconds = await scaleBuild();
  buildLines.push(
    `Build: ${scaleSeconds.toFixed(1)} s with 1,000 extra articles (budget ${buildBudgets.scaleSeconds} s; ${(((scaleSeconds - siteSeconds) / 1000) * 1000).toFixed(0)} ms per extra article)`,
  );
  const scaleMiss = buildMiss('build with 1,000 extra articles', scaleSeconds, buildBudgets.scaleSeconds);
  if (scaleMiss) misses.push(scaleMiss);
}

const tmp = mkdtempSync(join(tmpdir(), 'audit-'));
const server = startServer(tmp);
try {
  await waitFor(`${origin}/`);
  log(`audit: server up at ${origin}`);

  const measures = await lighthouseAll();
  for (const m of measures) misses.push(...pageMisses(m));

  log('audit: Nu Html Checker on every built page');
  const nu = await nuCheck();
  misses.push(...nu.errors.map((e) => `Nu: ${e}`));

  let observatoryLine = 'HTTP Observatory: skipped (--skip-observatory)';
  if (!args.has('--skip-observatory')) {
    log('audit: HTTP Observatory scan through a local TLS front');
    const obs = await observatory(tmp);
    observatoryLine = `HTTP Observatory: grade ${obs.grade}, score ${obs.score}${obs.failed.length ? `; not passed: ${obs.failed.join('; ')}` : ''}`;
    const miss = observatoryMiss(obs.grade, obs.score);
    if (miss) misses.push(miss);
  }

  console.log('');
  for (const line of pageTable(measures)) console.log(line);
  console.log('');
  console.log(`Nu Html Checker: ${nu.files} pages, ${nu.errors.length} error(s)`);
  for (const e of nu.errors.slice(0, 50)) console.log(`  ${e}`);
  console.log(observatoryLine);
  for (const line of buildLines) console.log(line);
  const heaviest = measures.reduce((a, b) => (b.bytes.js > a.bytes.js ? b : a));
  console.log(`Heaviest first-view JavaScript: ${heaviest.page.path} ${formatKb(heaviest.bytes.js)}`);
  console.log('');
  if (misses.length > 0) {
    console.log(`Budget misses (${misses.length}):`);
    for (const m of misses) console.log(`  - ${m}`);
    process.exitCode = 1;
  } else {
    console.log('Every budget met.');
  }
} catch (error) {
  console.error(`audit: ${(error as Error).message}`);
  process.exitCode = 1;
} finally {
  server.kill();
  rmSync(tmp, { recursive: true, force: true });
}
