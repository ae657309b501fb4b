/**
 * Sweeps every page of the built sitemap, the pages that repeat one of them and the not-found pages: one h1, head tags,
 * parseable JSON-LD, resolving internal links, unique titles and descriptions, American spelling, and no
 * axe-core WCAG 2.2 A/AA violation.
 */
import { expect, test, type APIRequestContext } from '@playwright/test';
import { axeViolations } from '../support/axe.ts';
import { focusProblems, reportFocus } from '../support/focus.ts';
import { notFoundPaths, repeatingPaths, sitemapPaths } from '../support/pages.ts';

const pages = sitemapPaths();
/** Indexable too, their canonical naming the page they repeat. */
const repeating = repeatingPaths();

/** Linked from the footer of every page (issue 18). */
const legalLinks = [
  ['Privacy Policy', '/privacy'],
  ['Terms of Use', '/terms'],
  ['Accessibility', '/accessibility'],
] as const;

test('the sitemap lists the pages of the site', () => {
  expect(pages).toContain('/');
  expect(pages).toEqual(expect.arrayContaining(legalLinks.map(([, href]) => href)));
  expect(pages.length).toBeGreaterThan(10);
});

for (const path of [...pages, ...repeating, ...notFoundPaths]) {
  test(`page ${path}: one h1, head tags, JSON-LD, accessibility`, async ({ page }) => {
    const response = await page.goto(path);
    expect(response?.status()).toBe(notFoundPaths.includes(path) ? 404 : 200);
    await expect(page.locator('h1')).toHaveCount(1);
    expect((await page.title()).length).toBeGreaterThan(10);
    const description = await page.locator('meta[name="description"]').getAttribute('content');
    expect(description?.length ?? 0).toBeGreaterThan(40);
    const canonical = await page.locator('link[rel="canonical"]').getAttribute('href');
    expect(canonical).toMatch(/^https?:\/\//);
    expect(await page.locator('meta[property="og:url"]').getAttribute('content')).toBe(canonical);
    for (const [name, href] of legalLinks) {
      await expect(page.locator('footer').getByRole('link', { name, exact: true })).toHaveAttribute('href', href);
    }
    const search = page.locator('header').getByRole('link', { name: 'Search the site', exact: true });
    await expect(search).toHaveAttribute('href', '/search');
    const robots = await page.locator('meta[name="robots"]').getAttribute('content');
    expect(['index,follow', 'noindex,nofollow']).toContain(robots);
    if (pages.includes(path) || repeating.includes(path)) expect(robots).toBe('index,follow');
    // What a repeating page names as its canonical is a page of the sitemap.
    if (repeating.includes(path)) expect(pages).toContain(new URL(canonical!).pathname);
    // Astro's HTML compression drops a line break between text and an inline tag or expression:
    // 'MLS.<a>Open…' reads 'MLS.Open…', '© {year}\n{name}' reads '© 2026Jordan' and 'town,{fiscalYear}'
    // reads 'town,FY2026', and 'phone</a>\n·\n<a>e-mail' reads 'phone·e-mail'. Catch words glued together.
    const text = await page.locator('body').innerText();
    const glued = [
      ...text.matchAll(
        /[A-Za-z]{2,}[.?!:;,](?:[A-Z][a-z]+|[A-Z]{2,}\d*)\b|\b(?:19|20)\d\d(?!s\b)[A-Za-z]+|[a-z]{2,}(?:19|20)\d\d\b|\S·|·\S/g,
      ),
    ].map((m) => m[0]);
    expect(glued, `words run together on ${path}`).toEqual([]);
    const blocks = await page.locator('script[type="application/ld+json"]').allTextContents();
    for (const json of blocks) expect(() => JSON.parse(json), `JSON-LD on ${path}`).not.toThrow();
    // Crawlers read each page on its own: a node referred to by @id alone must be on the page.
    expect(unresolvedReferences(blocks.map((json) => JSON.parse(json) as unknown)), `JSON-LD on ${path}`).toEqual([]);
    expect(await axeViolations(page)).toEqual([]);
  });
}

for (const path of [...pages, ...notFoundPaths]) {
  // 320 px: the width WCAG's reflow rule (1.4.10) asks a page to fit without scrolling sideways.
  test(`page ${path}: fits a 320 px screen, also in a reader's text spacing, as 1280 px does; header, banner and footer links show their focus`, async ({
    page,
  }) => {
    await page.setViewportSize({ width: 320, height: 780 });
    await page.goto(path);
    const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
    expect(overflow, `${path} is wider than 320 px`).toBeLessThanOrEqual(0);
    // A phone number reads on one line, never "(919) 555-" then "0142".
    const brokenPhones = await page.evaluate(() =>
      [...document.querySelectorAll('a[href^="tel:"]')]
        .filter((a) => a.getClientRects().length > 1)
        .map((a) => a.textContent?.trim()),
    );
    expect(brokenPhones, `phone numbers split across lines on ${path}`).toEqual([]);
    await page.emulateMedia({ reducedMotion: 'reduce' });
    await page.setViewportSize({ width: 1280, height: 800 });
    const reports = await reportFocus(page);
    expect(reports.length).toBeGreaterThan(20);
    expect(focusProblems(reports)).toEqual([]);
    // WCAG 1.4.12: a reader's own text spacing (the rule's figures, as a bookmarklet sets them)
    // must not push anything off the side of the page; the header's nav wraps instead.
    await page.addStyleTag({ content: textSpacing });
    const spaced = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
    expect(spaced, `${path} is wider than 1280 px with text spacing`).toBeLessThanOrEqual(0);
    // ... nor at 320 px, where the name and title beside the menu button wrap instead.
    await page.setViewportSize({ width: 320, height: 780 });
    const narrow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
    expect(narrow, `${path} is wider than 320 px with text spacing`).toBeLessThanOrEqual(0);
  });
}

/** Line height 1.5, paragraph spacing 2, letter spacing 0.12 and word spacing 0.16 times the font size. */
const textSpacing = `* { line-height: 1.5 !important; letter-spacing: 0.12em !important; word-spacing: 0.16em !important }
p { margin-bottom: 2em !important }`;

/** The @id of every bare reference (`{ "@id": ... }`) that no typed node of the documents defines. */
function unresolvedReferences(docs: unknown[]): string[] {
  const defined = new Set<string>();
  const referred: string[] = [];
  const walk = (value: unknown): void => {
    if (Array.isArray(value)) return value.forEach(walk);
    if (typeof value !== 'object' || value === null) return;
    const node = value as Record<string, unknown>;
    const id = node['@id'];
    if (typeof id === 'string' && Object.keys(node).length === 1) referred.push(id);
    else if (typeof id === 'string' && node['@type']) defined.add(id);
    Object.values(node).forEach(walk);
  };
  docs.forEach(walk);
  return referred.filter((id) => !defined.has(id));
}

async function fetchHtml(request: APIRequestContext, path: string): Promise<string> {
  const res = await request.get(path);
  return res.text();
}

test('titles and descriptions are unique across the site', async ({ request }) => {
  const titles = new Map<string, string>();
  const descriptions = new Map<string, string>();
  for (const path of pages) {
    const html = await fetchHtml(request, path);
    const title = /<title>([^<]*)<\/title>/.exec(html)?.[1] ?? '';
    const description = /<meta name="description" content="([^"]*)"/.exec(html)?.[1] ?? '';
    expect(titles.get(title), `title of ${path} repeats`).toBeUndefined();
    expect(descriptions.get(description), `description of ${path} repeats`).toBeUndefined();
    titles.set(title, path);
    descriptions.set(description, path);
  }
});

