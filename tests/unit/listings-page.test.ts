/**
 * /listings on a site with no home at all (the agent has taken out the sample homes, or the MLS
 * sync brought none): the only list page built then. Rendered by Astro's container with the
 * listings data empty and everything else as the site has it.
 */
import { experimental_AstroContainer as AstroContainer } from 'astro/container';
import { describe, expect, it, vi } from 'vitest';
import ListingsPage from '#src/components/listing/ListingsPage.astro';

vi.mock('#src/data/listings.ts', async (original) => ({
  ...(await original<typeof import('#src/data/listings.ts')>()),
  getListings: () => Promise.resolve([]),
  getOpenHouseSchedule: () => Promise.resolve([]),
}));
// The form is an island hydrated by the site's own directive, which the container does not know.
vi.mock('#src/components/contact/ContactForm.astro', () => import('./fixtures/Stub.astro'));

describe('/listings with no home', () => {
  it('says none is listed, offers the e-mail alert, and neither filters nothing nor links to itself', async () => {
    const container = await AstroContainer.create();
    const html = await container.renderToString(ListingsPage, { props: { of: { page: 1, pages: 1 } } });
    const main = html.slice(html.indexOf('<main'), html.indexOf('</main>'));
    expect(main).toContain(
      'No homes are listed here right now. Each new one appears here as it comes on the market, or by e-mail: ask below.',
    );
    expect(main).toContain('New homes by e-mail');
    expect(main).not.toContain('across the Triangle, newest first');
    expect(main).not.toContain('All towns');
    expect(main).not.toContain('Price up to');
    // Nothing on it leads back to it ("See every home" did).
    expect(main).not.toContain('href="/listings"');
  });
});
