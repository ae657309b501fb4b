/**
 * The replication query of a RESO Web API (OData v4) server, in MLS Grid v2's form: one
 * `$filter` naming exactly one OriginatingSystemName (MLS Grid refuses a request without it), one
 * owner filter (one request stream per owner), `MlgCanView eq true` on the first run (a first copy needs no deleted records)
 * and `ModificationTimestamp gt {watermark}` from the second run on (everything changed since,
 * deletions included), with `$expand=Media`; open houses are a resource of their own (`OpenHouse`),
 * replicated the same way with a watermark of their own. Pure.
 */

export interface ReplicationQuery {
  /** The service root, e.g. https://api.mlsgrid.com/v2 */
  apiUrl: string;
  /** MLS Grid's OriginatingSystemName of the MLS, e.g. "carolina". */
  originatingSystem: string;
  /** Only the listings of this office (RESO ListOfficeMlsId). */
  listOfficeMlsId?: string | undefined;
  /** Only the listings of this agent (RESO ListAgentMlsId). */
  listAgentMlsId?: string | undefined;
  /** The greatest ModificationTimestamp of the last complete run; absent on a first (full) run. */
  watermark?: string | undefined;
  /**
   * With both owner filters, each stream's own watermark by its owner field, in place of `watermark`
   * (a stream without one is read whole): see `syncListings`.
   */
  watermarks?: Partial<Record<Owner['field'], string>> | undefined;
  /** Records a page; MLS Grid allows at most 1000 with $expand. */
  top?: number;
}

/** MLS Grid's largest page with `$expand`, and without. */
export const MAX_TOP_WITH_EXPAND = 1000;
export const MAX_TOP = 5000;

/** An OData string literal: single quotes, a quote inside doubled (OData ABNF `SQUOTE-in-string`). */
export function odataString(value: string): string {
  return `'${value.replaceAll("'", "''")}'`;
}

/** An OData DateTimeOffset literal as it goes into a filter: written bare, checked first. */
export function odataTimestamp(value: string): string {
  if (!/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(:\d{2}(\.\d{1,7})?)?(Z|[+-]\d{2}:\d{2})$/.test(value)) {
    throw new Error(`"${value}" is not an ISO 8601 timestamp with a time zone`);
  }
  return value;
}

/** Whose listings one request asks for: a firm's or an agent's (none: every listing). */
export interface Owner {
  field: 'ListOfficeMlsId' | 'ListAgentMlsId';
  id: string;
}

/**
 * The owner filter of each request of a run. One of RESO_LIST_OFFICE_MLS_ID and
 * RESO_LIST_AGENT_MLS_ID: that firm's or that agent's listings. Both: the firm's listings and the
 * agent's, one request stream each, merged. An agent sets both to have the firm's listings plus
 * their own wherever the MLS files them (under a team's or branch's office id, or a former firm's
 * for homes sold before a move); both in one `and` would only repeat the agent's own filter, and
 * MLS Grid's replication `$filter` offers `and` only, so an `or` is not asked of the server.
 * Neither: one stream of every listing the feed returns.
 */
export function owners(query: Pick<ReplicationQuery, 'listOfficeMlsId' | 'listAgentMlsId'>): (Owner | undefined)[] {
  const list: Owner[] = [];
  if (query.listOfficeMlsId) list.push({ field: 'ListOfficeMlsId', id: query.listOfficeMlsId });
  if (query.listAgentMlsId) list.push({ field: 'ListAgentMlsId', id: query.listAgentMlsId });
  return list.length ? list : [undefined];
}

/** The `$filter` expression of one request stream: every part joined with `and`. */
export function replicationFilter(query: {
  originatingSystem: string;
  owner?: Owner | undefined;
  watermark?: string | undefined;
}): string {
  const system = query.originatingSystem.trim();
  if (!system || /[\s,]/.test(system)) {
    throw new Error(`The originating system must be exactly one name (got "${query.originatingSystem}")`);
  }
  const parts = [`OriginatingSystemName eq ${odataString(system)}`];
  if (query.owner) parts.push(`${query.owner.field} eq ${odataString(query.owner.id)}`);
  if (query.watermark) parts.push(`ModificationTimestamp gt ${odataTimestamp(query.watermark)}`);
  else parts.push('MlgCanView eq true');
  return parts.join(' and ');
}

