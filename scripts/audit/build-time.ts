/** Build time: the real site, and a temporary copy with 1,000 extra articles (the build must stay linear). */
import { execFile } from 'node:child_process';
import {
  cpSync,
  mkdtempSync,
  readFileSync,
  readdirSync,
  realpathSync,
  rmSync,
  symlinkSync,
  writeFileSync,
} from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';

const run = promisify(execFile);

export async function timedBuild(cwd: string, siteUrl: string): Promise<number> {
  const started = performance.now();
  await run(process.execPath, [join(cwd, 'node_modules', 'astro', 'bin', 'astro.mjs'), 'build'], {
    cwd,
    env: { ...process.env, SITE_URL: siteUrl, ASTRO_TELEMETRY_DISABLED: '1' },
    maxBuffer: 256 * 1024 * 1024,
  });
  return (performance.now() - started) / 1000;
}

/** The city guides' names by slug (content/cities/{slug}.yaml), for the generated articles. */
function cityNames(root: string): [string, string][] {
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

export async function scaleBuild(root: string, origin: string): Promise<number> {
  const copy = mkdtempSync(join(tmpdir(), 'audit-scale-'));
  const skip = new Set(['node_modules', 'dist', '.git', 'test-results', 'playwright-report', '.cache', 'data']);
  try {
    cpSync(root, copy, {
      recursive: true,
      filter: (src) => !skip.has(src.slice(root.length).split('/').filter(Boolean)[0] ?? ''),
    });
    symlinkSync(realpathSync(join(root, 'node_modules')), join(copy, 'node_modules'));
    const towns = cityNames(root);
    for (let i = 1; i <= 1000; i++)
      writeFileSync(join(copy, 'content', 'articles', `scale-test-${i}.mdx`), generatedArticle(i, towns));
    const seconds = await timedBuild(copy, origin);
    // Pages only: each also has its compressed twins (.html.br, .html.gz).
    const built = readdirSync(join(copy, 'dist', 'client', 'blog')).filter(
      (f) => f.startsWith('scale-test-') && f.endsWith('.html'),
    ).length;
    if (built !== 1000) throw new Error(`the scale build produced ${built} of the 1,000 generated articles`);
    return seconds;
  } finally {
    rmSync(copy, { recursive: true, force: true });
  }
}
