/**
 * The settings of `npm run sync-listings` (and the build's LISTINGS_SNAPSHOT_DIR), read from the
 * environment through one zod schema, beside the server's own (config.ts) and written with its
 * helpers: `.env.example` documents exactly these names too (tests/unit/env-example.test.ts).
 * The server never reads them; the MLS token stays with the sync and never reaches dist/.
 */
import { z } from 'zod';
import type { ResoAuth } from '../lib/reso/http.ts';
import { optional, text, url } from './config.ts';

export const DEFAULT_LISTINGS_SNAPSHOT_DIR = 'content/listings-mls';

export const syncEnvSchema = z.object({
  RESO_API_URL: url('RESO_API_URL'),
  RESO_TOKEN: text,
  RESO_TOKEN_URL: url('RESO_TOKEN_URL'),
  RESO_CLIENT_ID: text,
  RESO_CLIENT_SECRET: text,
  RESO_ORIGINATING_SYSTEM: optional(
    z
      .string()
      .trim()
      .regex(/^[A-Za-z0-9_-]+$/, 'RESO_ORIGINATING_SYSTEM must be one originating system name, e.g. "carolina"'),
  ),
  RESO_LIST_OFFICE_MLS_ID: text,
  RESO_LIST_AGENT_MLS_ID: text,
  LISTINGS_SNAPSHOT_DIR: text.transform((value) => value ?? DEFAULT_LISTINGS_SNAPSHOT_DIR),
});

export type SyncEnv = z.infer<typeof syncEnvSchema>;

export interface SyncSettings {
  apiUrl: string;
  auth: ResoAuth;
  originatingSystem: string;
  listOfficeMlsId: string | undefined;
  listAgentMlsId: string | undefined;
  /** As written (relative to the project folder unless absolute). */
  snapshotDir: string;
}

function fail(issues: z.core.$ZodIssue[]): never {
  throw new Error(
    issues
      .map((i) =>
        i.code === 'custom' || i.code === 'invalid_format' ? i.message : `${i.path.join('.')}: ${i.message}`,
      )
      .join('\n'),
  );
}

/** Only the snapshot folder (the build's one setting here). */
export function readSnapshotDir(env: Record<string, string | undefined> = process.env): string {
  const result = syncEnvSchema.pick({ LISTINGS_SNAPSHOT_DIR: true }).safeParse(env);
  if (!result.success) fail(result.error.issues);
  return result.data.LISTINGS_SNAPSHOT_DIR;
}

/** Everything a sync run needs; throws one message naming every variable missing or wrong. */
export function readSyncSettings(env: Record<string, string | undefined> = process.env): SyncSettings {
  const result = syncEnvSchema.safeParse(env);
  if (!result.success) fail(result.error.issues);
  const e = result.data;
  const problems: string[] = [];
  if (!e.RESO_API_URL) problems.push('RESO_API_URL is missing: the service root, e.g. https://api.mlsgrid.com/v2');
  if (!e.RESO_ORIGINATING_SYSTEM) {
    problems.push('RESO_ORIGINATING_SYSTEM is missing: the MLS\'s OriginatingSystemName, e.g. "carolina"');
  }
  const credentials = [e.RESO_TOKEN_URL, e.RESO_CLIENT_ID, e.RESO_CLIENT_SECRET];
  if (!e.RESO_TOKEN && !credentials.every(Boolean)) {
    problems.push(
      credentials.some(Boolean)
        ? 'OAuth2 client credentials need all three of RESO_TOKEN_URL, RESO_CLIENT_ID and RESO_CLIENT_SECRET'
        : 'No credentials: set RESO_TOKEN (a bearer token), or RESO_TOKEN_URL, RESO_CLIENT_ID and RESO_CLIENT_SECRET',
    );
  }
  if (problems.length) throw new Error(problems.join('\n'));
  return {
    apiUrl: e.RESO_API_URL!,
    auth: e.RESO_TOKEN
      ? { kind: 'bearer', token: e.RESO_TOKEN }
      : {
          kind: 'client-credentials',
          tokenUrl: e.RESO_TOKEN_URL!,
          clientId: e.RESO_CLIENT_ID!,
          clientSecret: e.RESO_CLIENT_SECRET!,
        },
    originatingSystem: e.RESO_ORIGINATING_SYSTEM!,
    listOfficeMlsId: e.RESO_LIST_OFFICE_MLS_ID,
    listAgentMlsId: e.RESO_LIST_AGENT_MLS_ID,
    snapshotDir: e.LISTINGS_SNAPSHOT_DIR,
  };
}
