/**
 * The whole-site quality gates of `npm run audit`: what each page must reach, how a measured
 * page is judged against it, and the one table the audit prints. Pure functions, unit-tested in
 * tests/unit/audit-report.test.ts; scripts/audit.ts does the measuring.
 */

import { z } from 'zod';
import file from '../../tests/budgets.json' with { type: 'json' };

export const KB = 1024;

/** One page measured by Lighthouse and the byte budgets. */
export interface AuditPage {
  path: string;
}

/** The first-view byte budgets of tests/budgets.json (gzip, bytes). */
export interface Budgets {
  jsHome: number;
  jsOther: number;
  css: number;
  html: number;
  thirdParty: number;
}

export const budgets: Budgets = {
  jsHome: file.firstViewKB.jsHome * KB,
  jsOther: file.firstViewKB.jsOther * KB,
  css: file.firstViewKB.css * KB,
  html: file.firstViewKB.html * KB,
  thirdParty: file.firstViewKB.thirdPartyRequests,
};

// ---------------------------------------------------------------------------------------------
// lighthouserc.json: Lighthouse CI's configuration format, read by our runner (scripts/audit/lighthouse.ts)

const level = z.enum(['off', 'warn', 'error']);
const assertionSchema = z.union([
  level,
  z.tuple([
    level,
    z
      .object({
        minScore: z.number().min(0).max(1).optional(),
        maxNumericValue: z.number().min(0).optional(),
        aggregationMethod: z.enum(['optimistic', 'pessimistic', 'median', 'median-run']).optional(),
      })
      .strict(),
  ]),
]);
const lighthouseConfigSchema = z.object({
  ci: z.object({
    collect: z.object({
      url: z.array(z.url()).min(1),
      numberOfRuns: z.number().int().min(1).default(1),
      settings: z.object({ onlyCategories: z.array(z.string()).optional() }).default({}),
    }),
    assert: z.object({ assertions: z.record(z.string(), assertionSchema) }),
  }),
});
export type LighthouseConfig = z.infer<typeof lighthouseConfigSchema>['ci'];
export type Assertions = LighthouseConfig['assert']['assertions'];

/** lighthouserc.json, checked: a wrong key or value stops the audit naming it. */
export function parseLighthouseConfig(json: unknown): LighthouseConfig {
  const parsed = lighthouseConfigSchema.safeParse(json);
  if (!parsed.success) throw new Error(`lighthouserc.json: ${z.prettifyError(parsed.error)}`);
  return parsed.data.ci;
}

/** The parts of a Lighthouse result (LHR) the assertions read. */
export interface LighthouseResult {
  categories: Record<
    string,
    { title: string; score: number | null; auditRefs?: { id: string; weight: number }[] } | undefined
  >;
  audits: Record<
    string,
    { title: string; score: number | null; numericValue?: number; numericUnit?: string } | undefined
  >;
}

/**
 * A category's score as Lighthouse computes it (the weighted mean of its audits' scores, to two
 * decimals), with the `leftOut` audits taken out of the mean; `without` names those that weighed
 * in it. With nothing left out it is Lighthouse's own score.
 */
export function categoryScore(
  category: NonNullable<LighthouseResult['categories'][string]>,
  audits: LighthouseResult['audits'],
  leftOut: readonly string[] = [],
): { score: number | null; without: string[] } {
  const refs = (category.auditRefs ?? []).filter((ref) => ref.weight > 0);
  const without = refs.filter((ref) => leftOut.includes(ref.id)).map((ref) => audits[ref.id]?.title ?? ref.id);
  if (without.length === 0) return { score: category.score, without };
  const kept = refs.filter((ref) => !leftOut.includes(ref.id));
  const scores = kept.map((ref) => audits[ref.id]?.score);
  if (scores.some((score) => score == null)) return { score: null, without };
  const weight = kept.reduce((sum, ref) => sum + ref.weight, 0);
  const sum = kept.reduce((total, ref, i) => total + ref.weight * scores[i]!, 0);
  return { score: Math.round((sum / weight) * 100) / 100, without };
}

/**
 * The `error`-level assertions a run misses, as sentences naming the page, the figure and the limit
 * (`warn` and `off` do not fail the audit). Lighthouse CI's meaning: `categories:<id>` asserts a
 * category score (0-1), any other key an audit's score or numeric value. Values are compared as
 * Lighthouse shows them (whole milliseconds, unitless values such as CLS to 3 decimals), so float
 * noise (a CLS of 0.0000004) is not a shift. A category is judged without the `leftOut` audits
 * (those the host decides, see `assertionsForHost`), by the weights of the rest.
 */
