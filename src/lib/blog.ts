/**
 * Pure rules of the blog: dates, playlist addresses, the playlist canonical rule and the
 * call-to-action defaults. No framework imports: `scripts/fetch-thumbnails.ts` runs this
 * file directly in Node.
 */

/** SPEC §2: 'Real estate insights for {city}, {state}' and the CTA defaults are exact texts. */
export const ctaDefaults = {
  subhead: 'I help buyers and sellers across the Triangle.',
  buttonText: 'Get Free Consultation',
} as const;

export interface Cta {
  headline: string;
  subhead: string;
  buttonText: string;
  buttonHref: string;
}

/** Fills the CTA fields an article leaves out; the headline names the article's city when it has one. */
export function resolveCta(
  cta: {
    headline?: string | undefined;
    subhead?: string | undefined;
    buttonText?: string | undefined;
    buttonHref?: string | undefined;
  },
  fallback: { bookingUrl: string; city?: string | undefined },
): Cta {
  return {
    headline: cta.headline ?? `Ready to make your move in ${fallback.city ?? 'the Triangle'}?`,
    subhead: cta.subhead ?? ctaDefaults.subhead,
    buttonText: cta.buttonText ?? ctaDefaults.buttonText,
    buttonHref: cta.buttonHref ?? fallback.bookingUrl,
  };
}

export function cityLine(city: string, state: string): string {
  return `Real estate insights for ${city}, ${state}`;
}

/**
 * Front-matter dates are calendar days parsed as UTC midnight; formatting in UTC keeps
 * 2025-10-10 from turning into October 9 west of Greenwich.
 */
export function formatPublishedDate(date: Date): string {
  return date.toLocaleDateString('en-US', { year: 'numeric', month: 'long', day: 'numeric', timeZone: 'UTC' });
}

/** `YYYY-MM-DD`, for `<time datetime>` and JSON-LD. */
export function isoDay(date: Date): string {
  return date.toISOString().slice(0, 10);
}

/** Words a visitor reads in a minute, for an article's reading time. */
export const wordsPerMinute = 230;

/**
 * The words an article gives to read: its MDX text, with the text its components show (their
 * string props, such as a list's names and blurbs) but not their names, props' names, imports or
 * link addresses, and its FAQ, questions and answers.
 */
