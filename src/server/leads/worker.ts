/**
 * The delivery worker: runs inside the server process and works through the outbox. Each
 * pending delivery is tried; success marks it delivered, failure schedules the next try with
 * exponential back-off (capped, never given up: a lead is delivered at least once).
 *
 * Every channel (e-mail, CRM) has a lane of its own with a few sends at a time, so a mail server
 * or CRM that hangs delays only its own deliveries: e-mail never waits behind the CRM, nor the
 * CRM behind e-mail. A lane wakes when a lead arrives, when a send ends, when its next retry
 * falls due, and every `pollMs` regardless.
 *
 * Each server process runs one worker. A lane claims its deliveries from the store before sending
 * them, so with several processes on one PostgreSQL database a delivery is sent by one of them
 * at a time (store/postgres.ts holds the claim for a lease twice `sendTimeoutMs`, renewed while a send past
 * its limit is still under way).
 */
import { withinTime } from '#src/lib/within-time.ts';
import { describeError } from '../errors.ts';
import type { Channel, Delivery, LeadStore, StoredLead } from './store/types.ts';

export type Senders = Partial<Record<Channel, (lead: StoredLead) => Promise<void>>>;

export interface WorkerOptions {
  store: LeadStore;
  senders: Senders;
  retryBaseMs: number;
  retryMaxMs: number;
  pollMs: number;
  /** Sends in flight at once, per channel. */
  concurrency?: Partial<Record<Channel, number>>;
  /**
   * Last-resort limit on one send (each channel also has its own network timeouts): past it the
   * try counts as failed and its slot is freed. The send itself cannot be called back: until it
   * ends, this process keeps its claim and does not try the delivery again, and one that ends
   * well is recorded as delivered.
   */
  sendTimeoutMs?: number;
  /** How long a send past its limit is waited for before it is taken for hung (default 4 x `sendTimeoutMs`). */
  hungAfterMs?: number;
  log?: (message: string) => void;
  now?: () => number;
}

/** Delay before try number `attempts + 1`: base, 2x base, 4x base, ... up to max. */
export function retryDelay(attempts: number, baseMs: number, maxMs: number): number {
  return Math.min(maxMs, baseMs * 2 ** Math.max(0, attempts - 1));
}

export const defaultConcurrency: Record<Channel, number> = { email: 4, webhook: 2 };
const channels: readonly Channel[] = ['email', 'webhook'];

class SendTimeout extends Error {}

const withTimeout = (work: Promise<void>, ms: number, channel: Channel) =>
  withinTime(work, ms, () => new SendTimeout(`${channel} send took longer than ${ms} ms`));

export type DeliveryWorker = ReturnType<typeof createDeliveryWorker>;

