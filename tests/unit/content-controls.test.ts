/**
 * Control characters in hand-written text (src/lib/town.ts `text`, src/content.config.ts): a YAML
 * escape such as "\x07" or "\f" in an article's front matter went raw into rss.xml, which was then
 * no XML at all. The schemas refuse it, naming the field, so the build names the file and the field.
 */
import { z } from 'astro/zod';
import { describe, expect, it } from 'vitest';
import { collections } from '#src/content.config.ts';
import { controlsIn, withoutControls } from '#src/lib/text.ts';

/** A schema of the content config, with a picture as a plain string. */
const schemaOf = (name: keyof typeof collections) => {
  const { schema } = collections[name] as { schema: z.ZodType | ((ctx: unknown) => z.ZodType) };
  return typeof schema === 'function' ? schema({ image: () => z.string() }) : schema;
};

const article = {
  title: 'Selling in Winter: What Buyers Look For',
  slug: 'selling-in-winter',
  description: 'What buyers look for in a winter home sale, and how sellers can get ready for it in time.',
  summary: 'Winter buyers are few and serious.',
  datePublished: '2026-11-02',
};

function refusals(name: keyof typeof collections, data: object): { path: string; message: string }[] {
  const result = schemaOf(name).safeParse(data);
  if (result.success) return [];
  return result.error.issues.map((i) => ({ path: i.path.join('.'), message: i.message }));
}

describe('an article', () => {
  it('with a control character in its title is refused, naming the field and the character', () => {
    expect(refusals('articles', article)).toEqual([]);
    expect(refusals('articles', { ...article, title: 'Selling in Winter\u0007' })).toEqual([
      { path: 'title', message: 'must not contain control characters (U+0007)' },
    ]);
  });

  it('is refused for a form feed, a vertical tab, a backspace or a C1 control in any text field', () => {
    expect(refusals('articles', { ...article, description: `${article.description}\f More.` })).toEqual([
      { path: 'description', message: 'must not contain control characters (U+000C)' },
    ]);
    expect(refusals('articles', { ...article, summary: 'Few\u000b and \bserious\u0085.' })).toEqual([
      { path: 'summary', message: 'must not contain control characters (U+000B, U+0008, U+0085)' },
    ]);
    expect(refusals('articles', { ...article, keywords: ['winter', 'sell\u001b'] })).toEqual([
      { path: 'keywords.1', message: 'must not contain control characters (U+001B)' },
    ]);
    expect(refusals('articles', { ...article, faq: [{ q: 'When?', a: 'Now\u0000.' }] })).toEqual([
      { path: 'faq.0.a', message: 'must not contain control characters (U+0000)' },
    ]);
  });

  it('keeps "&", "<", quotes, emoji, accents, tabs and line breaks', () => {
    const title = 'Buy & Sell <Now>: "Café" Homes 🏡 — Ça va?';
    const result = schemaOf('articles').safeParse({ ...article, title, summary: 'Line one\n\tLine two\r\nthree' });
    expect(result.success).toBe(true);
    expect((result.data as { title: string }).title).toBe(title);
  });
});

describe('a city guide and a playlist', () => {
  it('are refused for a control character in their text, naming the field', () => {
    const city = refusals('cities', { name: 'Sample\u0007town' }).find((r) => r.path === 'name');
    expect(city).toEqual({ path: 'name', message: 'must not contain control characters (U+0007)' });
    expect(
      refusals('playlists', { slug: 'tours', title: 'Tours', playlistId: '', description: 'Home tours\u0007' }),
    ).toEqual([{ path: 'description', message: 'must not contain control characters (U+0007)' }]);
  });
});

describe('the control characters', () => {
  it('a feed has left out are those written text is refused for', () => {
    const all = Array.from({ length: 0x100 }, (_, c) => String.fromCharCode(c)).join('') + '\ufffe\uffff';
    const refused = controlsIn(all);
    expect(refused).toHaveLength(all.length - withoutControls(all).length);
    expect(refused).not.toContain('U+0009');
    expect(refused).not.toContain('U+000A');
    expect(refused).not.toContain('U+000D');
    expect(refused).toContain('U+FFFF');
  });
});
