/**
 * `npm run leads:to-postgres` (scripts/leads-to-postgres.ts) on a setting or a file it cannot use:
 * one line naming it, exit 1, no stack trace, and PostgreSQL (a listener here that only counts
 * connections) never asked anything. A file that is no lead database used to be reported as a copy
 * that stopped, with the advice to run it again, which would fail the same way.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { createServer, type Server } from 'node:net';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runScript, unusableDatabases } from '../support/run-script.ts';

let dir: string;
let listener: Server;
let connections = 0;
let databaseUrl: string;

beforeAll(async () => {
  dir = mkdtempSync(join(tmpdir(), 'cli-leads-to-postgres-'));
  listener = createServer((socket) => {
    connections++;
    socket.destroy();
  });
  await new Promise<void>((resolve) => listener.listen(0, '127.0.0.1', resolve));
  databaseUrl = `postgres://leads:secret@127.0.0.1:${(listener.address() as AddressInfo).port}/leads`;
});

afterAll(async () => {
  await new Promise((resolve) => listener.close(resolve));
  rmSync(dir, { recursive: true, force: true });
});

/** Runs the script without blocking this process, whose fake server must stay able to answer. */
const copy = (env: Record<string, string>, ...args: string[]) => runScript('leads-to-postgres.ts', env, args);

describe('npm run leads:to-postgres, on what it cannot use', () => {
  it('names a DATABASE_URL that is not PostgreSQL’s in one line (exit 1), never a stack trace', async () => {
    const run = await copy({ DATABASE_URL: 'mysql://x' });
    expect(run.status).toBe(1);
    expect(run.stdout).toBe('');
    expect(run.stderr).toBe(
      'npm run leads:to-postgres cannot start: DATABASE_URL must be a postgres:// URL, got "mysql://x"\n',
    );
  });

  it('says a file of random bytes, an empty file or a folder is no lead database, copies nothing and asks PostgreSQL nothing', async () => {
    const { corrupt, empty, folder } = unusableDatabases(dir);
    const cases: [string, string][] = [
      [corrupt, `${corrupt} is not a lead database (file is not a database): nothing was copied.`],
      [empty, `${empty} is not a lead database (no such table: outbox): nothing was copied.`],
      [folder, `${folder} is a folder, not a SQLite lead database.`],
    ];
    for (const [file, line] of cases) {
      const run = await copy({ DATABASE_URL: databaseUrl }, file);
      expect(run.status, file).toBe(1);
      expect(run.stdout).toBe('');
      expect(run.stderr).toBe(`${line}\n`);
    }
    // The same through LEADS_DB, the file it copies by default.
    const byDefault = await copy({ DATABASE_URL: databaseUrl, LEADS_DB: corrupt });
    expect(byDefault.stderr).toBe(`${corrupt} is not a lead database (file is not a database): nothing was copied.\n`);
    expect(connections).toBe(0);
  });
});
