/**
 * A fake RESO Web API server in MLS Grid v2's manner, on 127.0.0.1: `GET /v2/Property` (and
 * `GET /v2/OpenHouse`, the same way but without `$expand`) answers only with `Authorization:
 * Bearer {token}` (401 otherwise), only with `Accept-Encoding: gzip` (400 otherwise, as MLS Grid
 * does) and only for a `$filter` naming exactly one
 * OriginatingSystemName (400 otherwise); answers are gzip JSON with `@odata.context`, `value` and
 * an opaque `@odata.nextLink` that must come back byte for byte. It applies the filter's owner
 * fields, `MlgCanView eq true` and `ModificationTimestamp gt`, and expands Media (or, with `$select`
 * and no `$expand`, answers only the fields selected). Photos under
 * /media/ demand the token as User-Agent (403 otherwise). `POST /token` issues tokens for OAuth2
 * client credentials. Every request is logged with its arrival time.
 */
import { randomBytes } from 'node:crypto';
import { createServer, type IncomingHttpHeaders } from 'node:http';
import type { AddressInfo } from 'node:net';
import { gzipSync } from 'node:zlib';
import sharp from 'sharp';
import { createResoHttp } from '../../src/lib/reso/http.ts';
import { checkHome } from '../../src/lib/reso/rules.ts';
import { syncListings, type SyncOptions } from '../../src/lib/reso/sync.ts';

export interface LoggedRequest {
  at: number;
  method: string;
  /** The raw request target, as sent. */
  url: string;
  path: string;
  filter: string | undefined;
  headers: IncomingHttpHeaders;
  status: number;
}

export type Record = { [name: string]: unknown };

export interface FakeReso {
  origin: string;
  apiUrl: string;
  token: string;
  /** The records the server holds; tests change them between runs. */
  records: Record[];
  /** The OpenHouse resource's records (`GET /v2/OpenHouse`, no `$expand`). */
  openHouses: Record[];
  /** Answers OpenHouse requests with this status instead (a licence without the resource: 403). */
  openHouseStatus: number | undefined;
  log: LoggedRequest[];
  /** Page size. */
  top: number;
  /** Answers the next N Property requests after the first with 429 and this Retry-After. */
  rateLimit: { count: number; retryAfter: string };
  /** Answers Property page requests with this status from the given page (1-based). */
  failFromPage: { page: number; status: number } | undefined;
  /** Answers Property page requests with this JSON (status 200) from the given page (1-based). */
  oddFromPage: { page: number; body: unknown } | undefined;
  /** The origin written into `@odata.nextLink` (this server's own when undefined). */
  nextLinkOrigin: string | undefined;
  /** Answers the next N page requests made through `@odata.nextLink` with a link back to the same page. */
  linkBack: number;
  /** Answers the next N page requests made through `@odata.nextLink` with a new link to the same page. */
  repeatPage: number;
  /** Called with the `$filter` of each first page asked for, before it is answered (a change made while a run reads). */
  onQuery: ((filter: string) => void) | undefined;
  /** OAuth2 client credentials the token endpoint accepts. */
  client: { id: string; secret: string };
  mediaUrl: (file: string) => string;
  /** The photos under /media/ by file name (`p0.jpg` to `p11.jpg`), all sent as image/jpeg. */
  photos: Map<string, Buffer>;
  /** Answers the next N requests for a photo (by file name) with 503, as a media host that is down. */
  photoOutages: Map<string, number>;
  close: () => Promise<void>;
}

/** The firm whose homes the sync copies: RESO_ORIGINATING_SYSTEM and RESO_LIST_OFFICE_MLS_ID. */
export const SYSTEM = 'carolina';
export const OFFICE = 'CAR-OFF-7';

/**
 * One run of the sync module (not the script) against the fake, for the firm's listings, into
 * `dir`, its retries shortened to milliseconds (the script's are seconds long).
 */
export function syncWithFake(
  fake: FakeReso,
  dir: string,
  log: (line: string) => void,
  options: Partial<SyncOptions> = {},
) {
  return syncListings({
    http: createResoHttp({
      auth: { kind: 'bearer', token: fake.token },
      apiUrl: fake.apiUrl,
      perSecond: 100,
      retries: 1,
      baseDelayMs: 1,
      maxDelayMs: 2,
    }),
    dir,
    apiUrl: fake.apiUrl,
    originatingSystem: SYSTEM,
    listOfficeMlsId: OFFICE,
    check: checkHome,
    log,
    ...options,
  });
}

