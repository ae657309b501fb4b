/**
 * What a page says about a home, made from its RESO fields: the address and its slug, the price
 * and status lines, the key facts, and how /listings orders and narrows the homes. Pure.
 */
import type { StandardStatus } from './model.ts';

/** RESO AssociationFeeFrequency values, with the months each covers (for a monthly figure). */
export const feeFrequencyMonths = {
  Monthly: 1,
  Quarterly: 3,
  'Semi-Annually': 6,
  Annually: 12,
} as const;
export type FeeFrequency = keyof typeof feeFrequencyMonths;

/**
 * The fields these helpers read; a content entry's data has them all. The street is absent when
 * InternetAddressDisplayYN is false (the schema allows nothing else).
 */
export interface AddressParts {
  InternetAddressDisplayYN?: boolean | undefined;
  StreetNumber?: string | undefined;
  StreetDirPrefix?: string | undefined;
  StreetName?: string | undefined;
  StreetSuffix?: string | undefined;
  UnitNumber?: string | undefined;
  City: string;
  StateOrProvince: string;
  PostalCode: string;
}

/** Lower-case words of letters and digits joined by single hyphens. */
export function toSlug(text: string): string {
  return text
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '');
}

/**
 * Whether the street address may be shown: RESO's InternetAddressDisplayYN (a home without the
 * field shows it). When it may not, no street, house number or coordinates appear anywhere: not in
 * the page, its title, its share card, its structured data, its calendar files or its map.
 */
export function isAddressShown(a: Pick<AddressParts, 'InternetAddressDisplayYN'>): boolean {
  return a.InternetAddressDisplayYN !== false;
}

/**
 * "412 Oak Grove Lane", "1208 N Glenwood Avenue Unit 304"; "Home in Pinehurst" when the street
 * address is withheld.
 */
export function streetLine(a: AddressParts): string {
  if (!isAddressShown(a)) return `Home in ${a.City}`;
  return [a.StreetNumber, a.StreetDirPrefix, a.StreetName, a.StreetSuffix, a.UnitNumber ? `Unit ${a.UnitNumber}` : '']
    .filter(Boolean)
    .join(' ');
}

/** "Pinehurst, NC 28374". */
export function cityLine(a: AddressParts): string {
  return `${a.City}, ${a.StateOrProvince} ${a.PostalCode}`;
}

/**
 * "412 Oak Grove Lane, Pinehurst, NC 28374": the page's h1 and the name in e-mails and calendars;
 * "Home in Pinehurst, NC 28374" when the street address is withheld.
 */
export function fullAddress(a: AddressParts): string {
  return isAddressShown(a) ? `${streetLine(a)}, ${cityLine(a)}` : `Home in ${cityLine(a)}`;
}

/**
 * A map site's directions to the home (`template`'s `{address}` becomes its full address, encoded);
 * none when the street address is withheld, since directions would give the house away.
 */
export function directionsUrl(template: string, a: AddressParts): string | undefined {
  return isAddressShown(a) ? template.replaceAll('{address}', encodeURIComponent(fullAddress(a))) : undefined;
}

/**
 * The page address: street address and town, e.g. "412-oak-grove-lane-cary-nc". A home whose street
 * is withheld has town, ZIP and listing key instead ("home-in-cary-nc-27513-car101"): unique
 * without the street, and giving nothing away.
 */
export function listingSlug(a: AddressParts & { ListingKey: string }): string {
  const slug = isAddressShown(a)
    ? toSlug(`${streetLine(a)} ${a.City} ${a.StateOrProvince}`)
    : toSlug(`home in ${a.City} ${a.StateOrProvince} ${a.PostalCode} ${a.ListingKey}`);
  if (slug.length <= slugLimit) return slug;
  // An address longer than any street's (a feed's mistake) is cut at a word, the key keeping it unique.
  const key = toSlug(a.ListingKey);
  return `${slug.slice(0, slugLimit - key.length).replace(/-[^-]*$/, '')}-${key}`;
}

/**
 * The longest page address of a home. A feed's 250-character street name made a file name longer
 * than the file system takes (255 bytes), and the build stopped.
 */
const slugLimit = 100;

const usd = new Intl.NumberFormat('en-US', { style: 'currency', currency: 'USD', maximumFractionDigits: 0 });

/** "$525,000". */
export function formatPrice(dollars: number): string {
  return usd.format(dollars);
}

const compactUsd = new Intl.NumberFormat('en-US', {
  style: 'currency',
  currency: 'USD',
  notation: 'compact',
  maximumSignificantDigits: 3,
});

/** "$525K", "$1.25M": a price where there is room for a few characters (a pin on a map). */
export function formatPriceShort(dollars: number): string {
  return compactUsd.format(dollars);
}

const number = new Intl.NumberFormat('en-US');

/** "2,450". */
export function formatNumber(n: number): string {
  return number.format(n);
}

