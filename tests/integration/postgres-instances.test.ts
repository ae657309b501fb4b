/**
 * Several instances on one PostgreSQL database, as `src/server/main.ts` runs behind a load
 * balancer: two production servers, a real SMTP server and a real PostgreSQL server, all on
 * 127.0.0.1. Leads go to both instances; one is SIGKILLed mid-load and restarted; the database
 * is stopped mid-load and started again; SPEC's per-e-mail limit is tried across both.
 */
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { statusText } from '../../src/lib/contact-form.ts';
import { smtpPoolSize } from '../../src/server/leads/channels/email.ts';
import { openPostgresLeadStore } from '../../src/server/leads/store/postgres.ts';
import type { LeadWithDeliveries } from '../../src/server/leads/store/types.ts';
import { startPostgres, type PostgresServer } from '../support/postgres.ts';
import {
  assertBuilt,
  postLead,
  startMailServer,
  startSite,
  waitFor,
  type MailServer,
  type ReceivedMail,
  type RunningServer,
} from './support.ts';

let database: PostgresServer;
let databases = 0;
const running: (RunningServer | MailServer)[] = [];

beforeAll(async () => {
  assertBuilt();
  database = await startPostgres();
});
afterEach(async () => {
  for (const thing of running.splice(0).reverse()) await ('kill' in thing ? thing.kill() : thing.close());
});
afterAll(async () => {
  await database?.destroy();
});

function siteEnv(databaseUrl: string, smtpPort: number): Record<string, string> {
  return {
    DATABASE_URL: databaseUrl,
    SMTP_HOST: '127.0.0.1',
    SMTP_PORT: String(smtpPort),
    LEADS_TO: 'agent@example.com',
    LEADS_RETRY_BASE_MS: '200',
    LEADS_RETRY_MAX_MS: '800',
    LEADS_POLL_MS: '300',
    // A claim of a killed instance lapses after 4 s (each send is cut off at 2 s).
    LEADS_LEASE_MS: '4000',
  };
}

async function setUp(): Promise<{ url: string; mail: MailServer; sites: RunningServer[] }> {
  const url = await database.createDatabase(`instances_${++databases}`);
  // A mail server slow to greet: sends take a while, so a kill lands while some are under way.
  const mail = await startMailServer({ greetingDelayMs: 40 });
  running.push(mail);
  const sites = await Promise.all([startSite(siteEnv(url, mail.port)), startSite(siteEnv(url, mail.port))]);
  running.push(...sites);
  return { url, mail, sites };
}

async function readLeads(url: string): Promise<LeadWithDeliveries[]> {
  const store = openPostgresLeadStore(url, { migrate: false, log: () => {} });
  try {
    return await store.listLeads({ includeSpam: true });
  } finally {
    await store.close();
  }
}

/** The lead id of a lead e-mail, from its Message-ID (`<lead-ID-time@host>`). */
const leadIdOf = (mail: ReceivedMail) => Number(/<lead-(\d+)-/.exec(mail.headers.get('message-id') ?? '')?.[1]);

interface Sent {
  email: string;
  /** When the answer came. */
  at: number;
  status: number | 'no answer';
  body?: { ok: boolean; message: string } | undefined;
  retryAfter?: string | null;
}

/**
 * Posts leads round-robin to the instances `targets()` names at that moment, `concurrency` at a
 * time, until `more()` says stop; each lead has its own e-mail and client address.
 */
function sendLeads(
  tag: string,
  targets: () => string[],
  more: (sent: number) => boolean,
  concurrency = 4,
): { results: Sent[]; done: Promise<Sent[]> } {
  const results: Sent[] = [];
  let next = 0;
  const lane = async () => {
    while (more(next)) {
      const n = next++;
      const email = `${tag}-${n}@example.com`;
      // Like a load balancer, a request an instance refuses to connect goes to the next one; a
      // request cut off mid-way is not sent again (the instance may have stored it).
      for (let attempt = 0; ; attempt++) {
        const url = targets()[(n + attempt) % targets().length]!;
        try {
          const response = await postLead(
            url,
            { email },
            { 'X-Forwarded-For': `10.${n >> 16}.${(n >> 8) & 255}.${n & 255}` },
          );
          results.push({
            email,
            at: Date.now(),
            status: response.status,
            body: (await response.json()) as Sent['body'],
            retryAfter: response.headers.get('retry-after'),
          });
          break;
        } catch (error) {
          const refused = (error as { cause?: { code?: string } }).cause?.code === 'ECONNREFUSED';
          if (!refused || attempt >= 10) {
            results.push({ email, at: Date.now(), status: 'no answer' });
            break;
          }
        }
      }
    }
  };
  return { results, done: Promise.all(Array.from({ length: concurrency }, lane)).then(() => results) };
}

/** Every acknowledged lead is stored, and every stored lead's e-mail is delivered and received. */
async function expectEveryAcknowledgedLeadDelivered(url: string, mail: MailServer, acknowledged: string[]) {
  const leads = await waitFor(
    'every acknowledged lead e-mailed and marked delivered',
    async () => {
      const stored = await readLeads(url);
      const received = new Set(mail.mails.map(leadIdOf));
      return stored.every((l) => l.deliveries.every((d) => d.state === 'delivered') && received.has(l.id)) && stored;
    },
    45_000,
  );
  const byEmail = new Map(leads.map((lead) => [lead.email, lead]));
  expect(acknowledged.filter((email) => !byEmail.has(email))).toEqual([]);
  return leads;
}

/** Leads e-mailed more than once, with how many times. */
function repeats(mail: MailServer): Map<number, number> {
  const counts = new Map<number, number>();
  for (const id of mail.mails.map(leadIdOf)) counts.set(id, (counts.get(id) ?? 0) + 1);
  return new Map([...counts].filter(([, count]) => count > 1));
}

