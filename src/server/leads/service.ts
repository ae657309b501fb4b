/**
 * The lead pipeline assembled from its settings: the database (SQLite, or PostgreSQL when
 * DATABASE_URL is set), the senders and the delivery worker. The production server creates one
 * at start and hands it to the contact route.
 */
import { readLeadsConfig, type LeadsConfig } from '../config.ts';
import { describeError } from '../errors.ts';
import { addressRule } from './intake.ts';
import { createWebhookSender } from './channels/crm.ts';
import { createEmailSender, smtpPoolSize } from './channels/email.ts';
import { openConfiguredStore } from './store/open.ts';
import { serveAlone } from './store/sqlite.ts';
import type { Channel } from './store/types.ts';
import { createDeliveryWorker, type Senders } from './worker.ts';
import { submissionRule } from '#src/lib/contact-form.ts';

export type LeadService = ReturnType<typeof createLeadService>;

export function createLeadService(config: LeadsConfig = readLeadsConfig(), log = console.log) {
  const { store, where } = openConfiguredStore(config, { log: (message) => console.error(message) });
  let alone: { release: () => void } | undefined;
  try {
    alone = config.databaseUrl ? undefined : serveAlone(config.dbPath);
  } catch (error) {
    void store.close();
    throw error;
  }
  const senders: Senders = {};
  const email = config.smtp ? createEmailSender(config.smtp, config.from, config.to) : undefined;
  // Without SMTP_HOST each try fails with a clear reason, shown by `npm run leads`.
  senders.email = email ?? (() => Promise.reject(new Error('SMTP is not configured (set SMTP_HOST)')));
  if (config.webhook) senders.webhook = createWebhookSender(config.webhook.url, config.webhook.apiKey);
  // E-mail is always owed, even before SMTP is configured: leads then wait in the outbox.
  const channels: Channel[] = config.webhook ? ['email', 'webhook'] : ['email'];
  const worker = createDeliveryWorker({
    store,
    senders,
    retryBaseMs: config.retryBaseMs,
    retryMaxMs: config.retryMaxMs,
    pollMs: config.pollMs,
    concurrency: { email: smtpPoolSize, webhook: 2 },
    // A claim in PostgreSQL lasts `leaseMs`: a send is given up well before, so no other instance
    // takes a delivery while this one may still be sending it.
    ...(config.databaseUrl ? { sendTimeoutMs: Math.floor(config.leaseMs / 2) } : {}),
    log,
  });
  let housekeeping: NodeJS.Timeout | undefined;

  return {
    config,
    store,
    channels,
    worker,
    where,
    /** Starts the worker and the hourly clean-up; never rejects (a database that is down is retried). */
    async start(): Promise<void> {
      if (!config.smtp) log('leads: SMTP_HOST is not set, so lead e-mails wait in the outbox until it is');
      await worker.start();
      const prune = () =>
        store
          .prune(Date.now(), {
            longestWindowMs: Math.max(submissionRule.windowMs, addressRule.windowMs),
            spamDays: 30,
          })
          .catch((error: unknown) => log(`leads: clean-up skipped (${describeError(error)})`));
      await prune();
      housekeeping = setInterval(() => void prune(), 3_600_000);
      housekeeping.unref();
    },
    async stop(): Promise<void> {
      clearInterval(housekeeping);
      await worker.stop();
      email?.close();
      await store.close();
      alone?.release();
    },
  };
}
