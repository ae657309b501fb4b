import { describe, expect, it } from 'vitest';
import {
  currentKeysUrls,
  nextPageUrl,
  odataString,
  openHouseUrl,
  owners,
  replicationFilter,
  replicationUrls,
} from '#src/lib/reso/query.ts';

describe('the open houses’ query', () => {
  it('asks for the MLS’s open houses without an owner or $expand, in pages of up to 5000', () => {
    const first = new URL(openHouseUrl({ apiUrl: 'https://api.example/v2/', originatingSystem: 'carolina' }));
    expect(first.pathname).toBe('/v2/OpenHouse');
    expect(first.searchParams.get('$filter')).toBe("OriginatingSystemName eq 'carolina' and MlgCanView eq true");
    expect(first.searchParams.get('$expand')).toBeNull();
    expect(first.searchParams.get('$top')).toBe('5000');
    expect(first.search).toContain('%20eq%20');
    const next = new URL(
      openHouseUrl({
        apiUrl: 'https://api.example/v2',
        originatingSystem: 'carolina',
        watermark: '2026-05-03T09:00:00.000Z',
        top: 9000,
      }),
    );
    expect(next.searchParams.get('$filter')).toBe(
      "OriginatingSystemName eq 'carolina' and ModificationTimestamp gt 2026-05-03T09:00:00.000Z",
    );
    expect(next.searchParams.get('$top')).toBe('5000');
  });
});

describe('the current listing keys’ query', () => {
  it('asks each owner stream for its live keys only, with no watermark; none without an owner filter', () => {
    const urls = currentKeysUrls({
      apiUrl: 'https://api.example/v2',
      originatingSystem: 'carolina',
      listOfficeMlsId: 'OFF1',
      listAgentMlsId: 'AG1',
      watermark: '2026-05-03T09:00:00.000Z',
    }).map((url) => new URL(url));
    expect(urls.map((u) => u.searchParams.get('$filter'))).toEqual([
      "OriginatingSystemName eq 'carolina' and ListOfficeMlsId eq 'OFF1' and MlgCanView eq true",
      "OriginatingSystemName eq 'carolina' and ListAgentMlsId eq 'AG1' and MlgCanView eq true",
    ]);
    expect(
      urls.map((u) => [u.searchParams.get('$select'), u.searchParams.get('$expand'), u.searchParams.get('$top')]),
    ).toEqual([
      ['ListingKey', null, '5000'],
      ['ListingKey', null, '5000'],
    ]);
    expect(currentKeysUrls({ apiUrl: 'https://api.example/v2', originatingSystem: 'carolina' })).toEqual([]);
  });
});

