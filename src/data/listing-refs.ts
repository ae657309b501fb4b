/**
 * The homes as the lead pipeline looks them up: ListingKey -> address, price and page address.
 * Read from the same collection the pages are built from (content collections are available to
 * the on-demand routes too), once per process.
 */
import { getListings } from './listings.ts';
import { toListingRef, type ListingRef } from '#src/lib/listing/lead.ts';
import { canonicalUrl } from '#src/lib/seo/meta.ts';
import { site } from '#src/site.config.ts';

let refs: Promise<Map<string, ListingRef>> | undefined;

export function getListingRefs(siteUrl: URL | string | undefined): Promise<Map<string, ListingRef>> {
  refs ??= getListings().then(
    (homes) =>
      new Map(
        homes.map((home) => [
          home.data.ListingKey,
          toListingRef(home.data, canonicalUrl(`/listings/${home.id}`, siteUrl ?? site.baseUrl)),
        ]),
      ),
  );
  return refs;
}
