/**
 * The written articles against the production build: the 20 slugs of SPEC §2 ('Blog index')
 * each answer 200 with their front-matter title as the page's h1, and every editorial fact of
 * SPEC §9 is printed in its own article (the strings are the articles' exact wording). Plain
 * HTTP requests, no browser: the pages are pre-rendered.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { expect, test, type APIRequestContext } from '@playwright/test';

const root = join(import.meta.dirname, '..', '..');

/** SPEC §2, 'Blog index': the written articles, in SPEC's order. */
const slugs = [
  'raleigh-multifamily-cap-rate',
  'living-in-raleigh-nc',
  'wake-county-living',
  'raleigh-nc-virtual-tours',
  'wake-forest-nc-new-homes',
  'knightdale-nc-virtual-tours',
  'living-in-wake-forest-nc',
  'knightdale-nc-new-homes',
  'rolesville-nc-new-homes',
  'living-in-rolesville-nc',
  'living-in-knightdale-nc',
  'wendell-nc-new-homes',
  'raleigh-nc-new-homes',
  'franklin-county-nc-new-homes',
  'johnston-county-nc-new-homes',
  'garner-nc-new-homes',
  'harnett-county-nc-new-homes',
  'fuquay-varina-nc-new-homes',
  'beachfront-homes-nc',
  'the-point-rolesville-nc',
];

/** SPEC §9 'Editorial price facts in articles', each in the article it belongs to. */
const facts: Record<string, string[]> = {
  'the-point-rolesville-nc': ['mid $400s to upper $600s'],
  'harnett-county-nc-new-homes': ['$250K-$450K'],
  'garner-nc-new-homes': ['$350K-$550K'],
  'johnston-county-nc-new-homes': ['$300K-$500K', '25-40 minutes'],
  'franklin-county-nc-new-homes': ['$250K-$400K', '30-45 minutes'],
  'raleigh-nc-new-homes': ['$400K to over $1M'],
  'living-in-raleigh-nc': ['$400K to over $1M'],
  'wendell-nc-new-homes': ['$350K-$500K', '20-25 minutes'],
  'rolesville-nc-new-homes': ['$400K-$700K+'],
  'living-in-rolesville-nc': ['$400K-$700K+'],
  'wake-forest-nc-new-homes': ['$450K-$800K+'],
  'living-in-wake-forest-nc': ['$450K-$800K+'],
  'knightdale-nc-new-homes': [
    'high $300s to mid $500s',
    'Starter homes: 1,200-1,800 sq ft, $350K-$425K.',
    'Family homes: 1,800-2,500 sq ft, $425K-$525K.',
    'Executive homes: 2,500+ sq ft, $525K-$650K+.',
    'Downtown Raleigh: 20 minutes',
    'Research Triangle Park: 15 minutes',
    'Wendell and Zebulon: 10 minutes east',
  ],
  'living-in-knightdale-nc': [
    'high $300s to mid $500s',
    'Downtown Raleigh: about 20 minutes',
    'RTP: about 15 minutes',
    'Wendell and Zebulon: about 10 minutes east',
  ],
  'raleigh-multifamily-cap-rate': [
    // Summary box and submarket list.
    'The 2025 average multifamily cap rate across the Raleigh area is 4.5%-6%.',
    'North Hills/Midtown (Raleigh): ~4.5%.',
    'Cary: 4.5%-5%.',
    'Garner: 5%-5.5%.',
    'Knightdale: 5.5%-6%.',
    'Durham: 4.5%-5.5%.',
    // The formula.
    'Cap Rate = (Net Operating Income ÷ Market Value) × 100',
    'Five strategies for Raleigh investors',
  ],
};

function frontMatterTitle(slug: string): string {
  const text = readFileSync(join(root, 'content', 'articles', `${slug}.mdx`), 'utf8');
  const m = /^title:[ \t]*(?:'((?:[^']|'')*)'|"([^"]*)"|(.*?))[ \t]*$/m.exec(text.split(/^---\s*$/m)[1] ?? '');
  return (m?.[1]?.replaceAll("''", "'") ?? m?.[2] ?? m?.[3] ?? '').trim();
}

