/**
 * The lead store the settings name: PostgreSQL when DATABASE_URL is set, else the SQLite file
 * LEADS_DB. The server and `npm run leads` open their store here and never ask which it is.
 */
import type { LeadsConfig } from '../../config.ts';
import { openPostgresLeadStore } from './postgres.ts';
import { openLeadStore } from './sqlite.ts';
import type { LeadStore } from './types.ts';

export interface OpenedStore {
  store: LeadStore;
  /** Where the leads are, for people: the SQLite file, or the database without its password. */
  where: string;
}

export function describeDatabaseUrl(url: string): string {
  const parsed = new URL(url);
  return `PostgreSQL at ${parsed.hostname}${parsed.port ? `:${parsed.port}` : ''}${parsed.pathname}`;
}

export function openConfiguredStore(
  config: Pick<LeadsConfig, 'dbPath' | 'databaseUrl' | 'leaseMs'>,
  options: { readOnly?: boolean; log?: (message: string) => void } = {},
): OpenedStore {
  if (config.databaseUrl) {
    return {
      store: openPostgresLeadStore(config.databaseUrl, {
        leaseMs: config.leaseMs,
        migrate: !options.readOnly,
        ...(options.log ? { log: options.log } : {}),
      }),
      where: describeDatabaseUrl(config.databaseUrl),
    };
  }
  return { store: openLeadStore(config.dbPath, { readOnly: options.readOnly ?? false }), where: config.dbPath };
}
