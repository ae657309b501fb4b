/**
 * The replication query of a RESO Web API (OData v4) server, in MLS Grid v2's form: one
 * `$filter` naming exactly one OriginatingSystemName (MLS Grid refuses a request without it), the
 * owner filters, `MlgCanView eq true` on the first run (a first copy needs no deleted records)
 * and `ModificationTimestamp gt {watermark}` from the second run on (everything changed since,
 * deletions included), with `$expand=Media`. Pure.
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
  /** Records a page; MLS Grid allows at most 1000 with $expand. */
  top?: number;
}

/** MLS Grid's largest page with `$expand`. */
export const MAX_TOP_WITH_EXPAND = 1000;

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

/** The `$filter` expression: every part joined with `and`. */
export function replicationFilter(query: Omit<ReplicationQuery, 'apiUrl' | 'top'>): string {
  const system = query.originatingSystem.trim();
  if (!system || /[\s,]/.test(system)) {
    throw new Error(`The originating system must be exactly one name (got "${query.originatingSystem}")`);
  }
  const parts = [`OriginatingSystemName eq ${odataString(system)}`];
  if (query.listOfficeMlsId) parts.push(`ListOfficeMlsId eq ${odataString(query.listOfficeMlsId)}`);
  if (query.listAgentMlsId) parts.push(`ListAgentMlsId eq ${odataString(query.listAgentMlsId)}`);
  if (query.watermark) parts.push(`ModificationTimestamp gt ${odataTimestamp(query.watermark)}`);
  else parts.push('MlgCanView eq true');
  return parts.join(' and ');
}

/** The first page's address: {root}/Property?$filter=...&$expand=Media&$top=... */
export function replicationUrl(query: ReplicationQuery): string {
  const url = new URL(`${query.apiUrl.replace(/\/+$/, '')}/Property`);
  const top = Math.min(query.top ?? MAX_TOP_WITH_EXPAND, MAX_TOP_WITH_EXPAND);
  // URLSearchParams would write spaces as "+", which OData servers read literally: %20 instead.
  url.search = [
    ['$filter', replicationFilter(query)],
    ['$expand', 'Media'],
    ['$top', String(top)],
  ]
    .map(([name, value]) => `${name}=${encodeURIComponent(value!)}`)
    .join('&');
  return url.href;
}

/**
 * The next page, exactly as the server gave it in `@odata.nextLink` (an opaque address: never
 * rebuilt or re-encoded). A relative link is resolved against the page that named it, as OData
 * allows; anything else is refused rather than guessed.
 */
export function nextPageUrl(page: unknown, current: string): string | undefined {
  if (typeof page !== 'object' || page === null) return undefined;
  const link = (page as Record<string, unknown>)['@odata.nextLink'];
  if (link === undefined || link === null || link === '') return undefined;
  if (typeof link !== 'string') throw new Error('@odata.nextLink is not a string');
  if (/^https?:\/\//i.test(link)) return link;
  return new URL(link, current).href;
}
