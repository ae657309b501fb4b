/**
 * "Adding one MDX file publishes it everywhere": copies the project to a temporary folder,
 * adds one article, builds, and finds the article in the blog index, the sitemap, the RSS
 * feed and on its own page with JSON-LD and Open Graph tags. The same build also carries a
 * customSchema article and a playlist entry without an id, as fixtures that never reach the
 * real site, and has no video snapshot and no YouTube key: the site must still build, with
 * the empty states of SPEC (one temporary build serves all of these).
 */
import {
  cpSync,
  existsSync,
  mkdirSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  realpathSync,
  rmSync,
  symlinkSync,
  writeFileSync,
} from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { dayInZone } from '../../src/lib/listing/time.ts';
import { site } from '../../src/site.config.ts';
import { runBuild } from './support.ts';

const project = join(import.meta.dirname, '..', '..');
const skip = new Set(['node_modules', 'dist', '.astro', '.git', 'test-results', 'playwright-report', '.cache']);
/** The build's moment: now, held fixed, so that a build that runs past midnight dates as the test does. */
const now = new Date();
/** The build's day where the agent works. */
const today = dayInZone(now);
/** An article written ahead, dated the next day: the first build of that day publishes it. */
const tomorrow = new Date(Date.parse(`${today}T12:00:00Z`) + 86_400_000).toISOString().slice(0, 10);
const scheduledSlug = 'publishing-test-written-ahead';
const slug = 'publishing-test-homes-in-cary';
const title = 'Publishing Test: New Homes in Cary NC';
const playlistId = 'PLpublishTestAAAAAAAAAAAAAAAAAAAAA';
const customPlaylistId = 'PLpublishTestBBBBBBBBBBBBBBBBBBBBB';
const url = `${site.baseUrl}/blog/${slug}`;
/** A sample home that has sold (content/listings). */
const soldHome = '1540-heritage-oaks-drive-wake-forest-nc';

const article = `---
title: '${title}'
slug: ${slug}
description: A fixture article written by the publishing test to prove that one new MDX file is published everywhere.
summary: One file in content/articles is all it takes.
datePublished: ${today}
playlistId: ${playlistId}
coverImage:
  src: ./images/publishing-test-cover.jpg
  alt: A street of new homes in Cary at dusk
geo:
  city: Cary
  guide: cary
  county: Wake County
  state: NC
keywords: [publishing test, Cary new homes]
faq:
  - q: Does one file publish an article?
    a: Yes, the index, sitemap, feed and page all pick it up.
---

## Cary in one paragraph

<IntroQuote>Everything an article needs comes from its front matter.</IntroQuote>

Cary sits between Raleigh and RTP.
`;

const customArticle = `---
title: Publishing Test Cap Rates
slug: publishing-test-cap-rates
description: A fixture article with customSchema set, to check the full Organization to FAQPage graph.
summary: Custom graph.
datePublished: 2020-01-01
playlistId: ${customPlaylistId}
customSchema: true
cta:
  headline: Talk numbers with me
  buttonText: Book an Investor Call
faq:
  - q: What is a cap rate?
    a: Net operating income divided by market value, times 100.
---

Cap rate text.
`;

let root: string;
let dist: string;
/** What the build printed. */
let output = '';
const read = (path: string) => readFileSync(join(dist, path), 'utf8');
/** Every page of the blog index, first to last, as one text. */
const readBlogIndex = () => {
  const pages = [read('blog.html')];
  for (let n = 2; existsSync(join(dist, `blog/page/${n}.html`)); n++) pages.push(read(`blog/page/${n}.html`));
  return pages.join('\n');
};
const jsonLdTypes = (html: string) =>
  [...html.matchAll(/<script type="application\/ld\+json">([^<]*)<\/script>/g)].flatMap((m) =>
    (JSON.parse(m[1]!)['@graph'] as { '@type': string }[]).map((n) => n['@type']),
  );