export function assertionMisses(
  path: string,
  lhr: LighthouseResult,
  assertions: Assertions,
  leftOut: readonly string[] = [],
): string[] {
  const misses: string[] = [];
  for (const [key, assertion] of Object.entries(assertions)) {
    const [severity, options = {}] = typeof assertion === 'string' ? [assertion] : assertion;
    if (severity !== 'error') continue;
    const category = key.startsWith('categories:') ? lhr.categories[key.slice('categories:'.length)] : undefined;
    const audit = category ? undefined : lhr.audits[key];
    const found = category ?? audit;
    if (!found) {
      misses.push(`${path}: Lighthouse reported no ${key}`);
      continue;
    }
    const { score, without } = category
      ? categoryScore(category, lhr.audits, leftOut)
      : { score: found.score, without: [] };
    if (options.minScore !== undefined && (score ?? 0) < options.minScore) {
      const title = without.length ? `${found.title} without ${without.join(', ')}` : found.title;
      misses.push(`${path}: ${title} ${toScore(score)} is below ${toScore(options.minScore)}`);
    }
    if (options.maxNumericValue !== undefined && audit) {
      const ms = audit.numericUnit === 'millisecond';
      const value = ms ? Math.round(audit.numericValue ?? Infinity) : round3(audit.numericValue ?? Infinity);
      if (value > options.maxNumericValue) {
        const show = (n: number) => (ms ? formatMs(n) : String(n));
        misses.push(`${path}: ${audit.title} ${show(value)} is over ${show(options.maxNumericValue)}`);
      }
    }
  }
  return misses;
}

// ---------------------------------------------------------------------------------------------
// The host: whether its timings can judge Total Blocking Time

/**
 * The most time (µs) a host may take to fault in one fresh page of memory (audit/host.ts) for its
 * Total Blocking Time to be judged. A machine whose memory is mapped by the kernel directly, or by
 * hardware-assisted virtualisation, takes under 1 µs; the nested guests some CI machines are take
 * about 13 µs, and there even an empty page misses 50 ms (README, "Quality gates", has the figures).
 */
export const maxPageFaultMicros = 4;

/** The assertions whose figure follows such a host rather than the page. */
const hostBoundAssertions = ['total-blocking-time'];

/**
 * lighthouserc.json's assertions as they apply on a host that faults a page in `pageFaultMicros`:
 * all of them on a fit host; without the host-bound ones (reported, not asserted) on a slower one.
 * `notEnforced` names what was left out, for the report and for `assertionMisses`, which then
 * judges Performance by its other metrics (TBT weighs 30% of it, so on such a host it alone took
 * pages with no script of their own under 95 in all fifteen runs).
 */
export function assertionsForHost(
  assertions: Assertions,
  pageFaultMicros: number,
  limit = maxPageFaultMicros,
): { assertions: Assertions; notEnforced: string[] } {
  if (pageFaultMicros <= limit) return { assertions, notEnforced: [] };
  const kept = Object.entries(assertions).filter(([key]) => !hostBoundAssertions.includes(key));
  const notEnforced = Object.keys(assertions).filter((key) => hostBoundAssertions.includes(key));
  return { assertions: Object.fromEntries(kept), notEnforced };
}

/** Lighthouse's default CPU slowdown for its simulated phone (`cpuSlowdownMultiplier`). */
export const defaultCpuSlowdown = 4;

/**
 * The CPU slowdown that makes a host whose CPU benchmark reads `benchmarkIndex` stand for the phone
 * Lighthouse's default stands for. Lighthouse multiplies every task it observed by the slowdown, so
 * its 4x emulates a mid-tier phone only from a host near 1,533; from a host that reads 1,100 the
 * same 4x emulates a phone about a third slower, and TBT follows the host, not the page. The figures
 * are Lighthouse's own calculator (docs/throttling.md, "Calibrating multipliers":
 * https://lighthouse-cpu-throttling-calculator.vercel.app, 800 -> 2x, 1,300 -> 3x, 1,533 -> 4x).
 * Never more than the default, as Lighthouse warns only of hosts slower than it expects; a host
 * that reported no benchmark keeps the default.
 */
