/**
 * Pure pieces of the site search (src/components/search/, src/integrations/search-index.ts):
 * excerpts, the section to link, the status line and the HTML the index reads.
 */

export interface ExcerptPart {
  text: string;
  /** A word that matched the query (Pagefind wraps it in <mark>). */
  marked: boolean;
}

const entities: Record<string, string> = { amp: '&', lt: '<', gt: '>', quot: '"', '#39': "'", apos: "'" };

/**
 * Pagefind's excerpt (page text, HTML-escaped, with <mark> around the matched words) as plain
 * text parts, so the page can show it with text nodes and never parse it as HTML.
 */
export function excerptParts(excerpt: string): ExcerptPart[] {
  const parts: ExcerptPart[] = [];
  let marked = false;
  for (const piece of excerpt.split(/(<\/?mark>)/)) {
    if (piece === '<mark>') marked = true;
    else if (piece === '</mark>') marked = false;
    else if (piece) {
      const text = piece.replace(/&(amp|lt|gt|quot|#39|apos);/g, (_, name: string) => entities[name] ?? '');
      parts.push({ text, marked });
    }
  }
  return parts;
}

/** The status line under the box, e.g. '3 results for "cary"'. */
export function resultsSummary(term: string, found: number, shown: number): string {
  if (found === 0) return `No results for "${term}". Try a town, a neighborhood or a topic such as "first-time buyer".`;
  const count = found === 1 ? '1 result' : `${found} results`;
  return shown < found ? `${count} for "${term}", the first ${shown} shown.` : `${count} for "${term}".`;
}

/** A part of a page Pagefind found words in: the page itself, or a section under a heading with an id. */
export interface SubResult {
  title: string;
  /** The page's address, with `#{heading id}` for a section. */
  url: string;
  weighted_locations: { balanced_score: number }[];
}

/**
 * The section of a page where the words found weigh most, for a link straight to it (a city guide
 * is 13,000 px tall on a phone): none when the words are only in the page's opening, before its
 * first heading with an id.
 */
export function bestSection(subResults: readonly SubResult[]): { title: string; url: string } | undefined {
  const score = (sub: SubResult) => sub.weighted_locations.reduce((sum, l) => sum + l.balanced_score, 0);
  const sections = subResults.filter((sub) => sub.url.includes('#') && score(sub) > 0);
  const best = sections.reduce<SubResult | undefined>(
    (top, sub) => (!top || score(sub) > score(top) ? sub : top),
    undefined,
  );
  return best && { title: best.title, url: best.url };
}

/** The words of a query or a name, compared loosely: case, punctuation and spacing aside. */
const words = (text: string) =>
  text
    .toLowerCase()
    .replace(/[^\p{L}\p{N}]+/gu, ' ')
    .trim();

/**
 * The town a query names, if it is one of `towns` (the town guides' names) on its own or followed by
 * the state: "{town}", "{Town}, NC", "{town} north carolina", a hyphen or a space alike. Such a
 * search leads with the town's guide, which Pagefind ranks below long articles that repeat the name.
 */
export function townNamed(term: string, towns: readonly string[]): string | undefined {
  const asked = words(term).replace(/ (nc|north carolina)$/, '');
  return towns.find((town) => words(town) === asked);
}

/** Words of a query that asks how to reach the agent (the words themselves, not what contains them). */
const contactWords = new Set([
  'phone',
  'telephone',
  'cell',
  'number',
  'call',
  'text',
  'email',
  'mail',
  'contact',
  'reach',
  'message',
  'hours',
  'office',
]);

/**
 * Whether a query asks how to reach the agent ("phone", "Jordan's number", "e-mail", "office
 * hours"): the search answers it with the phone, the e-mail address and the message form above
 * the results, which are pages that merely mention such words (the privacy policy's phone field).
 */
export function asksForContact(term: string): boolean {
  return words(term.replace(/\be-mail/gi, 'email'))
    .split(' ')
    .some((word) => contactWords.has(word));
}

/**
 * A class attribute with one of Tailwind's display utilities that put an element in a box of its
 * own, or `hidden`, text shown elsewhere (on paper: "Email Me" and, printed, the address after it).
 */
const boxed = /\sclass="(?:[^"]*\s)?(?:block|flex|grid|table|list-item|flow-root|hidden)[\s"]/i;

/**
 * A built page's HTML as the search index reads it (the page served is unchanged).
 * - Astro leaves no whitespace between elements, and Pagefind joins the text of elements it takes
 *   for inline ones, so text that sits in boxes of its own on screen was indexed as one word:
 *   "List price" and "$525,000" in two spans shown as blocks became "price$525,000", a <dt> and
 *   its <dd> "Bedrooms4" (so a home was not found by its listing number), a town and its county
 *   "CaryWake". A space goes before every tag that follows a closing tag or is styled as a box.
 * - A drop-down's options are a control's choices, not what the page says: every page with the
 *   mortgage calculator was found for each town of its property-tax list. They are left out.
 */
export function htmlForIndex(html: string): string {
  return html
    .replace(/<select\b[^>]*>[\s\S]*?<\/select>/gi, ' ')
    .replace(/(<\/[a-z][\w-]*>)?(<[a-z][\w-]*(?:\s[^>]*)?>)/gi, (_, closing: string | undefined, tag: string) =>
      closing || boxed.test(tag) ? `${closing ?? ''} ${tag}` : tag,
    );
}