/** Photo `n` of a home, as MLS Grid expands it into the Property record (the fake serves `p{n}.jpg`). */
export function mediaRecord(fake: FakeReso, key: string, n: number, stamp = '2026-05-01T12:00:00.000Z'): Record {
  return {
    MediaKey: `${key}-M${n}`,
    ResourceRecordKey: key,
    MediaURL: fake.mediaUrl(`p${n}.jpg`),
    MediaCategory: 'Photo',
    MimeType: 'image/jpeg',
    Order: n,
    ShortDescription: n === 0 ? 'Front of the house from the street, with a porch' : null,
    MediaModificationTimestamp: stamp,
    MlgCanView: true,
  };
}

/** An active home of the firm that may be shown in full, as MLS Grid v2 sends it; `overrides` change any field. */
export function propertyRecord(fake: FakeReso, key: string, overrides: Record = {}): Record {
  return {
    ListingKey: key,
    OriginatingSystemName: SYSTEM,
    ListOfficeMlsId: OFFICE,
    MlgCanView: true,
    InternetEntireListingDisplayYN: true,
    InternetAddressDisplayYN: true,
    ModificationTimestamp: '2026-05-02T10:00:00.000Z',
    StandardStatus: 'Active',
    ListPrice: 450000,
    OnMarketDate: '2026-04-28',
    StreetNumber: '12',
    StreetName: 'Sample',
    StreetSuffix: 'Lane',
    City: 'Sampletown',
    StateOrProvince: 'NC',
    PostalCode: '27000',
    CountyOrParish: 'Sample',
    Latitude: 35.8,
    Longitude: -78.7,
    PropertySubType: 'Single Family Residence',
    BedroomsTotal: 3,
    BathroomsFull: 2,
    BathroomsHalf: 1,
    LivingArea: 1850.0,
    YearBuilt: 2004,
    ElementarySchool: 'Sample Creek Elementary',
    MiddleOrJuniorSchool: null,
    HighSchool: 'Sampletown High',
    PublicRemarks: 'A bright two-story home on a quiet street, with a fenced yard and a screened porch.',
    InteriorFeatures: ['Walk-In Closet(s)', 'Pantry'],
    ExteriorFeatures: ['None'],
    ListOfficeName: 'Sample Realty',
    ListAgentFullName: 'Sam Agent',
    BuyerAgencyCompensation: '2.5',
    Media: [mediaRecord(fake, key, 0), mediaRecord(fake, key, 1)],
    ...overrides,
  };
}

/** An open house of the home `listingKey`, as MLS Grid's OpenHouse resource sends it; times are instants (UTC). */
export function openHouseRecord(key: string, listingKey: string, overrides: Record = {}): Record {
  return {
    OpenHouseKey: key,
    ListingKey: listingKey,
    OriginatingSystemName: SYSTEM,
    MlgCanView: true,
    ModificationTimestamp: '2026-05-03T09:00:00.000Z',
    OpenHouseStatus: 'Active',
    OpenHouseType: 'Public',
    OpenHouseDate: '2030-06-01',
    // 1 to 3 PM in Raleigh (EDT, UTC-4).
    OpenHouseStartTime: '2030-06-01T17:00:00.000Z',
    OpenHouseEndTime: '2030-06-01T19:00:00.000Z',
    OpenHouseRemarks: null,
    ...overrides,
  };
}

/** The environment of `npm run sync-listings` against this fake, for the firm above. */
export function syncEnv(fake: FakeReso, snapshotDir: string): { [name: string]: string } {
  return {
    PATH: process.env['PATH'] ?? '',
    RESO_API_URL: fake.apiUrl,
    RESO_TOKEN: fake.token,
    RESO_ORIGINATING_SYSTEM: SYSTEM,
    RESO_LIST_OFFICE_MLS_ID: OFFICE,
    LISTINGS_SNAPSHOT_DIR: snapshotDir,
  };
}

export async function photoBytes(seed: number): Promise<Buffer> {
  return sharp({
    create: { width: 64, height: 48, channels: 3, background: { r: seed * 40, g: 120, b: 200 - seed * 20 } },
  })
    .jpeg()
    .toBuffer();
}

