/** The delivery worker: back-off, retries, resuming on start, and one lane per channel. */
import { describe, expect, it, vi } from 'vitest';
import { createDeliveryWorker, retryDelay } from '#src/server/leads/worker.ts';
import { useTempStore, visitor } from './fixtures.ts';

const t = useTempStore();

describe('delivery worker', () => {
  it('backs off exponentially up to a cap', () => {
    expect([1, 2, 3, 4, 5, 10].map((n) => retryDelay(n, 1000, 10_000))).toEqual([
      1000, 2000, 4000, 8000, 10_000, 10_000,
    ]);
  });

  it('retries a failed delivery later and marks it delivered once it succeeds', async () => {
    let now = 10_000;
    const sent: number[] = [];
    let fail = true;
    const worker = createDeliveryWorker({
      store: t.store,
      senders: {
        email: async (lead) => {
          if (fail) throw new Error('SMTP down');
          sent.push(lead.id);
        },
      },
      retryBaseMs: 1000,
      retryMaxMs: 60_000,
      pollMs: 60_000,
      log: () => {},
      now: () => now,
    });
    const id = await t.store.addLead({ status: 'lead', ...visitor, ip: '', userAgent: '' }, ['email'], now);
    await worker.run();
    let [delivery] = (await t.store.listLeads())[0]!.deliveries;
    expect(delivery).toMatchObject({ state: 'pending', attempts: 1, lastError: 'SMTP down', nextAttemptAt: 11_000 });
    now = 11_000;
    await worker.run();
    [delivery] = (await t.store.listLeads())[0]!.deliveries;
    expect(delivery).toMatchObject({ attempts: 2, nextAttemptAt: 13_000 });
    fail = false;
    now = 12_000;
    await worker.run();
    expect(sent).toEqual([]);
    now = 13_000;
    await worker.run();
    expect(sent).toEqual([id]);
    [delivery] = (await t.store.listLeads())[0]!.deliveries;
    expect(delivery).toMatchObject({ state: 'delivered', attempts: 3, lastError: null });
    await worker.run();
    expect(sent).toEqual([id]);
    await worker.stop();
  });

  it('on start, sends at once what an earlier process left pending', async () => {
    await t.store.addLead({ status: 'lead', ...visitor, ip: '', userAgent: '' }, ['email', 'webhook'], 0);
    await t.store.markRetry(1, 'SMTP down', 10 ** 13);
    const sent: string[] = [];
    const worker = createDeliveryWorker({
      store: t.store,
      senders: {
        email: async () => void sent.push('email'),
        webhook: async () => void sent.push('webhook'),
      },
      retryBaseMs: 1000,
      retryMaxMs: 60_000,
      pollMs: 60_000,
      log: () => {},
    });
    await worker.start();
    await worker.run();
    await worker.stop();
    expect(sent.sort()).toEqual(['email', 'webhook']);
    expect(await t.store.nextAttemptAt()).toBeUndefined();
  });
  /**
   * A started worker whose clock reads `now`, with one pending e-mail retry set for `retryAt`
   * (when the send failed, the clock may have read later): what it sends and logs.
   */
  async function retrySetFor(retryAt: number, now: number) {
    const logged: string[] = [];
    const sent: number[] = [];
    const worker = createDeliveryWorker({
      store: t.store,
      senders: { email: async (lead) => void sent.push(lead.id) },
      retryBaseMs: 1000,
      retryMaxMs: 60_000,
      pollMs: 60_000,
      log: (message) => logged.push(message),
      now: () => now,
    });
    await worker.start();
    const id = await t.store.addLead({ status: 'lead', ...visitor, ip: '', userAgent: '' }, ['email'], retryAt);
    await t.store.markRetry(1, 'SMTP down', retryAt);
    worker.nudge();
    return { worker, id, sent, logged };
  }

  it('sends at once a retry set while the clock ran ahead, once the clock is set right, without a restart', async () => {
    const day = 86_400_000;
    // A send failed while the clock read ten days later: its retry was set for then.
    const { worker, id, sent, logged } = await retrySetFor(15 * day, 5 * day);
    await vi.waitFor(() => expect(sent).toEqual([id]));
    await worker.stop();
    expect(logged).toEqual([
      `delivery worker: 1 delivery due as late as ${new Date(15 * day).toISOString()}, set while a clock ran ahead, due again`,
      `lead #${id}: email delivered`,
    ]);
  });

  it('waits as usual for what is late only by its own clock (one behind, or a long claim), without spinning', async () => {
    const day = 86_400_000;
    let resumes = 0;
    const logged: string[] = [];
    const worker = createDeliveryWorker({
      // Another instance holds the only delivery, until a time 10 days ahead of this clock.
      store: {
        ...t.store,
        nextAttemptAt: () => Promise.resolve(11 * day),
        resumePending: () => Promise.resolve((resumes++, 0)),
      },
      senders: { email: async () => {} },
      retryBaseMs: 1000,
      retryMaxMs: 60_000,
      pollMs: 60_000,
      log: (message) => logged.push(message),
      now: () => day,
    });
    await worker.start();
    await new Promise((resolve) => setTimeout(resolve, 300));
    await worker.stop();
    // On start, then once per lane, then again only at the next poll; before, it ran again at
    // once, hundreds of times, with a log line each.
    expect(resumes).toBe(3);
    expect(logged).toEqual([]);
  });

  it('leaves a retry within its longest delay to its time', async () => {
    const { worker, sent, logged } = await retrySetFor(1000 + 60_000, 1000);
    await new Promise((resolve) => setTimeout(resolve, 200));
    await worker.stop();
    expect(sent).toEqual([]);
    expect(logged).toEqual([]);
  });

  it('sends again later, not at once, what it sent but could not record as delivered', async () => {
    const logged: string[] = [];
    const sent: number[] = [];
    const id = await t.store.addLead({ status: 'lead', ...visitor, ip: '', userAgent: '' }, ['email'], 1000);
    const worker = createDeliveryWorker({
      // The database goes away between the send and its record.
      store: { ...t.store, markDelivered: () => Promise.reject(new Error('connection terminated')) },
      senders: { email: async (lead) => void sent.push(lead.id) },
      retryBaseMs: 1000,
      retryMaxMs: 60_000,
      pollMs: 60_000,
      log: (message) => logged.push(message),
      now: () => 2000,
    });
    await worker.run();
    await worker.stop();
    expect(sent).toEqual([id]);
    expect(logged).toEqual([`lead #${id}: email sent but not recorded (connection terminated); it will be sent again`]);
    expect((await t.store.listLeads())[0]!.deliveries[0]).toMatchObject({
      state: 'pending',
      attempts: 1,
      lastError: 'sent, but not recorded: connection terminated',
      nextAttemptAt: 3000,
    });
  });
});

