/**
 * The site's not-found pages, each sent with status 404 for the addresses under its prefix, the
 * first that matches: an unknown town gets 'City Not Found' (SPEC §2), a home that has left the
 * site (sold and past the sold window, withdrawn, or a mistyped address) 'Home Not Found' with the
 * homes for sale, a list of homes that is not there 'No Homes on This List Now', anything else the
 * 404 page. They are pages of no address of their own: noindex,
 * out of the sitemap.
 */
export const notFoundPages = [
  { page: '/city-not-found', under: '/city/' },
  // A list of homes that is not there (a town's last home sold, a page past the last): these go away
  // as homes come and go, and are lists, not a home.
  { page: '/listings-not-found', under: '/listings/town/' },
  { page: '/listings-not-found', under: '/listings/status/' },
  { page: '/listings-not-found', under: '/listings/page/' },
  { page: '/listing-not-found', under: '/listings/' },
  { page: '/404', under: '/' },
] as const;

export type NotFoundPage = (typeof notFoundPages)[number]['page'];

/**
 * The not-found page for a path (as requested, encoded or not). The folder itself counts as under
 * it: a visitor who cuts `/city/cary` back to `/city` gets the list of towns of 'City Not Found'.
 */
export const notFoundPageFor = (pathname: string): NotFoundPage =>
  (
    notFoundPages.find(({ under }) => pathname.startsWith(under) || `${pathname}/` === under) ??
    notFoundPages[notFoundPages.length - 1]!
  ).page;
