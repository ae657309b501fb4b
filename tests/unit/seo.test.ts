import { describe, expect, it } from 'vitest';
import { buildPageTitle, canonicalUrl, robotsContent, slugify } from '#src/lib/seo/meta.ts';
import {
  buildBreadcrumbs,
  buildFaqPage,
  buildPerson,
  buildRealEstateAgent,
  buildVideoObject,
  buildWebPage,
  graph,
} from '#src/lib/seo/jsonld.ts';
import { formatPhone, mailtoHref, telHref } from '#src/lib/contact-links.ts';

describe('page titles (SPEC §7)', () => {
  it('adds the agent suffix when the title lacks the agent name', () => {
    expect(buildPageTitle('Buyer Resources', 'Jordan Avery', 'REALTOR®')).toBe(
      'Buyer Resources | Jordan Avery - REALTOR®',
    );
  });
  it('keeps a title that already names the agent', () => {
    expect(buildPageTitle('About Jordan Avery', 'Jordan Avery', 'REALTOR®')).toBe('About Jordan Avery');
    expect(buildPageTitle('about jordan avery', 'Jordan Avery', 'REALTOR®')).toBe('about jordan avery');
  });
});

describe('canonical URLs', () => {
  it('has no trailing slash except on the home page', () => {
    expect(canonicalUrl('/about/', 'https://www.example.com/')).toBe('https://www.example.com/about');
    expect(canonicalUrl('/', 'https://www.example.com')).toBe('https://www.example.com/');
    expect(canonicalUrl('city/cary', new URL('https://www.example.com'))).toBe('https://www.example.com/city/cary');
  });
});

describe('robots and slugs', () => {
  it('uses only the two robots values of SPEC', () => {
    expect(robotsContent(false)).toBe('index,follow');
    expect(robotsContent(true)).toBe('noindex,nofollow');
  });
  it('lower-cases and turns runs of whitespace into one hyphen', () => {
    expect(slugify('Wake Forest')).toBe('wake-forest');
    expect(slugify('Fuquay   Varina')).toBe('fuquay-varina');
    expect(slugify(' Holly\tSprings ')).toBe('holly-springs');
  });
});

describe('contact links', () => {
  it('derives display and tel forms from the digits', () => {
    expect(formatPhone('9195550142')).toBe('(919) 555-0142');
    expect(telHref('9195550142')).toBe('tel:+19195550142');
  });
  it('encodes mailto subjects', () => {
    expect(mailtoHref('a@example.com', 'Relocation Questions')).toBe(
      'mailto:a@example.com?subject=Relocation%20Questions',
    );
    expect(mailtoHref('a@example.com')).toBe('mailto:a@example.com');
  });
  it('leaves the recipient to the visitor and sends a body with CRLF line breaks (RFC 6068)', () => {
    const href = mailtoHref('', '412 Oak Grove Lane & more: $525,000', 'First line\n\nhttps://x.example/a?b=1&c=2');
    expect(href).toBe(
      'mailto:?subject=412%20Oak%20Grove%20Lane%20%26%20more%3A%20%24525%2C000&body=First%20line%0D%0A%0D%0Ahttps%3A%2F%2Fx.example%2Fa%3Fb%3D1%26c%3D2',
    );
    const url = new URL(href);
    expect(url.searchParams.get('subject')).toBe('412 Oak Grove Lane & more: $525,000');
    expect(url.searchParams.get('body')).toBe('First line\r\n\r\nhttps://x.example/a?b=1&c=2');
  });
});

describe('JSON-LD builders', () => {
  const info = {
    name: 'Site',
    url: 'https://www.example.com',
    agent: {
      name: 'Jordan Avery',
      title: 'REALTOR®',
      brokerage: 'Brokerage',
      phoneDigits: '9195550142',
      email: 'a@example.com',
    },
    region: 'NC',
    locality: 'Raleigh',
    country: 'US',
    sameAs: ['https://www.example.com/social'],
    areaServed: ['Raleigh', 'Cary'],
  };
  it('names a played video by its title, picture, upload date and the privacy-enhanced player; a blank description is left out, a video without a date not named', () => {
    const video = {
      videoId: 'Ab_-0123456',
      title: 'Moving to Raleigh',
      description: 'Ten things to know.',
      publishedAt: '2025-02-13T15:00:00Z',
    };
    const picture = 'https://www.example.com/_astro/poster.webp';
    expect(buildVideoObject(video, picture)).toEqual({
      '@type': 'VideoObject',
      name: 'Moving to Raleigh',
      description: 'Ten things to know.',
      thumbnailUrl: picture,
      uploadDate: '2025-02-13T15:00:00.000Z',
      embedUrl: 'https://www.youtube-nocookie.com/embed/Ab_-0123456',
      url: 'https://www.youtube.com/watch?v=Ab_-0123456',
      inLanguage: 'en-US',
    });
    expect(buildVideoObject({ ...video, description: '' }, picture)).not.toHaveProperty('description');
    // Google requires the upload date: a video without one that reads (a private video's '') is not named.
    expect(buildVideoObject({ ...video, publishedAt: '' }, picture)).toBeUndefined();
    expect(buildVideoObject({ ...video, publishedAt: 'soon' }, picture)).toBeUndefined();
  });

  it('describes the agent with phone, brokerage and area served, without a rating', () => {
    const agent = buildRealEstateAgent(info);
    expect(agent['@type']).toBe('RealEstateAgent');
    expect(agent['telephone']).toBe('+19195550142');
    expect(agent['areaServed']).toEqual([
      { '@type': 'City', name: 'Raleigh, NC' },
      { '@type': 'City', name: 'Cary, NC' },
    ]);
    expect(agent).not.toHaveProperty('aggregateRating');
    // jobTitle is a Person's property; RealEstateAgent is a business (schema.org LocalBusiness).
    expect(agent).not.toHaveProperty('jobTitle');
  });
  it('names what a node points to, for pages that do not hold that node themselves', () => {
    expect(buildPerson(info)).toMatchObject({
      jobTitle: 'REALTOR®',
      worksFor: { '@type': 'Organization', '@id': 'https://www.example.com/#organization', name: 'Brokerage' },
    });
    const page = buildWebPage(info, { url: 'https://www.example.com/areas', name: 'Areas', description: 'All.' });
    expect(page['isPartOf']).toEqual({
      '@type': 'WebSite',
      '@id': 'https://www.example.com/#website',
      url: 'https://www.example.com/',
      name: 'Site',
    });
  });
  it('numbers breadcrumbs from 1 and wraps nodes in one graph', () => {
    const doc = graph([
      buildBreadcrumbs([
        { name: 'Home', url: 'https://x/' },
        { name: 'Blog', url: 'https://x/blog' },
      ]),
      buildFaqPage([{ q: 'Q?', a: 'A.' }]),
    ]);
    expect(JSON.parse(JSON.stringify(doc))).toMatchObject({
      '@context': 'https://schema.org',
      '@graph': [
        {
          '@type': 'BreadcrumbList',
          itemListElement: [
            { position: 1, name: 'Home' },
            { position: 2, name: 'Blog' },
          ],
        },
        { '@type': 'FAQPage', mainEntity: [{ name: 'Q?', acceptedAnswer: { text: 'A.' } }] },
      ],
    });
  });
});
