/** Small wording helpers for page copy. No framework imports. */

/** "A", "A and B", "A, B and C": the site's lists, without a serial comma. */
export function listWithAnd(items: readonly string[]): string {
  if (items.length <= 1) return items.join('');
  return `${items.slice(0, -1).join(', ')} and ${items.at(-1)}`;
}

/** Grapheme segmentation where the browser has it (Firefox since 125); else code points, which never split an emoji's halves. */
const graphemes: { segment(text: string): Iterable<{ index: number }> } =
  typeof Intl.Segmenter === 'function'
    ? new Intl.Segmenter('en', { granularity: 'grapheme' })
    : {
        *segment(text: string) {
          let index = 0;
          for (const character of text) {
            yield { index };
            index += character.length;
          }
        },
      };

/**
 * Text cut at `limit` characters and followed by an ellipsis when it was longer (SPEC: playlist
 * descriptions and reviews). A character is what a reader sees as one: an emoji, a flag or a letter
 * with its accents is never split, which would leave half of it, shown as U+FFFD "�", or another emoji.
 */
export function truncate(text: string, limit: number): string {
  // Every character is at least one UTF-16 unit: a text no longer than that is never cut.
  if (text.length <= limit) return text;
  let count = 0;
  for (const { index } of graphemes.segment(text)) if (count++ === limit) return `${text.slice(0, index)}...`;
  return text;
}
