/**
 * How many leads a second the contact route accepts durably, and how fast it answers, on this
 * machine: the production server (src/server/main.ts on the built site) on SQLite with one
 * instance, and on PostgreSQL with one and with two instances. Run by hand, not by `npm test`:
 *
 *   npm run build && npm run bench:leads                 3,000 leads per run, 32 at a time
 *   npm run bench:leads -- --leads 5000 --concurrency 64
 *   npm run bench:leads -- --help                         the options (whole numbers; --warmup may be 0)
 *
 * Every answer counted is a 200 for a lead committed to disk (SQLite with synchronous=FULL, a
 * PostgreSQL server of its own with fsync and synchronous_commit on, as in production) and queued
 * for e-mail; a fake SMTP server takes the e-mails meanwhile, so the delivery worker does its
 * production work alongside. After each run the stored leads are counted against the 200s.
 * Each lead has its own e-mail and client address (X-Forwarded-For from 127.0.0.1, trusted), so
 * no rate limit refuses it. The servers, the database and this load generator share the machine.
 */
import { mkdtempSync } from 'node:fs';
import { Agent, request } from 'node:http';
import { availableParallelism, tmpdir } from 'node:os';
import { join } from 'node:path';
import { openPostgresLeadStore } from '../src/server/leads/store/postgres.ts';
import { openLeadStore } from '../src/server/leads/store/sqlite.ts';
// The test helpers start servers exactly as the integration tests do; the benchmark reuses them.
import { assertBuilt, startMailServer, startSite, type RunningServer } from '../tests/integration/support.ts';
import { startPostgres } from '../tests/support/postgres.ts';
import { readCommandLine } from './command-line.ts';

const usage = 'Usage: npm run bench:leads -- [--leads N] [--concurrency N] [--warmup N] [--help]';
const help = [
  usage,
  '  --leads N        leads posted in each measured run (default 3000)',
  '  --concurrency N  leads posted at a time (default 32)',
  '  --warmup N       leads posted before each run, not measured (default 300; 0 for none)',
  'Run `npm run build` first: it measures the production server.',
].join('\n');

// Read before anything starts: a count that is no whole number ran a whole benchmark, then
// crashed with a TypeError on a run of no leads.
const { total, concurrency, warmup } = readCommandLine(
  {
    config: {
      options: {
        leads: { type: 'string', default: '3000' },
        concurrency: { type: 'string', default: '32' },
        warmup: { type: 'string', default: '300' },
      },
    },
    usage,
    help,
  },
  ({ values }) => {
    const count = (name: 'leads' | 'concurrency' | 'warmup', least: number) => {
      const value = values[name];
      // A million is hours of work, far past any run worth making: more is a typo (and past 2^53 not even exact).
      if (!/^\d+$/.test(value) || Number(value) < least || Number(value) > 1_000_000) {
        throw new Error(`--${name} must be a whole number from ${least} to 1000000, got "${value}"`);
      }
      return Number(value);
    };
    return { total: count('leads', 1), concurrency: count('concurrency', 1), warmup: count('warmup', 0) };
  },
);

interface Result {
  name: string;
  accepted: number;
  other: number;
  stored: number;
  seconds: number;
  p50: number;
  p99: number;
}

const percentile = (sorted: number[], p: number) => sorted[Math.min(sorted.length - 1, Math.floor(sorted.length * p))]!;

let serial = 0;
// node:http with kept-alive connections: lighter than fetch, so the load generator takes less of
// the machine it shares with the servers.
const agent = new Agent({ keepAlive: true, maxSockets: 256 });

/** One lead posted as the island posts it; resolves with the status. */
function post(url: string, id: number): Promise<number> {
  const body = JSON.stringify({
    firstName: 'Pat',
    lastName: 'Rivera',
    email: `bench-${id}@example.com`,
    phone: '',
    helpType: "I'm interested in investing",
    message: 'Looking for a duplex near downtown, please call.',
    website: '',
    elapsedMs: 20_000,
  });
  return new Promise((resolve, reject) => {
    const req = request(
      `${url}/api/contact`,
      {
        method: 'POST',
        agent,
        headers: {
          'Content-Type': 'application/json',
          'Content-Length': Buffer.byteLength(body),
          Accept: 'application/json',
          Origin: url,
          'X-Forwarded-For': `10.${(id >> 16) & 255}.${(id >> 8) & 255}.${id & 255}`,
        },
      },
      (res) => {
        res.resume();
        res.on('end', () => resolve(res.statusCode ?? 0));
        res.on('error', reject);
      },
    );
    req.on('error', reject);
    req.end(body);
  });
}

