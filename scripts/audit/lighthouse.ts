/**
 * Lighthouse on every URL of lighthouserc.json, judged by its assertions and by the first-view
 * byte budgets of tests/budgets.json.
 *
 * lighthouserc.json is in Lighthouse CI's format (`ci.collect`, `ci.assert.assertions`), but
 * `@lhci/cli` does not run it: its latest release (0.15.1) pins Lighthouse 12.6.1, a major version
 * behind the Lighthouse 13 that PageSpeed Insights and Chrome DevTools score pages with (13
 * replaced the performance audits with insights), and it brings a second Lighthouse, Express and
 * an interactive CLI. It also runs every URL `numberOfRuns` times where one clean run settles a
 * page, and cannot weigh the first view's own-origin bytes. This runner keeps Lighthouse 13's Node
 * API; the assertions mean what they mean to Lighthouse CI, so `lhci autorun` can take the same
 * file once it catches up.
 */
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';
import * as chromeLauncher from 'chrome-launcher';
import lighthouse from 'lighthouse';
import { chromiumArgs, chromiumPath } from '../../tests/support/chromium.ts';
import {
  assertionMisses,
  categoryScore,
  cpuSlowdownForHost,
  measureRuns,
  pageMisses,
  parseLighthouseConfig,
  toScore,
  type LighthouseConfig,
  type PageMeasure,
} from './report.ts';

export function readLighthouseConfig(file: string): LighthouseConfig {
  return parseLighthouseConfig(JSON.parse(readFileSync(file, 'utf8')));
}

interface NetworkItem {
  url: string;
  resourceType?: string;
}

const byteKinds: Record<string, 'js' | 'css' | 'html' | undefined> = {
  Script: 'js',
  Stylesheet: 'css',
  Document: 'html',
};

async function gzipBytes(url: string): Promise<number> {
  const res = await fetch(url, { headers: { 'accept-encoding': 'identity' } });
  return gzipSync(Buffer.from(await res.arrayBuffer()), { level: 9 }).length;
}

/**
 * One Lighthouse run whose phone is simulated with the CPU slowdown for the host's speed during that
 * very run (`cpuSlowdownForHost`). Lighthouse benchmarks the host as a run starts, so the run is
 * gathered and audited apart, as its CLI's `-G` and `-A` do: the simulation, which alone applies
 * the slowdown, happens in the audit. The host's speed drifts by half from run to run, so the
 * benchmark of a run before would misjudge it.
 */
