/** Small wording helpers for page copy. No framework imports. */

/** "A", "A and B", "A, B and C": the site's lists, without a serial comma. */
export function listWithAnd(items: readonly string[]): string {
  if (items.length <= 1) return items.join('');
  return `${items.slice(0, -1).join(', ')} and ${items.at(-1)}`;
}

/**
 * Where a browser has no Intl.Segmenter (Firefox before 125), characters as a reader sees them,
 * near enough: a flag's two letters, or one code point with the marks, skin tones and emoji joined
 * (ZWJ) to it.
 */
const nearGraphemes = /\p{Regional_Indicator}{2}|[\s\S](?:[\p{M}\u{1F3FB}-\u{1F3FF}]|\u200D[\s\S])*/gu;

const graphemes: { segment(text: string): Iterable<{ index: number }> } =
  typeof Intl.Segmenter === 'function'
    ? new Intl.Segmenter('en', { granularity: 'grapheme' })
    : { segment: (text: string) => text.matchAll(nearGraphemes) };

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

/**
 * A name's first character as a reader sees it, in capitals where that stays one character: the
 * letter of an avatar. "𠮷田" gives "𠮷", not half of it (U+FFFD "�"); "ßtefan" gives "ß", not "SS".
 */
export function initial(name: string): string {
  const text = name.trim();
  let end = text.length;
  let n = 0;
  for (const { index } of graphemes.segment(text)) {
    if (n++ === 1) {
      end = index;
      break;
    }
  }
  const first = text.slice(0, end);
  const upper = first.toUpperCase();
  return [...upper].length === [...first].length ? upper : first;
}

/** What XML 1.0 and HTML refuse: control characters but tab and line breaks, and the non-characters U+FFFE, U+FFFF. */
const controls = /[\u0000-\u0008\u000b\u000c\u000e-\u001f\u007f-\u009f\ufffe\uffff]/g;

/**
 * Text from a feed (the MLS, YouTube) fit for a page or an XML feed: the control characters left
 * out. One in an office name made the homes' RSS feed unreadable as a whole.
 */
export function withoutControls(value: string): string {
  return value.replace(controls, '');
}

/** The control characters `withoutControls` would leave out of `value`, each once, written "U+0007". */
export function controlsIn(value: string): string[] {
  return [...new Set(value.match(controls))].map(
    (c) => `U+${c.charCodeAt(0).toString(16).toUpperCase().padStart(4, '0')}`,
  );
}
