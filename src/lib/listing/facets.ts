/**
 * The narrowings of /listings: by town, by status group, and by both at once. Each narrowing is a
 * pre-rendered page, so a visitor narrows with links and no script: /listings,
 * /listings/town/{town}, /listings/status/{group} and /listings/town/{town}/{group}. The links of a
 * page keep its other narrowing: on a town's page, "Sold" means the town's sold homes, and its count is
 * theirs. A narrowing with no home has no page and no link. A narrowing with more homes than
 * `site.listings.perPage` continues on /page/2 onwards of its address.
 */
import { statusGroupOf, statusGroups, toSlug, type StatusGroup } from './format.ts';
import type { StandardStatus } from './model.ts';

type GroupSlug = StatusGroup['slug'];
/** What narrowing needs of a home. */
export type FacetHome = { City: string; StandardStatus: StandardStatus };
/** Where a page stands: a town slug, a status group slug, both or neither. */
export type Narrowing = { town?: string | undefined; status?: GroupSlug | undefined };

export interface Facet {
  label: string;
  href: string;
  count: number;
  /** The link to the page it is on. */
  current: boolean;
}

/** The address of a narrowing's page (the first by default, which has no /page/1). */
export function listingsPath({ town, status }: Narrowing, page = 1): string {
  const path = town
    ? `/listings/town/${town}${status ? `/${status}` : ''}`
    : `/listings${status ? `/status/${status}` : ''}`;
  return page > 1 ? `${path}/page/${page}` : path;
}

/**
 * A town's city guide, found by slug as the town's homes are, so the two always agree: a town an
 * MLS writes with a space for its hyphen, or in capitals, still has its guide.
 */
export function guideOf<C extends { data: { name: string } }>(cities: readonly C[], town: string): C | undefined {
  const slug = toSlug(town);
  return cities.find((c) => toSlug(c.data.name) === slug);
}

/**
 * A home's town as its guide writes it. A hand-written home that writes it otherwise (in lower
 * case, say) stops the build, naming the file, as an article does; a feed's (in capitals, as many
 * MLSs send towns) is taken as the guide writes it. Undefined: the home's own spelling stands.
 */
export function townSpelling(
  cities: readonly { data: { name: string } }[],
  home: { City: string },
  where: { file: string; synced: boolean },
): string | undefined {
  const guide = guideOf(cities, home.City);
  if (guide === undefined || guide.data.name === home.City) return undefined;
  if (!where.synced) {
    throw new Error(`${where.file}: City: write "${guide.data.name}", as its city guide does, not "${home.City}".`);
  }
  return guide.data.name;
}

/** Whether a home is in a narrowing. */
export function inNarrowing(home: FacetHome, { town, status }: Narrowing): boolean {
  return (!town || toSlug(home.City) === town) && (!status || statusGroupOf(home.StandardStatus).slug === status);
}

/**
 * The towns that have homes, by name (the name as the first of its homes spells it), each with the
 * status groups its homes are in, in the order of `statusGroups`.
 */
export function listingTowns(homes: readonly FacetHome[]): { slug: string; name: string; statuses: GroupSlug[] }[] {
  const towns = new Map<string, { slug: string; name: string; statuses: Set<GroupSlug> }>();
  for (const home of homes) {
    const slug = toSlug(home.City);
    const town = towns.get(slug) ?? { slug, name: home.City, statuses: new Set() };
    town.statuses.add(statusGroupOf(home.StandardStatus).slug);
    towns.set(slug, town);
  }
  return [...towns.values()]
    .sort((a, b) => a.name.localeCompare(b.name))
    .map(({ slug, name, statuses }) => ({
      slug,
      name,
      statuses: statusGroups.filter((g) => statuses.has(g.slug)).map((g) => g.slug),
    }));
}

/**
 * The links of a page at `at`: "All towns" then each town, and "All homes" then each status group,
 * each keeping the page's other narrowing and counting the homes it leads to.
 */
export function listingFacets(homes: readonly FacetHome[], at: Narrowing): { towns: Facet[]; statuses: Facet[] } {
  const facet = (label: string, to: Narrowing, current: boolean): Facet => ({
    label,
    href: listingsPath(to),
    count: homes.filter((home) => inNarrowing(home, to)).length,
    current,
  });
  const towns = listingTowns(homes).map((t) => facet(t.name, { town: t.slug, status: at.status }, t.slug === at.town));
  const statuses = statusGroups.map((g) => facet(g.label, { town: at.town, status: g.slug }, g.slug === at.status));
  return {
    towns: [facet('All towns', { status: at.status }, !at.town), ...towns.filter((f) => f.count > 0)],
    statuses: [facet('All homes', { town: at.town }, !at.status), ...statuses.filter((f) => f.count > 0)],
  };
}

/** One page of a narrowing: its town and status group as the page names them, and its place. */
export interface ListingsPageOf {
  town?: { slug: string; name: string };
  group?: StatusGroup;
  page: number;
  pages: number;
}

/**
 * Every page of /listings and of its narrowings: /listings itself (also with no home), each town,
 * each status group and each town and group with homes, `perPage` homes to a page.
 */
export function listingPages(homes: readonly FacetHome[], perPage: number): ListingsPageOf[] {
  const count = (at: Narrowing) => homes.filter((home) => inNarrowing(home, at)).length;
  const present = statusGroups.filter((g) => count({ status: g.slug }) > 0);
  const narrowings: Omit<ListingsPageOf, 'page' | 'pages'>[] = [
    {},
    ...present.map((group) => ({ group })),
    ...listingTowns(homes).flatMap(({ slug, name, statuses }) => [
      { town: { slug, name } },
      ...present.filter((g) => statuses.includes(g.slug)).map((group) => ({ town: { slug, name }, group })),
    ]),
  ];
  return narrowings.flatMap((n) => {
    const pages = Math.max(1, Math.ceil(count({ town: n.town?.slug, status: n.group?.slug }) / perPage));
    return Array.from({ length: pages }, (_, i) => ({ ...n, page: i + 1, pages }));
  });
}
