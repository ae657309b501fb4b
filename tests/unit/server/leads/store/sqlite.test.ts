/** The SQLite lead store: its file, journal and sync modes. */
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { openLeadStore } from '#src/server/leads/store/sqlite.ts';
import { useTempStore } from '../fixtures.ts';

const t = useTempStore();

describe('lead store', () => {
  it('creates its file in WAL mode with full sync, so readers never block the server', () => {
    expect(t.store.db.prepare('PRAGMA journal_mode').get()).toEqual({ journal_mode: 'wal' });
    expect(t.store.db.prepare('PRAGMA synchronous').get()).toEqual({ synchronous: 2 });
    // WAL is a property of the file: any later connection, even read-only, finds it.
    const reader = openLeadStore(join(t.dir, 'leads.db'), { readOnly: true });
    try {
      expect(reader.db.prepare('PRAGMA journal_mode').get()).toEqual({ journal_mode: 'wal' });
    } finally {
      reader.close();
    }
  });
});