describe('two instances on one PostgreSQL database', () => {
  it('lose no lead and send none twice when one is SIGKILLed mid-load and restarted (but its own send in flight)', async () => {
    const { url, mail, sites } = await setUp();
    const b = sites[1]!;
    let a = sites[0]!;
    const load = sendLeads(
      'kill',
      () => [a.url, b.url],
      (n) => n < 240,
    );

    await waitFor(
      'the first leads answered and e-mailed',
      () => load.results.length >= 60 && mail.mails.length >= 10,
      30_000,
    );
    const killed = a;
    await killed.kill();
    expect(killed.process.signalCode).toBe('SIGKILL');
    a = await startSite(siteEnv(url, mail.port));
    running.push(a);
    const results = await load.done;

    const acknowledged = results.filter((r) => r.status === 200).map((r) => r.email);
    // The killed instance's requests in flight got no answer; nothing else failed.
    expect(results.filter((r) => r.status !== 200 && r.status !== 'no answer')).toEqual([]);
    expect(acknowledged.length).toBeGreaterThan(120);
    const leads = await expectEveryAcknowledgedLeadDelivered(url, mail, acknowledged);
    expect(leads.every((l) => l.status === 'lead')).toBe(true);

    // A lead e-mailed twice was one the killed instance was sending when it died: it never
    // recorded it, and there are at most as many as it sends at once.
    const twice = repeats(mail);
    expect([...twice.values()].every((count) => count === 2)).toBe(true);
    expect(twice.size).toBeLessThanOrEqual(smtpPoolSize);
    for (const id of twice.keys()) expect(killed.output()).not.toContain(`lead #${id}: email delivered`);
  });

  it('answer 503 while PostgreSQL is down, and 200 again once it is back, without a restart', async () => {
    const { url, mail, sites } = await setUp();
    const [a, b] = sites as [RunningServer, RunningServer];
    let stop = false;
    const load = sendLeads(
      'outage',
      () => [a.url, b.url],
      () => !stop,
      3,
    );
    await waitFor('leads accepted before the outage', () => mail.mails.length >= 10, 30_000);
    const downAt = Date.now();
    await database.stop();
    // The form without JavaScript gets its page back, with the plain message and what was typed.
    const page = await fetch(`${a.url}/contact`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/x-www-form-urlencoded', Origin: a.url },
      body: new URLSearchParams({
        firstName: 'Pat',
        lastName: 'Rivera',
        email: 'no-js@example.com',
        phone: '',
        helpType: 'Other',
        message: 'Sent while the database is down.',
      }),
      redirect: 'manual',
    });
    expect(page.status).toBe(503);
    expect(page.headers.get('content-type')).toBe('text/html; charset=utf-8');
    const html = await page.text();
    expect(html).toContain(statusText.failed);
    expect(html).toContain('Sent while the database is down.');
    await new Promise((resolve) => setTimeout(resolve, 1500));
    const upAt = Date.now();
    await database.start();
    try {
      await waitFor(
        'leads accepted again after the outage',
        () => load.results.filter((r) => r.at > upAt + 2000 && r.status === 200).length >= 10,
      );
    } finally {
      stop = true;
    }
    const all = await load.done;

    expect(all.filter((r) => r.status !== 200 && r.status !== 503)).toEqual([]);
    const refused = all.filter((r) => r.status === 503);
    expect(refused.length).toBeGreaterThan(0);
    for (const answer of refused) {
      expect(answer.body).toEqual({ ok: false, message: statusText.failed });
      expect(answer.retryAfter).toBe('60');
      expect(answer.at).toBeGreaterThan(downAt);
    }
    // Recovered by themselves: once the database was back, every lead was accepted.
    expect(all.filter((r) => r.at > upAt + 2000 && r.status !== 200)).toEqual([]);
    expect(a.process.exitCode).toBeNull();
    expect(b.process.exitCode).toBeNull();
    expect(`${a.output()}${b.output()}`).toContain('leads database:');

    const acknowledged = all.filter((r) => r.status === 200).map((r) => r.email);
    const leads = await expectEveryAcknowledgedLeadDelivered(url, mail, acknowledged);
    // Nothing refused was stored (but the no-JavaScript one, refused too).
    const refusedEmails = new Set(refused.map((r) => r.email));
    expect(leads.filter((l) => refusedEmails.has(l.email) || l.email === 'no-js@example.com')).toEqual([]);
    // A repeat is only a send that succeeded while the database could not record it.
    for (const id of repeats(mail).keys()) {
      expect(`${a.output()}${b.output()}`).toContain(`lead #${id}: email sent but not recorded`);
    }
  });

  it('refuse the 4th message of one e-mail within a minute, whichever instance each one reaches', async () => {
    const { url, sites } = await setUp();
    const [a, b] = sites as [RunningServer, RunningServer];
    const answers = await Promise.all(
      [a, b, a, b].map((site, n) =>
        postLead(site.url, { email: 'same@example.com' }, { 'X-Forwarded-For': `192.0.2.${n + 1}` }),
      ),
    );
    expect(answers.map((r) => r.status).sort()).toEqual([200, 200, 200, 429]);
    const fifth = await postLead(b.url, { email: 'SAME@example.com' }, { 'X-Forwarded-For': '192.0.2.9' });
    expect(fifth.status).toBe(429);
    expect(Number(fifth.headers.get('retry-after'))).toBeGreaterThan(0);
    expect((await readLeads(url)).filter((l) => l.email.toLowerCase() === 'same@example.com')).toHaveLength(3);
  });
});
