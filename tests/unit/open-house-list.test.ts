/**
 * /listings/open-houses with no open house to show (the e2e tests see the sample home's): the page
 * says so and offers the homes and a showing, rather than an empty list.
 */
import { describe, expect, it } from 'vitest';
import OpenHouseList from '#src/components/listing/OpenHouseList.astro';
import { site } from '#src/site.config.ts';
import { createContainer } from '../support/container.ts';

const container = await createContainer();

describe('OpenHouseList.astro (server render)', () => {
  it('with no open house, says so and links to the homes and to a showing', async () => {
    const html = await container.renderToString(OpenHouseList, { props: { schedule: [] } });
    const text = html.replace(/<[^>]+>/g, ' ').replace(/\s+/g, ' ');
    expect(text).toContain('No open houses are scheduled right now.');
    expect(text).toContain(`${site.agent.firstName} can show you any home for sale at a time that suits you.`);
    expect(html).toMatch(/<a [^>]*href="\/listings"[^>]*>\s*See the homes\s*<\/a>/);
    expect(html).toMatch(/<a [^>]*href="\/contact\?topic=showing"[^>]*>\s*Ask for a showing\s*<\/a>/);
    expect(html).not.toContain('<ul');
  });
});
