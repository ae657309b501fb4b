/**
 * Blog rules and components: dates, CTA defaults, playlist canonical rule, the 18 playlist
 * files, the article JSON-LD graphs, and the player / error box / FAQ / CTA rendered through
 * Astro's container API with fixture data (no real page needed).
 */
import { experimental_AstroContainer as AstroContainer } from 'astro/container';
import { readFileSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import CtaBox from '#src/components/blog/CtaBox.astro';
import FaqAccordion from '#src/components/blog/FaqAccordion.astro';
import PlaylistView from '#src/components/blog/PlaylistView.astro';
import YouTubeFacade from '#src/components/video/YouTubeFacade.astro';
import {
  articleSections,
  articleWordCount,
  articlesPerPage,
  blogIndexPath,
  blogPageCount,
  cityLine,
  formatPublishedDate,
  isoDay,
  contentMistakes,
  playlistCanonicalPath,
  playlistDefaultDescription,
  readingMinutes,
  relatedReading,
  resolveCta,
  townArticles,
} from '#src/lib/blog.ts';
import { playlistUrl } from '#src/lib/video/urls.ts';
import {
  buildArticleGraph,
  buildCustomArticleGraph,
  type ArticleGraphInput,
  type JsonLd,
} from '#src/lib/seo/jsonld.ts';
import { site } from '#src/site.config.ts';

const booking = 'https://booking.example.com/agent/30min';

describe('blog text rules', () => {
  it('formats front-matter days in UTC, so 2025-10-10 stays October 10 everywhere', () => {
    const day = new Date('2025-10-10');
    expect(formatPublishedDate(day)).toBe('October 10, 2025');
    expect(isoDay(day)).toBe('2025-10-10');
  });
  it('writes the city line of SPEC §2', () => {
    expect(cityLine('Wake Forest', 'NC')).toBe('Real estate insights for Wake Forest, NC');
  });
  it('fills the CTA defaults of SPEC §2 and keeps what an article sets', () => {
    expect(resolveCta({}, { bookingUrl: booking })).toEqual({
      headline: 'Ready to make your move in the Triangle?',
      subhead: 'I help buyers and sellers across the Triangle.',
      buttonText: 'Get Free Consultation',
      buttonHref: booking,
    });
    expect(resolveCta({ buttonText: 'Book a Tour' }, { bookingUrl: booking, city: 'Cary' })).toMatchObject({
      headline: 'Ready to make your move in Cary?',
      buttonText: 'Book a Tour',
      subhead: 'I help buyers and sellers across the Triangle.',
    });
  });
  it("lists an article's sections for 'On this page': its h2 headings in order, then the FAQ when it has one", () => {
    const headings = [
      { depth: 2, slug: 'schools', text: 'Schools' },
      { depth: 3, slug: 'private-schools', text: 'Private schools' },
      { depth: 2, slug: 'commute', text: 'Commute' },
      { depth: 4, slug: 'rail', text: 'Rail' },
    ];
    expect(articleSections(headings, false)).toEqual([
      { slug: 'schools', text: 'Schools' },
      { slug: 'commute', text: 'Commute' },
    ]);
    expect(articleSections(headings, true).at(-1)).toEqual({ slug: 'faq-heading', text: 'Frequently Asked Questions' });
    expect(articleSections([], true)).toHaveLength(1);
  });
  describe('reading between articles and city guides', () => {
    const article = (id: string, geo?: { city?: string; county?: string; guide?: string }) => ({
      id,
      data: { geo: geo && { ...geo, guide: geo.guide ? { id: geo.guide } : undefined } },
    });
    // Newest first, as getPublishedArticles() gives them.
    const articles = [
      article('cary-schools', { city: 'Cary', county: 'Wake County', guide: 'cary' }),
      article('franklin-county-homes', { city: 'Franklin County', county: 'Franklin County' }),
      article('living-in-cary', { city: 'Cary', county: 'Wake County', guide: 'cary' }),
      article('clayton-homes', { city: 'Clayton', county: 'Johnston County' }),
      article('cary-new-homes', { city: 'Cary', county: 'Wake County', guide: 'cary' }),
      article('cary-parks', { city: 'Cary', county: 'Wake County', guide: 'cary' }),
      article('beach', {}),
    ];
    const cities = [
      { id: 'cary', data: { county: 'Wake County' } },
      { id: 'franklinton', data: { county: 'Franklin County' } },
      { id: 'youngsville', data: { county: 'Franklin County' } },
    ];
    const ids = (list: { id: string }[]) => list.map((a) => a.id);

    it("a town's guide lists the articles about it, then those about its whole county", () => {
      expect(ids(townArticles(articles, { id: 'cary', county: 'Wake County' }))).toEqual([
        'cary-schools',
        'living-in-cary',
        'cary-new-homes',
        'cary-parks',
      ]);
      expect(ids(townArticles(articles, { id: 'youngsville', county: 'Franklin County' }))).toEqual([
        'franklin-county-homes',
      ]);
      expect(townArticles(articles, { id: 'apex', county: 'Wake County' })).toEqual([]);
    });
    it("an article links its town's guide and at most three other articles about it, newest first", () => {
      const reading = relatedReading(articles[2]!, articles, cities);
      expect(ids(reading.guides)).toEqual(['cary']);
      expect(ids(reading.articles)).toEqual(['cary-schools', 'cary-new-homes', 'cary-parks']);
      expect(ids(relatedReading(articles[2]!, articles, cities, 1).articles)).toEqual(['cary-schools']);
    });
    it('stops the build on an article or a town playlist that does not name its town guide', () => {
      const towns = [{ id: 'cary', data: { name: 'Cary' } }];
      expect(
        contentMistakes(
          [
            { id: 'a', filePath: 'content/articles/a.mdx', body: 'Text.', data: { geo: { city: 'Cary' } } },
            {
              id: 'b',
              filePath: 'content/articles/b.mdx',
              body: 'Text.',
              data: { geo: { city: 'Cary', guide: { id: 'cary' } } },
            },
            { id: 'c', filePath: 'content/articles/c.mdx', body: 'Text.', data: { geo: { city: 'Clayton' } } },
          ],
          [
            { filePath: 'content/playlists/cary-nc.yaml', data: { title: 'Cary NC' } },
            { filePath: 'content/playlists/x.yaml', data: { title: 'Cary NC', guide: { id: 'cary' } } },
            { filePath: 'content/playlists/seller-tips.yaml', data: { title: 'Seller Tips' } },
          ],
          towns,
        ),
      ).toEqual([
        'content/articles/a.mdx: geo.guide is missing: Cary has a city guide, add "guide: cary" under geo.',
        'content/playlists/cary-nc.yaml: guide is missing: Cary has a city guide, add "guide: cary" to the playlist.',
      ]);
    });
    it('stops the build on a guide that names no city guide, a town written otherwise than its guide, an empty article', () => {
      const towns = [
        { id: 'cary', data: { name: 'Cary' } },
        { id: 'apex', data: { name: 'Apex' } },
      ];
      expect(
        contentMistakes(
          [
            {
              id: 'a',
              filePath: 'content/articles/a.mdx',
              body: 'Text.',
              data: { geo: { city: 'Cary', guide: { id: 'carry' } } },
            },
            { id: 'b', filePath: 'content/articles/b.mdx', body: 'Text.', data: { geo: { city: 'cary' } } },
            { id: 'c', filePath: 'content/articles/c.mdx', body: '\n  \n', data: {} },
            // Nothing below the front matter at all: Astro's store has no body.
            { id: 'e', filePath: 'content/articles/e.mdx', data: {} },
            {
              id: 'f',
              filePath: 'content/articles/f.mdx',
              body:
                'Text.\n\n<img src="./images/porch.jpg" alt="Porch" />\n<img src="/logo.png" alt="" /> ![Porch](./images/porch.jpg)' +
                '\n<img src={cover.src} alt="Imported" /> <img data-src="lazy.jpg" src="/x.png" alt="" />',
              data: {},
            },
            {
              id: 'd',
              filePath: 'content/articles/d.mdx',
              body: 'Text.',
              data: { geo: { city: 'Cary', guide: { id: 'cary' } } },
            },
          ],
          [{ filePath: 'content/playlists/apex-nc.yaml', data: { title: 'apex nc', guide: { id: 'apx' } } }],
          towns,
        ),
      ).toEqual([
        'content/articles/a.mdx: geo.guide: "carry" is not a city guide (there is no content/cities/carry.yaml); the guides are apex, cary.',
        'content/articles/b.mdx: geo.guide is missing: Cary has a city guide, add "guide: cary" under geo.',
        'content/articles/b.mdx: geo.city: write "Cary", as its city guide does, not "cary".',
        "content/articles/c.mdx: the article has no text: write it below the front matter's closing ---.",
        "content/articles/e.mdx: the article has no text: write it below the front matter's closing ---.",
        'content/articles/f.mdx: <img src="./images/porch.jpg">: write a picture in the text as ![what it shows](./images/porch.jpg), which the build processes.',
        'content/playlists/apex-nc.yaml: guide: "apx" is not a city guide (there is no content/cities/apx.yaml); the guides are apex, cary.',
      ]);
    });
    it('stops the build on a second page heading, and on a link to a page the site does not have (yet)', () => {
      const towns = [{ id: 'cary', data: { name: 'Cary' } }];
      const on = (day: string) => new Date(`${day}T00:00:00Z`);
      expect(
        contentMistakes(
          [
            {
              id: 'a',
              filePath: 'content/articles/a.mdx',
              body: [
                '# Living in Cary',
                'See [the guide](/city/cary), [the other](/city/carry/), <a href="/blog/b#faq">B</a>,',
                '[C](/blog/c?x=1), [a typo](/blog/bb), [the tours](/blog/cary-nc), [the index](/blog/page/2).',
                '```md',
                '# Not a heading: a code block',
                '```',
                '<h1 class="big">Also one</h1>',
              ].join('\n'),
              data: { datePublished: on('2026-01-05') },
            },
            { id: 'b', filePath: 'content/articles/b.mdx', body: 'Text.', data: { datePublished: on('2026-01-05') } },
            { id: 'c', filePath: 'content/articles/c.mdx', body: 'Text.', data: { datePublished: on('2026-02-01') } },
          ],
          [
            {
              id: 'cary-nc',
              filePath: 'content/playlists/cary-nc.yaml',
              data: { title: 'Cary NC', guide: { id: 'cary' } },
            },
          ],
          towns,
        ),
      ).toEqual([
        `content/articles/a.mdx: "# Living in Cary" is a second page heading (the title is the page's one): write sections as ## headings.`,
        `content/articles/a.mdx: "<h1 class="big">Also one</h1>" is a second page heading (the title is the page's one): write sections as ## headings.`,
        'content/articles/a.mdx: the link to /city/carry: there is no such city guide; the guides are cary.',
        'content/articles/a.mdx: the link to /blog/c: that article is published on 2026-02-01, after this one (2026-01-05): until then the link answers 404.',
        'content/articles/a.mdx: the link to /blog/bb: no article or playlist has that slug (a draft is not published).',
      ]);
    });
    it('a county article links the guides of its towns; an article about a place without a guide links none', () => {
      expect(ids(relatedReading(articles[1]!, articles, cities).guides)).toEqual(['franklinton', 'youngsville']);
      expect(relatedReading(articles[3]!, articles, cities)).toEqual({ guides: [], articles: [] });
      expect(relatedReading(articles[6]!, articles, cities)).toEqual({ guides: [], articles: [] });
    });
  });
  it("counts the words an article gives to read: its text and its components' text, not their code", () => {
    const body = [
      "import AreaList from '../mdx/AreaList.astro';",
      '',
      '## Popular neighborhoods',
      '',
      'Read the [town guide](/city/raleigh "Raleigh guide") first: **two** words.',
      '',
      '<AreaList',
      '  areas={[',
      '    { name: "Five Points", blurb: "Bungalows under oaks." },',
      '  ]}',
      '/>',
      '',
      '<Callout tone="tip">Ask early.</Callout>',
      '',
      '- $400K to $1M',
    ].join('\n');
    // Popular neighborhoods (2), Read the town guide first two words (7), Five Points Bungalows under
    // oaks (5), tip Ask early (3), $400K to $1M (3).
    expect(articleWordCount(body)).toBe(20);
    expect(articleWordCount(body, [{ q: 'Is it far?', a: 'No.' }])).toBe(24);
    expect(articleWordCount('')).toBe(0);
  });
  it('rounds the reading time to whole minutes at 230 words a minute, at least 1', () => {
    expect(readingMinutes(0)).toBe(1);
    expect(readingMinutes(344)).toBe(1);
    expect(readingMinutes(345)).toBe(2);
    expect(readingMinutes(1573)).toBe(7);
  });
  it('derives the playlist canonical from the title and the default description (SPEC §7)', () => {
    expect(playlistCanonicalPath('Fuquay-Varina NC')).toBe('/blog/fuquay-varina-nc');
    expect(playlistCanonicalPath('New  Construction Homes')).toBe('/blog/new-construction-homes');
    expect(
      playlistDefaultDescription(
        'Apex NC',
        { name: 'Jordan Avery', title: 'REALTOR®' },
        { locality: 'Raleigh', region: 'NC' },
      ),
    ).toBe('Apex NC playlist from Jordan Avery, top 5% REALTOR® in Raleigh NC');
    expect(playlistUrl('PLabc_-1')).toBe('https://www.youtube.com/playlist?list=PLabc_-1');
  });
});

describe('the playlist configuration', () => {
  const dir = join(import.meta.dirname, '..', '..', 'content', 'playlists');
  const files = readdirSync(dir).filter((f) => f.endsWith('.yaml'));
  const field = (text: string, key: string) =>
    new RegExp(`^${key}: *(?:'([^']*)'|(.*))$`, 'm')
      .exec(text)
      ?.slice(1)
      .find((v) => v !== undefined) ?? '';
  const spec = [
    'knightdale-nc',
    'new-construction-homes',
    'fuquay-varina-nc',
    'hidden-raleigh-suburbs',
    'north-raleigh-neighborhoods',
    'apex-nc',
    'cary-nc',
    'holly-springs-nc',
    'wake-forest-nc',
    'garner-nc',
    'rolesville-nc',
    'wendell-nc',
    'zebulon-nc',
    'youngsville-nc',
    'first-time-buyers',
    'seller-tips',
    'market-updates',
    'investment-properties',
  ];

  it('has one file for each of the 18 playlist routes of SPEC §2', () => {
    expect(files.map((f) => f.replace(/\.yaml$/, '')).sort()).toEqual([...spec].sort());
  });
  for (const file of files) {
    it(`${file}: slug, title rule, id format, description and the sample-id note`, () => {
      const text = readFileSync(join(dir, file), 'utf8');
      const slug = field(text, 'slug');
      expect(slug).toBe(file.replace(/\.yaml$/, ''));
      expect(playlistCanonicalPath(field(text, 'title'))).toBe(`/blog/${slug}`);
      expect(field(text, 'playlistId')).toMatch(/^PL[A-Za-z0-9_-]{32}$/);
      expect(field(text, 'description').length).toBeGreaterThan(50);
      expect(text.split('\n')[0]).toMatch(/^# Sample playlist id/);
    });
  }
});

describe('article JSON-LD graphs', () => {
  const info = {
    name: 'Jordan Avery Real Estate',
    url: 'https://www.example.com',
    agent: site.agent,
    region: 'NC',
    locality: 'Raleigh',
    country: 'US',
    sameAs: ['https://www.youtube.com/@example'],
    areaServed: ['Raleigh'],
  };
  const url = 'https://www.example.com/blog/raleigh-multifamily-cap-rate';
  const input: ArticleGraphInput = {
    url,
    headline: 'Raleigh Multifamily Cap Rates',
    description: 'Cap rates by submarket.',
    datePublished: new Date('2025-10-10'),
    keywords: ['cap rate'],
    crumbs: [
      { name: 'Home', url: 'https://www.example.com/' },
      { name: 'Blog', url: 'https://www.example.com/blog' },
      { name: 'Raleigh Multifamily Cap Rates', url },
    ],
    faq: [{ q: 'What is a good cap rate?', a: 'Around 4.5%-6% in 2025.' }],
    place: { name: 'Raleigh', region: 'NC', county: 'Wake County', url: 'https://www.example.com/city/raleigh' },
  };
  const types = (doc: JsonLd) => (doc['@graph'] as JsonLd[]).map((n) => n['@type']);

  it('publishes BlogPosting, BreadcrumbList, FAQPage and the place by default', () => {
    const doc = buildArticleGraph(info, input);
    expect(doc['@context']).toBe('https://schema.org');
    expect(types(doc)).toEqual(['BlogPosting', 'BreadcrumbList', 'FAQPage', 'City']);
    const [post, crumbs, , place] = doc['@graph'] as JsonLd[];
    expect(post).toMatchObject({
      headline: 'Raleigh Multifamily Cap Rates',
      datePublished: '2025-10-10T00:00:00-04:00',
      mainEntityOfPage: url,
      publisher: { '@type': 'Organization', name: site.agent.brokerage },
    });
    expect(crumbs).toMatchObject({ itemListElement: [{ name: 'Home' }, { name: 'Blog' }, { position: 3, item: url }] });
    expect(place).toMatchObject({ name: 'Raleigh, NC', url: 'https://www.example.com/city/raleigh' });
  });
  it("gives the article's summary as its abstract", () => {
    const [post] = buildArticleGraph(info, { ...input, abstract: 'Cap rates run 4.5-6%.' })['@graph'] as JsonLd[];
    expect(post).toMatchObject({ abstract: 'Cap rates run 4.5-6%.' });
    const [custom] = (
      buildCustomArticleGraph(info, { ...input, abstract: 'Cap rates run 4.5-6%.' })['@graph'] as JsonLd[]
    ).filter((n) => n['@type'] === 'Article');
    expect(custom).toMatchObject({ abstract: 'Cap rates run 4.5-6%.' });
  });
  it('gives the word count and the reading time of an article that has them', () => {
    const [post] = buildArticleGraph(info, { ...input, wordCount: 1573 })['@graph'] as JsonLd[];
    expect(post).toMatchObject({ wordCount: 1573, timeRequired: 'PT7M' });
    const [plain] = buildArticleGraph(info, input)['@graph'] as JsonLd[];
    expect(plain).not.toHaveProperty('timeRequired');
  });
  it('publishes an article about a whole county as an AdministrativeArea, not a town inside itself', () => {
    const county = { name: 'Franklin County', region: 'NC', county: 'Franklin County' };
    const place = (buildArticleGraph(info, { ...input, place: county })['@graph'] as JsonLd[])[3]!;
    expect(place).toEqual({ '@type': 'AdministrativeArea', name: 'Franklin County, NC' });
  });
  it('leaves out FAQPage and the place when the article has none', () => {
    expect(types(buildArticleGraph(info, { ...input, faq: [], place: undefined }))).toEqual([
      'BlogPosting',
      'BreadcrumbList',
    ]);
  });
  it('publishes the custom graph of SPEC §3 for customSchema articles, linked by @id', () => {
    const doc = buildCustomArticleGraph(info, input);
    expect(types(doc)).toEqual([
      'Organization',
      'Person',
      'WebSite',
      'WebPage',
      'BreadcrumbList',
      'Article',
      'FAQPage',
    ]);
    const nodes = doc['@graph'] as JsonLd[];
    const ids = new Set(nodes.map((n) => n['@id']).filter(Boolean));
    const article = nodes.find((n) => n['@type'] === 'Article')!;
    expect(article).toMatchObject({
      headline: 'Raleigh Multifamily Cap Rates',
      datePublished: '2025-10-10T00:00:00-04:00',
    });
    for (const ref of [article['author'], article['publisher'], article['isPartOf']] as { '@id': string }[]) {
      expect(ids.has(ref['@id'])).toBe(true);
    }
    expect(JSON.parse(JSON.stringify(doc))).toEqual(doc);
  });
});

describe('blog components (Astro container)', () => {
  let container: AstroContainer;
  beforeAll(async () => {
    container = await AstroContainer.create();
  });

  it('shows the Missing playlistId box for a playlist entry without an id, and no player', async () => {
    const html = await container.renderToString(PlaylistView, {
      props: { slug: 'fixture-playlist', title: 'Fixture Playlist', playlistId: '' },
    });
    expect(html).toContain('<h1');
    expect(html).toContain('Fixture Playlist');
    expect(html).toContain('Missing playlistId');
    expect(html).toMatch(/playlists configuration \(<code>content\/playlists\/fixture-playlist\.yaml<\/code>\)/);
    expect(html).not.toContain('<lite-youtube');
    expect(html).not.toContain('View full playlist on YouTube');
  });

  it('shows the facade player and the YouTube link for a playlist with an id', async () => {
    const id = 'PLabcdefghijklmnopqrstuvwxyz012345';
    const html = await container.renderToString(PlaylistView, {
      props: { slug: 'apex-nc', title: 'Apex NC', playlistId: id, description: 'Tours of Apex.' },
    });
    expect(html).toContain('Tours of Apex.');
    expect(html).toContain(`<lite-youtube videoid="videoseries" params="list=${id}" title="Apex NC"`);
    expect(html).toMatch(
      new RegExp(
        `<a [^>]*href="https://www\\.youtube\\.com/playlist\\?list=${id}" target="_blank" rel="noopener noreferrer">View full playlist on YouTube</a>`,
      ),
    );
    expect(html).not.toContain('Missing playlistId');
    // Nothing on the page points at YouTube's image host before the visitor scrolls or plays.
    expect(html).not.toMatch(/(?:src|srcset|style|data-poster)="[^"]*ytimg\.com/);
  });

  it('gives a video facade a no-JS link and a lazily set YouTube poster', async () => {
    const html = await container.renderToString(YouTubeFacade, { props: { videoId: 'dQw4w9WgXcQ', title: 'Tour' } });
    expect(html).toContain('href="https://www.youtube.com/watch?v=dQw4w9WgXcQ"');
    expect(html).toContain('data-poster="https://i.ytimg.com/vi/dQw4w9WgXcQ/hqdefault.jpg"');
    expect(html).toMatch(/style="background-image: linear-gradient\(/);
    expect(html).toContain('Play video: Tour');
  });

  it('renders the CTA box with the SPEC defaults, a new-tab booking button, phone and e-mail', async () => {
    const props = { ...resolveCta({}, { bookingUrl: site.links.booking }) };
    const html = await container.renderToString(CtaBox, { props });
    expect(html).toContain('I help buyers and sellers across the Triangle.');
    expect(html).toMatch(
      new RegExp(
        `<a class="btn-light" href="${site.links.booking}" target="_blank" rel="noopener noreferrer">Get Free Consultation</a>`,
      ),
    );
    expect(html).toContain(`href="tel:+1${site.agent.phoneDigits}"`);
    expect(html).toContain(`href="mailto:${site.agent.email}"`);
  });

  it('renders the FAQ as native <details> under the exact heading', async () => {
    const html = await container.renderToString(FaqAccordion, {
      props: {
        faq: [
          { q: 'Is Knightdale a good place to live?', a: 'Yes.' },
          { q: 'How far is Raleigh?', a: 'About 20 minutes.' },
        ],
      },
    });
    expect(html).toMatch(/<h2 id="faq-heading"[^>]*>Frequently Asked Questions<\/h2>/);
    expect(html.match(/<details/g)).toHaveLength(2);
    expect(html.match(/<summary/g)).toHaveLength(2);
    expect(html).toContain('About 20 minutes.');
  });
});

describe('blog index pages', () => {
  it('hold the newest articles a page at a time, the first at /blog', () => {
    expect(articlesPerPage % 6).toBe(0); // whole rows of 1, 2 or 3 columns
    expect(blogPageCount(0)).toBe(1);
    expect(blogPageCount(articlesPerPage)).toBe(1);
    expect(blogPageCount(articlesPerPage + 1)).toBe(2);
    expect(blogPageCount(1000)).toBe(Math.ceil(1000 / articlesPerPage));
    expect(blogIndexPath(1)).toBe('/blog');
    expect(blogIndexPath(2)).toBe('/blog/page/2');
  });
});
