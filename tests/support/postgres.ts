/**
 * A throwaway PostgreSQL server for tests and the benchmark: Debian's `postgresql` package
 * (initdb and pg_ctl under /usr/lib/postgresql/<version>/bin, or PG_BIN), a fresh cluster in a
 * temporary folder, listening on a free port on 127.0.0.1 only. PostgreSQL refuses to run as
 * root, so under root (CI) it runs as the `postgres` user the package creates. No mocks: the
 * store under test talks to a real server, which a test may stop and start again.
 */
import { execFile, execFileSync } from 'node:child_process';
import { chownSync, globSync, mkdtempSync, rmSync } from 'node:fs';
import { createServer, type AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';

const run = promisify(execFile);

/** The newest installed PostgreSQL's programs. */
export function postgresBin(): string {
  if (process.env['PG_BIN']) return process.env['PG_BIN'];
  const found = globSync('/usr/lib/postgresql/*/bin/initdb')
    .map((path) => ({ path, version: Number(/postgresql\/(\d+)/.exec(path)?.[1] ?? 0) }))
    .sort((a, b) => b.version - a.version)[0];
  if (!found) {
    throw new Error(
      "PostgreSQL is not installed: these tests need Debian's `postgresql` package (apt-get install postgresql; .ci/run installs it).",
    );
  }
  return join(found.path, '..');
}

const asRoot = process.getuid?.() === 0;

/** argv for a PostgreSQL program, run as `postgres` when this process is root. */
function command(program: string, args: string[]): [string, string[]] {
  const path = join(postgresBin(), program);
  return asRoot ? ['runuser', ['-u', 'postgres', '--', path, ...args]] : [path, args];
}

async function freePort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  await new Promise((resolve) => server.close(resolve));
  return port;
}

export interface PostgresServer {
  port: number;
  /** The `postgres` database as its superuser (trust authentication on 127.0.0.1). */
  url: string;
  /** A new empty database on this server; its URL. */
  createDatabase: (name: string) => Promise<string>;
  /** Stops the server (fast shutdown: open connections are cut), keeping its data. */
  stop: () => Promise<void>;
  /** Starts it again on the same port with the same data. */
  start: () => Promise<void>;
  /** Stops it and deletes its folder. */
  destroy: () => Promise<void>;
}

export interface PostgresOptions {
  /**
   * Flush every commit to disk, as a production server does (the benchmark). Tests turn it off:
   * they never pull the power, and a stopped server keeps every commit either way.
   */
  durable?: boolean;
  /** Most connections (every pool of every instance counts). */
  maxConnections?: number;
}

export async function startPostgres(options: PostgresOptions = {}): Promise<PostgresServer> {
  const dir = mkdtempSync(join(tmpdir(), 'leads-pg-'));
  const data = join(dir, 'data');
  if (asRoot) {
    const uid = Number(execFileSync('id', ['-u', 'postgres'], { encoding: 'utf8' }).trim());
    const gid = Number(execFileSync('id', ['-g', 'postgres'], { encoding: 'utf8' }).trim());
    chownSync(dir, uid, gid);
  }
  await run(
    ...command('initdb', ['-D', data, '-U', 'postgres', '--auth=trust', '-E', 'UTF8', '--locale=C', '--no-sync']),
  );
  const port = await freePort();
  const settings = [
    `-p ${port}`,
    `-k ${dir}`,
    '-c listen_addresses=127.0.0.1',
    `-c max_connections=${options.maxConnections ?? 100}`,
    ...(options.durable ? [] : ['-c fsync=off', '-c synchronous_commit=off', '-c full_page_writes=off']),
  ].join(' ');
  const pgCtl = (args: string[]) => run(...command('pg_ctl', ['-D', data, '-w', '-t', '30', ...args]));
  let running = false;
  const start = async () => {
    await pgCtl(['-l', join(dir, 'server.log'), '-o', settings, 'start']);
    running = true;
  };
  const stop = async () => {
    if (!running) return;
    running = false;
    await pgCtl(['-m', 'fast', 'stop']);
  };
  // A test run that dies before its clean-up must not leave a server behind.
  const onExit = () => {
    if (!running) return;
    try {
      execFileSync(...command('pg_ctl', ['-D', data, '-m', 'immediate', 'stop']), { stdio: 'ignore' });
    } catch {
      // Already gone.
    }
  };
  process.once('exit', onExit);
  await start();
  const url = `postgres://postgres@127.0.0.1:${port}/postgres`;
  return {
    port,
    url,
    createDatabase: async (name) => {
      if (!/^[a-z_][a-z0-9_]*$/.test(name)) throw new Error(`Not a plain database name: ${name}`);
      await run(
        ...command('psql', ['-h', '127.0.0.1', '-p', String(port), '-U', 'postgres', '-qc', `CREATE DATABASE ${name}`]),
      );
      return `postgres://postgres@127.0.0.1:${port}/${name}`;
    },
    stop,
    start,
    destroy: async () => {
      await stop();
      process.off('exit', onExit);
      rmSync(dir, { recursive: true, force: true });
    },
  };
}
