/** The site search's pure parts (src/lib/search.ts). */
import { describe, expect, it } from 'vitest';
import { excerptParts, resultsSummary } from '#src/lib/search.ts';

describe('search excerpts', () => {
  it('become text parts, the matched words marked, entities decoded and nothing parsed as HTML', () => {
    expect(excerptParts('Homes in <mark>Cary</mark> &amp; <mark>Apex</mark>: &lt;b&gt;tips&lt;/b&gt;')).toEqual([
      { text: 'Homes in ', marked: false },
      { text: 'Cary', marked: true },
      { text: ' & ', marked: false },
      { text: 'Apex', marked: true },
      { text: ': <b>tips</b>', marked: false },
    ]);
    expect(excerptParts('')).toEqual([]);
  });
});

describe('the status line', () => {
  it('counts the results and says how many are shown', () => {
    expect(resultsSummary('cary', 1, 1)).toBe('1 result for "cary".');
    expect(resultsSummary('cary', 3, 3)).toBe('3 results for "cary".');
    expect(resultsSummary('homes', 42, 20)).toBe('42 results for "homes", the first 20 shown.');
    expect(resultsSummary('zzz', 0, 0)).toMatch(/^No results for "zzz"\./);
  });
});