export function articleWordCount(body: string, faq: readonly { q: string; a: string }[] = []): number {
  const text = [
    body
      .replace(/^(import|export)\s.*$/gm, ' ')
      .replace(/\]\([^)]*\)/g, ']')
      .replace(/<\/?[A-Za-z][\w.]*|\/?>/g, ' ')
      .replace(/\b[A-Za-z]\w*(=\{|=(?=")|:\s*(?=["']))/g, ' '),
    ...faq.flatMap(({ q, a }) => [q, a]),
  ].join(' ');
  return text.split(/\s+/).filter((word) => /[\p{L}\p{N}]/u.test(word)).length;
}

/** Whole minutes to read `words` (at least 1). */
export function readingMinutes(words: number): number {
  return Math.max(1, Math.round(words / wordsPerMinute));
}

/** An article entry's words and whole minutes to read (its page, its cards and its JSON-LD). */
export function readingTime(entry: { body?: string | undefined; data: { faq: readonly { q: string; a: string }[] } }) {
  const words = articleWordCount(entry.body ?? '', entry.data.faq);
  return { words, minutes: readingMinutes(words) };
}

/**
 * SPEC §7: a playlist page's canonical is the blog path plus its lower-cased title with
 * spaces turned to hyphens. Titles are chosen so this equals /blog/{slug}.
 */
export function playlistCanonicalPath(title: string): string {
  return `/blog/${title.trim().toLowerCase().replace(/\s+/g, '-')}`;
}

/** SPEC §7 default description of a playlist page without one of its own. */
export function playlistDefaultDescription(
  title: string,
  agent: { name: string; title: string },
  office: { locality: string; region: string },
): string {
  return `${title} playlist from ${agent.name}, top 5% ${agent.title} in ${office.locality} ${office.region}`;
}

/** The FAQ accordion's heading (SPEC §2), and its id, which the article's "On this page" links to. */
export const faqHeading = { slug: 'faq-heading', text: 'Frequently Asked Questions' };

/**
 * What an article's "On this page" lists: its sections (the h2 headings of its text, with the ids
 * Astro gave them), then the FAQ when it has one. Sub-headings are left out: a short list is read.
 */
export function articleSections(headings: { depth: number; slug: string; text: string }[], hasFaq: boolean) {
  const sections = headings.filter((h) => h.depth === 2).map(({ slug, text }) => ({ slug, text }));
  return hasFaq ? [...sections, faqHeading] : sections;
}

/** What the reading links need of an article: its town (with its city guide) and county. */
export interface ArticlePlace {
  id: string;
  data: {
    geo?: { city?: string | undefined; county?: string | undefined; guide?: { id: string } | undefined } | undefined;
  };
}

/** An article about a whole county (its `geo.city` names the county), not one of its towns. */
const isCountyArticle = (a: ArticlePlace) => a.data.geo?.county !== undefined && a.data.geo.city === a.data.geo.county;

/**
 * The articles a city guide lists under "Articles About {town}", in the order given (newest first):
 * those whose `geo.guide` is this guide, then those about its whole county.
 */
export function townArticles<T extends ArticlePlace>(articles: T[], town: { id: string; county: string }): T[] {
  const about = articles.filter((a) => a.data.geo?.guide?.id === town.id);
  const county = articles.filter((a) => isCountyArticle(a) && a.data.geo?.county === town.county);
  return [...about, ...county];
}

/**
 * "More About {town}" at the foot of an article: the town's city guide (for an article about a whole
 * county, the guides of its towns) and up to `max` other articles about the same guides, in the
 * order given (newest first). Empty lists when the article names no place the site has a guide for.
 */
export function relatedReading<T extends ArticlePlace, C extends { id: string; data: { county: string } }>(
  article: ArticlePlace,
  articles: T[],
  cities: C[],
  max = 3,
): { guides: C[]; articles: T[] } {
  const guide = article.data.geo?.guide?.id;
  const guides = guide
    ? cities.filter((c) => c.id === guide)
    : isCountyArticle(article)
      ? cities.filter((c) => c.data.county === article.data.geo?.county)
      : [];
  const ids = new Set(guides.map((c) => c.id));
  const others = articles.filter((a) => a.id !== article.id && ids.has(a.data.geo?.guide?.id ?? ''));
  return { guides, articles: others.slice(0, max) };
}

/**
 * What the build stops on in the articles and playlists, one message per mistake, each naming the
 * file and the field: content about a town with a city guide that does not name the guide (an
 * article whose `geo.city` is the town, a playlist titled "{town} NC"), so a new article or
 * playlist is never left out of the guide's links; a `guide` that names no city guide (its page
 * and structured data would link to a 404); a town written otherwise than its guide writes it
 * (all in lower case, say); an article with nothing below its front matter; a heading written
 * `# ...` (a second h1 under the title); a link in the text to a city guide, article or playlist
 * the site does not have, or to an article published only after this one (each would answer 404).
 */
export function contentMistakes(
  articles: (ArticlePlace & {
    filePath?: string | undefined;
    body?: string | undefined;
    data: { datePublished?: Date | undefined };
  })[],
  playlists: {
    id?: string | undefined;
    filePath?: string | undefined;
    data: { title: string; guide?: { id: string } | undefined };
  }[],
  cities: { id: string; data: { name: string } }[],
): string[] {
  const missing = (file: string | undefined, field: string, t: { id: string; data: { name: string } }, where: string) =>
    `${file}: ${field} is missing: ${t.data.name} has a city guide, add "guide: ${t.id}" ${where}.`;
  const known = cities.map((c) => c.id).sort();
  const unknown = (file: string | undefined, field: string, guide: { id: string } | undefined) =>
    guide && !known.includes(guide.id)
      ? [
          `${file}: ${field}: "${guide.id}" is not a city guide (there is no content/cities/${guide.id}.yaml); ` +
            `the guides are ${known.join(', ')}.`,
        ]
      : [];
  const same = (a: string | undefined, b: string) => a !== undefined && a.trim().toLowerCase() === b.toLowerCase();
  const day = (a: { data: { datePublished?: Date | undefined } }) => a.data.datePublished?.toISOString().slice(0, 10);
  /** What a link in an article's text to /blog/{slug} or /city/{id} finds wrong, if anything. */
  const badLink = (from: (typeof articles)[number], path: string): string | undefined => {
    const [, kind, slug] = /^\/(blog|city)\/([^/]+)$/.exec(path) ?? [];
    if (kind === 'city')
      return known.includes(slug!) ? undefined : `there is no such city guide; the guides are ${known.join(', ')}.`;
    if (kind !== 'blog' || playlists.some((p) => p.id === slug)) return undefined;
    const to = articles.find((a) => a.id === slug);
    if (!to) return 'no article or playlist has that slug (a draft is not published).';
    const [published, own] = [day(to), day(from)];
    return published && own && published > own
      ? `that article is published on ${published}, after this one (${own}): until then the link answers 404.`
      : undefined;
  };
  return [
    ...articles.flatMap((a) => {
      const city = a.data.geo?.city;
      const t = cities.find((c) => same(city, c.data.name));
      return [
        ...(t && !a.data.geo?.guide ? [missing(a.filePath, 'geo.guide', t, 'under geo')] : []),
        ...(t && city !== t.data.name
          ? [`${a.filePath}: geo.city: write "${t.data.name}", as its city guide does, not "${city}".`]
          : []),
        ...unknown(a.filePath, 'geo.guide', a.data.geo?.guide),
        // Astro's store leaves out a body with no text at all.
        ...((a.body ?? '').trim() === ''
          ? [`${a.filePath}: the article has no text: write it below the front matter's closing ---.`]
          : []),
        // An <img> is left as written: its relative address points under /blog/, where nothing is.
        ...[
          ...(a.body ?? '').matchAll(
            // Quoted (src={cover.src} is an imported picture, which works), and not data-src.
            /<img\b[^>]*?(?<![\w-])src\s*=\s*(["'])((?:\.{1,2}\/)*(?![a-z][a-z\d+.-]*:|\/)[^"']+)\1/gi,
          ),
        ].map(
          ([, , src]) =>
            `${a.filePath}: <img src="${src}">: write a picture in the text as ![what it shows](${src}), which the build processes.`,
        ),
        ...levelOneHeadings(a.body ?? '').map(
          (heading) =>
            `${a.filePath}: "${heading}" is a second page heading (the title is the page's one): write sections as ## headings.`,
        ),
        ...linkedPaths(a.body ?? '').flatMap((path) => {
          const wrong = badLink(a, path);
          return wrong ? [`${a.filePath}: the link to ${path}: ${wrong}`] : [];
        }),
      ];
    }),
    ...playlists.flatMap((p) => {
      const t = cities.find((c) => same(p.data.title, `${c.data.name} NC`));
      return [
        ...(t && !p.data.guide ? [missing(p.filePath, 'guide', t, 'to the playlist')] : []),
        ...unknown(p.filePath, 'guide', p.data.guide),
      ];
    }),
  ];
}

/** The level-one headings of an article's text, `# ...` or <h1>, outside code blocks, as written. */
function levelOneHeadings(body: string): string[] {
  let fenced = false;
  return body.split('\n').flatMap((line) => {
    if (/^\s*(?:```|~~~)/.test(line)) fenced = !fenced;
    if (fenced) return [];
    return /^#\s|<h1\b/i.test(line.trimStart()) ? [line.trim()] : [];
  });
}

/**
 * The addresses on this site an article's text links to, [words](/city/cary) or href="/blog/x",
 * without their query, fragment or a trailing slash.
 */
function linkedPaths(body: string): string[] {
  const paths = [...body.matchAll(/\]\(\s*<?(\/[^\s)>]*)|\bhref\s*=\s*(["'])(\/[^"']*)\2/g)].map((m) => m[1] ?? m[3]!);
  return [...new Set(paths.map((path) => path.replace(/[?#].*$/, '').replace(/(.)\/+$/, '$1')))];
}

/**
 * The blog index shows the newest articles this many to a page (whole rows of one, two or three
 * columns), so /blog stays light however many the agent publishes; older ones follow on
 * /blog/page/2, /blog/page/3...
 */
export const articlesPerPage = 12;

/** How many pages the blog index has for this many articles (at least one). */
export function blogPageCount(articles: number): number {
  return Math.max(1, Math.ceil(articles / articlesPerPage));
}

/** The address of page `n` of the blog index: the first is /blog itself. */
export function blogIndexPath(n: number): string {
  return n <= 1 ? '/blog' : `/blog/page/${n}`;
}