async function lighthouseForHost(url: string, chromePort: number, onlyCategories: string[] | null) {
  const dir = mkdtempSync(join(tmpdir(), 'lighthouse-run-'));
  try {
    await lighthouse(url, { port: chromePort, logLevel: 'error', onlyCategories, gatherMode: dir });
    const file = join(dir, 'artifacts.json');
    const artifacts = JSON.parse(readFileSync(file, 'utf8')) as {
      BenchmarkIndex?: number;
      settings: { throttling: { cpuSlowdownMultiplier: number } };
    };
    const cpuSlowdown = cpuSlowdownForHost(artifacts.BenchmarkIndex);
    // The slowdown is written into the gathered settings too: Lighthouse refuses to audit with
    // settings other than those gathered with, and in simulated throttling the gathering uses it
    // only to shorten requestIdleCallback's deadline, which the one caller here (the home page's
    // hero video, on phones) does not read.
    artifacts.settings.throttling.cpuSlowdownMultiplier = cpuSlowdown;
    writeFileSync(file, JSON.stringify(artifacts));
    const result = await lighthouse(url, {
      port: chromePort,
      output: 'json',
      logLevel: 'error',
      onlyCategories,
      auditMode: dir,
      throttling: { cpuSlowdownMultiplier: cpuSlowdown },
    });
    return result && { lhr: result.lhr, cpuSlowdown };
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

async function measure(
  url: string,
  config: LighthouseConfig,
  chromePort: number,
  leftOut: readonly string[],
): Promise<PageMeasure> {
  const { origin, pathname: path } = new URL(url);
  const result = await lighthouseForHost(url, chromePort, config.collect.settings.onlyCategories ?? null);
  if (!result) throw new Error(`Lighthouse returned nothing for ${path}`);
  const { categories, audits, runtimeError, environment } = result.lhr;
  if (runtimeError) throw new Error(`Lighthouse failed on ${path}: ${runtimeError.message}`);
  const items = ((audits['network-requests']?.details as { items?: NetworkItem[] } | undefined)?.items ?? []).filter(
    (i) => !i.url.startsWith('data:') && !i.url.startsWith('blob:'),
  );
  const bytes = { js: 0, css: 0, html: 0 };
  for (const item of items) {
    const kind = byteKinds[item.resourceType ?? ''];
    if (kind && item.url.startsWith(origin)) bytes[kind] += await gzipBytes(item.url);
  }
  const score = (id: string) => toScore(categories[id]?.score);
  const judged = categories['performance'] && categoryScore(categories['performance'], audits, leftOut);
  const numeric = (id: string) => audits[id]?.numericValue ?? Number.POSITIVE_INFINITY;
  return {
    page: { path },
    scores: {
      performance: score('performance'),
      accessibility: score('accessibility'),
      bestPractices: score('best-practices'),
      seo: score('seo'),
    },
    lcpMs: numeric('largest-contentful-paint'),
    cls: numeric('cumulative-layout-shift'),
    tbtMs: numeric('total-blocking-time'),
    bytes,
    thirdParty: items.filter((i) => !i.url.startsWith(origin)).map((i) => i.url),
    ...(judged?.without.length ? { judgedPerformance: toScore(judged.score) } : {}),
    lighthouseMisses: assertionMisses(path, result.lhr, config.assert.assertions, leftOut),
    benchmarkIndex: environment.benchmarkIndex,
    cpuSlowdown: result.cpuSlowdown,
    // What to fix when a score is not 100.
    failedAudits: Object.entries(audits)
      .filter(([, a]) => a.scoreDisplayMode === 'binary' && a.score !== null && a.score < 1)
      .map(([id, a]) => `${id} (${a.title})`),
  };
}

/**
 * Each URL (its origin replaced by `origin`) up to `numberOfRuns` times, keeping the best run;
 * `leftOut` names the audits the host decides (`assertionsForHost`), which categories are judged without.
 */
export async function runLighthouse(
  config: LighthouseConfig,
  origin: string,
  log: (line: string) => void,
  leftOut: readonly string[] = [],
): Promise<PageMeasure[]> {
  const chrome = await chromeLauncher.launch({
    chromePath: chromiumPath(),
    chromeFlags: [...chromiumArgs, '--headless=new'],
  });
  const measures: PageMeasure[] = [];
  try {
    // One warm-up load, so the first measured page does not pay for a cold disk cache.
    await lighthouse(`${origin}/`, { port: chrome.port, logLevel: 'error', onlyCategories: ['performance'] });
    for (const configured of config.collect.url) {
      const { pathname, search } = new URL(configured);
      const { best, runs } = await measureRuns(
        async () => {
          const m = await measure(`${origin}${pathname}${search}`, config, chrome.port, leftOut);
          // Each run that misses is logged with the host's CPU benchmark, so a miss can be told
          // from a host that was busy (the benchmark drops by half when it is).
          const missed = pageMisses(m);
          if (missed.length > 0) {
            log(
              `lighthouse ${pathname}: a run missed (host CPU benchmark ${Math.round(m.benchmarkIndex ?? 0)}, CPU slowdown ${m.cpuSlowdown}x): ${missed.join('; ')}`,
            );
          }
          return m;
        },
        config.collect.numberOfRuns,
        (message, run) => log(`lighthouse ${pathname}: run ${run} failed (${message}); trying again`),
      );
      const s = best.scores;
      log(
        `lighthouse ${pathname}: perf ${s.performance}${best.judgedPerformance === undefined ? '' : ` (judged ${best.judgedPerformance})`}, a11y ${s.accessibility}, bp ${s.bestPractices}, seo ${s.seo} (${runs} run(s); the best at CPU slowdown ${best.cpuSlowdown}x, host benchmark ${Math.round(best.benchmarkIndex ?? 0)})`,
      );
      if (best.lighthouseMisses.length) for (const audit of best.failedAudits ?? []) log(`  failed audit: ${audit}`);
      measures.push(best);
    }
  } finally {
    chrome.kill();
  }
  return measures;
}
