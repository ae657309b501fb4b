/** Small wording helpers for page copy. No framework imports. */

/** "A", "A and B", "A, B and C": the site's lists, without a serial comma. */
export function listWithAnd(items: readonly string[]): string {
  if (items.length <= 1) return items.join('');
  return `${items.slice(0, -1).join(', ')} and ${items.at(-1)}`;
}
