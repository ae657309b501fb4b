/** The server's settings, read once from the environment. */
import { describe, expect, it } from 'vitest';
import { readLeadsConfig } from '#src/server/config.ts';

describe('settings', () => {
  it('defaults to data/leads.db, port 587 and the agent as recipient', () => {
    const config = readLeadsConfig({});
    expect(config).toMatchObject({
      dbPath: 'data/leads.db',
      smtp: undefined,
      to: 'jordan@example.com',
      webhook: undefined,
    });
    const smtp = readLeadsConfig({ SMTP_HOST: 'smtp.example.com', SMTP_PORT: '465', SMTP_USER: 'u', SMTP_PASS: 'p' });
    expect(smtp.smtp).toEqual({ host: 'smtp.example.com', port: 465, secure: true, user: 'u', pass: 'p' });
  });
  it('says which setting is wrong', () => {
    expect(() => readLeadsConfig({ SMTP_PORT: 'abc' })).toThrow('SMTP_PORT must be a whole number');
    expect(() => readLeadsConfig({ CRM_WEBHOOK_URL: 'not a url' })).toThrow('CRM_WEBHOOK_URL is not a URL');
  });
});
