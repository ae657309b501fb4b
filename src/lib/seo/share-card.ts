/**
 * The share card of a page (its Open Graph / Twitter image): what it says and the address it
 * gets. Every page has its own card, drawn at build time (src/integrations/share-cards/) from
 * the page's title, the agent's name and the firm's name (the NC Real Estate Commission wants
 * the firm named in every advertisement, a shared post included), over the page's own picture
 * or the branded background.
 */
import { createHash } from 'node:crypto';

/** The size the social platforms crop to (1.91:1). */
export const shareCardSize = { width: 1200, height: 630 } as const;

export interface ShareCardText {
  /** The page's own title, without the site-wide suffix. */
  title: string;
  /** The agent line, e.g. "Jordan Avery, REALTOR®". */
  agent: string;
  /** The brokerage firm's name. */
  firm: string;
}

export interface ShareCardInput extends ShareCardText {
  /**
   * The page's picture, or the branded background: `id` names its content (the build's hashed
   * asset URL, the same whether the page is pre-rendered or rendered on demand), `path` is the
   * site path of that picture already cropped to the card's size, where the build reads it.
   */
  picture: { id: string; path: string };
}

/**
 * The card's file name: a digest of everything drawn on it, so equal cards share one file, a
 * changed title or picture gets a new address (social platforms cache cards by URL), and the
 * same page computes the same name whether it is pre-rendered or rendered on demand.
 */
export function shareCardKey(input: ShareCardInput): string {
  const drawn = [input.title, input.agent, input.firm, input.picture.id];
  return createHash('sha256').update(JSON.stringify(drawn)).digest('base64url').slice(0, 16);
}

/** Site path of a card, e.g. "/og/AbC123.jpg". */
export function shareCardPath(key: string): string {
  return `/og/${key}.jpg`;
}

/** The card's alternative text: it is a picture of these words. */
export function shareCardAlt({ title, agent, firm }: ShareCardText): string {
  return `${title}: ${agent}, ${firm}`;
}

/**
 * Code points the card's fonts draw: the latin and latin-ext subsets of Lora and Inter
 * (@fontsource), as their unicode-range lists them, in short.
 */
const drawable: readonly (readonly [number, number])[] = [
  [0x20, 0x7e],
  [0xa0, 0x24f],
  // Not 1EA0-1EF1: Vietnamese, a subset of its own.
  [0x1e00, 0x1e9f],
  [0x1ef2, 0x1eff],
  // Not 203C nor 2047-2049 (double marks, in the fonts' math subset).
  [0x2000, 0x203b],
  [0x203d, 0x2046],
  [0x204a, 0x206f],
  [0x20a0, 0x20c0],
  [0x2113, 0x2113],
  [0x2122, 0x2122],
  [0x2212, 0x2212],
];

/**
 * Text as the card can draw it: a character the fonts lack (an emoji, an arrow, a check mark) is
 * left out, not drawn as a "NO GLYPH" box; the page, its title and the card's alt text keep it.
 */
export function drawableText(text: string): string {
  const kept = [...text].filter((c) => {
    const code = c.codePointAt(0)!;
    return (
      drawable.some(([from, to]) => code >= from && code <= to) && !/[\u200b-\u200f\u2028-\u202e\u2060-\u206f]/.test(c)
    );
  });
  return kept.join('').replace(/ {2,}/g, ' ').trim();
}

/**
 * Title size in pixels by length, so a short title is bold and a long one still fits three
 * lines across the card (Lora Bold averages about 0.5 em per character).
 */
export function titleFontSize(title: string): number {
  const length = [...title].length;
  if (length <= 32) return 68;
  if (length <= 60) return 58;
  if (length <= 90) return 48;
  return 40;
}

/**
 * The page's own title for its card: the browser title without the " | {agent} ..." suffix the
 * title rule adds (SPEC §7), or the whole title when nothing is left before it.
 */
export function cardTitle(title: string, agentName: string): string {
  const parts = title.split(' | ');
  const own = parts.filter((p) => !p.toLowerCase().startsWith(agentName.toLowerCase()) && p !== 'Blog');
  return own.length > 0 ? own.join(' | ') : title;
}
