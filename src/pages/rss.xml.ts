/** RSS feed of the written articles, newest first; the head of every page links to it. */
import rss from '@astrojs/rss';
import type { APIRoute } from 'astro';
import { getPublishedArticles } from '#src/data/content.ts';
import { dayStartInZone } from '#src/lib/listing/time.ts';
import { canonicalUrl } from '#src/lib/seo/meta.ts';
import { site } from '#src/site.config.ts';

export const GET: APIRoute = async (context) => {
  const origin = context.site ?? site.baseUrl;
  const articles = await getPublishedArticles();
  return rss({
    title: `${site.name} blog`,
    // The firm's name is in every advertisement (21 NCAC 58A .0105).
    description: `Triangle real estate guides and market insight from ${site.agent.name}, ${site.agent.title} with ${site.agent.brokerage}, in ${site.office.locality} ${site.office.region}.`,
    site: origin,
    trailingSlash: false,
    xmlns: { atom: 'http://www.w3.org/2005/Atom' },
    items: articles.map((a) => ({
      title: a.data.title,
      description: a.data.description,
      // The day's start in New York, not UTC midnight (the evening before, to a reader here).
      pubDate: new Date(dayStartInZone(a.data.datePublished)),
      // Absolute and slash-free, exactly the page's canonical URL.
      link: canonicalUrl(`/blog/${a.id}`, origin),
      categories: a.data.keywords,
    })),
    customData: `<language>en-us</language><atom:link href="${canonicalUrl('/rss.xml', origin)}" rel="self" type="application/rss+xml"/>`,
  });
};