export function cpuSlowdownForHost(benchmarkIndex: number | undefined): number {
  if (benchmarkIndex === undefined || !Number.isFinite(benchmarkIndex) || benchmarkIndex <= 0) {
    return defaultCpuSlowdown;
  }
  const calibrated =
    benchmarkIndex >= 1300
      ? 3 + (benchmarkIndex - 1300) / 233
      : benchmarkIndex >= 800
        ? 2 + (benchmarkIndex - 800) / 500
        : 1 + Math.max(0, benchmarkIndex - 150) / 650;
  return Math.min(defaultCpuSlowdown, Math.round(calibrated * 100) / 100);
}

/** The report's line on the host: its page-fault time, and what it leaves unasserted. */
export function hostLine(pageFaultMicros: number, notEnforced: readonly string[], limit = maxPageFaultMicros): string {
  const figure = `Host: ${pageFaultMicros.toFixed(1)} µs to fault in a page of memory (limit for timing assertions ${limit} µs)`;
  if (notEnforced.length === 0) return `${figure}; every assertion applies`;
  return `${figure}; reported, not asserted on this host: ${notEnforced.join(', ')} (Performance is judged by its other metrics)`;
}

export interface PageMeasure {
  page: AuditPage;
  scores: { performance: number; accessibility: number; bestPractices: number; seo: number };
  lcpMs: number;
  cls: number;
  tbtMs: number;
  bytes: { js: number; css: number; html: number };
  thirdParty: string[];
  /** Performance as judged on a host that decides some of its metrics: by the others (see `categoryScore`). */
  judgedPerformance?: number;
  /** What the run misses of lighthouserc.json's assertions. */
  lighthouseMisses: string[];
  /** Lighthouse's failed pass/fail audits, for the log. */
  failedAudits?: string[];
  /** Lighthouse's measure of the host CPU just before the run (higher is faster), for the log. */
  benchmarkIndex?: number;
  /** The CPU slowdown the run simulated the phone with (`cpuSlowdownForHost`). */
  cpuSlowdown?: number;
}

/** Every budget the page misses: Lighthouse's assertions, then the first-view bytes. */
export function pageMisses(m: PageMeasure, b: Budgets = budgets): string[] {
  const misses = [...m.lighthouseMisses];
  const at = `${m.page.path}:`;
  const jsLimit = m.page.path === '/' ? b.jsHome : b.jsOther;
  if (m.bytes.js > jsLimit) misses.push(`${at} JavaScript ${formatKb(m.bytes.js)} is over ${formatKb(jsLimit)}`);
  if (m.bytes.css > b.css) misses.push(`${at} CSS ${formatKb(m.bytes.css)} is over ${formatKb(b.css)}`);
  if (m.bytes.html > b.html) misses.push(`${at} HTML ${formatKb(m.bytes.html)} is over ${formatKb(b.html)}`);
  if (m.thirdParty.length > b.thirdParty) {
    misses.push(`${at} ${m.thirdParty.length} third-party request(s) in the first view: ${m.thirdParty.join(', ')}`);
  }
  return misses;
}

export function formatKb(bytes: number): string {
  return `${(bytes / KB).toFixed(1)} KB`;
}

export function formatMs(ms: number): string {
  return ms >= 1000 ? `${(ms / 1000).toFixed(2)} s` : `${Math.round(ms)} ms`;
}

function round3(n: number): number {
  return Math.round(n * 1000) / 1000;
}

/** Lines of a plain-text table with a header, right-aligned numbers and left-aligned text. */
export function table(header: readonly string[], rows: readonly (readonly string[])[]): string[] {
  const widths = header.map((h, i) => Math.max(h.length, ...rows.map((r) => (r[i] ?? '').length)));
  const numeric = (s: string) => /^[\d.,]+( ?(KB|ms|s))?$/.test(s);
  const line = (cells: readonly string[]) =>
    cells
      .map((c, i) => (numeric(c) ? c.padStart(widths[i]!) : c.padEnd(widths[i]!)))
      .join('  ')
      .trimEnd();
  return [line(header), widths.map((w) => '-'.repeat(w)).join('  '), ...rows.map(line)];
}

