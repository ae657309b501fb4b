/**
 * `npm run sync-listings` end to end: the real script (scripts/sync-listings.ts, as npm runs it)
 * against a fake MLS Grid v2 server on 127.0.0.1 (fake-reso.ts). A first run copies the firm's
 * listings with their photos; a second, incremental run applies a price change and a record
 * turned MlgCanView false; failed runs leave the snapshot as it was, and so does a full run that
 * would take most homes off the site unasked. The request log shows the pace, the headers and the
 * filters, and that a command line the script cannot read asks the MLS nothing.
 */
import { execFile } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ListingSnapshot } from '../../src/lib/reso/snapshot.ts';
import {
  mediaRecord,
  OFFICE,
  propertyRecord,
  startFakeReso,
  syncEnv,
  SYSTEM,
  type FakeReso,
  type LoggedRequest,
  type Record,
} from './fake-reso.ts';
import { root } from './support.ts';

let fake: FakeReso;
let dir: string;

const media = (key: string, n: number, stamp?: string) => mediaRecord(fake, key, n, stamp);
const home = (key: string, overrides: Record = {}) => propertyRecord(fake, key, overrides);

interface Run {
  code: number;
  out: string;
  requests: LoggedRequest[];
}

async function sync(env: { [name: string]: string } = {}, args: string[] = []): Promise<Run> {
  const from = fake.log.length;
  const result = await promisify(execFile)(process.execPath, ['scripts/sync-listings.ts', ...args], {
    cwd: root,
    env: { ...syncEnv(fake, dir), ...env },
  }).then(
    (r) => ({ code: 0, out: r.stdout + r.stderr }),
    (e: { code?: number; stdout?: string; stderr?: string }) => ({
      code: e.code ?? 1,
      out: (e.stdout ?? '') + (e.stderr ?? ''),
    }),
  );
  return { ...result, requests: fake.log.slice(from) };
}

const snapshot = () => JSON.parse(readFileSync(join(dir, 'snapshot.json'), 'utf8')) as ListingSnapshot;
const keys = () => snapshot().homes.map((h) => h.home['ListingKey']);
const api = (requests: LoggedRequest[]) => requests.filter((r) => r.path === '/v2/Property');
const photosOf = (requests: LoggedRequest[]) => requests.filter((r) => r.path.startsWith('/media/'));

/** No second holds more than two request arrivals. */
function expectPaced(requests: LoggedRequest[]) {
  for (let i = 2; i < requests.length; i++) expect(requests[i]!.at - requests[i - 2]!.at).toBeGreaterThanOrEqual(1000);
}

beforeAll(async () => {
  fake = await startFakeReso({ originatingSystem: SYSTEM });
  dir = join(mkdtempSync(join(tmpdir(), 'listings-sync-')), 'listings-mls');
  fake.records = [
    home('CAR100'),
    home('CAR101', { InternetAddressDisplayYN: false, Media: [media('CAR101', 2)] }),
    home('CAR102', { ListPrice: 610000, StandardStatus: 'Pending', Media: [media('CAR102', 3), media('CAR102', 4)] }),
    // Not for the Internet: never published.
    home('CAR103', { InternetEntireListingDisplayYN: false, Media: [media('CAR103', 5)] }),
    // Malformed: no price. Skipped with its key and reason.
    home('CAR104', { ListPrice: null, Media: [media('CAR104', 6)] }),
    // Another firm's listing: the owner filter leaves it out.
    home('CAR105', { ListOfficeMlsId: 'CAR-OFF-9', Media: [media('CAR105', 7)] }),
    // Deleted at the source before the first run: a first run asks for MlgCanView eq true only.
    home('CAR106', { MlgCanView: false, Media: [] }),
  ];
});

afterAll(async () => {
  await fake.close();
});

