/** The server's settings, read once from the environment. */
import { describe, expect, it } from 'vitest';
import { readEnv, readLeadsConfig } from '#src/server/config.ts';

describe('settings', () => {
  it('defaults to data/leads.db, port 587 and the agent as recipient', () => {
    const config = readLeadsConfig({});
    expect(config).toMatchObject({
      dbPath: 'data/leads.db',
      smtp: undefined,
      to: 'jordan@example.com',
      webhook: undefined,
      databaseUrl: undefined,
      leaseMs: 150_000,
    });
    const smtp = readLeadsConfig({ SMTP_HOST: 'smtp.example.com', SMTP_PORT: '465', SMTP_USER: 'u', SMTP_PASS: 'p' });
    expect(smtp.smtp).toEqual({ host: 'smtp.example.com', port: 465, secure: true, user: 'u', pass: 'p' });
  });
  it('says which setting is wrong', () => {
    expect(() => readLeadsConfig({ SMTP_PORT: 'abc' })).toThrow('SMTP_PORT must be a whole number');
    // Passed, then stopped the server with a stack trace as it listened.
    expect(() => readEnv({ PORT: '70000' })).toThrow('PORT must be a port from 0 to 65535');
    expect(() => readLeadsConfig({ SMTP_PORT: '65536' })).toThrow('SMTP_PORT must be a port from 0 to 65535');
    expect(readEnv({ PORT: '65535' }).PORT).toBe(65_535);
    expect(() => readLeadsConfig({ PROXY_HOPS: '0' })).toThrow(
      'PROXY_HOPS must be 1 or more; without a proxy in front, leave TRUST_PROXY off instead',
    );
    expect(() => readLeadsConfig({ CRM_WEBHOOK_URL: 'not a url' })).toThrow('CRM_WEBHOOK_URL is not a URL');
    expect(() => readLeadsConfig({ LEADS_RETRY_MAX_MS: '0' })).toThrow(
      'LEADS_RETRY_MAX_MS must be at least LEADS_RETRY_BASE_MS (the longest delay between tries, the first)',
    );
    expect(readLeadsConfig({ LEADS_RETRY_BASE_MS: '200', LEADS_RETRY_MAX_MS: '200' }).retryMaxMs).toBe(200);
    // 0 tried a failing send again at once, for ever: the server answered nothing.
    expect(() => readLeadsConfig({ LEADS_RETRY_BASE_MS: '0', LEADS_RETRY_MAX_MS: '0' })).toThrow(
      'LEADS_RETRY_BASE_MS must be 100 (milliseconds) or more',
    );
    expect(() => readLeadsConfig({ LEADS_POLL_MS: '99' })).toThrow('LEADS_POLL_MS must be 100 (milliseconds) or more');
  });
  it('takes a postgres:// DATABASE_URL, and names a wrong one without its password', () => {
    expect(readLeadsConfig({ DATABASE_URL: 'postgres://leads:pw@db.example.com:5432/leads' }).databaseUrl).toBe(
      'postgres://leads:pw@db.example.com:5432/leads',
    );
    expect(readLeadsConfig({ DATABASE_URL: 'postgresql://db/leads' }).databaseUrl).toBe('postgresql://db/leads');
    expect(() => readLeadsConfig({ DATABASE_URL: 'mysql://leads:hunter2@db/leads' })).toThrow(
      'DATABASE_URL must be a postgres:// URL, got "mysql://leads:***@db/leads"',
    );
  });
});