/** The page table of the audit: page, each score, LCP, CLS, TBT, JS/CSS/HTML bytes, third-party requests. */
export function pageTable(measures: readonly PageMeasure[]): string[] {
  return table(
    ['Page', 'Perf', 'A11y', 'BP', 'SEO', 'LCP', 'CLS', 'TBT', 'JS', 'CSS', 'HTML', '3rd-party'],
    measures.map((m) => [
      m.page.path,
      m.judgedPerformance === undefined
        ? String(m.scores.performance)
        : `${m.scores.performance} (${m.judgedPerformance})`,
      String(m.scores.accessibility),
      String(m.scores.bestPractices),
      String(m.scores.seo),
      formatMs(m.lcpMs),
      round3(m.cls).toFixed(3),
      `${Math.round(m.tbtMs)} ms`,
      formatKb(m.bytes.js),
      formatKb(m.bytes.css),
      formatKb(m.bytes.html),
      String(m.thirdParty.length),
    ]),
  );
}

/** A Lighthouse category score (0-1, or null when it could not be computed) as 0-100. */
export function toScore(score: number | null | undefined): number {
  return score == null ? 0 : Math.round(score * 100);
}

/**
 * Of several runs of one page, the one with the fewest budget misses, then the best performance
 * score: CI machines are noisy, and one clean run shows the page can meet its budgets.
 */
export function bestRun(runs: readonly PageMeasure[], b: Budgets = budgets): PageMeasure {
  if (runs.length === 0) throw new Error('bestRun needs at least one run');
  const rank = (r: PageMeasure) => [pageMisses(r, b).length, -(r.judgedPerformance ?? r.scores.performance)] as const;
  return runs.reduce((best, r) => {
    const [missR, perfR] = rank(r);
    const [missB, perfB] = rank(best);
    return missR < missB || (missR === missB && perfR < perfB) ? r : best;
  });
}

/**
 * Measures one page up to `maxRuns` times and stops at the first run within every budget (every
 * Lighthouse assertion met, every byte budget kept): further runs could not change the verdict,
 * only the figures shown, and on a slow host each costs 10-20 s of CI time. A run that throws
 * (Lighthouse sometimes loses its trace on a busy machine: NO_NAVSTART, NO_FCP, and asks to be run
 * again) counts as a spent run, not as the page's result; only a page whose every run threw fails,
 * with each reason.
 */
export async function measureRuns(
  measureOnce: () => Promise<PageMeasure>,
  maxRuns: number,
  onError: (message: string, run: number) => void = () => {},
  b: Budgets = budgets,
): Promise<{ best: PageMeasure; runs: number }> {
  const runs: PageMeasure[] = [];
  const errors: string[] = [];
  for (let i = 1; i <= maxRuns; i++) {
    let measured: PageMeasure;
    try {
      measured = await measureOnce();
    } catch (error) {
      const message = error instanceof Error ? error.message : String(error);
      errors.push(message);
      onError(message, i);
      continue;
    }
    runs.push(measured);
    if (pageMisses(measured, b).length === 0) break;
  }
  if (runs.length === 0) throw new Error(`every Lighthouse run failed: ${errors.join('; ')}`);
  return { best: bestRun(runs, b), runs: runs.length + errors.length };
}

export interface NuMessage {
  type: string;
  subType?: string;
  url?: string;
  message: string;
  lastLine?: number;
}

/** Nu Html Checker errors (not warnings or info), as "file:line: message". */
export function nuErrors(messages: readonly NuMessage[], root: string): string[] {
  return messages
    .filter((m) => m.type === 'error' || (m.type === 'non-document-error' && m.subType !== 'internal'))
    .map((m) => {
      const file = (m.url ?? '')
        .replace(/^file:/, '')
        .replace(root, '')
        .replace(/^\/+/, '');
      return `${file}${m.lastLine ? `:${m.lastLine}` : ''}: ${m.message}`;
    });
}

/** The Observatory grade is enough when it is the best one. */
export function observatoryMiss(grade: string | null, score: number | null): string | undefined {
  return grade === 'A+' ? undefined : `HTTP Observatory grade ${grade ?? 'none'} (score ${score ?? 'none'}), A+ needed`;
}

/** Build time budgets (seconds): the whole site, and a copy with 1,000 extra articles. */
export const buildBudgets = {
  siteSeconds: file.buildSeconds.site,
  scaleSeconds: file.buildSeconds.withThousandArticles,
};

export function buildMiss(what: string, seconds: number, limit: number): string | undefined {
  return seconds > limit ? `${what} took ${seconds.toFixed(1)} s, over ${limit} s` : undefined;
}
