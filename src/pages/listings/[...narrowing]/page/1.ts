/**
 * /listings/page/1 and the /page/1 of every narrowing, the addresses the pager's pattern gives a
 * first page, move to that page's one address (as /blog/page/1 moves to /blog). Any other
 * /listings/.../page/1 names no page: 404.
 */
import type { APIRoute } from 'astro';
import { getListings } from '#src/data/listings.ts';
import { listingPages, listingsPath } from '#src/lib/listing/facets.ts';
import { methodNotAllowed, notFound } from '#src/server/http/respond.ts';
import { site } from '#src/site.config.ts';

export const prerender = false;

let firstPages: Promise<Set<string>> | undefined;

export const GET: APIRoute = async ({ params, redirect, locals, url }) => {
  firstPages ??= getListings().then(
    (homes) =>
      new Set(
        listingPages(
          homes.map((home) => home.data),
          site.listings.perPage,
        ).map((of) => listingsPath({ town: of.town?.slug, status: of.group?.slug })),
      ),
  );
  const first = `/listings${params.narrowing ? `/${params.narrowing}` : ''}`;
  return (await firstPages).has(first) ? redirect(`${first}${url.search}`, 301) : notFound(locals, url.pathname);
};

// Astro would answer HEAD with ALL (405) before falling back to GET.
export const HEAD = GET;

export const ALL: APIRoute = () => methodNotAllowed('GET, HEAD');
