/**
 * `.env.example` documents the server's settings: exactly the names of the zod schema the server
 * reads them with, plus the few variables other commands read (named here, each with its reader).
 */
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { siteUrl } from '#src/lib/build-time.ts';
import { envSchema, readEnv } from '#src/server/config.ts';
import { site } from '#src/site.config.ts';
import { readSyncSettings, syncEnvSchema } from '#src/server/sync-config.ts';

const notServer: Record<string, string> = {
  SITE_URL: 'the build',
  BUILD_TIME: 'the build',
  VIDEO_SNAPSHOT_DIR: 'npm run sync',
  YOUTUBE_TIMEOUT_MS: 'npm run sync',
  OEMBED_URL: 'npm run thumbnails',
  CHROMIUM_PATH: 'the browser tests and the audit',
  TEST_PORT: 'the browser tests',
  AUDIT_PORT: 'npm run audit',
  AUDIT_RUNS: 'npm run audit',
};

const documented = [
  ...readFileSync(new URL('../../.env.example', import.meta.url), 'utf8').matchAll(/^#?\s*([A-Z][A-Z0-9_]*)=/gm),
].map((m) => m[1]!);

describe('.env.example', () => {
  it('lists every setting of the server schema', () => {
    const missing = Object.keys(envSchema.shape).filter((name) => !documented.includes(name));
    expect(missing).toEqual([]);
  });

  it('lists every setting of the listings sync schema', () => {
    const missing = Object.keys(syncEnvSchema.shape).filter((name) => !documented.includes(name));
    expect(missing).toEqual([]);
  });

  it('lists nothing the server schema, the sync schema or another command does not read', () => {
    const unknown = documented.filter(
      (name) => !(name in envSchema.shape) && !(name in syncEnvSchema.shape) && !(name in notServer),
    );
    expect(unknown).toEqual([]);
  });

  it("is a valid environment as written (the example's values pass the schema)", () => {
    const values = Object.fromEntries(
      [
        ...readFileSync(new URL('../../.env.example', import.meta.url), 'utf8').matchAll(/^([A-Z][A-Z0-9_]*)=(.*)$/gm),
      ].map((m) => [m[1]!, m[2]!]),
    );
    expect(() => readEnv(values)).not.toThrow();
    expect(syncEnvSchema.safeParse(values).success).toBe(true);
  });

  it("sets no origin: a copied .env leaves the canonicals, sitemap and feeds to the site config's address", () => {
    const set = [
      ...readFileSync(new URL('../../.env.example', import.meta.url), 'utf8').matchAll(/^([A-Z][A-Z0-9_]*)=/gm),
    ].map((m) => m[1]);
    expect(set).not.toContain('SITE_URL');
    expect(siteUrl({})).toBe(site.baseUrl);
    expect(siteUrl({ SITE_URL: '' })).toBe(site.baseUrl);
    expect(siteUrl({ SITE_URL: ' ' })).toBe(site.baseUrl);
    expect(siteUrl({ SITE_URL: 'https://staging.example.com/' })).toBe('https://staging.example.com');
    expect(siteUrl({ SITE_URL: 'https://Staging.example.com:443' })).toBe('https://staging.example.com');
    expect(siteUrl({ SITE_URL: 'http://127.0.0.1:4499' })).toBe('http://127.0.0.1:4499');
    for (const wrong of ['staging.example.com', 'ftp://example.com', 'https://example.com/blog']) {
      expect(() => siteUrl({ SITE_URL: wrong })).toThrow(
        `SITE_URL must be an origin such as https://www.example.com, got "${wrong}"`,
      );
    }
  });

  it('names the variable that is wrong', () => {
    expect(() => readEnv({ PORT: 'eighty' })).toThrow('PORT must be a whole number, got "eighty"');
    expect(() => readEnv({ TRUST_PROXY: 'maybe' })).toThrow('TRUST_PROXY');
    expect(() => readSyncSettings({ RESO_API_URL: 'mlsgrid' })).toThrow('RESO_API_URL is not a URL: "mlsgrid"');
  });

  it('says what the listings sync is missing', () => {
    const base = { RESO_API_URL: 'https://api.mlsgrid.com/v2', RESO_ORIGINATING_SYSTEM: 'carolina' };
    expect(() => readSyncSettings({})).toThrow(
      /RESO_API_URL is missing[\s\S]*RESO_ORIGINATING_SYSTEM is missing[\s\S]*No credentials/,
    );
    expect(() => readSyncSettings({ ...base, RESO_CLIENT_ID: 'x' })).toThrow('need all three');
    expect(() => readSyncSettings({ ...base, RESO_ORIGINATING_SYSTEM: 'carolina,other' })).toThrow(
      'one originating system',
    );
    expect(readSyncSettings({ ...base, RESO_TOKEN: 't' })).toMatchObject({
      auth: { kind: 'bearer', token: 't' },
      snapshotDir: 'content/listings-mls',
    });
    expect(
      readSyncSettings({
        ...base,
        RESO_TOKEN_URL: 'https://id.example/token',
        RESO_CLIENT_ID: 'i',
        RESO_CLIENT_SECRET: 's',
      }).auth,
    ).toEqual({ kind: 'client-credentials', tokenUrl: 'https://id.example/token', clientId: 'i', clientSecret: 's' });
  });
});