beforeAll(async () => {
  root = mkdtempSync(join(tmpdir(), 'publish-'));
  cpSync(project, root, { recursive: true, filter: (src) => !skip.has(src.slice(project.length + 1).split('/')[0]!) });
  symlinkSync(realpathSync(join(project, 'node_modules')), join(root, 'node_modules'));
  // No video snapshot at all (as on a clone whose sample was removed before the first sync).
  rmSync(join(root, 'content/videos'), { recursive: true, force: true });

  mkdirSync(join(root, 'content/articles/images'), { recursive: true });
  // A picture of its own: a copy of a city photo would be emitted once, under the city's name.
  await sharp({ create: { width: 1600, height: 900, channels: 3, background: '#4a6a8a' } })
    .jpeg()
    .toFile(join(root, 'content/articles/images/publishing-test-cover.jpg'));
  writeFileSync(join(root, 'content/articles', `${slug}.mdx`), article);
  writeFileSync(join(root, 'content/articles/publishing-test-cap-rates.mdx'), customArticle);
  writeFileSync(
    join(root, 'content/articles', `${scheduledSlug}.mdx`),
    article
      .replace(`slug: ${slug}`, `slug: ${scheduledSlug}`)
      .replace(`title: '${title}'`, "title: 'Publishing Test: Written Ahead'")
      .replace(`datePublished: ${today}`, `datePublished: ${tomorrow}`)
      .replace(/^playlistId: .*\n/m, '')
      .replace(/^coverImage:\n(  .*\n)+/m, ''),
  );
  // A legal page of the agent's own: one file, as the three that ship.
  writeFileSync(
    join(root, 'content/legal/cookie-notice.mdx'),
    readFileSync(join(project, 'content/legal/terms.mdx'), 'utf8')
      .replace(/^title: .*$/m, 'title: Cookie Notice')
      .replace(/^label: .*$/m, 'label: Cookies')
      .replace(/^order: .*$/m, 'order: 9')
      .replace(/^description: .*$/m, 'description: Which cookies this website sets, and why it needs so few of them.'),
  );
  // The MLS still lists an open house of a home that has sold: the site shows none, nor publishes its .ics.
  const soldDay = new Date(Date.now() + 30 * 86_400_000).toISOString().slice(0, 10);
  writeFileSync(
    join(root, `content/listings/${soldHome}.yaml`),
    `${readFileSync(join(project, `content/listings/${soldHome}.yaml`), 'utf8')}OpenHouse:\n` +
      `  - OpenHouseStartTime: '${soldDay}T13:00'\n    OpenHouseEndTime: '${soldDay}T15:00'\n`,
  );
  writeFileSync(
    join(root, 'content/playlists/fixture-missing-id.yaml'),
    "slug: fixture-missing-id\ntitle: Fixture Missing Id\nplaylistId: ''\n",
  );

  // Both playlists have a cached thumbnail, as `npm run thumbnails` leaves them.
  mkdirSync(join(root, 'content/videos/playlist-thumbnails'), { recursive: true });
  const thumbnails: Record<string, { thumbnailUrl: string; file: string }> = {};
  // Different pictures: identical files would be emitted once, under the first name.
  for (const [id, background] of [
    [playlistId, '#2a7a4a'],
    [customPlaylistId, '#7a4a2a'],
  ] as const) {
    await sharp({ create: { width: 480, height: 360, channels: 3, background } })
      .jpeg()
      .toFile(join(root, 'content/videos/playlist-thumbnails', `${id}.jpg`));
    thumbnails[id] = { thumbnailUrl: `https://i.ytimg.com/vi/${id}/hqdefault.jpg`, file: `${id}.jpg` };
  }
  writeFileSync(join(root, 'content/videos/playlist-thumbnails.json'), JSON.stringify({ version: 1, thumbnails }));

  // As `npm run build` runs (runBuild: the production site URL, no YouTube key, whatever the
  // caller's shell sets), now.
  const built = await runBuild(root, { BUILD_TIME: now.toISOString() });
  output = built.lines.join('\n');
  expect(built.code, output).toBe(0);
  dist = join(root, 'dist', 'client');
}, 600_000);

afterAll(() => {
  if (root) rmSync(root, { recursive: true, force: true });
});