test('every internal link and asset resolves', async ({ request }) => {
  const targets = new Map<string, string>();
  for (const path of [...pages, ...notFoundPaths]) {
    const html = await fetchHtml(request, path);
    for (const m of html.matchAll(/\s(?:href|src)="([^"]+)"/g)) {
      const raw = m[1]!.replaceAll('&amp;', '&');
      if (!raw.startsWith('/') || raw.startsWith('//')) continue;
      const url = new URL(raw, 'http://x');
      if (!targets.has(url.pathname)) targets.set(url.pathname, path);
    }
    for (const m of html.matchAll(/\ssrcset="([^"]+)"/g)) {
      for (const candidate of m[1]!.split(',')) {
        const src = candidate.trim().split(/\s+/)[0]!;
        if (src.startsWith('/') && !targets.has(src)) targets.set(src, path);
      }
    }
  }
  const broken: string[] = [];
  for (const [target, from] of targets) {
    const res = await request.get(target, { maxRedirects: 0 });
    if (res.status() !== 200) broken.push(`${target} (${res.status()}) linked from ${from}`);
  }
  expect(broken).toEqual([]);
});

test('every link that opens a new tab has rel="noopener noreferrer"', async ({ request }) => {
  const bad: string[] = [];
  for (const path of [...pages, ...notFoundPaths]) {
    const html = await fetchHtml(request, path);
    for (const m of html.matchAll(/<a\s[^>]*target="_blank"[^>]*>/g)) {
      const rel = /\srel="([^"]*)"/.exec(m[0])?.[1]?.split(/\s+/) ?? [];
      if (!rel.includes('noopener') || !rel.includes('noreferrer')) bad.push(`${path}: ${m[0].slice(0, 120)}`);
    }
  }
  expect(bad).toEqual([]);
});

