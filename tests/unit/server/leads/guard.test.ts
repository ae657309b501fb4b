/** The guards in front of the contact route: same origin, the client's address, the body limit. */
import type { IncomingMessage } from 'node:http';
import { describe, expect, it } from 'vitest';
import { clientAddress, isSameOrigin } from '#src/server/leads/guard.ts';

function fakeRequest(headers: Record<string, string>, remoteAddress = '127.0.0.1'): IncomingMessage {
  return { headers, socket: { remoteAddress } } as unknown as IncomingMessage;
}
const guard = { trustProxy: false, allowedOrigins: ['https://example.com'] };

describe('same-origin rule', () => {
  it.each([
    ['same Origin', { host: 'www.example.com', origin: 'https://www.example.com' }, true],
    [
      'same host over http (TLS ends at the proxy)',
      { host: 'www.example.com', origin: 'http://www.example.com' },
      true,
    ],
    ['an allowed extra origin', { host: 'www.example.com', origin: 'https://example.com' }, true],
    ['another site', { host: 'www.example.com', origin: 'https://evil.example.net' }, false],
    ['a look-alike host', { host: 'www.example.com', origin: 'https://www.example.com.evil.net' }, false],
    ['another port', { host: '127.0.0.1:4417', origin: 'http://127.0.0.1:4418' }, false],
    ['the opaque origin', { host: 'www.example.com', origin: 'null' }, false],
    ['no Origin, same-origin Referer', { host: 'www.example.com', referer: 'https://www.example.com/' }, true],
    ['no Origin, foreign Referer', { host: 'www.example.com', referer: 'https://evil.example.net/form' }, false],
    ['neither header (not a browser form post)', { host: 'www.example.com' }, true],
    ['Sec-Fetch-Site cross-site', { host: 'www.example.com', 'sec-fetch-site': 'cross-site' }, false],
    [
      'the host forwarded by the local proxy',
      { host: '127.0.0.1:4321', 'x-forwarded-host': 'www.example.com', origin: 'https://www.example.com' },
      true,
    ],
  ])('%s', (_what, headers, expected) => expect(isSameOrigin(fakeRequest(headers), guard)).toBe(expected));

  it('ignores forwarded headers from a peer that is not a local proxy', () => {
    const req = fakeRequest(
      { host: '198.51.100.9', 'x-forwarded-host': 'www.example.com', origin: 'https://www.example.com' },
      '198.51.100.20',
    );
    expect(isSameOrigin(req, guard)).toBe(false);
    expect(isSameOrigin(req, { ...guard, trustProxy: true })).toBe(true);
  });
});

describe('client address', () => {
  it('takes the entry the local proxy appended, not what the client claimed', () => {
    expect(clientAddress(fakeRequest({ 'x-forwarded-for': '10.0.0.1, 203.0.113.7' }), guard)).toBe('203.0.113.7');
    expect(clientAddress(fakeRequest({}, '::ffff:127.0.0.1'), guard)).toBe('127.0.0.1');
    expect(clientAddress(fakeRequest({ 'x-forwarded-for': '10.0.0.1' }, '198.51.100.20'), guard)).toBe('198.51.100.20');
  });

  it('behind a CDN and a load balancer (PROXY_HOPS=2) takes the entry the CDN appended, one per visitor', () => {
    const behindCdn = { ...guard, proxyHops: 2 };
    // The client's claim, the visitor (appended by the CDN), the CDN's edge (appended by the load balancer).
    const through = (visitor: string) =>
      fakeRequest({ 'x-forwarded-for': `10.9.9.9, ${visitor}, 192.0.2.50` }, '127.0.0.1');
    expect(clientAddress(through('203.0.113.7'), behindCdn)).toBe('203.0.113.7');
    expect(clientAddress(through('198.51.100.4'), behindCdn)).toBe('198.51.100.4');
    // With one proxy assumed, every visitor of that edge would share its address.
    expect(clientAddress(through('203.0.113.7'), guard)).toBe('192.0.2.50');
    // Fewer entries than hops (a request that skipped the CDN): the furthest one there is.
    expect(clientAddress(fakeRequest({ 'x-forwarded-for': '203.0.113.9' }), behindCdn)).toBe('203.0.113.9');
  });
});