const closeDay = new Intl.DateTimeFormat('en-US', { month: 'long', day: 'numeric', year: 'numeric', timeZone: 'UTC' });

/** "September 30, 2026" for a YYYY-MM-DD day. */
export function formatDay(day: string): string {
  return closeDay.format(new Date(`${day}T00:00:00Z`));
}

export interface PriceFields {
  StandardStatus: StandardStatus;
  ListPrice: number;
  ClosePrice?: number | undefined;
  CloseDate?: string | undefined;
}

/**
 * The price line: "$525,000" for a home on the market; a sold home shows Sold, the close price
 * and the date ("Sold $702,500 on September 30, 2026").
 */
export function priceLine(home: PriceFields): { label: string; price: string; note?: string } {
  if (home.StandardStatus === 'Closed' && home.ClosePrice !== undefined) {
    return {
      label: 'Sold',
      price: formatPrice(home.ClosePrice),
      ...(home.CloseDate ? { note: `on ${formatDay(home.CloseDate)}` } : {}),
    };
  }
  return { label: 'List price', price: formatPrice(home.ListPrice) };
}

export interface PriceDropFields extends PriceFields {
  OriginalListPrice?: number | undefined;
  PriceChangeTimestamp?: string | undefined;
}

/**
 * How much a home still for sale (or under contract) has come down from its first price, what
 * that price was and, when the record dates the change, since when. Nothing when the price never
 * went down (an unchanged or raised price, a home without OriginalListPrice) or the home is sold,
 * whose page shows its close price against its list price instead.
 */
export function priceDrop(home: PriceDropFields): { amount: string; from: string; on?: string } | undefined {
  const from = home.OriginalListPrice;
  if (home.StandardStatus === 'Closed' || from === undefined || from <= home.ListPrice) return undefined;
  return {
    amount: formatPrice(from - home.ListPrice),
    from: formatPrice(from),
    ...(home.PriceChangeTimestamp ? { on: formatDay(home.PriceChangeTimestamp) } : {}),
  };
}

/** The price a home is shown at, in whole dollars: its close price once sold, else its list price. */
export function shownPrice(home: PriceFields): number {
  return home.StandardStatus === 'Closed' ? (home.ClosePrice ?? home.ListPrice) : home.ListPrice;
}

/** "$214": the shown price per square foot of living area. */
export function pricePerSquareFoot(home: PriceFields & { LivingArea: number }): string {
  return formatPrice(Math.round(shownPrice(home) / home.LivingArea));
}

/** The status as a badge says it: RESO's words, except that a Closed home reads "Sold". */
export function statusLabel(status: StandardStatus): string {
  return status === 'Closed' ? 'Sold' : status;
}

/** The three groups a visitor narrows /listings by (src/lib/listing/facets.ts): link label and page title. */
export const statusGroups = [
  { slug: 'for-sale', label: 'For sale', title: 'Homes for Sale', statuses: ['Coming Soon', 'Active'] },
  {
    slug: 'under-contract',
    label: 'Under contract',
    title: 'Homes Under Contract',
    statuses: ['Active Under Contract', 'Pending'],
  },
  { slug: 'sold', label: 'Sold', title: 'Recently Sold Homes', statuses: ['Closed'] },
] as const satisfies readonly { slug: string; label: string; title: string; statuses: readonly StandardStatus[] }[];
export type StatusGroup = (typeof statusGroups)[number];

export function statusGroupOf(status: StandardStatus): StatusGroup {
  return statusGroups.find((g) => (g.statuses as readonly StandardStatus[]).includes(status))!;
}

/** On the market (also under contract); a Closed home is sold. */
export function isOnMarket(status: StandardStatus): boolean {
  return status !== 'Closed';
}

/** Can still be bought: featured on the home page. */
export function isAvailable(status: StandardStatus): boolean {
  return status === 'Active' || status === 'Coming Soon';
}

interface Sortable {
  StandardStatus: StandardStatus;
  OnMarketDate: string;
  CloseDate?: string | undefined;
}

/** /listings order: homes on the market first, newest first; then sold homes, latest sale first. */
export function compareListings(a: Sortable, b: Sortable): number {
  const soldA = !isOnMarket(a.StandardStatus);
  const soldB = !isOnMarket(b.StandardStatus);
  if (soldA !== soldB) return soldA ? 1 : -1;
  const keyA = soldA ? (a.CloseDate ?? a.OnMarketDate) : a.OnMarketDate;
  const keyB = soldB ? (b.CloseDate ?? b.OnMarketDate) : b.OnMarketDate;
  return keyB.localeCompare(keyA);
}

export interface FactFields {
  BedroomsTotal: number;
  BathroomsFull: number;
  BathroomsHalf: number;
  LivingArea: number;
}

