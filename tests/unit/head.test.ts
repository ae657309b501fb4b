/** An article's head dates it for the share cards and crawlers: published, and changed when it was. */
import { experimental_AstroContainer as AstroContainer } from 'astro/container';
import { describe, expect, it } from 'vitest';
import Head from '#src/components/seo/Head.astro';

const article = { title: 'A guide', description: 'About the town.', path: '/blog/a-guide', type: 'article' } as const;

describe('head of an article', () => {
  it('gives the day it was changed, at the start of that day in New York, as its publication', async () => {
    const container = await AstroContainer.create();
    const html = await container.renderToString(Head, {
      props: {
        ...article,
        publishedTime: new Date('2026-01-05T00:00:00Z'),
        modifiedTime: new Date('2026-07-01T00:00:00Z'),
      },
    });
    expect(html).toContain('<meta property="article:published_time" content="2026-01-05T00:00:00-05:00">');
    expect(html).toContain('<meta property="article:modified_time" content="2026-07-01T00:00:00-04:00">');
  });

  it('gives no changed day to an article never changed', async () => {
    const container = await AstroContainer.create();
    const html = await container.renderToString(Head, {
      props: { ...article, publishedTime: new Date('2026-01-05T00:00:00Z') },
    });
    expect(html).not.toContain('article:modified_time');
  });
});