describe('publishing one new article', () => {
  it('lists it first in the blog index with a Read Blog link', () => {
    const html = read('blog.html');
    const firstCard = /data-testid="article-list"[^>]*>\s*<li>([\s\S]*?)<\/li>/.exec(html)?.[1] ?? '';
    expect(firstCard).toContain(`>${title}</h3>`);
    expect(firstCard).toContain(`<time datetime="${today}">`);
    expect(firstCard).toContain(`href="/blog/${slug}"`);
    // The cover image wins over the cached playlist thumbnail.
    expect(firstCard).toMatch(/<img [^>]*src="\/_astro\/publishing-test-cover\.[^"]+\.webp"/);
    expect(firstCard).not.toContain(playlistId);
  });

  it("leaves out an article dated after the build's day, saying when it will be published", () => {
    expect(output).toContain(
      `content/articles/${scheduledSlug}.mdx: dated ${tomorrow}, so published by the first build on or after that day.`,
    );
    expect(existsSync(join(dist, `blog/${scheduledSlug}.html`))).toBe(false);
    for (const page of ['sitemap-0.xml', 'rss.xml', 'index.html', 'city/cary.html'])
      expect(read(page), page).not.toContain(scheduledSlug);
    expect(readBlogIndex()).not.toContain(scheduledSlug);
    // The article of the build's own day is out.
    expect(read('city/cary.html')).toContain(`/blog/${slug}`);
  });

  it('adds it to the sitemap', () => {
    expect(read('sitemap-0.xml')).toContain(`<loc>${url}</loc>`);
  });

  it('adds it to the RSS feed, first, with its absolute canonical link', () => {
    const first = /<item>([\s\S]*?)<\/item>/.exec(read('rss.xml'))?.[1] ?? '';
    expect(first).toContain(`<title>${title}</title>`);
    expect(first).toContain(`<link>${url}</link>`);
  });

  it('builds its page with the title rule, Open Graph tags, its share card and JSON-LD', async () => {
    const html = read(`blog/${slug}.html`);
    expect(html).toContain(`<title>${title} | ${site.agent.name} ${site.agent.title}</title>`);
    expect(html).toContain(`<link rel="canonical" href="${url}">`);
    expect(html).toContain('<meta property="og:type" content="article">');
    expect(html).toMatch(new RegExp(`<meta property="article:published_time" content="${today}T00:00:00-0[45]:00">`));
    // Its share card: its own title, the agent and the firm, drawn over its cover at build time.
    const ogImage = /<meta property="og:image" content="([^"]+)">/.exec(html)?.[1];
    expect(ogImage).toMatch(new RegExp(`^${site.baseUrl}/og/[\\w-]{16}\\.jpg$`));
    expect(html).toContain(
      `<meta property="og:image:alt" content="${title}: ${site.agent.name}, ${site.agent.title}, ${site.agent.brokerage}">`,
    );
    expect(html).toContain(`<meta name="twitter:image" content="${ogImage}">`);
    const card = await sharp(join(dist, new URL(ogImage!).pathname)).metadata();
    expect([card.format, card.width, card.height]).toEqual(['jpeg', 1200, 630]);

    expect(jsonLdTypes(html)).toEqual(['BlogPosting', 'BreadcrumbList', 'FAQPage', 'City']);
    const ld = JSON.parse(/<script type="application\/ld\+json">([^<]*)<\/script>/.exec(html)![1]!);
    // Structured data names the cover itself.
    expect(ld['@graph'][0]).toMatchObject({ headline: title });
    expect(ld['@graph'][0].datePublished).toMatch(new RegExp(`^${today}T00:00:00-0[45]:00$`));
    expect(ld['@graph'][0].image).toMatch(new RegExp(`^${site.baseUrl}/_astro/publishing-test-cover\\.[^"]+\\.jpe?g$`));
  });

  it('renders the page parts from the front matter, with the CTA defaults', () => {
    const html = read(`blog/${slug}.html`);
    expect(html).toContain('Real estate insights for Cary, NC');
    expect(html).toContain(`params="list=${playlistId}"`);
    // The player's poster is the local copy of the cached thumbnail, not YouTube's image host.
    expect(html).toMatch(new RegExp(`<lite-youtube [^>]*><img src="/_astro/${playlistId}\\.[^"]+\\.webp"`));
    expect(html).not.toMatch(/(?:src|srcset|style|data-poster)="[^"]*ytimg\.com/);
    expect(html).toContain('>View full playlist on YouTube</a>');
    expect(html).toContain('Frequently Asked Questions');
    expect(html).toContain('<summary');
    expect(html).toContain('Everything an article needs comes from its front matter.');
    expect(html).toContain('I help buyers and sellers across the Triangle.');
    expect(html).toContain(
      `href="${site.links.booking}" target="_blank" rel="noopener noreferrer">Get Free Consultation</a>`,
    );
  });
});

