// @vitest-environment jsdom
/**
 * The search's query (src/components/search/search-ui.ts): read from the address trimmed and no
 * longer than the box takes (its `maxlength`: tests/unit/search-input.test.ts).
 */
import { afterEach, describe, expect, it, vi } from 'vitest';
import { maxQueryLength, queryOfAddress, startSearch } from '#src/components/search/search-ui.ts';

afterEach(() => {
  vi.restoreAllMocks();
  document.body.innerHTML = '';
  window.history.replaceState(null, '', '/');
});

describe('the query of the address', () => {
  it('is trimmed, and nothing when q holds only spaces or is missing', () => {
    expect(queryOfAddress('?q=%20%20')).toBe('');
    expect(queryOfAddress('?q=%20first-time%20buyer%20%20')).toBe('first-time buyer');
    expect(queryOfAddress('?page=2')).toBe('');
  });

  it(`is cut to ${maxQueryLength} characters, never through an emoji`, () => {
    expect(maxQueryLength).toBe(200);
    expect(queryOfAddress(`?q=${'a'.repeat(5000)}`)).toBe('a'.repeat(200));
    expect(queryOfAddress(`?q=${'b'.repeat(200)}`)).toBe('b'.repeat(200));
    // 199 letters and an emoji (two UTF-16 units): the emoji does not fit, and is not halved.
    expect(queryOfAddress(`?q=${'c'.repeat(199)}${encodeURIComponent('🏡')}`)).toBe('c'.repeat(199));
    expect(queryOfAddress(`?q=${'d'.repeat(150)}${'%20'.repeat(50)}e`)).toBe('d'.repeat(150));
  });
});

describe('the search box', () => {
  /** The parts of the search page startSearch looks for; the box is the one returned. */
  const page = () => {
    document.body.innerHTML = `<div id="root">
      <form data-search-form><input name="q"></form>
      <p data-search-status></p><ol data-search-results></ol>
      <template data-search-result><li></li></template>
      <button data-search-more hidden></button>
      <div data-search-suggestions></div><div data-search-contact hidden></div><p data-search-help></p>
    </div>`;
    return document.querySelector('input')!;
  };

  it('is filled with the trimmed query of the address, cut to its length, before the index loads', async () => {
    // Pagefind's index is not there: the search fails (SPEC's texts come back), the box was filled first.
    vi.spyOn(console, 'error').mockImplementation(() => {});
    const fail = vi.fn();

    window.history.replaceState(null, '', '/search?q=%20%20');
    let input = page();
    await startSearch(document.getElementById('root')!, fail);
    expect(input.value).toBe('');

    window.history.replaceState(null, '', `/search?q=%20%20open%20house%20${'x'.repeat(400)}`);
    input = page();
    await startSearch(document.getElementById('root')!, fail);
    expect(input.value).toBe(`open house ${'x'.repeat(189)}`);
    expect(fail).toHaveBeenCalledTimes(2);
  });
});
