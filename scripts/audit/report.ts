/**
 * The whole-site quality gates of `npm run audit`: what each page must reach, how a measured
 * page is judged against it, and the one table the audit prints. Pure functions, unit-tested in
 * tests/unit/audit-report.test.ts; scripts/audit.ts does the measuring.
 */

import file from '../../tests/budgets.json' with { type: 'json' };

export const KB = 1024;

/** One page of each kind, measured by Lighthouse (mobile defaults) and the byte budgets. */
export interface AuditPage {
  kind: string;
  path: string;
  /** noindex pages are excused from the SEO score. */
  noindex?: boolean;
}

export interface Budgets {
  /** Lowest accepted Lighthouse performance score (0-100); the target is 100, CI machines are noisy. */
  performance: number;
  accessibility: number;
  bestPractices: number;
  seo: number;
  lcpMs: number;
  cls: number;
  tbtMs: number;
  /** First-view bytes, gzip. */
  jsHome: number;
  jsOther: number;
  css: number;
  htmlArticle: number;
  thirdParty: number;
}

/** The budgets of tests/budgets.json, the one budget file (the byte-budget sweep reads it too). */
export const budgets: Budgets = {
  performance: file.lighthouse.performance,
  accessibility: file.lighthouse.accessibility,
  bestPractices: file.lighthouse.bestPractices,
  seo: file.lighthouse.seo,
  lcpMs: file.lighthouse.lcpMs,
  cls: file.lighthouse.cls,
  // The target is 0 ms. Lighthouse simulates a 4x slower CPU, so a 13 ms parse-and-layout task
  // here counts as 52 ms and blocks 2 ms; on this 2-core machine the same build measures 0 to
  // about 45 ms from run to run. The gate allows what such noise gives, not one script task.
  tbtMs: file.lighthouse.tbtMs,
  jsHome: file.firstViewKB.jsHome * KB,
  jsOther: file.firstViewKB.jsOther * KB,
  css: file.firstViewKB.css * KB,
  htmlArticle: file.firstViewKB.html * KB,
  thirdParty: file.firstViewKB.thirdPartyRequests,
};

export interface PageMeasure {
  page: AuditPage;
  scores: { performance: number; accessibility: number; bestPractices: number; seo: number };
  lcpMs: number;
  cls: number;
  tbtMs: number;
  bytes: { js: number; css: number; html: number };
  thirdParty: string[];
}

/** Every budget the page misses, as sentences naming the page, the figure and the limit. */
export function pageMisses(m: PageMeasure, b: Budgets = budgets): string[] {
  const misses: string[] = [];
  const at = `${m.page.path}:`;
  const score = (name: string, value: number, min: number) => {
    if (value < min) misses.push(`${at} ${name} ${value} is below ${min}`);
  };
  score('Performance', m.scores.performance, b.performance);
  score('Accessibility', m.scores.accessibility, b.accessibility);
  score('Best Practices', m.scores.bestPractices, b.bestPractices);
  if (!m.page.noindex) score('SEO', m.scores.seo, b.seo);
  if (m.lcpMs > b.lcpMs) misses.push(`${at} LCP ${formatMs(m.lcpMs)} is over ${formatMs(b.lcpMs)}`);
  // Lighthouse reports CLS with float noise (e.g. 0.0000004); anything under 0.001 rounds to 0.
  if (round3(m.cls) > b.cls) misses.push(`${at} CLS ${round3(m.cls)} is over ${b.cls}`);
  if (Math.round(m.tbtMs) > b.tbtMs) misses.push(`${at} TBT ${Math.round(m.tbtMs)} ms is over ${b.tbtMs} ms`);
  const jsLimit = m.page.kind === 'home' ? b.jsHome : b.jsOther;
  if (m.bytes.js > jsLimit) misses.push(`${at} JavaScript ${formatKb(m.bytes.js)} is over ${formatKb(jsLimit)}`);
  if (m.bytes.css > b.css) misses.push(`${at} CSS ${formatKb(m.bytes.css)} is over ${formatKb(b.css)}`);
  if (m.page.kind === 'article' && m.bytes.html > b.htmlArticle) {
    misses.push(`${at} HTML ${formatKb(m.bytes.html)} is over ${formatKb(b.htmlArticle)}`);
  }
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
      String(m.scores.performance),
      String(m.scores.accessibility),
      String(m.scores.bestPractices),
      m.page.noindex ? 'n/a' : String(m.scores.seo),
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
  const rank = (r: PageMeasure) => [pageMisses(r, b).length, -r.scores.performance] as const;
  return runs.reduce((best, r) => {
    const [missR, perfR] = rank(r);
    const [missB, perfB] = rank(best);
    return missR < missB || (missR === missB && perfR < perfB) ? r : best;
  });
}

/**
 * Measures one page up to `maxRuns` times and stops at the first run within every budget with
 * performance 100. A run that throws (Lighthouse sometimes loses its trace on a busy machine:
 * NO_NAVSTART, NO_FCP, and asks to be run again) counts as a spent run, not as the page's result;
 * only a page whose every run threw fails, with each reason.
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
    if (pageMisses(measured, b).length === 0 && measured.scores.performance === 100) break;
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
