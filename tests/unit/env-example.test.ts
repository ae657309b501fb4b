/**
 * `.env.example` documents the server's settings: exactly the names of the zod schema the server
 * reads them with, plus the few variables other commands read (named here, each with its reader).
 */
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { envSchema, readEnv } from '#src/server/config.ts';

const notServer: Record<string, string> = {
  SITE_URL: 'the build',
  VIDEO_SNAPSHOT_DIR: 'npm run sync',
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

  it('lists nothing the server schema or another command does not read', () => {
    const unknown = documented.filter((name) => !(name in envSchema.shape) && !(name in notServer));
    expect(unknown).toEqual([]);
  });

  it("is a valid environment as written (the example's values pass the schema)", () => {
    const values = Object.fromEntries(
      [
        ...readFileSync(new URL('../../.env.example', import.meta.url), 'utf8').matchAll(/^([A-Z][A-Z0-9_]*)=(.*)$/gm),
      ].map((m) => [m[1]!, m[2]!]),
    );
    expect(() => readEnv(values)).not.toThrow();
  });

  it('names the variable that is wrong', () => {
    expect(() => readEnv({ PORT: 'eighty' })).toThrow('PORT must be a whole number, got "eighty"');
    expect(() => readEnv({ TRUST_PROXY: 'maybe' })).toThrow('TRUST_PROXY');
  });
});
