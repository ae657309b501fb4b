/**
 * What the blog browser tests expect, read from the sources and the build: the articles in
 * the built RSS feed (title, link, date, in feed order) joined with the facts of their front
 * matter, and the playlist files. Front matter is read with small line rules that cover the
 * block and flow YAML our content uses; the build's zod schemas remain the real validation.
 */
import { readFileSync, readdirSync } from 'node:fs';
import { join } from 'node:path';

const root = join(import.meta.dirname, '..', '..');

export interface FeedItem {
  title: string;
  path: string;
  link: string;
  /** YYYY-MM-DD */
  day: string;
  /** The pubDate as written (RFC 822). */
  published: string;
}

const unescapeXml = (s: string) =>
  s
    .replace(/<!\[CDATA\[([\s\S]*?)\]\]>/g, '$1')
    .replaceAll('&lt;', '<')
    .replaceAll('&gt;', '>')
    .replaceAll('&quot;', '"')
    .replaceAll('&apos;', "'")
    .replaceAll('&#39;', "'")
    .replaceAll('&amp;', '&');

export function feedItems(): FeedItem[] {
  const xml = readFileSync(join(root, 'dist', 'client', 'rss.xml'), 'utf8');
  return [...xml.matchAll(/<item>([\s\S]*?)<\/item>/g)].map(([, item]) => {
    const tag = (name: string) => unescapeXml(new RegExp(`<${name}>([\\s\\S]*?)</${name}>`).exec(item!)?.[1] ?? '');
    const link = tag('link');
    return {
      title: tag('title'),
      link,
      path: new URL(link).pathname,
      day: new Date(tag('pubDate')).toISOString().slice(0, 10),
      published: tag('pubDate'),
    };
  });
}

function scalar(block: string, key: string, indent = ''): string | undefined {
  const m = new RegExp(`^${indent}${key}:[ \\t]*(?:'([^']*)'|"([^"]*)"|([^#\\n]*?))[ \\t]*(?:#.*)?$`, 'm').exec(block);
  if (!m) return undefined;
  return (m[1] ?? m[2] ?? m[3] ?? '').trim();
}

function flowValue(flow: string, key: string): string | undefined {
  const m = new RegExp(`(?:^|[{,\\s])${key}:\\s*(?:'([^']*)'|"([^"]*)"|([^,}]*))`).exec(flow);
  return m ? (m[1] ?? m[2] ?? m[3] ?? '').trim() : undefined;
}

export interface ArticleFacts {
  slug: string;
  file: string;
  city?: string | undefined;
  county?: string | undefined;
  /** The city guide the article names (`geo.guide`, a file name in content/cities/). */
  guide?: string | undefined;
  state: string;
  playlistId: string;
  summary: string;
  hasFaq: boolean;
  hasCta: boolean;
  customSchema: boolean;
  draft: boolean;
}

export function articleFacts(): Map<string, ArticleFacts> {
  const dir = join(root, 'content', 'articles');
  const facts = new Map<string, ArticleFacts>();
  for (const file of readdirSync(dir).filter((f) => f.endsWith('.mdx'))) {
    const fm = /^---\r?\n([\s\S]*?)\r?\n---/.exec(readFileSync(join(dir, file), 'utf8'))?.[1] ?? '';
    const slug = scalar(fm, 'slug') ?? file.replace(/\.mdx$/, '');
    const geoFlow = /^geo:[ \t]*\{([^}]*)\}/m.exec(fm)?.[1];
    const geoBlock = /^geo:[ \t]*\r?\n((?:[ \t]+.*(?:\r?\n|$))*)/m.exec(fm)?.[1] ?? '';
    const geo = (key: string) => (geoFlow !== undefined ? flowValue(geoFlow, key) : scalar(geoBlock, key, '[ \\t]+'));
    const faqFlow = scalar(fm, 'faq');
    facts.set(slug, {
      slug,
      file,
      city: geo('city') || undefined,
      county: geo('county') || undefined,
      guide: geo('guide') || undefined,
      state: geo('state') || 'NC',
      playlistId: scalar(fm, 'playlistId') ?? '',
      summary: scalar(fm, 'summary') ?? '',
      hasFaq: /^faq:[ \t]*\r?\n[ \t]*- /m.test(fm) || (faqFlow !== undefined && /^\[\s*\{/.test(faqFlow)),
      hasCta: /^cta:/m.test(fm),
      customSchema: scalar(fm, 'customSchema') === 'true',
      draft: scalar(fm, 'draft') === 'true',
    });
  }
  return facts;
}

export interface PlaylistFacts {
  slug: string;
  title: string;
  playlistId: string;
  description: string;
  guide?: string | undefined;
}

export function playlistFacts(): PlaylistFacts[] {
  const dir = join(root, 'content', 'playlists');
  return readdirSync(dir)
    .filter((f) => /\.ya?ml$/.test(f))
    .map((f) => {
      const text = readFileSync(join(dir, f), 'utf8');
      return {
        slug: scalar(text, 'slug') ?? '',
        title: scalar(text, 'title') ?? '',
        playlistId: scalar(text, 'playlistId') ?? '',
        description: scalar(text, 'description') ?? '',
        guide: scalar(text, 'guide'),
      };
    });
}

/** Third-party requests a page makes: everything not served by the local test server. */
export const isThirdParty = (url: URL) =>
  !['127.0.0.1', 'localhost'].includes(url.hostname) && url.protocol !== 'data:';