describe('the replication query', () => {
  it('names one originating system and asks for live records only on a first run', () => {
    expect(replicationFilter({ originatingSystem: 'carolina' })).toBe(
      "OriginatingSystemName eq 'carolina' and MlgCanView eq true",
    );
  });

  it('adds the owner filter, and from the second run the watermark instead of MlgCanView', () => {
    expect(
      replicationFilter({
        originatingSystem: 'carolina',
        owner: { field: 'ListAgentMlsId', id: "O'Neil" },
        watermark: '2026-05-02T10:00:00.12Z',
      }),
    ).toBe(
      "OriginatingSystemName eq 'carolina' and ListAgentMlsId eq 'O''Neil' and ModificationTimestamp gt 2026-05-02T10:00:00.12Z",
    );
  });

  it('asks for the firm’s listings or the agent’s: one request stream each when both are set', () => {
    expect(owners({})).toEqual([undefined]);
    expect(owners({ listOfficeMlsId: 'OFF1' })).toEqual([{ field: 'ListOfficeMlsId', id: 'OFF1' }]);
    expect(owners({ listAgentMlsId: 'AG7' })).toEqual([{ field: 'ListAgentMlsId', id: 'AG7' }]);
    const urls = replicationUrls({
      apiUrl: 'https://api.mlsgrid.com/v2',
      originatingSystem: 'carolina',
      listOfficeMlsId: 'OFF1',
      listAgentMlsId: 'AG7',
      watermark: '2026-05-02T10:00:00Z',
    });
    expect(urls.map((u) => new URL(u).searchParams.get('$filter'))).toEqual([
      "OriginatingSystemName eq 'carolina' and ListOfficeMlsId eq 'OFF1' and ModificationTimestamp gt 2026-05-02T10:00:00Z",
      "OriginatingSystemName eq 'carolina' and ListAgentMlsId eq 'AG7' and ModificationTimestamp gt 2026-05-02T10:00:00Z",
    ]);
  });

  it('asks each owner stream from its own watermark when given, and one without one for every listing it shows', () => {
    const urls = replicationUrls({
      apiUrl: 'https://api.mlsgrid.com/v2',
      originatingSystem: 'carolina',
      listOfficeMlsId: 'OFF1',
      listAgentMlsId: 'AG7',
      watermarks: { ListOfficeMlsId: '2026-05-02T10:00:00Z' },
    });
    expect(urls.map((u) => new URL(u).searchParams.get('$filter'))).toEqual([
      "OriginatingSystemName eq 'carolina' and ListOfficeMlsId eq 'OFF1' and ModificationTimestamp gt 2026-05-02T10:00:00Z",
      "OriginatingSystemName eq 'carolina' and ListAgentMlsId eq 'AG7' and MlgCanView eq true",
    ]);
  });

  it('refuses more than one originating system and a watermark that is not a timestamp', () => {
    expect(() => replicationFilter({ originatingSystem: 'carolina,actris' })).toThrow('exactly one');
    expect(() => replicationFilter({ originatingSystem: ' ' })).toThrow('exactly one');
    expect(() => replicationFilter({ originatingSystem: 'a', watermark: "2026' or 1 eq 1" })).toThrow(
      'not an ISO 8601',
    );
  });

  it('quotes OData strings by doubling the quote', () => {
    expect(odataString("it's")).toBe("'it''s'");
  });

  it('writes the first page address with %20 for spaces, Media expanded and at most 1000 a page', () => {
    expect(
      replicationUrls({ apiUrl: 'https://api.mlsgrid.com/v2/', originatingSystem: 'carolina', top: 5000 }),
    ).toEqual([
      'https://api.mlsgrid.com/v2/Property?$filter=OriginatingSystemName%20eq%20%27carolina%27%20and%20MlgCanView%20eq%20true&$expand=Media&$top=1000',
    ]);
  });

  it('takes @odata.nextLink exactly as given, resolves a relative one, and stops without one', () => {
    const link = 'https://api.mlsgrid.com/v2/Property?$filter=X%20eq%20%27a%27&$skiptoken=ab%2Bc%3D%3D';
    expect(nextPageUrl({ value: [], '@odata.nextLink': link }, 'https://api.mlsgrid.com/v2/Property')).toBe(link);
    expect(nextPageUrl({ '@odata.nextLink': 'Property?$skip=2' }, 'https://h.example/v2/Property?x')).toBe(
      'https://h.example/v2/Property?$skip=2',
    );
    expect(nextPageUrl({ value: [] }, 'https://h.example/')).toBeUndefined();
    expect(() => nextPageUrl({ '@odata.nextLink': 3 }, 'https://h.example/')).toThrow('not a string');
  });

  it('refuses an @odata.nextLink to another origin, which the access token would go to, or to no address', () => {
    const current = 'https://api.mlsgrid.com/v2/Property?$top=2';
    const next = (link: string) => () => nextPageUrl({ '@odata.nextLink': link }, current);
    const refused = (origin: string) =>
      `@odata.nextLink leads to ${origin}, not to the API's own https://api.mlsgrid.com: not followed`;
    expect(next('https://evil.example/v2/Property?$skiptoken=x')).toThrow(refused('https://evil.example'));
    expect(next('https://api.mlsgrid.com:8443/v2/Property')).toThrow(refused('https://api.mlsgrid.com:8443'));
    expect(next('http://api.mlsgrid.com/v2/Property')).toThrow(refused('http://api.mlsgrid.com'));
    // Protocol-relative: resolved against the page, so another host all the same.
    expect(next('//evil.example/v2/Property')).toThrow(refused('https://evil.example'));
    expect(next('https://')).toThrow('@odata.nextLink is not an address (https://)');
    // The scheme and host in another letter case are the same origin.
    expect(next('HTTPS://API.mlsgrid.com/v2/Property?$skiptoken=y')()).toBe(
      'HTTPS://API.mlsgrid.com/v2/Property?$skiptoken=y',
    );
  });
});
