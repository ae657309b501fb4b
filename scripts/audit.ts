/**
 * `npm run audit`: the whole-site quality gates on the production build, in one table.
 *
 * It builds the site (with SITE_URL set to the audit server, so canonicals point at the host
 * Lighthouse visits) and times that build, then:
 *   0. builds a temporary copy with 1,000 extra articles and times that too (audit/build-time.ts);
 *   1. starts the production server (src/server/main.ts) on 127.0.0.1;
 *   2. runs Lighthouse 13 on the URLs of lighthouserc.json (mobile defaults: simulated slow 4G,
 *      mid-range phone), judged by its assertions (all but Total Blocking Time on a host too slow to
 *      map memory for it to mean anything: audit/host.ts), and weighs each first view's bytes
 *      against tests/budgets.json (audit/lighthouse.ts);
 *   3. runs the Nu Html Checker on every built page (audit/nu.ts);
 *   4. grades the headers with the MDN HTTP Observatory through a TLS front (audit/observatory.ts).
 * It prints one table (audit/report.ts) and exits 1 on any miss.
 *
 *   npm run audit                 # everything
 *   npm run audit -- --skip-observatory   # when ports 80/443 cannot be bound (not root)
 *   npm run audit -- --skip-scale         # without the 1,000-article build
 *
 * The dist/ it leaves is the audit build (canonicals on 127.0.0.1): `npm start` rebuilds.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { scaleBuild, timedBuild } from './audit/build-time.ts';
import { readLighthouseConfig, runLighthouse } from './audit/lighthouse.ts';
import { nuCheck } from './audit/nu.ts';
import { pageFaultMicros } from './audit/host.ts';
import { observatory } from './audit/observatory.ts';
import {
  assertionsForHost,
  buildBudgets,
  buildMiss,
  formatKb,
  hostLine,
  observatoryMiss,
  pageMisses,
  pageTable,
} from './audit/report.ts';

const root = fileURLToPath(new URL('..', import.meta.url));
const client = join(root, 'dist', 'client');
const port = Number(process.env['AUDIT_PORT'] ?? 4499);
const origin = `http://127.0.0.1:${port}`;
const args = new Set(process.argv.slice(2));

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

const misses: string[] = [];
log('audit: building the site');
const siteSeconds = await timedBuild(root, origin);
const buildLines = [`Build: ${siteSeconds.toFixed(1)} s for the site (budget ${buildBudgets.siteSeconds} s)`];
const siteMiss = buildMiss('site build', siteSeconds, buildBudgets.siteSeconds);
if (siteMiss) misses.push(siteMiss);
if (!args.has('--skip-scale')) {
  log('audit: building a copy with 1,000 extra articles');
  const scaleSeconds = await scaleBuild(root, origin);
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

  const lighthouseConfig = readLighthouseConfig(join(root, 'lighthouserc.json'));
  // AUDIT_RUNS overrides the most runs per page (a clean run ends a page's runs early anyway).
  if (process.env['AUDIT_RUNS']) lighthouseConfig.collect.numberOfRuns = Number(process.env['AUDIT_RUNS']);
  // On a host too slow to map memory, Total Blocking Time follows the host, not the page.
  const faultMicros = pageFaultMicros();
  const forHost = assertionsForHost(lighthouseConfig.assert.assertions, faultMicros);
  lighthouseConfig.assert.assertions = forHost.assertions;
  const hostSummary = hostLine(faultMicros, forHost.notEnforced);
  log(`audit: ${hostSummary}`);
  const measures = await runLighthouse(lighthouseConfig, origin, log, forHost.notEnforced);
  for (const m of measures) misses.push(...pageMisses(m));

  log('audit: Nu Html Checker on every built page');
  const nu = await nuCheck(root, client);
  misses.push(...nu.errors.map((e) => `Nu: ${e}`));

  let observatoryLine = 'HTTP Observatory: skipped (--skip-observatory)';
  if (!args.has('--skip-observatory')) {
    log('audit: HTTP Observatory scan through a local TLS front');
    const obs = await observatory(root, port, tmp);
    observatoryLine = `HTTP Observatory: grade ${obs.grade}, score ${obs.score}${obs.failed.length ? `; not passed: ${obs.failed.join('; ')}` : ''}`;
    const miss = observatoryMiss(obs.grade, obs.score);
    if (miss) misses.push(miss);
  }

  console.log('');
  for (const line of pageTable(measures)) console.log(line);
  console.log('');
  console.log(hostSummary);
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
