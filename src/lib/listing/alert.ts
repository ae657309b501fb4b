/**
 * The message of a request for new listings by e-mail (the form under /listings and its
 * narrowings): the narrowing's town, and the price and bedrooms the visitor chose, worded as the
 * lists word them ("$450,000", "4+"). Pure; shared by the page and the filter's script.
 */
export interface AlertWishes {
  /** "Price up to" as shown, e.g. "$450,000". */
  price?: string | undefined;
  /** "Bedrooms" as shown, e.g. "4+". */
  beds?: string | undefined;
}

export function alertMessage(town: string | undefined, { price, beds }: AlertWishes = {}): string {
  const wishes = [price && `, up to ${price}`, beds && `, with ${beds} bedrooms`].filter(Boolean);
  return `Please e-mail me new listings in ${town ?? 'the Triangle'}${wishes.join('')}${wishes.length ? ',' : ''} as they come on the market.`;
}