/**
 * British spellings a writer may bring along (this site is for North Carolina): words in
 * -ise/-isation, -our, -re, and a few others, as whole words. Proper names keep their own
 * spelling: `allowed` lists the ones the pages name.
 */
const britishSpelling = new RegExp(
  [
    String.raw`\b(?:maxim|minim|organ|recogn|real|priorit|personal|custom|special|final|optim|summar|util|apolog|categor|emphas|standard|modern|visual|familiar|capital|character|critic|energ|memor|normal|central|stabil|author|moistur|winter)is(?:e|ed|es|ing|ation|ations|er|ers)\b`,
    String.raw`\b(?:colour|neighbour|favour|honour|labour|behaviour|harbour|flavour|humour|savour|odour|endeavour|parlour)\w*`,
    String.raw`\b(?:centres?|metres?|litres?|theatres?|fibres?|storeys?|programmes?|licences?|defence|offence|catalogue|cheques?|tyres?|kerbs?|aluminium|jewellery|travell(?:ed|ing|er|ers)|cancell(?:ed|ing)|modell(?:ed|ing)|fuelled|labelled|enrolment|ageing|grey|mould|sceptic\w*|whilst|amongst|learnt|enquir\w*|aeroplane|manoeuvres?|practised|amortisation)\b`,
  ].join('|'),
  'gi',
);
const allowed = ['Renaissance Centre'];

/** A page's words as a reader or a crawler meets them: text, metadata, alternative texts and JSON-LD. */
function wordsOf(html: string): string {
  const attributes = [...html.matchAll(/\s(?:alt|aria-label|title|content|placeholder)="([^"]*)"/g)].map((m) => m[1]);
  return [
    html.replace(/<script(?![^>]*application\/ld\+json)[^>]*>[\s\S]*?<\/script>|<style[^>]*>[\s\S]*?<\/style>/g, ' '),
    ...attributes,
  ]
    .join(' ')
    .replace(/<[^>]+>/g, ' ');
}

test('every page reads in American English, its metadata and alternative texts included', async ({ request }) => {
  const found: string[] = [];
  for (const path of [...pages, ...notFoundPaths]) {
    const text = wordsOf(await fetchHtml(request, path));
    const words = allowed.reduce((t, name) => t.replaceAll(name, ' '), text).match(britishSpelling) ?? [];
    for (const word of new Set(words)) found.push(`${path}: ${word}`);
  }
  expect(found).toEqual([]);
});

/**
 * Words that rate a place by who lives there, in the ways HUD names as a preference by familial
 * status (24 CFR 100.75(c)): a town "family friendly" or "better suited to adults", a neighborhood
 * "popular with young families". A page describes the homes and the place, never the people.
 */
const familialPreference =
  /\b(?:family[- ]friendly|(?:suited|perfect|ideal|great|popular) (?:to|for|with) (?:adults|families|young families|couples|singles|children|kids)|adults? only|young families|no (?:children|kids)|empty[- ]nesters?)\b/gi;

test('no page states a preference by familial status (Fair Housing Act)', async ({ request }) => {
  const found: string[] = [];
  for (const path of [...pages, ...notFoundPaths]) {
    for (const words of new Set(wordsOf(await fetchHtml(request, path)).match(familialPreference)))
      found.push(`${path}: ${words}`);
  }
  expect(found).toEqual([]);
});
