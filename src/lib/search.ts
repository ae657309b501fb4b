/** Pure pieces of the site search (src/components/search/): excerpts and the status line. */

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
