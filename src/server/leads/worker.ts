/**
 * The delivery worker: runs inside the server process and works through the outbox. Each
 * pending delivery is tried; success marks it delivered, failure schedules the next try with
 * exponential back-off (capped, never given up: a lead is delivered at least once). It wakes
 * when a new lead arrives, when the next retry falls due, and every `pollMs` regardless.
 */
import type { Channel, LeadStore, StoredLead } from './store.ts';

export type Senders = Partial<Record<Channel, (lead: StoredLead) => Promise<void>>>;

export interface WorkerOptions {
  store: LeadStore;
  senders: Senders;
  retryBaseMs: number;
  retryMaxMs: number;
  pollMs: number;
  log?: (message: string) => void;
  now?: () => number;
}

/** Delay before try number `attempts + 1`: base, 2x base, 4x base, ... up to max. */
export function retryDelay(attempts: number, baseMs: number, maxMs: number): number {
  return Math.min(maxMs, baseMs * 2 ** Math.max(0, attempts - 1));
}

export type DeliveryWorker = ReturnType<typeof createDeliveryWorker>;

export function createDeliveryWorker(options: WorkerOptions) {
  const { store, senders, retryBaseMs, retryMaxMs, pollMs } = options;
  const log = options.log ?? ((message: string) => console.log(message));
  const now = options.now ?? Date.now;
  let timer: NodeJS.Timeout | undefined;
  let running: Promise<void> | undefined;
  let again = false;
  let started = false;
  let stopped = false;

  const batchSize = 20;

  /** Tries one batch of due deliveries; says whether more may be waiting. */
  async function deliverDue(): Promise<boolean> {
    const due = store.dueDeliveries(now(), batchSize);
    for (const { delivery, lead } of due) {
      if (stopped) return false;
      const send = senders[delivery.channel];
      try {
        if (!send) throw new Error(`${delivery.channel} delivery is not configured`);
        await send(lead);
        store.markDelivered(delivery.id, now());
        log(`lead #${lead.id}: ${delivery.channel} delivered`);
      } catch (error) {
        const attempts = delivery.attempts + 1;
        const wait = retryDelay(attempts, retryBaseMs, retryMaxMs);
        const reason = error instanceof Error ? error.message : String(error);
        store.markRetry(delivery.id, reason, now() + wait);
        log(`lead #${lead.id}: ${delivery.channel} try ${attempts} failed (${reason}); next try in ${wait} ms`);
      }
    }
    return due.length === batchSize;
  }

  function schedule(): void {
    if (!started || stopped) return;
    clearTimeout(timer);
    const next = store.nextAttemptAt();
    const wait = next === undefined ? pollMs : Math.min(pollMs, Math.max(0, next - now()));
    timer = setTimeout(() => void run(), wait);
    timer.unref?.();
  }

  /** One pass over the due deliveries; a nudge during a pass triggers another pass right after. */
  function run(): Promise<void> {
    if (running) {
      again = true;
      return running;
    }
    running = (async () => {
      do {
        again = false;
        try {
          if (await deliverDue()) again = true;
        } catch (error) {
          log(`delivery worker: ${error instanceof Error ? error.message : String(error)}`);
        }
      } while (again && !stopped);
    })().finally(() => {
      running = undefined;
      schedule();
    });
    return running;
  }

  return {
    start(): void {
      if (started) return;
      started = true;
      const resumed = store.resumePending(now());
      if (resumed > 0) log(`delivery worker: resuming ${resumed} pending deliver${resumed === 1 ? 'y' : 'ies'}`);
      void run();
    },
    /** Called after a lead is committed, so it leaves without waiting for the next poll. */
    nudge(): void {
      if (started && !stopped) void run();
    },
    /** Lets a send in progress finish (it stays pending if the process dies first), then stops. */
    async stop(): Promise<void> {
      stopped = true;
      clearTimeout(timer);
      await running;
    },
    run,
  };
}
