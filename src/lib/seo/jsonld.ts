/**
 * Typed builders for the JSON-LD graphs the pages publish. Pure functions: they take
 * plain data (the site config, an article's front matter) and return schema.org objects.
 */
import { readingMinutes } from '../blog.ts';
import { e164 } from '../contact-links.ts';
import { dayStartInZone } from '../listing/time.ts';
import type { Video } from '../video/model.ts';
import { playerUrl, watchUrl } from '../video/urls.ts';
import { canonicalUrl } from './meta.ts';

export type JsonLd = Record<string, unknown>;

export interface AgentInfo {
  name: string;
  title: string;
  brokerage: string;
  phoneDigits: string;
  email: string;
}

export interface SiteInfo {
  name: string;
  url: string;
  agent: AgentInfo;
  region: string;
  locality: string;
  country: string;
  sameAs: readonly string[];
  areaServed: readonly string[];
  image?: string;
}

export interface Crumb {
  name: string;
  url: string;
}

const ctx = 'https://schema.org';

export const ids = {
  organization: (url: string) => `${url}/#organization`,
  agent: (url: string) => `${url}/#agent`,
  website: (url: string) => `${url}/#website`,
};

export function buildOrganization(s: SiteInfo): JsonLd {
  return {
    '@type': 'Organization',
    '@id': ids.organization(s.url),
    name: s.agent.brokerage,
    url: `${s.url}/`,
  };
}

export function buildRealEstateAgent(s: SiteInfo): JsonLd {
  return {
    '@type': 'RealEstateAgent',
    '@id': ids.agent(s.url),
    name: s.agent.name,
    url: `${s.url}/`,
    telephone: e164(s.agent.phoneDigits),
    email: s.agent.email,
    ...(s.image ? { image: s.image } : {}),
    parentOrganization: { '@id': ids.organization(s.url) },
    address: {
      '@type': 'PostalAddress',
      addressLocality: s.locality,
      addressRegion: s.region,
      addressCountry: s.country,
    },
    areaServed: s.areaServed.map((name) => ({ '@type': 'City', name: `${name}, ${s.region}` })),
    sameAs: [...s.sameAs],
  };
}

export function buildPerson(s: SiteInfo): JsonLd {
  return {
    '@type': 'Person',
    '@id': `${s.url}/about#person`,
    name: s.agent.name,
    jobTitle: s.agent.title,
    // Whole, not only its @id: the about page holds no Organization node of its own.
    worksFor: buildOrganization(s),
    url: `${s.url}/about`,
    sameAs: [...s.sameAs],
  };
}

export function buildWebSite(s: SiteInfo): JsonLd {
  return {
    '@type': 'WebSite',
    '@id': ids.website(s.url),
    url: `${s.url}/`,
    name: s.name,
    publisher: { '@id': ids.organization(s.url) },
    inLanguage: 'en-US',
  };
}

export function buildWebPage(s: SiteInfo, page: { url: string; name: string; description: string }): JsonLd {
  return {
    '@type': 'WebPage',
    '@id': `${page.url}#webpage`,
    url: page.url,
    name: page.name,
    description: page.description,
    // Named, not only its @id: most pages hold no WebSite node of their own.
    isPartOf: { '@type': 'WebSite', '@id': ids.website(s.url), url: `${s.url}/`, name: s.name },
    inLanguage: 'en-US',
  };
}

export function buildBreadcrumbs(crumbs: readonly Crumb[]): JsonLd {
  return {
    '@type': 'BreadcrumbList',
    itemListElement: crumbs.map((c, i) => ({ '@type': 'ListItem', position: i + 1, name: c.name, item: c.url })),
  };
}

/** The BreadcrumbList of a trail as the page's Breadcrumb component takes it (site paths), at the site's address. */
export function buildBreadcrumbTrail(trail: readonly { name: string; href: string }[], siteUrl: string): JsonLd {
  return buildBreadcrumbs(trail.map(({ name, href }) => ({ name, url: canonicalUrl(href, siteUrl) })));
}

export function buildFaqPage(faq: readonly { q: string; a: string }[]): JsonLd {
  return {
    '@type': 'FAQPage',
    mainEntity: faq.map((f) => ({
      '@type': 'Question',
      name: f.q,
      acceptedAnswer: { '@type': 'Answer', text: f.a },
    })),
  };
}

/**
 * A video the page plays (behind its facade): Google's video results ask for its name, a picture
 * and its upload date, and read the player's address. The picture is an absolute address. A video
 * whose upload date cannot be read (YouTube gives none for a private one) is not named: undefined.
 */
export function buildVideoObject(
  video: Pick<Video, 'videoId' | 'title' | 'description' | 'publishedAt'>,
  thumbnailUrl: string,
): JsonLd | undefined {
  const uploaded = new Date(video.publishedAt);
  if (Number.isNaN(uploaded.getTime())) return undefined;
  return {
    '@type': 'VideoObject',
    name: video.title,
    ...(video.description ? { description: video.description } : {}),
    thumbnailUrl,
    uploadDate: uploaded.toISOString(),
    embedUrl: playerUrl(video.videoId),
    url: watchUrl(video.videoId),
    inLanguage: 'en-US',
  };
}

