import rss from '@astrojs/rss';
import type { APIRoute } from 'astro';
import { getPublishedArticles } from '~/data/content.ts';
import { site } from '~/site.config.ts';

export const GET: APIRoute = async (context) => {
  const articles = await getPublishedArticles();
  return rss({
    title: `${site.name} blog`,
    description: `Triangle real estate guides and market insight from ${site.agent.name}, ${site.agent.title} in Raleigh NC.`,
    site: context.site ?? site.baseUrl,
    trailingSlash: false,
    items: articles.map((a) => ({
      title: a.data.title,
      description: a.data.description,
      pubDate: a.data.datePublished,
      link: `/blog/${a.id}`,
      categories: a.data.keywords,
    })),
    customData: '<language>en-us</language>',
  });
};
