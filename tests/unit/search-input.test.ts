/** The site search's text box (src/components/search/SearchInput.astro), on /search and the 404 page. */
import { experimental_AstroContainer as AstroContainer } from 'astro/container';
import { describe, expect, it } from 'vitest';
import SearchInput from '#src/components/search/SearchInput.astro';

describe('the search box', () => {
  it('takes at most 200 characters, the longest query the search reads from the address', async () => {
    const container = await AstroContainer.create();
    const html = await container.renderToString(SearchInput, { props: { id: 'q-test' } });
    expect(html).toMatch(/<input[^>]* maxlength="200"/);
  });
});
