/**
 * The home a showing request is about, as the lead pipeline keeps it: the listing key the form
 * sends, and what the server looks up for it in the build's listings (never what the browser
 * says), so the e-mail, the CRM and `npm run leads` name the right home. Pure.
 */
import { fullAddress, isAddressShown, shownPrice, streetLine, type AddressParts, type PriceFields } from './format.ts';

export interface ListingRef {
  /** RESO ListingKey. */
  key: string;
  /** One line: "412 Oak Grove Lane, Pinehurst, NC 28374". */
  address: string;
  /** Empty when the street address is withheld (InternetAddressDisplayYN false). */
  street: string;
  city: string;
  state: string;
  postalCode: string;
  /** List price (the close price of a sold home), whole dollars. */
  price: number;
  /** The listing page's absolute address. */
  url: string;
}

/** A ListingKey as the form may send it: the schema's own rule, checked before any lookup. */
export const listingKeyPattern = /^[A-Za-z0-9_-]{1,64}$/;

export function toListingRef(home: AddressParts & PriceFields & { ListingKey: string }, url: string): ListingRef {
  return {
    key: home.ListingKey,
    address: fullAddress(home),
    street: isAddressShown(home) ? streetLine(home) : '',
    city: home.City,
    state: home.StateOrProvince,
    postalCode: home.PostalCode,
    price: shownPrice(home),
    url,
  };
}

/** "412 Oak Grove Lane, Pinehurst, NC 28374 (JA-2026-014)": how the e-mail and the lead list name the home. */
export function describeListing(listing: Pick<ListingRef, 'address' | 'key'>): string {
  return `${listing.address} (${listing.key})`;
}