/** "2.5": full baths plus a half for each half bath, as listings write it. */
export function bathsText(home: Pick<FactFields, 'BathroomsFull' | 'BathroomsHalf'>): string {
  return String(home.BathroomsFull + home.BathroomsHalf / 2);
}

/** "0.25 acres", "1 acre": a lot's size as the facts list writes it. */
export function lotText(acres: number): string {
  return `${acres} ${acres === 1 ? 'acre' : 'acres'}`;
}

/** The card line: ["4 beds", "2.5 baths", "2,450 sq ft"]. */
export function keyFacts(home: FactFields): string[] {
  const baths = home.BathroomsFull + home.BathroomsHalf / 2;
  return [
    `${home.BedroomsTotal} ${home.BedroomsTotal === 1 ? 'bed' : 'beds'}`,
    `${bathsText(home)} ${baths === 1 ? 'bath' : 'baths'}`,
    `${formatNumber(home.LivingArea)} sq ft`,
  ];
}

/**
 * A home in words, in two parts: what it is ("4 beds, 2.5 baths, 2,450 sq ft single family
 * residence") and where it stands ("active at $525,000, reduced from $539,900"; "sold for
 * $702,500"). Its page's search description, its e-mail and its feed item say it so.
 */
export function homeInWords(home: FactFields & PriceDropFields & { PropertySubType: string }): {
  kind: string;
  standing: string;
} {
  const drop = priceDrop(home);
  const at = home.StandardStatus === 'Closed' ? 'sold for' : `${statusLabel(home.StandardStatus).toLowerCase()} at`;
  return {
    kind: `${keyFacts(home).join(', ')} ${home.PropertySubType.toLowerCase()}`,
    standing: `${at} ${priceLine(home).price}${drop ? `, reduced from ${drop.from}` : ''}`,
  };
}

/**
 * What a home's page offers, for its description: a sold home's has no open house, cost or
 * showing; a home not on the market yet, or under contract with no showings, offers word of when
 * it can be seen; open houses only when one is coming.
 */
export function homePageOffers(status: StandardStatus, openHouseComing: boolean): string {
  if (status === 'Closed') return "Photos and the home's facts.";
  if (status === 'Coming Soon') return 'Photos, monthly cost, and word as soon as it can be seen.';
  if (status === 'Pending') return 'Photos, monthly cost, and word if it comes back on the market.';
  return `Photos, ${openHouseComing ? 'open houses, ' : ''}monthly cost and showings.`;
}

/** What a list of homes offers, for its description, by its status group (all groups without one). */
export function listPageOffers(group: StatusGroup['slug'] | undefined): string {
  if (group === 'sold') return 'photos and sale prices';
  if (group === 'under-contract') return 'photos, prices and monthly costs';
  return 'photos, prices, open houses and showings';
}

/** The HOA dues a month (what the calculator adds), from RESO's fee and frequency; 0 without a fee. */
export function monthlyAssociationFee(fee: number | undefined, frequency: FeeFrequency | undefined): number {
  if (!fee) return 0;
  return Math.round((fee / feeFrequencyMonths[frequency ?? 'Monthly']) * 100) / 100;
}

/**
 * The down payment the calculator starts a home at: 20%, rounded up to the hundred dollars, so it
 * reads as "20% of the home price" and never starts under 20%, which would add PMI to a page that
 * says "20% down". (Integer maths: `price * 0.2` is not exact in floating point.)
 */
export function startingDownPayment(price: number): number {
  return Math.ceil(price / 500) * 100;
}

/** A listing's last property-tax bill, and what tells whether it was the house's. */
export interface TaxFields {
  TaxAnnualAmount?: number | undefined;
  TaxYear?: number | undefined;
  YearBuilt?: number | undefined;
}

/**
 * A listing's last tax bill, where it is the house's: a buyer's will be the same (in North Carolina a
 * sale does not change what a home is taxed on; counties reappraise every home on a schedule, G.S.
 * 105-286). None without a bill, or when the bill is older than the house (counties assess on
 * January 1, so it taxed the land alone).
 */
export function houseTaxBill({ TaxAnnualAmount: bill, TaxYear: year, YearBuilt: built }: TaxFields) {
  return bill && !(year !== undefined && built !== undefined && built >= year) ? bill : undefined;
}

/** The value a home is taxed on: its last bill (houseTaxBill) at its town's rate per $100; none without either. */
export function assessedValue(home: TaxFields, ratePer100: number): number | undefined {
  const bill = houseTaxBill(home);
  return bill && ratePer100 > 0 ? Math.round((bill / ratePer100) * 100) : undefined;
}

/** A home's property tax a year: its last bill (houseTaxBill), else its price at its town's rate per $100. */
export function annualPropertyTax(home: TaxFields, price: number, ratePer100: number): number {
  return Math.round(houseTaxBill(home) ?? (price * ratePer100) / 100);
}
