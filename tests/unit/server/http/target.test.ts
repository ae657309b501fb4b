/**
 * Reading what a request asks for without ever throwing, and redirects that stay on the site.
 */
import { describe, expect, it } from 'vitest';
import { decodePath, isValidHost, parseTarget } from '#src/server/http/target.ts';

describe('parseTarget', () => {
  it('reads origin-form, keeping the path encoded', () => {
    expect(parseTarget('/city/cary?x=1')).toEqual({ kind: 'path', pathname: '/city/cary', search: '?x=1' });
    expect(parseTarget('/%E6%97%A5/')).toEqual({ kind: 'path', pathname: '/%E6%97%A5/', search: '' });
  });

  it('reads absolute-form and ignores its host', () => {
    expect(parseTarget('http://evil.com/about/')).toEqual({ kind: 'path', pathname: '/about/', search: '' });
    expect(parseTarget('https://a@b')).toEqual({ kind: 'path', pathname: '/', search: '' });
  });

  it('keeps a lone percent sign in the query, which links and typed addresses carry', () => {
    expect(parseTarget('/about?utm_content=20%off')).toEqual({
      kind: 'path',
      pathname: '/about',
      search: '?utm_content=20%off',
    });
    expect(parseTarget('/search?q=100%').kind).toBe('path');
  });

  it('keeps a path with a bad percent sequence, which decodes to no page (404, not 400)', () => {
    expect(parseTarget('/100%')).toEqual({ kind: 'path', pathname: '/100%', search: '' });
    expect(parseTarget('/city/%zz?x=1')).toEqual({ kind: 'path', pathname: '/city/%zz', search: '?x=1' });
  });

  it('knows asterisk-form', () => {
    expect(parseTarget('*')).toEqual({ kind: 'asterisk' });
  });

  it.each([
    ['', 'empty'],
    ['javascript:alert(1)', 'another scheme'],
    ['/a\\b', 'a raw backslash'],
    ['/a b', 'a space'],
    ['/a\u0000', 'a NUL'],
    ['/日本', 'raw non-ASCII'],
    ['/a#b', 'a fragment'],
  ])('refuses %j (%s)', (target) => {
    expect(parseTarget(target).kind).toBe('invalid');
  });
});

describe('decodePath', () => {
  it('decodes UTF-8 and refuses what names no file', () => {
    expect(decodePath('/%E6%97%A5')).toBe('/日');
    expect(decodePath('/%E6%97')).toBeUndefined();
    expect(decodePath('/100%')).toBeUndefined();
    expect(decodePath('/%zz')).toBeUndefined();
    expect(decodePath('/%0A')).toBeUndefined();
    expect(decodePath('/%00')).toBeUndefined();
    expect(decodePath('/%5cevil.com')).toBeUndefined();
  });

  it('refuses dot segments, which browsers resolve before they send, however written', () => {
    for (const path of ['/x/../contact', '/./contact', '/city/%2e%2e/contact', '/city/.%2E', '/..'])
      expect(decodePath(path), path).toBeUndefined();
    expect(decodePath('/.well-known/security.txt')).toBe('/.well-known/security.txt');
    expect(decodePath('/blog/a..b')).toBe('/blog/a..b');
  });
});

describe('isValidHost', () => {
  it.each([
    'example.com',
    'www.example.com:443',
    '127.0.0.1:65535',
    '[::1]:8080',
    'localhost',
    'example.com.',
    '[2001:db8::1]',
    '10.0.0.1',
  ])('accepts %s', (host) => expect(isValidHost(host)).toBe(true));
  it.each([
    '',
    'a@b',
    'user:pw@example.com',
    'evil.com/x',
    '[::1',
    'a b',
    'évil.com',
    'host:port',
    '-a.com',
    // No such port: the URL built from it cannot be read.
    'example.com:99999',
    // Nor such an address, though the letters are allowed: the 404 page answered a posted lead.
    '999.999.999.999',
    '1.2.3.4.5',
    '[.]',
    '[::::]',
    '[1.2.3.4]',
    undefined,
  ])('refuses %j', (host) => expect(isValidHost(host)).toBe(false));

  it('takes one Host header as Node lists them (headersDistinct), and refuses two (RFC 9112 §3.2)', () => {
    expect(isValidHost(['www.example.com'])).toBe(true);
    expect(isValidHost(['www.example.com', 'evil.example.net'])).toBe(false);
    expect(isValidHost([])).toBe(false);
  });
});