export function createDeliveryWorker(options: WorkerOptions) {
  const { store, senders, retryBaseMs, retryMaxMs, pollMs, sendTimeoutMs = 120_000 } = options;
  const hungAfterMs = options.hungAfterMs ?? 4 * sendTimeoutMs;
  const log = options.log ?? ((message: string) => console.log(message));
  const now = options.now ?? Date.now;
  let started = false;
  let stopped = false;
  /**
   * Deliveries whose send ran past its limit and is still under way, with their channel and when
   * the send started. Tried again meanwhile (here or, once the claim was let go, by another
   * instance), a slow mail server got the same e-mail once a minute, each copy sent. One still
   * under way after `hungAfterMs` is taken for hung and let go: a lead is owed at least once.
   */
  const overrun = new Map<number, { channel: Channel; since: number }>();

  async function attempt(channel: Channel, delivery: Delivery, lead: StoredLead): Promise<void> {
    const send = senders[channel];
    const since = now();
    try {
      if (!send) throw new Error(`${channel} delivery is not configured`);
      const sending = send(lead);
      await withTimeout(sending, sendTimeoutMs, channel).catch((error: unknown) => {
        if (error instanceof SendTimeout) {
          const entry = { channel, since };
          overrun.set(delivery.id, entry);
          const held = () => overrun.get(delivery.id) === entry;
          void sending
            .then(
              () =>
                store.markDelivered(delivery.id, now()).then(() => log(`lead #${lead.id}: ${channel} delivered late`)),
              // Failed in the end: the retry set at its limit stands, and any instance may take it.
              () => (held() ? store.holdClaims([], [delivery.id], now()) : undefined),
            )
            .catch((storeError: unknown) => log(`delivery worker: ${describeError(storeError)}`))
            .finally(() => {
              if (held()) overrun.delete(delivery.id);
              wakeLanes();
            });
        }
        throw error;
      });
    } catch (error) {
      const attempts = delivery.attempts + 1;
      const wait = retryDelay(attempts, retryBaseMs, retryMaxMs);
      const reason = describeError(error);
      try {
        await store.markRetry(delivery.id, reason, now() + wait, { keepClaim: overrun.has(delivery.id) });
      } catch (storeError) {
        // Still pending in the database: the next pass (or, once its claim lapses, any worker) tries it again.
        log(`delivery worker: ${describeError(storeError)}`);
      }
      log(`lead #${lead.id}: ${channel} try ${attempts} failed (${reason}); next try in ${wait} ms`);
      return;
    }
    try {
      await store.markDelivered(delivery.id, now());
      log(`lead #${lead.id}: ${channel} delivered`);
    } catch (storeError) {
      // Sent, but the database could not record it: it is still owed and is sent again (at least
      // once), after the usual wait rather than at once.
      const reason = describeError(storeError);
      log(`lead #${lead.id}: ${channel} sent but not recorded (${reason}); it will be sent again`);
      const wait = retryDelay(delivery.attempts + 1, retryBaseMs, retryMaxMs);
      await store.markRetry(delivery.id, `sent, but not recorded: ${reason}`, now() + wait).catch(() => {});
    }
  }

  function createLane(channel: Channel) {
    const limit = Math.max(1, options.concurrency?.[channel] ?? defaultConcurrency[channel]);
    const inFlight = new Map<number, Promise<void>>();
    let timer: NodeJS.Timeout | undefined;
    /** One claim at a time per lane: two at once could both take what the other is about to send. */
    let claiming: Promise<number> = Promise.resolve(0);
    let waking = false;
    let wakeAgain = false;

    /**
     * This lane's sends past their limit that are still under way. Their claims are renewed on
     * every pass (a pass runs at least every `pollMs`, well within a lease); those under way
     * longer than `hungAfterMs` are let go, to be sent again.
     */
    async function holdOverrun(): Promise<void> {
      const hold: number[] = [];
      const release: number[] = [];
      for (const [id, entry] of overrun) {
        if (entry.channel !== channel) continue;
        if (now() - entry.since < hungAfterMs) hold.push(id);
        else {
          overrun.delete(id);
          release.push(id);
          log(
            `delivery worker: ${channel} delivery ${id} has been sending for ${now() - entry.since} ms; it is tried again`,
          );
        }
      }
      await store.holdClaims(hold, release, now());
    }

    function stillSending(): number[] {
      return [...overrun].filter(([, entry]) => entry.channel === channel).map(([id]) => id);
    }

    /** Starts as many due deliveries as there are free slots; says how many it started. */
    function fill(): Promise<number> {
      claiming = claiming.then(async () => {
        if (stopped) return 0;
        try {
          await holdOverrun();
        } catch (error) {
          log(`delivery worker: ${describeError(error)}`);
        }
        const free = limit - inFlight.size;
        if (free <= 0) return 0;
        let due: { delivery: Delivery; lead: StoredLead }[];
        try {
          due = await store.claimDeliveries(now(), free, { channel, exclude: [...inFlight.keys(), ...stillSending()] });
        } catch (error) {
          log(`delivery worker: ${describeError(error)}`);
          return 0;
        }
        for (const { delivery, lead } of due) {
          const running = attempt(channel, delivery, lead).finally(() => {
            inFlight.delete(delivery.id);
            wake();
          });
          inFlight.set(delivery.id, running);
        }
        return due.length;
      });
      return claiming;
    }

    async function schedule(): Promise<void> {
      clearTimeout(timer);
      if (!started || stopped) return;
      let next: number | undefined;
      try {
        next = await store.nextAttemptAt({ channel, exclude: [...inFlight.keys(), ...stillSending()] });
      } catch {
        next = undefined;
      }
      if (stopped) return;
      // No retry is set further ahead than retryMaxMs, nor a claim held an hour: a delivery due
      // later than that was set while a clock ran ahead, and would wait out its error. What is
      // later only by this machine's clock (one behind, or a long claim) is left, and waited for
      // as usual: a check that changes nothing must not run again at once.
      const aheadByMs = retryMaxMs + 3_600_000;
      if (next !== undefined && next - now() > aheadByMs) {
        const at = new Date(next).toISOString();
        const resumed = await store.resumePending(now(), aheadByMs).catch(() => 0);
        if (resumed > 0) {
          log(
            `delivery worker: ${resumed} deliver${resumed === 1 ? 'y' : 'ies'} due as late as ${at}, set while a clock ran ahead, due again`,
          );
          next = now();
        }
      }
      let wait = next === undefined ? pollMs : Math.min(pollMs, Math.max(0, next - now()));
      // A claim held for a send still under way is renewed well within its lease (twice `sendTimeoutMs`).
      if (stillSending().length > 0) wait = Math.min(wait, sendTimeoutMs / 2);
      clearTimeout(timer);
      timer = setTimeout(wake, wait);
      timer.unref?.();
    }

    /** Fills the free slots and sets the next wake-up; a wake during one is folded into another pass. */
    function wake(): void {
      if (waking) {
        wakeAgain = true;
        return;
      }
      waking = true;
      void (async () => {
        try {
          do {
            wakeAgain = false;
            await fill();
            await schedule();
          } while (wakeAgain && !stopped);
        } finally {
          waking = false;
        }
      })();
    }

    return {
      wake,
      fill,
      /** Waits for the claim and the sends in flight now. */
      settle: async () => {
        await claiming;
        await Promise.all(inFlight.values());
      },
      busy: () => inFlight.size > 0,
      stop: () => clearTimeout(timer),
    };
  }

  const lanes = channels.map(createLane);
  const wakeLanes = () => {
    if (started && !stopped) for (const lane of lanes) lane.wake();
  };

  return {
    /** Makes what is pending due now and starts the lanes (they start even when the database is down). */
    async start(): Promise<void> {
      if (started) return;
      started = true;
      try {
        const resumed = await store.resumePending(now());
        if (resumed > 0) log(`delivery worker: resuming ${resumed} pending deliver${resumed === 1 ? 'y' : 'ies'}`);
      } catch (error) {
        log(`delivery worker: ${describeError(error)}`);
      }
      for (const lane of lanes) lane.wake();
    },
    /** Called after a lead is committed, so it leaves without waiting for the next poll. */
    nudge: wakeLanes,
    /** Lets the sends in progress finish (one cut short stays pending and is sent again on restart), then stops. */
    async stop(): Promise<void> {
      stopped = true;
      for (const lane of lanes) lane.stop();
      await Promise.all(lanes.map((lane) => lane.settle()));
    },
    /** Sends everything that is due now, in every lane, and waits until no lane has a send in flight. */
    async run(): Promise<void> {
      for (;;) {
        const started = (await Promise.all(lanes.map((lane) => lane.fill()))).reduce((sum, n) => sum + n, 0);
        if (started === 0 && !lanes.some((lane) => lane.busy())) return;
        await Promise.all(lanes.map((lane) => lane.settle()));
      }
    },
  };
}
