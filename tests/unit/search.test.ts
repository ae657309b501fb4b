/** The site search's pure parts (src/lib/search.ts). */
import { describe, expect, it } from 'vitest';
import {
  asksForContact,
  bestSection,
  excerptParts,
  htmlForIndex,
  resultsSummary,
  townNamed,
  type SubResult,
} from '#src/lib/search.ts';

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

describe('a query that names a town', () => {
  const towns = ['Raleigh', 'Fuquay-Varina', 'Wake Forest'];
  it('is known by the name alone or with the state, whatever the case, spacing and punctuation', () => {
    for (const term of ['raleigh', ' RALEIGH ', 'Raleigh, NC', 'raleigh nc', 'Raleigh North Carolina'])
      expect(townNamed(term, towns), term).toBe('Raleigh');
    expect(townNamed('fuquay varina', towns)).toBe('Fuquay-Varina');
    expect(townNamed('wake forest, n.c.', towns)).toBeUndefined();
    expect(townNamed('Wake  Forest,NC', towns)).toBe('Wake Forest');
  });
  it('is not any query that merely mentions one', () => {
    for (const term of ['living in raleigh', 'raleigh schools', 'north raleigh', 'forest', 'nc', ''])
      expect(townNamed(term, towns), term).toBeUndefined();
  });
});

describe('a query that asks how to reach the agent', () => {
  it('is known by any one of its words, whatever the case and punctuation', () => {
    for (const term of ['phone', 'Phone number', "jordan's cell", 'E-mail', 'email address', 'call', 'Office hours'])
      expect(asksForContact(term), term).toBe(true);
    expect(asksForContact('contact jordan')).toBe(true);
  });
  it('is not a query whose words only contain such words', () => {
    for (const term of ['phonetics', 'numbers', 'textured walls', 'recall', 'raleigh', 'homes for sale', ''])
      expect(asksForContact(term), term).toBe(false);
  });
});

describe('the HTML the search index reads', () => {
  it('keeps apart the words of elements that sit in boxes of their own', () => {
    expect(htmlForIndex('<p><span class="block">List price</span><span class="block x">$525,000</span></p>')).toBe(
      '<p> <span class="block">List price</span> <span class="block x">$525,000</span></p>',
    );
    expect(htmlForIndex('<dl><dt>Bedrooms</dt><dd>4</dd></dl>')).toBe('<dl><dt>Bedrooms</dt> <dd>4</dd></dl>');
    expect(htmlForIndex('<span>from $539,900<span class="text-sm block">on May 1</span></span>')).toBe(
      '<span>from $539,900 <span class="text-sm block">on May 1</span></span>',
    );
    expect(htmlForIndex('<a href="/city/cary" class="flex gap-4"><span>Cary</span><span>Wake County</span></a>')).toBe(
      ' <a href="/city/cary" class="flex gap-4"><span>Cary</span> <span>Wake County</span></a>',
    );
    // Shown on paper only: its own word, not "Email Mejordan@example.com".
    expect(
      htmlForIndex('<a href="mailto:x">Email Me<span class="hidden print:inline">jordan@example.com</span></a>'),
    ).toBe('<a href="mailto:x">Email Me <span class="hidden print:inline">jordan@example.com</span></a>');
  });

  it('leaves words split by inline markup whole, and inline boxes and text after a closing tag as they are', () => {
    const unchanged = [
      '<p>Sq<strong>ft</strong>, <a href="/a">Cary</a>. A<em>pex</em></p>',
      '<p>Call <span class="inline-flex items-center">now</span> or <span class="sm:block">later</span></p>',
      '<p data-class="block">x</p>',
    ];
    for (const html of unchanged) expect(htmlForIndex(html)).toBe(html);
  });

  it("leaves out a drop-down's options", () => {
    const html =
      '<label for="t">Town</label><select id="t"><optgroup label="Wake"><option>Cary</option></optgroup></select>';
    expect(htmlForIndex(`<p>${html}<span>Rate</span></p>`)).toBe(
      '<p><label for="t">Town</label> <span>Rate</span></p>',
    );
    expect(htmlForIndex('<p>A</p><SELECT name="x"><option>B</option></SELECT>C')).toBe('<p>A</p> C');
  });
});

describe('the section a result links', () => {
  const sub = (url: string, title: string, ...scores: number[]): SubResult => ({
    url,
    title,
    weighted_locations: scores.map((balanced_score) => ({ balanced_score })),
  });
  it('is the section where the words found weigh most, even when the page as a whole weighs more', () => {
    expect(
      bestSection([
        sub('/blog/a', 'Knightdale NC New Homes: Prices and Commute Times', 25095),
        sub('/blog/a#new-construction', 'New Construction', 512),
        sub('/blog/a#commute-times', 'Commute Times', 9000, 9949),
        sub('/blog/a#faq-heading', 'Frequently Asked Questions', 512),
      ]),
    ).toEqual({ url: '/blog/a#commute-times', title: 'Commute Times' });
  });
  it('is none when the words are only in the opening of the page, before any heading with an id', () => {
    expect(bestSection([sub('/about', 'About Jordan Avery', 1024)])).toBeUndefined();
    expect(bestSection([sub('/about', 'About', 1024), sub('/about#team', 'Team')])).toBeUndefined();
    expect(bestSection([])).toBeUndefined();
  });
  it('is the first of two sections that weigh the same', () => {
    expect(bestSection([sub('/x#one', 'One', 512), sub('/x#two', 'Two', 512)])).toEqual({
      url: '/x#one',
      title: 'One',
    });
  });
});