describe('npm run sync-listings', () => {
  let first: Run;

  it('copies the firm’s listings with their photos on a first run, following the pages as given', async () => {
    fake.rateLimit = { count: 1, retryAfter: '1' };
    first = await sync();
    expect(first.code, first.out).toBe(0);
    expect(keys()).toEqual(['CAR100', 'CAR101', 'CAR102']);
    const s = snapshot();
    expect(s.source).toEqual({ apiUrl: fake.apiUrl, originatingSystem: SYSTEM, listOfficeMlsId: OFFICE });
    expect(s.watermark).toBe('2026-05-02T10:00:00.000Z');
    expect(Date.parse(s.asOf)).toBeGreaterThan(Date.now() - 60_000);

    const h100 = s.homes.find((h) => h.home['ListingKey'] === 'CAR100')!.home;
    expect(h100).toMatchObject({
      ListPrice: 450000,
      StreetNumber: '12',
      StreetName: 'Sample',
      LivingArea: 1850,
      ModificationTimestamp: '2026-05-02',
    });
    expect(h100['InteriorFeatures']).toEqual(['Walk-In Closet(s)', 'Pantry']);
    expect(h100['ExteriorFeatures']).toEqual([]);
    // Only RESO fields the site shows: no licence flags, no offer of compensation.
    expect(h100).not.toHaveProperty('BuyerAgencyCompensation');
    expect(h100).not.toHaveProperty('MlgCanView');
    expect(h100['Photos']).toEqual([
      { src: './photos/CAR100/CAR100-M0.jpg', alt: 'Front of the house from the street, with a porch' },
      { src: './photos/CAR100/CAR100-M1.jpg', alt: 'Photo 2 of 2 of 12 Sample Lane, Sampletown' },
    ]);
    for (const file of ['photos/CAR100/CAR100-M0.jpg', 'photos/CAR100/CAR100-M1.jpg', 'photos/CAR101/CAR101-M2.jpg']) {
      expect(readFileSync(join(dir, file)).subarray(0, 3)).toEqual(Buffer.from([0xff, 0xd8, 0xff]));
    }
    // InternetAddressDisplayYN false: no street anywhere, not even in the alt text.
    const h101 = s.homes.find((h) => h.home['ListingKey'] === 'CAR101')!;
    expect(h101.sync.addressHidden).toBe(true);
    expect(h101.home).not.toHaveProperty('StreetName');
    expect(h101.home).not.toHaveProperty('StreetNumber');
    expect(JSON.stringify(h101.home)).not.toContain('Sample Lane');
    // Nor its coordinates; the home says so in the schema's own field.
    expect(h101.home).not.toHaveProperty('Latitude');
    expect(h101.home['InternetAddressDisplayYN']).toBe(false);
    expect(readdirSync(join(dir, 'photos')).sort()).toEqual(['CAR100', 'CAR101', 'CAR102']);

    expect(first.out).toMatch(/Skipped CAR104: .*ListPrice/);
    expect(first.out).toMatch(/Pages 1 · homes \d+/);
    expect(first.out).toContain('Pages 3 · homes 3');
    expect(first.out).toMatch(/retry 1 in 1 s/);
  });

  it('asks MLS Grid’s way: gzip, the bearer token, one originating system, the owner filter, MlgCanView on a first run, Media expanded', () => {
    const requests = api(first.requests);
    // 3 pages of 2 (6 records match) plus the one 429.
    expect(requests.map((r) => r.status)).toEqual([200, 429, 200, 200]);
    for (const r of requests) {
      expect(r.headers['accept-encoding']).toMatch(/\bgzip\b/);
      expect(r.headers.authorization).toBe(`Bearer ${fake.token}`);
      expect(r.filter).toBe(
        `OriginatingSystemName eq '${SYSTEM}' and ListOfficeMlsId eq '${OFFICE}' and MlgCanView eq true`,
      );
      expect(r.url).toContain('$expand=Media');
    }
    // The 429 waited its Retry-After (1 s) before the same request went again.
    expect(requests[2]!.url).toBe(requests[1]!.url);
    expect(requests[2]!.at - requests[1]!.at).toBeGreaterThanOrEqual(990);
    // Photos carry the token as User-Agent and no Authorization header.
    const photos = photosOf(first.requests);
    expect(photos).toHaveLength(5);
    for (const p of photos) {
      expect(p.headers['user-agent']).toBe(fake.token);
      expect(p.headers.authorization).toBeUndefined();
      expect(p.status).toBe(200);
    }
    expectPaced(first.requests);
  });

  it('applies only what changed on the next run: a new price, a home turned MlgCanView false leaves with its photos, unchanged photos stay', async () => {
    const before = snapshot();
    fake.records = fake.records.map((r) =>
      r['ListingKey'] === 'CAR100'
        ? { ...r, ListPrice: 439000, ModificationTimestamp: '2026-05-03T09:30:00.000Z' }
        : r['ListingKey'] === 'CAR102'
          ? { ...r, MlgCanView: false, ModificationTimestamp: '2026-05-03T09:31:00.000Z' }
          : r,
    );
    const second = await sync();
    expect(second.code, second.out).toBe(0);
    const [changes, ...keyPages] = api(second.requests);
    expect(changes!.filter).toBe(
      `OriginatingSystemName eq '${SYSTEM}' and ListOfficeMlsId eq '${OFFICE}' and ModificationTimestamp gt ${before.watermark}`,
    );
    // Then the office's listing keys as they are now (a listing moved to another office leaves): keys only.
    expect(keyPages.length).toBeGreaterThan(0);
    for (const page of keyPages) {
      expect(page.filter).toBe(
        `OriginatingSystemName eq '${SYSTEM}' and ListOfficeMlsId eq '${OFFICE}' and MlgCanView eq true`,
      );
      expect(new URL(page.url, 'http://x').searchParams.get('$select')).toBe('ListingKey');
    }
    // Both photos of CAR100 kept their MediaModificationTimestamp: none downloaded again.
    expect(photosOf(second.requests)).toHaveLength(0);
    expect(keys()).toEqual(['CAR100', 'CAR101']);
    const s = snapshot();
    expect(s.homes[0]!.home['ListPrice']).toBe(439000);
    expect(s.homes[1]).toEqual(before.homes[1]);
    expect(s.watermark).toBe('2026-05-03T09:31:00.000Z');
    expect(existsSync(join(dir, 'photos', 'CAR102'))).toBe(false);
    expect(existsSync(join(dir, 'photos/CAR100/CAR100-M0.jpg'))).toBe(true);
    expect(second.out).toContain('Removed CAR102: MlgCanView is false');
    expectPaced(second.requests);
  });

  it('downloads a photo again when its MediaModificationTimestamp changes', async () => {
    fake.records = fake.records.map((r) =>
      r['ListingKey'] === 'CAR100'
        ? {
            ...r,
            ModificationTimestamp: '2026-05-04T08:00:00.000Z',
            Media: [media('CAR100', 0), media('CAR100', 8, '2026-05-04T07:59:00.000Z')],
          }
        : r,
    );
    const run = await sync();
    expect(run.code, run.out).toBe(0);
    expect(photosOf(run.requests).map((r) => r.path)).toEqual(['/media/p8.jpg']);
  });

  it('leaves the previous snapshot and watermark untouched when a run fails part-way', async () => {
    const before = readFileSync(join(dir, 'snapshot.json'), 'utf8');
    fake.records = fake.records.map((r) => ({ ...r, ModificationTimestamp: '2026-05-05T08:00:00.000Z' }));
    fake.failFromPage = { page: 2, status: 404 };
    const run = await sync();
    fake.failFromPage = undefined;
    expect(run.code).toBe(1);
    expect(run.out).toMatch(
      /Sync failed, the previous snapshot is unchanged: GET \/v2\/Property\?.* failed: 404 Not Found/,
    );
    expect(readFileSync(join(dir, 'snapshot.json'), 'utf8')).toBe(before);
    expect(existsSync(`${dir}.partial`)).toBe(false);
  });

  it('does not run beside another run of the same folder, and changes nothing', async () => {
    const before = readFileSync(join(dir, 'snapshot.json'), 'utf8');
    // This test's own process stands for a run still fetching photos.
    writeFileSync(`${dir}.lock`, `${process.pid}\n`);
    try {
      const run = await sync();
      expect(run.code).toBe(1);
      expect(run.out).toContain(`Another sync is running (process ${process.pid}, ${dir}.lock)`);
      expect(run.requests).toEqual([]);
    } finally {
      rmSync(`${dir}.lock`);
    }
    expect(readFileSync(join(dir, 'snapshot.json'), 'utf8')).toBe(before);
    expect((await sync()).code).toBe(0);
  });

  it('fails with a clear message on a wrong token, and changes nothing', async () => {
    const before = readFileSync(join(dir, 'snapshot.json'), 'utf8');
    const run = await sync({ RESO_TOKEN: 'not-the-token' });
    expect(run.code).toBe(1);
    expect(run.out).toMatch(/failed: 401 Unauthorized/);
    expect(readFileSync(join(dir, 'snapshot.json'), 'utf8')).toBe(before);
  });

  it.each([
    ['null', null],
    ['a list', []],
    ['an object without "value"', { error: 'none' }],
  ])('fails with a clear message on a page that is %s, and changes nothing', async (_, body) => {
    const before = readFileSync(join(dir, 'snapshot.json'), 'utf8');
    fake.oddFromPage = { page: 2, body };
    const run = await sync({}, ['--full']);
    fake.oddFromPage = undefined;
    expect(run.code, run.out).toBe(1);
    expect(run.out).toContain(
      'Sync failed, the previous snapshot is unchanged: Page 2 of the feed has no "value" list of records',
    );
    expect(readFileSync(join(dir, 'snapshot.json'), 'utf8')).toBe(before);
  });

  it('does not follow an @odata.nextLink to another origin, which would be sent the token, and changes nothing', async () => {
    const before = readFileSync(join(dir, 'snapshot.json'), 'utf8');
    // The same fake server under another name: a followed link would be answered, and succeed.
    const elsewhere = fake.origin.replace('127.0.0.1', 'localhost');
    fake.nextLinkOrigin = elsewhere;
    const run = await sync({}, ['--full']);
    fake.nextLinkOrigin = undefined;
    expect(run.code, run.out).toBe(1);
    expect(run.out).toContain(
      `Sync failed, the previous snapshot is unchanged: @odata.nextLink leads to ${elsewhere}, not to the API's own ${fake.origin}`,
    );
    expect(run.requests.filter((r) => r.headers.host !== new URL(fake.origin).host)).toEqual([]);
    expect(api(run.requests)).toHaveLength(1);
    expect(readFileSync(join(dir, 'snapshot.json'), 'utf8')).toBe(before);
  });

  it('stops with a clear message when the feed links back to a page already read, and changes nothing', async () => {
    const before = readFileSync(join(dir, 'snapshot.json'), 'utf8');
    fake.linkBack = 3;
    const run = await sync({}, ['--full']);
    fake.linkBack = 0;
    expect(run.code, run.out).toBe(1);
    expect(run.out).toContain(
      'Sync failed, the previous snapshot is unchanged: Page 2 of the feed links back to a page already read: stopped rather than loop',
    );
    // Page 1, then page 2 once: its link back to itself is not followed.
    expect(api(run.requests)).toHaveLength(2);
    expect(readFileSync(join(dir, 'snapshot.json'), 'utf8')).toBe(before);
  });

  it('stops with a clear message when each new link of the feed gives the same records again, and changes nothing', async () => {
    const before = readFileSync(join(dir, 'snapshot.json'), 'utf8');
    fake.repeatPage = 1000;
    const run = await sync({}, ['--full']);
    fake.repeatPage = 0;
    expect(run.code, run.out).toBe(1);
    expect(run.out).toContain(
      'Sync failed, the previous snapshot is unchanged: Page 3 of the feed repeats records already read from it this run: stopped rather than loop',
    );
    expect(api(run.requests)).toHaveLength(3);
    expect(readFileSync(join(dir, 'snapshot.json'), 'utf8')).toBe(before);
  });

  it('gets a token with OAuth2 client credentials and sends it as the bearer and the photos’ User-Agent', async () => {
    const run = await sync(
      {
        RESO_TOKEN: '',
        RESO_TOKEN_URL: `${fake.origin}/token`,
        RESO_CLIENT_ID: fake.client.id,
        RESO_CLIENT_SECRET: fake.client.secret,
      },
      ['--full'],
    );
    expect(run.code, run.out).toBe(0);
    expect(run.requests[0]!.path).toBe('/token');
    const issued = api(run.requests)[0]!.headers.authorization!.replace('Bearer ', '');
    expect(issued).toMatch(/^issued-/);
    // A full run: everything again, with MlgCanView eq true, and unchanged photos still not fetched.
    expect(api(run.requests)[0]!.filter).toContain('MlgCanView eq true');
    expect(keys()).toEqual(['CAR100', 'CAR101']);
    expect(photosOf(run.requests).map((r) => r.path)).toEqual([]);
  });

  it('with both owner filters copies the firm’s listings and the agent’s: one request stream each, a home in both applied once', async () => {
    const AGENT = 'CAR-AG-3';
    fake.records = fake.records.map((r) =>
      // CAR100 is both the firm's and the agent's; CAR105 is the agent's under another office id.
      ['CAR100', 'CAR105'].includes(String(r['ListingKey'])) ? { ...r, ListAgentMlsId: AGENT } : r,
    );
    const run = await sync({ RESO_LIST_AGENT_MLS_ID: AGENT });
    expect(run.code, run.out).toBe(0);
    // The owner filters changed: a full run, so MlgCanView eq true in both streams.
    expect([...new Set(api(run.requests).map((r) => r.filter))]).toEqual([
      `OriginatingSystemName eq '${SYSTEM}' and ListOfficeMlsId eq '${OFFICE}' and MlgCanView eq true`,
      `OriginatingSystemName eq '${SYSTEM}' and ListAgentMlsId eq '${AGENT}' and MlgCanView eq true`,
    ]);
    expect(keys()).toEqual(['CAR100', 'CAR101', 'CAR105']);
    expect(snapshot().source).toEqual({
      apiUrl: fake.apiUrl,
      originatingSystem: SYSTEM,
      listOfficeMlsId: OFFICE,
      listAgentMlsId: AGENT,
    });
    // CAR105's photo is new; CAR100's came in both streams and none was fetched again.
    expect(photosOf(run.requests).map((r) => r.path)).toEqual(['/media/p7.jpg']);
    // Only CAR105 is new: CAR100 and CAR101 were read again as they were.
    expect(run.out).toContain('Pages 3 · homes 3 (1 new or changed');
    expectPaced(run.requests);
  });

  it('keeps only photos the build can publish, named by what they are, whatever the Content-Type said', async () => {
    const jpeg = fake.photos.get('p0.jpg')!;
    // All three are sent as image/jpeg: a PNG, an error page, and a JPEG cut off after 200 bytes.
    fake.photos.set('p9.jpg', await sharp(jpeg).png().toBuffer());
    fake.photos.set('p10.jpg', Buffer.from('<html><body>Service unavailable</body></html>'));
    fake.photos.set('p11.jpg', jpeg.subarray(0, 200));
    fake.records = [
      ...fake.records,
      home('CAR108', {
        ModificationTimestamp: '2026-05-06T08:00:00.000Z',
        Media: [9, 10, 11].map((n) => media('CAR108', n)),
      }),
    ];
    const run = await sync({}, ['--full']);
    expect(run.code, run.out).toBe(0);
    expect(run.out).toContain(
      'CAR108: photo CAR108-M10 not saved: not a JPEG, PNG, WebP, AVIF or GIF picture (sent as image/jpeg)',
    );
    expect(run.out).toContain('CAR108: photo CAR108-M11 not saved: a JPG picture that cannot be decoded');
    const saved = snapshot().homes.find((h) => h.home['ListingKey'] === 'CAR108')!;
    expect(saved.home['Photos']).toEqual([
      { src: './photos/CAR108/CAR108-M9.png', alt: 'Photo 1 of 3 of 12 Sample Lane, Sampletown' },
    ]);
    expect(readdirSync(join(dir, 'photos', 'CAR108'))).toEqual(['CAR108-M9.png']);
  });

  it('refuses to start without its settings, naming them', async () => {
    const run = await sync({ RESO_API_URL: '', RESO_TOKEN: '', RESO_ORIGINATING_SYSTEM: '' });
    expect(run.code).toBe(1);
    expect(run.out).toContain('RESO_API_URL is missing');
    expect(run.out).toContain('RESO_ORIGINATING_SYSTEM is missing');
    expect(run.out).toContain('No credentials');
  });

  it('reads its command line first: --help shows the options, one it cannot read stops it (exit 1), and neither asks the MLS anything', async () => {
    const before = readFileSync(join(dir, 'snapshot.json'), 'utf8');
    const usage = 'Usage: npm run sync-listings -- [--full] [--allow-removals] [--help]';
    const help = await sync({}, ['--help']);
    expect(help.code, help.out).toBe(0);
    expect(help.out.split('\n')[0]).toBe(usage);
    expect(help.out).toMatch(/^ {2}--full {12}\S/m);
    expect(help.out).toMatch(/^ {2}--allow-removals {2}\S/m);
    expect(help.requests).toEqual([]);
    // Without its settings too: the help is what one reads to find them.
    const bare = await sync({ RESO_API_URL: '', RESO_TOKEN: '', RESO_ORIGINATING_SYSTEM: '' }, ['-h']);
    expect(bare.code, bare.out).toBe(0);
    expect(bare.out.split('\n')[0]).toBe(usage);

    const cases: [string[], string][] = [
      [['--fulll'], "Unknown option '--fulll'"],
      [['--bogus', 'x'], "Unknown option '--bogus'"],
      [['--full', 'x'], "Unexpected argument 'x'"],
    ];
    for (const [args, reason] of cases) {
      const run = await sync({}, args);
      expect(run.code, run.out).toBe(1);
      const [first, ...rest] = run.out.trimEnd().split('\n');
      expect(first).toContain(reason);
      expect(rest).toEqual([usage]);
      expect(run.requests).toEqual([]);
    }
    expect(readFileSync(join(dir, 'snapshot.json'), 'utf8')).toBe(before);
  });

  it('refuses a full run that would keep fewer than half the homes held (a feed answering none), and changes nothing', async () => {
    const before = readFileSync(join(dir, 'snapshot.json'), 'utf8');
    const held = snapshot().homes.length;
    expect(held).toBeGreaterThan(1);
    const records = fake.records;
    fake.records = [];
    try {
      const run = await sync({}, ['--full']);
      expect(run.code, run.out).toBe(1);
      expect(run.out).toContain(
        `Sync failed, the previous snapshot is unchanged: A full run found 0 of the ${held} homes held among the listings of ${OFFICE}: ` +
          `removing ${held} at once looks like a fault of the feed or of RESO_LIST_OFFICE_MLS_ID / RESO_LIST_AGENT_MLS_ID, so nothing was changed. ` +
          'If they really left, run again with --allow-removals.\n',
      );
      expect(api(run.requests).length).toBeGreaterThan(0);
    } finally {
      fake.records = records;
    }
    expect(readFileSync(join(dir, 'snapshot.json'), 'utf8')).toBe(before);
  });

  it('refuses a mistyped office id, whose full run finds none of the homes held, and changes nothing', async () => {
    const before = readFileSync(join(dir, 'snapshot.json'), 'utf8');
    const held = snapshot().homes.length;
    const run = await sync({ RESO_LIST_OFFICE_MLS_ID: 'CAR-OFF-77' });
    expect(run.code, run.out).toBe(1);
    expect(run.out).toContain('The server, originating system or owner filters changed: replicating everything again');
    expect(run.out).toContain(
      `A full run found 0 of the ${held} homes held among the listings of CAR-OFF-77: removing ${held} at once`,
    );
    expect(readFileSync(join(dir, 'snapshot.json'), 'utf8')).toBe(before);
  });

  it('takes every home off when told with --allow-removals that they really left', async () => {
    const records = fake.records;
    fake.records = [];
    try {
      const run = await sync({}, ['--full', '--allow-removals']);
      expect(run.code, run.out).toBe(0);
      expect(keys()).toEqual([]);
      expect(run.out).toMatch(/Wrote .*snapshot\.json \(full run\): 0 home\(s\)/);
    } finally {
      fake.records = records;
    }
  });
});