/** A resource's first page: {root}/{resource}?{params}, spaces as %20 (URLSearchParams's "+" is read literally). */
function pageUrl(apiUrl: string, resource: string, params: [string, string][]): string {
  const url = new URL(`${apiUrl.replace(/\/+$/, '')}/${resource}`);
  url.search = params.map(([name, value]) => `${name}=${encodeURIComponent(value)}`).join('&');
  return url.href;
}

/**
 * The first page's address of each request stream of a run (one per owner, see `owners`):
 * {root}/Property?$filter=...&$expand=Media&$top=...
 */
export function replicationUrls(query: ReplicationQuery): string[] {
  const top = Math.min(query.top ?? MAX_TOP_WITH_EXPAND, MAX_TOP_WITH_EXPAND);
  return owners(query).map((owner) =>
    pageUrl(query.apiUrl, 'Property', [
      [
        '$filter',
        replicationFilter({
          originatingSystem: query.originatingSystem,
          owner,
          watermark: owner && query.watermarks ? query.watermarks[owner.field] : query.watermark,
        }),
      ],
      ['$expand', 'Media'],
      ['$top', String(top)],
    ]),
  );
}

/**
 * The first page's address of each owner stream's current listing keys, with no watermark:
 * {root}/Property?$filter=...MlgCanView eq true&$select=ListingKey&$top=5000. An incremental run
 * reads them to see a listing leave its owner filter (see `syncListings`). None without one.
 */
export function currentKeysUrls(query: ReplicationQuery): string[] {
  return owners(query).flatMap((owner) =>
    owner
      ? [
          pageUrl(query.apiUrl, 'Property', [
            ['$filter', replicationFilter({ originatingSystem: query.originatingSystem, owner })],
            ['$select', 'ListingKey'],
            ['$top', String(MAX_TOP)],
          ]),
        ]
      : [],
  );
}

/**
 * The first page of the run's open houses: {root}/OpenHouse?$filter=...&$top=... The resource
 * names no listing office or agent, so the stream carries every open house of the MLS; the sync
 * keeps those of its own homes.
 */
export function openHouseUrl(query: Omit<ReplicationQuery, 'listOfficeMlsId' | 'listAgentMlsId'>): string {
  return pageUrl(query.apiUrl, 'OpenHouse', [
    ['$filter', replicationFilter({ originatingSystem: query.originatingSystem, watermark: query.watermark })],
    ['$top', String(Math.min(query.top ?? MAX_TOP, MAX_TOP))],
  ]);
}

/**
 * The next page, exactly as the server gave it in `@odata.nextLink` (an opaque address: never
 * rebuilt or re-encoded). A relative link is resolved against the page that named it, as OData
 * allows; anything else is refused rather than guessed. So is a link to another origin (another
 * host or port, or `http:` from an `https:` API): the request would carry the access token there.
 */
export function nextPageUrl(page: unknown, current: string): string | undefined {
  if (typeof page !== 'object' || page === null) return undefined;
  const link = (page as Record<string, unknown>)['@odata.nextLink'];
  if (link === undefined || link === null || link === '') return undefined;
  if (typeof link !== 'string') throw new Error('@odata.nextLink is not a string');
  const next = /^https?:\/\//i.test(link) ? link : URL.parse(link, current)?.href;
  const [from, to] = [new URL(current).origin, next && URL.parse(next)?.origin];
  if (!next || !to) throw new Error(`@odata.nextLink is not an address (${link.slice(0, 120)})`);
  if (to !== from) {
    throw new Error(
      `@odata.nextLink leads to ${to}, not to the API's own ${from}: not followed, as it would be sent the access token`,
    );
  }
  return next;
}
