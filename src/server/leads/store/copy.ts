/**
 * Moving to PostgreSQL: every lead of a SQLite lead database (spam included), with its deliveries
 * as they stand, and the records of deletions, copied into a PostgreSQL lead store. Each lead
 * keeps its id, and each copied row remembers where it came from (`origin`), so running the copy
 * again adds only what is new.
 */
import type { CopyCount, PostgresLeadStore } from './postgres.ts';
import { openSyncLeadStore } from './sqlite.ts';
import type { LeadWithDeliveries } from './types.ts';

/** A SQLite lead's name in PostgreSQL: its time and id, together unique within one file and across files. */
export const sqliteOrigin = (lead: Pick<LeadWithDeliveries, 'id' | 'receivedAt'>) =>
  `sqlite:${lead.receivedAt}#${lead.id}`;

export async function copySqliteToPostgres(
  sqlitePath: string,
  target: PostgresLeadStore,
): Promise<{ leads: CopyCount; deletions: CopyCount }> {
  const source = openSyncLeadStore(sqlitePath, { readOnly: true });
  try {
    // Oldest first; each keeps its id (importLeads).
    const leads = source.listLeads({ includeSpam: true }).reverse();
    const hasTable = (name: string) =>
      source.db.prepare("SELECT 1 FROM sqlite_master WHERE type = 'table' AND name = ?").get(name) !== undefined;
    // The highest id SQLite ever gave (AUTOINCREMENT keeps it after the lead is deleted): new
    // leads in PostgreSQL are numbered past it, as a deleted lead's number was e-mailed too.
    const highestId = hasTable('sqlite_sequence')
      ? Number(source.db.prepare("SELECT seq FROM sqlite_sequence WHERE name = 'leads'").get()?.['seq'] ?? 0)
      : 0;
    const hasDeletions = hasTable('deletions');
    const deletions = hasDeletions
      ? source.db
          .prepare('SELECT id, deleted_at, leads, deliveries FROM deletions ORDER BY id')
          .all()
          .map((row) => ({
            deletedAt: String(row['deleted_at']),
            leads: Number(row['leads']),
            deliveries: Number(row['deliveries']),
            origin: `sqlite-deletion:${String(row['deleted_at'])}#${String(row['id'])}`,
          }))
      : [];
    return {
      leads: await target.importLeads(leads, sqliteOrigin, { highestId }),
      deletions: await target.importDeletions(deletions),
    };
  } finally {
    source.close();
  }
}