/** Posts `count` leads round-robin to the instances, `concurrency` at a time; latencies of the 200s. */
async function load(urls: string[], count: number): Promise<{ latencies: number[]; other: number }> {
  const latencies: number[] = [];
  let other = 0;
  let next = 0;
  const lane = async () => {
    while (next < count) {
      const n = next++;
      const started = performance.now();
      const status = await post(urls[n % urls.length]!, ++serial);
      if (status === 200) latencies.push(performance.now() - started);
      else other += 1;
    }
  };
  await Promise.all(Array.from({ length: concurrency }, lane));
  return { latencies, other };
}

async function measure(name: string, env: Record<string, string>, instances: number, count: () => Promise<number>) {
  const mail = await startMailServer();
  const sites: RunningServer[] = [];
  try {
    for (let i = 0; i < instances; i++) {
      sites.push(await startSite({ ...env, SMTP_HOST: '127.0.0.1', SMTP_PORT: String(mail.port) }));
    }
    const urls = sites.map((site) => site.url);
    await load(urls, warmup);
    const before = await count();
    const started = performance.now();
    const { latencies, other } = await load(urls, total);
    const seconds = (performance.now() - started) / 1000;
    const stored = (await count()) - before;
    latencies.sort((a, b) => a - b);
    const result: Result = {
      name,
      accepted: latencies.length,
      other,
      stored,
      seconds,
      p50: percentile(latencies, 0.5),
      p99: percentile(latencies, 0.99),
    };
    console.log(
      `${name}: ${Math.round(result.accepted / seconds)} leads/s, p50 ${result.p50.toFixed(1)} ms, p99 ${result.p99.toFixed(1)} ms`,
    );
    if (stored !== result.accepted)
      throw new Error(`${name}: ${result.accepted} leads answered 200 but ${stored} stored`);
    return result;
  } finally {
    for (const site of sites) await site.stop();
    await mail.close();
  }
}

assertBuilt();
console.log(
  `${total} leads per run, ${concurrency} at a time, after ${warmup} to warm up; ${availableParallelism()} CPUs\n`,
);
const results: Result[] = [];

const sqliteFile = join(mkdtempSync(join(tmpdir(), 'leads-bench-')), 'leads.db');
const countSqlite = async () => {
  const store = openLeadStore(sqliteFile, { readOnly: true });
  try {
    return (await store.listLeads()).length;
  } finally {
    await store.close();
  }
};
results.push(await measure('SQLite, 1 instance', { LEADS_DB: sqliteFile }, 1, countSqlite));

const postgres = await startPostgres({ durable: true });
try {
  for (const instances of [1, 2]) {
    const url = await postgres.createDatabase(`bench_${instances}`);
    const countPostgres = async () => {
      const store = openPostgresLeadStore(url, { log: () => {} });
      try {
        const { rows } = await store.pool.query<{ n: number }>(
          "SELECT count(*)::int AS n FROM leads WHERE status = 'lead'",
        );
        return rows[0]!.n;
      } finally {
        await store.close();
      }
    };
    results.push(
      await measure(
        `PostgreSQL, ${instances} instance${instances === 1 ? '' : 's'}`,
        { DATABASE_URL: url },
        instances,
        countPostgres,
      ),
    );
  }
} finally {
  await postgres.destroy();
  agent.destroy();
}

console.log('\n| Store | Accepted, durable leads/s | p50 | p99 |\n| --- | ---: | ---: | ---: |');
for (const r of results) {
  console.log(
    `| ${r.name} | ${Math.round(r.accepted / r.seconds)} | ${r.p50.toFixed(1)} ms | ${r.p99.toFixed(1)} ms |`,
  );
}
const refused = results.filter((r) => r.other > 0);
if (refused.length > 0) {
  console.log(`\nAnswers other than 200: ${refused.map((r) => `${r.name} ${r.other}`).join(', ')}`);
  process.exitCode = 1;
}