describe('delivery lanes', () => {
  const options = { retryBaseMs: 1000, retryMaxMs: 60_000, pollMs: 60_000, log: () => {} };

  it('sends e-mail while the CRM hangs: a stuck channel delays only itself', async () => {
    for (let i = 0; i < 5; i++) {
      await t.store.addLead({ status: 'lead', ...visitor, email: `l${i}@example.com`, ip: '', userAgent: '' }, [
        'webhook',
        'email',
      ]);
    }
    const emailed: number[] = [];
    let crmCalls = 0;
    const worker = createDeliveryWorker({
      ...options,
      store: t.store,
      senders: {
        email: async (lead) => void emailed.push(lead.id),
        // Never settles until its own timeout, like a CRM that takes the request and never answers.
        webhook: () => {
          crmCalls += 1;
          return new Promise(() => {});
        },
      },
      concurrency: { email: 2, webhook: 2 },
      sendTimeoutMs: 200,
    });
    const started = performance.now();
    await worker.start();
    await waitUntil(() => emailed.length === 5);
    expect(performance.now() - started).toBeLessThan(150);
    expect(emailed.sort()).toEqual([1, 2, 3, 4, 5]);
    // At most two CRM tries at once, however many are due.
    expect(crmCalls).toBe(2);
    await worker.stop();
    const webhook = (await t.store.listLeads()).flatMap((l) => l.deliveries.filter((d) => d.channel === 'webhook'));
    expect(webhook.every((d) => d.state === 'pending')).toBe(true);
  });

  it('does not send again while a send past its limit is still under way, and records it when it ends well', async () => {
    const id = await t.store.addLead({ status: 'lead', ...visitor, ip: '', userAgent: '' }, ['email']);
    let sends = 0;
    const logged: string[] = [];
    const worker = createDeliveryWorker({
      ...options,
      // Due again long before the slow mail server has taken the first copy.
      retryBaseMs: 20,
      pollMs: 20,
      log: (line) => logged.push(line),
      store: t.store,
      senders: {
        email: async () => {
          sends += 1;
          await new Promise((resolve) => setTimeout(resolve, 400));
        },
      },
      sendTimeoutMs: 50,
      hungAfterMs: 5000,
    });
    await worker.start();
    await waitUntil(() => logged.includes(`lead #${id}: email delivered late`));
    expect(sends).toBe(1);
    const [lead] = await t.store.listLeads();
    expect(lead?.deliveries.map((d) => d.state)).toEqual(['delivered']);
    await new Promise((resolve) => setTimeout(resolve, 100));
    expect(sends).toBe(1);
    await worker.stop();
  });

  it('tries again a send past its limit that never ends, once it is taken for hung', async () => {
    const id = await t.store.addLead({ status: 'lead', ...visitor, ip: '', userAgent: '' }, ['email']);
    let sends = 0;
    const logged: string[] = [];
    const worker = createDeliveryWorker({
      ...options,
      retryBaseMs: 20,
      pollMs: 20,
      log: (line) => logged.push(line),
      store: t.store,
      senders: {
        // The first send never ends (a connection that dribbles a byte now and then); the next goes through.
        email: () => (++sends === 1 ? new Promise(() => {}) : Promise.resolve()),
      },
      sendTimeoutMs: 30,
      hungAfterMs: 200,
    });
    const started = performance.now();
    await worker.start();
    await waitUntil(() => logged.includes(`lead #${id}: email delivered`));
    expect(performance.now() - started).toBeGreaterThanOrEqual(200);
    expect(sends).toBe(2);
    expect(logged.some((line) => /email delivery \d+ has been sending for \d+ ms; it is tried again/.test(line))).toBe(
      true,
    );
    await worker.stop();
  });

  it('never runs more sends of one channel at once than its concurrency, nor one delivery twice', async () => {
    for (let i = 0; i < 12; i++) {
      await t.store.addLead({ status: 'lead', ...visitor, email: `c${i}@example.com`, ip: '', userAgent: '' }, [
        'email',
      ]);
    }
    let active = 0;
    let peak = 0;
    const sent: number[] = [];
    const worker = createDeliveryWorker({
      ...options,
      store: t.store,
      senders: {
        email: async (lead) => {
          active += 1;
          peak = Math.max(peak, active);
          await new Promise((resolve) => setTimeout(resolve, 10));
          sent.push(lead.id);
          active -= 1;
        },
      },
      concurrency: { email: 3 },
    });
    await worker.start();
    worker.nudge();
    worker.nudge();
    await worker.run();
    await worker.stop();
    expect(peak).toBe(3);
    expect(sent.sort((a, b) => a - b)).toEqual(Array.from({ length: 12 }, (_, i) => i + 1));
  });
});

async function waitUntil(done: () => boolean, timeoutMs = 2000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!done()) {
    if (Date.now() > deadline) throw new Error('timed out');
    await new Promise((resolve) => setTimeout(resolve, 5));
  }
}