describe('fixtures in the same build', () => {
  it('publishes the custom graph for a customSchema article and keeps its own CTA', () => {
    const html = read('blog/publishing-test-cap-rates.html');
    expect(jsonLdTypes(html)).toEqual([
      'Organization',
      'Person',
      'WebSite',
      'WebPage',
      'BreadcrumbList',
      'Article',
      'FAQPage',
    ]);
    expect(html).toContain('>Book an Investor Call</a>');
    expect(html).toContain('Talk numbers with me');
  });

  it('shows the cached playlist thumbnail on the index card of an article without a cover', () => {
    const card = /<li>((?:(?!<\/li>)[\s\S])*?Publishing Test Cap Rates[\s\S]*?)<\/li>/.exec(readBlogIndex())?.[1] ?? '';
    expect(card).toMatch(new RegExp(`<img [^>]*src="/_astro/${customPlaylistId}\\.[^"]+\\.webp"`));
    expect(card).not.toContain('<svg');
  });

  it('shows Missing playlistId on a playlist page configured without an id', () => {
    const html = read('blog/fixture-missing-id.html');
    expect(html).toContain('Missing playlistId');
    expect(html).toContain('playlists configuration');
    expect(html).not.toContain('<lite-youtube');
  });
});

describe('no video snapshot and no YouTube key (same build)', () => {
  it('builds /videos with the empty state', () => {
    const html = read('videos.html');
    expect(html).toContain('No videos available');
    expect(html).toContain(`${site.agent.firstName}&#x27;s latest real estate videos will appear here soon.`);
    expect(html).toContain('Try Again');
  });

  it('shows the built-in placeholder video as the latest video on the home page', () => {
    const html = read('index.html');
    const card = /<rea-latest-video [^>]*>([\s\S]*?)<\/rea-latest-video>/.exec(html);
    expect(card?.[0]).toMatch(/^<rea-latest-video [^>]*data-video-id(?:="")?[\s>]/);
    expect(card?.[1]).toContain('Best Areas to Live in the Raleigh-Durham Triangle');
    expect(card?.[1]).toContain(`href="${site.links.youtubeChannel}"`);
    expect(card?.[1]).toMatch(/<img [^>]*src="\/_astro\/best-areas-placeholder\.[^"]+\.webp"/);
    expect(card?.[1]).toContain('Latest Video');
  });

  it('falls back to the placeholder picture for a playlist with no cached thumbnail and no snapshot copy', () => {
    // knightdale-nc's playlist has no cache entry here: its picture came from the snapshot.
    const card = /<article(?:(?!<\/article>)[\s\S])*?href="\/blog\/knightdale-nc"[\s\S]*?<\/article>/.exec(
      readBlogIndex(),
    )?.[0];
    expect(card).toBeDefined();
    expect(card).not.toContain('<img');
    expect(card).toContain('<svg');
  });
});

describe('publishing one new legal page', () => {
  it('builds its page, links it in every footer and lists it in the sitemap', () => {
    expect(read('cookie-notice.html')).toContain('<h1 class="section-title">Cookie Notice</h1>');
    for (const page of ['index.html', 'about.html', 'privacy.html']) {
      expect(read(page), page).toMatch(/<a [^>]*href="\/cookie-notice"[^>]*>\s*Cookies\s*<\/a>/);
    }
    expect(read('sitemap-0.xml')).toContain(`<loc>${site.baseUrl}/cookie-notice</loc>`);
  });
});

describe('a sold home whose open house the MLS still lists', () => {
  it('shows no open house and publishes no calendar file for it, on its page, its card or the schedule', () => {
    const folder = join(dist, 'listings', soldHome);
    expect(existsSync(folder) ? readdirSync(folder).filter((file) => file.endsWith('.ics')) : []).toEqual([]);
    expect(readFileSync(join(dist, 'listings', `${soldHome}.html`), 'utf8')).not.toContain('open-house-');
    expect(readFileSync(join(dist, 'listings/open-houses.ics'), 'utf8')).not.toContain('1540 Heritage Oaks');
  });
});

describe('an article written ahead with a mistake', () => {
  it('stops the build now, naming it, not the unattended build of its day', async () => {
    const file = join(root, 'content/articles', `${scheduledSlug}.mdx`);
    const written = readFileSync(file, 'utf8');
    writeFileSync(file, written.slice(0, written.indexOf('\n---\n') + 5));
    const built = await runBuild(root, { BUILD_TIME: now.toISOString() });
    expect(built.code).not.toBe(0);
    expect(built.lines.join('\n')).toContain(
      `content/articles/${scheduledSlug}.mdx: the article has no text: write it below the front matter's closing ---.`,
    );
  }, 600_000);
});