export function buildPlace(place: {
  name: string;
  region: string;
  county?: string | undefined;
  url?: string;
  description?: string;
  lat?: number;
  lng?: number;
}): JsonLd {
  // An article about a whole county (geo.city equal to geo.county) is about no one town.
  const county = place.county === place.name;
  return {
    '@type': county ? 'AdministrativeArea' : 'City',
    name: `${place.name}, ${place.region}`,
    ...(place.url ? { url: place.url } : {}),
    ...(place.description ? { description: place.description } : {}),
    ...(place.county && !county ? { containedInPlace: { '@type': 'AdministrativeArea', name: place.county } } : {}),
    ...(place.lat !== undefined && place.lng !== undefined
      ? { geo: { '@type': 'GeoCoordinates', latitude: place.lat, longitude: place.lng } }
      : {}),
  };
}

export interface ArticleInfo {
  url: string;
  headline: string;
  description: string;
  datePublished: Date;
  dateModified?: Date | undefined;
  keywords: readonly string[];
  image?: string | undefined;
  /** The words it gives to read (`articleWordCount`), and so its reading time. */
  wordCount?: number | undefined;
  /** Its front matter's `summary`: one or two sentences summing it up. */
  abstract?: string | undefined;
}

export function buildArticle(s: SiteInfo, a: ArticleInfo, type: 'BlogPosting' | 'Article' = 'BlogPosting'): JsonLd {
  return {
    '@type': type,
    '@id': `${a.url}#article`,
    headline: a.headline,
    description: a.description,
    // Midnight of the day in New York, as the page's meta tags, the feed and the sitemap date it:
    // without a zone, Google reads a day in its own.
    datePublished: dayStartInZone(a.datePublished),
    dateModified: dayStartInZone(a.dateModified ?? a.datePublished),
    mainEntityOfPage: a.url,
    author: { '@type': 'Person', name: s.agent.name, url: `${s.url}/about` },
    publisher: { '@id': ids.organization(s.url) },
    ...(a.abstract ? { abstract: a.abstract } : {}),
    ...(a.keywords.length ? { keywords: a.keywords.join(', ') } : {}),
    ...(a.image ? { image: a.image } : {}),
    ...(a.wordCount ? { wordCount: a.wordCount, timeRequired: `PT${readingMinutes(a.wordCount)}M` } : {}),
    inLanguage: 'en-US',
  };
}

/** Wraps nodes in one `@graph` document. */
export function graph(nodes: readonly JsonLd[]): JsonLd {
  return { '@context': ctx, '@graph': nodes };
}

export interface ArticleGraphInput extends ArticleInfo {
  /** Home > Blog > article, absolute URLs. */
  crumbs: readonly Crumb[];
  faq: readonly { q: string; a: string }[];
  /** Present when the article is about one town (front matter geo.city). */
  place?: { name: string; region: string; county?: string | undefined; url?: string | undefined } | undefined;
}

/** Default graph of a written article (SPEC §7): BlogPosting, BreadcrumbList, FAQPage and Place when present. */
export function buildArticleGraph(s: SiteInfo, a: ArticleGraphInput): JsonLd {
  const place = a.place;
  return graph([
    // The publisher is embedded whole: this graph has no separate Organization node to point at.
    { ...buildArticle(s, a, 'BlogPosting'), publisher: buildOrganization(s) },
    buildBreadcrumbs(a.crumbs),
    ...(a.faq.length ? [buildFaqPage(a.faq)] : []),
    ...(place
      ? [
          buildPlace({
            name: place.name,
            region: place.region,
            county: place.county,
            ...(place.url ? { url: place.url } : {}),
          }),
        ]
      : []),
  ]);
}

/**
 * The full graph of an article with `customSchema: true` (the cap-rate article, SPEC §3):
 * Organization, Person, WebSite, WebPage, BreadcrumbList, Article and FAQPage, linked by `@id`
 * so search engines read the article as written by the agent on the agent's site.
 */
export function buildCustomArticleGraph(s: SiteInfo, a: ArticleGraphInput): JsonLd {
  const person = buildPerson(s);
  const webPage = buildWebPage(s, { url: a.url, name: a.headline, description: a.description });
  const breadcrumbs = { ...buildBreadcrumbs(a.crumbs), '@id': `${a.url}#breadcrumb` };
  const article: JsonLd = {
    ...buildArticle(s, a, 'Article'),
    author: { '@id': person['@id'] },
    isPartOf: { '@id': webPage['@id'] },
  };
  return graph([
    buildOrganization(s),
    person,
    buildWebSite(s),
    { ...webPage, breadcrumb: { '@id': breadcrumbs['@id'] }, mainEntity: { '@id': article['@id'] } },
    breadcrumbs,
    article,
    ...(a.faq.length ? [{ ...buildFaqPage(a.faq), '@id': `${a.url}#faq` }] : []),
  ]);
}