const decode = (s: string) =>
  s
    .replace(/&#(\d+);/g, (_, n: string) => String.fromCodePoint(Number(n)))
    .replace(/&#x([0-9a-f]+);/gi, (_, n: string) => String.fromCodePoint(parseInt(n, 16)))
    .replaceAll('&lt;', '<')
    .replaceAll('&gt;', '>')
    .replaceAll('&quot;', '"')
    .replaceAll('&amp;', '&');

/** The text of <main>, tags dropped, entities decoded and white space collapsed. */
function mainText(html: string): string {
  const main = /<main[\s>][\s\S]*<\/main>/.exec(html)?.[0] ?? '';
  return decode(
    main
      .replace(/<script[\s\S]*?<\/script>/g, ' ')
      .replace(/<style[\s\S]*?<\/style>/g, ' ')
      .replace(/<[^>]+>/g, ''),
  )
    .replace(/\s+/g, ' ')
    .trim();
}

async function get(request: APIRequestContext, slug: string) {
  const res = await request.get(`/blog/${slug}`);
  return { status: res.status(), html: await res.text() };
}

test.describe('SPEC §2 article slugs', () => {
  test.skip(({ isMobile }) => isMobile, 'HTML only: one viewport is enough');

  test('there are exactly 20 of them, one MDX file each', () => {
    expect(new Set(slugs).size).toBe(20);
    for (const slug of slugs) expect(frontMatterTitle(slug), `content/articles/${slug}.mdx`).not.toBe('');
  });

  for (const slug of slugs) {
    test(`/blog/${slug} answers 200 with its title as the h1`, async ({ request }) => {
      const { status, html } = await get(request, slug);
      expect(status).toBe(200);
      const h1s = [...html.matchAll(/<h1[^>]*>([\s\S]*?)<\/h1>/g)].map((m) =>
        decode(m[1]!.replace(/<[^>]+>/g, ''))
          .replace(/\s+/g, ' ')
          .trim(),
      );
      expect(h1s).toEqual([frontMatterTitle(slug)]);
    });
  }
});

test.describe('SPEC §9 editorial facts in their articles', () => {
  test.skip(({ isMobile }) => isMobile, 'HTML only: one viewport is enough');

  for (const [slug, expected] of Object.entries(facts)) {
    test(`/blog/${slug}`, async ({ request }) => {
      const { status, html } = await get(request, slug);
      expect(status).toBe(200);
      const text = mainText(html);
      for (const fact of expected) expect(text, fact).toContain(fact);
    });
  }

  test('the cap-rate article: date, comparison table, five strategies, agent bio and custom graph', async ({
    request,
  }) => {
    const { html } = await get(request, 'raleigh-multifamily-cap-rate');
    expect(html).toContain('<time datetime="2025-10-10"');

    const rows = [...(/<table[\s\S]*?<\/table>/.exec(html)?.[0] ?? '').matchAll(/<tr>([\s\S]*?)<\/tr>/g)].map((m) =>
      [...m[1]!.matchAll(/<t[dh][^>]*>([\s\S]*?)<\/t[dh]>/g)].map((c) => decode(c[1]!.replace(/<[^>]+>/g, '')).trim()),
    );
    const rates = Object.fromEntries(rows.slice(1).map((r) => [r[0], r[1]]));
    expect(rates).toMatchObject({
      'Raleigh area average': '4.5%-6%',
      'North Hills/Midtown': '~4.5%',
      Cary: '4.5%-5%',
      Garner: '5%-5.5%',
      Knightdale: '5.5%-6%',
      Durham: '4.5%-5.5%',
    });

    const strategies = /Five strategies for Raleigh investors<\/h2>\s*<ol>([\s\S]*?)<\/ol>/.exec(html)?.[1] ?? '';
    expect(strategies.match(/<li>/g)).toHaveLength(5);

    expect(html).toMatch(/<aside[^>]*aria-label="About the author"/);

    const graphs = [...html.matchAll(/<script type="application\/ld\+json">([^<]*)<\/script>/g)].map(
      (m) => JSON.parse(m[1]!) as { '@graph': { '@type': string; datePublished?: string }[] },
    );
    expect(graphs).toHaveLength(1);
    const nodes = graphs[0]!['@graph'];
    expect(nodes.map((n) => n['@type'])).toEqual([
      'Organization',
      'Person',
      'WebSite',
      'WebPage',
      'BreadcrumbList',
      'Article',
      'FAQPage',
    ]);
    expect(nodes.find((n) => n['@type'] === 'Article')?.datePublished).toMatch(/^2025-10-10/);
  });

  test('the cap-rate article front matter sets customSchema and its date', () => {
    const text = readFileSync(join(root, 'content', 'articles', 'raleigh-multifamily-cap-rate.mdx'), 'utf8');
    const front = text.split(/^---\s*$/m)[1] ?? '';
    expect(front).toMatch(/^datePublished: 2025-10-10$/m);
    expect(front).toMatch(/^customSchema: true$/m);
  });
});