/** Filter clauses joined by " and ": "Name eq 'x'", "Name eq true", "Name gt 2026-...Z". */
function parseFilter(filter: string): { name: string; op: string; value: string }[] {
  return filter.split(' and ').map((clause) => {
    const m = /^(\w+) (eq|gt) (.+)$/.exec(clause.trim());
    if (!m) throw new Error(`unsupported clause: ${clause}`);
    return { name: m[1]!, op: m[2]!, value: m[3]!.replace(/^'(.*)'$/, '$1').replaceAll("''", "'") };
  });
}

export async function startFakeReso(options: { originatingSystem: string; token?: string }): Promise<FakeReso> {
  const photos = new Map<string, Buffer>();
  type Cursor = { records: Record[]; offset: number; page: number; select?: string[] | undefined };
  const links = new Map<string, Cursor>();
  const issuedTokens = new Set<string>();
  const state: FakeReso = {
    origin: '',
    apiUrl: '',
    token: options.token ?? `mlsgrid-${randomBytes(8).toString('hex')}`,
    records: [],
    openHouses: [],
    openHouseStatus: undefined,
    log: [],
    top: 2,
    rateLimit: { count: 0, retryAfter: '1' },
    failFromPage: undefined,
    oddFromPage: undefined,
    nextLinkOrigin: undefined,
    linkBack: 0,
    repeatPage: 0,
    onQuery: undefined,
    client: { id: 'site-client', secret: randomBytes(6).toString('hex') },
    mediaUrl: (file) => `${state.origin}/media/${file}`,
    photos,
    photoOutages: new Map(),
    close: () => new Promise((resolve) => server.close(() => resolve())),
  };
  let propertyRequests = 0;

  const server = createServer((req, res) => {
    const url = new URL(req.url ?? '/', 'http://localhost');
    const entry: LoggedRequest = {
      at: Date.now(),
      method: req.method ?? '',
      url: req.url ?? '',
      path: url.pathname,
      filter: url.searchParams.get('$filter') ?? undefined,
      headers: req.headers,
      status: 0,
    };
    state.log.push(entry);
    const send = (status: number, body: unknown, headers: { [name: string]: string } = {}, gzip = true) => {
      entry.status = status;
      const raw = Buffer.isBuffer(body) ? body : Buffer.from(typeof body === 'string' ? body : JSON.stringify(body));
      const payload = gzip ? gzipSync(raw) : raw;
      res.writeHead(status, {
        ...(Buffer.isBuffer(body) ? {} : { 'Content-Type': 'application/json; charset=utf-8' }),
        ...(gzip ? { 'Content-Encoding': 'gzip' } : {}),
        'Content-Length': String(payload.length),
        ...headers,
      });
      res.end(payload);
    };
    const authorised = (value: string | undefined) =>
      value === state.token || (value !== undefined && issuedTokens.has(value));

    if (req.method === 'POST' && url.pathname === '/token') {
      let body = '';
      req.on('data', (c: Buffer) => (body += c.toString()));
      req.on('end', () => {
        const form = new URLSearchParams(body);
        if (
          form.get('grant_type') !== 'client_credentials' ||
          form.get('client_id') !== state.client.id ||
          form.get('client_secret') !== state.client.secret
        ) {
          return send(401, { error: 'invalid_client' }, {}, false);
        }
        const token = `issued-${randomBytes(8).toString('hex')}`;
        issuedTokens.add(token);
        send(200, { access_token: token, token_type: 'Bearer', expires_in: 3600 }, {}, false);
      });
      return;
    }

    if (url.pathname.startsWith('/media/')) {
      if (!authorised(req.headers['user-agent']))
        return send(403, 'The access token must be the User-Agent', {}, false);
      const name = url.pathname.slice('/media/'.length);
      const outage = state.photoOutages.get(name) ?? 0;
      if (outage > 0) {
        state.photoOutages.set(name, outage - 1);
        return send(503, 'Service Unavailable', {}, false);
      }
      const bytes = photos.get(name);
      return bytes ? send(200, bytes, { 'Content-Type': 'image/jpeg' }, false) : send(404, 'no such photo', {}, false);
    }

    const resource = { '/v2/Property': 'Property', '/v2/OpenHouse': 'OpenHouse' }[url.pathname];
    if (!resource) return send(404, { error: { message: 'Not found' } });
    if (resource === 'OpenHouse' && state.openHouseStatus)
      return send(state.openHouseStatus, { error: { message: 'OpenHouse is not part of this subscription' } });
    const auth = req.headers.authorization ?? '';
    if (!auth.startsWith('Bearer ') || !authorised(auth.slice(7)))
      return send(401, { error: { message: 'Unauthorized' } });
    if (!/\bgzip\b/.test(String(req.headers['accept-encoding'] ?? ''))) {
      return send(400, { error: { message: 'Accept-Encoding: gzip is required' } }, {}, false);
    }
    propertyRequests++;
    if (propertyRequests > 1 && state.rateLimit.count > 0) {
      state.rateLimit.count--;
      return send(429, { error: { message: 'Too Many Requests' } }, { 'Retry-After': state.rateLimit.retryAfter });
    }

    // `select`: the fields a `$select` asked for (MLS Grid allows it without `$expand`).
    let cursor: Cursor;
    const skipToken = url.searchParams.get('$skiptoken');
    if (skipToken !== null) {
      const known = links.get(req.url ?? '');
      if (!known) return send(400, { error: { message: 'Unknown or altered @odata.nextLink' } });
      cursor = known;
    } else {
      const filter = entry.filter ?? '';
      state.onQuery?.(filter);
      let clauses: ReturnType<typeof parseFilter>;
      try {
        clauses = parseFilter(filter);
      } catch (error) {
        return send(400, { error: { message: (error as Error).message } });
      }
      const systems = clauses.filter((c) => c.name === 'OriginatingSystemName');
      if (systems.length !== 1)
        return send(400, { error: { message: 'Exactly one OriginatingSystemName is required' } });
      const select = url.searchParams.get('$select')?.split(',');
      if (url.searchParams.get('$expand') !== (resource === 'Property' && !select ? 'Media' : null))
        return send(400, { error: { message: `unexpected $expand for ${resource}` } });
      const matches = (r: Record) =>
        clauses.every((c) =>
          c.op === 'gt'
            ? Date.parse(String(r[c.name])) > Date.parse(c.value)
            : c.value === 'true'
              ? r[c.name] === true
              : String(r[c.name]) === c.value,
        );
      const records = resource === 'Property' ? state.records : state.openHouses;
      cursor = { records: records.filter(matches), offset: 0, page: 1, select };
    }
    if (state.failFromPage && cursor.page >= state.failFromPage.page) {
      return send(state.failFromPage.status, { error: { message: 'Something broke' } });
    }
    if (state.oddFromPage && cursor.page >= state.oddFromPage.page) return send(200, state.oddFromPage.body);
    const { select } = cursor;
    const value = cursor.records.slice(cursor.offset, cursor.offset + state.top).map((r) => ({
      '@odata.id': `${state.apiUrl}/${resource}('${String(r[resource === 'Property' ? 'ListingKey' : 'OpenHouseKey'])}')`,
      ...(select ? Object.fromEntries(select.map((name) => [name, r[name]])) : r),
    }));
    const body: { [name: string]: unknown } = { '@odata.context': `${state.apiUrl}/$metadata#${resource}`, value };
    if (skipToken !== null && state.linkBack > 0) {
      state.linkBack--;
      body['@odata.nextLink'] = `${state.nextLinkOrigin ?? state.origin}${req.url ?? ''}`;
    } else if (cursor.offset + state.top < cursor.records.length || (skipToken !== null && state.repeatPage > 0)) {
      const again = skipToken !== null && state.repeatPage > 0;
      if (again) state.repeatPage--;
      // Opaque, and percent-encoded the way MLS Grid writes it: a client must use it as given.
      const expand = select ? `&$select=${select.join(',')}` : resource === 'Property' ? '&$expand=Media' : '';
      const link = `/v2/${resource}?$filter=${encodeURIComponent(entry.filter ?? 'next').replaceAll("'", '%27')}${expand}&$top=${state.top}&$skiptoken=${encodeURIComponent(randomBytes(6).toString('base64'))}`;
      links.set(
        link,
        again ? cursor : { records: cursor.records, offset: cursor.offset + state.top, page: cursor.page + 1, select },
      );
      body['@odata.nextLink'] = `${state.nextLinkOrigin ?? state.origin}${link}`;
    }
    send(200, body);
  });

  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  state.origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  state.apiUrl = `${state.origin}/v2`;
  for (let i = 0; i < 12; i++) photos.set(`p${i}.jpg`, await photoBytes(i % 6));
  return state;
}
