/**
 * What every lead store promises (src/server/leads/store/types.ts), as one suite that runs
 * against each implementation: SQLite in tests/unit/server/leads/store/sqlite.test.ts,
 * PostgreSQL in tests/integration/postgres-store.test.ts. The rest of the pipeline relies on
 * exactly these answers, whichever store it is given.
 */
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { takeSubmission } from '#src/server/leads/intake.ts';
import { counterKey } from '#src/server/leads/store/rows.ts';
import type { LeadStore, NewLead, RateLimitCheck } from '#src/server/leads/store/types.ts';
import { showingHome } from './showing-home.ts';

const lead = (fields: Partial<NewLead> = {}): NewLead => ({
  status: 'lead',
  firstName: 'Ann',
  lastName: "O'Lee",
  email: 'ann@example.com',
  phone: '919-555-0100',
  helpType: 'I want to sell my home',
  message: 'Please call me.\nAfter 5 pm, "ideally".',
  ip: '203.0.113.7',
  userAgent: 'test agent',
  sourcePage: '/city/cary',
  consentText: 'By giving your phone number, you agree.',
  textingConsent: true,
  ...fields,
});

const at = (iso: string) => Date.parse(iso);
const visitorValues = {
  firstName: 'Ann',
  lastName: 'Lee',
  email: 'ann@example.com',
  phone: '',
  helpType: 'Other',
  message: 'A message long enough.',
};
const rule = { max: 3, windowMs: 60_000 };

/** `open` gives a fresh, empty store for each test and a way to throw it away. */
export function describeLeadStoreContract(
  name: string,
  open: () => Promise<{ store: LeadStore; dispose: () => Promise<void> }>,
): void {
  describe(`${name} lead store contract`, () => {
    let store: LeadStore;
    let dispose: () => Promise<void>;
    beforeEach(async () => {
      ({ store, dispose } = await open());
    });
    afterEach(async () => {
      await store.close();
      await dispose();
    });

    /** Counts a submission against `checks`, as a spam lead of counted@example.com: whether it was let through. */
    const take = async (checks: readonly RateLimitCheck[], now?: number) => {
      const spam = lead({ status: 'spam', spamReason: 'honeypot', email: 'counted@example.com' });
      const admission = await store.addLeadWithinLimits(checks, spam, [], now);
      return admission.allowed ? { allowed: true } : admission;
    };

    it('keeps every field of a lead and lists leads newest first, spam only when asked', async () => {
      const first = await store.addLead(
        lead({ listing: showingHome }),
        ['email', 'webhook'],
        at('2026-01-02T10:00:00.123Z'),
      );
      const spam = await store.addLead(
        lead({ status: 'spam', spamReason: 'honeypot', email: 'bot@example.com', textingConsent: false, phone: '' }),
        [],
        at('2026-01-02T10:01:00Z'),
      );
      const second = await store.addLead(
        lead({ email: 'bob@example.com', sourcePage: '', consentText: '', textingConsent: false }),
        ['email'],
        at('2026-01-02T10:02:00Z'),
      );
      expect(second).toBeGreaterThan(spam);
      expect(spam).toBeGreaterThan(first);

      const leads = await store.listLeads();
      expect(leads.map((l) => l.id)).toEqual([second, first]);
      expect(leads[1]).toEqual({
        ...lead({ listing: showingHome }),
        id: first,
        receivedAt: '2026-01-02T10:00:00.123Z',
        spamReason: undefined,
        deliveries: [
          {
            id: expect.any(Number),
            leadId: first,
            channel: 'email',
            state: 'pending',
            attempts: 0,
            nextAttemptAt: at('2026-01-02T10:00:00.123Z'),
            lastError: null,
            deliveredAt: null,
          },
          expect.objectContaining({ leadId: first, channel: 'webhook', state: 'pending' }),
        ],
      });
      expect(leads[0]).toMatchObject({ email: 'bob@example.com', sourcePage: '', textingConsent: false });
      expect(leads[0]!.listing).toBeUndefined();

      const all = await store.listLeads({ includeSpam: true, limit: 2 });
      expect(all.map((l) => [l.id, l.status, l.spamReason ?? null, l.deliveries.length])).toEqual([
        [second, 'lead', null, 1],
        [spam, 'spam', 'honeypot', 0],
      ]);
      expect(await store.countSpam()).toBe(1);
    });

    it('hands out due deliveries oldest first, by channel, leaving out the ones excluded', async () => {
      // A store may or may not hand out again what it handed out before (SQLite relies on the
      // worker excluding its sends in flight; PostgreSQL holds a claim): the worker always excludes.
      const a = await store.addLead(lead({ email: 'a@example.com' }), ['email', 'webhook'], 1000);
      const b = await store.addLead(lead({ email: 'b@example.com' }), ['email'], 2000);
      const c = await store.addLead(lead({ email: 'c@example.com' }), ['email'], 3000);
      await store.addLead(lead({ email: 'later@example.com' }), ['email'], 9000);
      const emailOf = new Map(
        (await store.listLeads()).map((l) => [l.id, l.deliveries.find((d) => d.channel === 'email')!.id]),
      );

      expect(await store.claimDeliveries(500)).toEqual([]);
      const one = await store.claimDeliveries(5000, 1, { channel: 'email', exclude: [emailOf.get(a)!] });
      expect(one.map(({ delivery, lead }) => [lead.id, lead.email, delivery.id, delivery.channel])).toEqual([
        [b, 'b@example.com', emailOf.get(b), 'email'],
      ]);
      expect(one[0]!.lead).toMatchObject({
        firstName: 'Ann',
        textingConsent: true,
        receivedAt: '1970-01-01T00:00:02.000Z',
      });
      expect(await store.nextAttemptAt({ channel: 'email', exclude: [emailOf.get(a)!, emailOf.get(b)!] })).toBe(3000);
      const due = await store.claimDeliveries(5000, 20, { channel: 'email', exclude: [emailOf.get(b)!] });
      expect(due.map(({ lead }) => lead.id)).toEqual([a, c]);
      const webhook = await store.claimDeliveries(5000, 20, { channel: 'webhook' });
      expect(webhook.map(({ delivery }) => [delivery.leadId, delivery.channel])).toEqual([[a, 'webhook']]);
    });

    it('records a failed try and a delivery, and resumes what is pending', async () => {
      const id = await store.addLead(lead(), ['email'], 1000);
      const delivery = (await store.claimDeliveries(1000))[0]!.delivery;
      await store.markRetry(delivery.id, 'x'.repeat(1500), 61_000);
      let [stored] = (await store.listLeads())[0]!.deliveries;
      expect(stored).toMatchObject({ state: 'pending', attempts: 1, nextAttemptAt: 61_000 });
      expect(stored!.lastError).toBe('x'.repeat(1000));
      expect(await store.nextAttemptAt()).toBe(61_000);
      expect(await store.claimDeliveries(60_000)).toEqual([]);

      // A retry within the longest delay is left to its time; only one set further ahead is due again.
      expect(await store.resumePending(5000, 56_000)).toBe(0);
      expect(await store.nextAttemptAt()).toBe(61_000);
      expect(await store.resumePending(5000, 55_999)).toBe(1);
      expect(await store.nextAttemptAt()).toBe(5000);
      // On start, every pending delivery is counted (and due).
      expect(await store.resumePending(5000)).toBe(1);
      expect(await store.nextAttemptAt()).toBe(5000);
      const again = await store.claimDeliveries(5000);
      expect(again.map(({ lead }) => lead.id)).toEqual([id]);
      await store.markDelivered(again[0]!.delivery.id, at('2026-01-02T10:00:00Z'));
      [stored] = (await store.listLeads())[0]!.deliveries;
      expect(stored).toMatchObject({
        state: 'delivered',
        attempts: 2,
        lastError: null,
        deliveredAt: '2026-01-02T10:00:00.000Z',
      });
      expect(await store.claimDeliveries(10 ** 13)).toEqual([]);
      expect(await store.nextAttemptAt()).toBeUndefined();
      expect(await store.resumePending(10 ** 13)).toBe(0);
    });

    it('never gives a deleted lead’s id, or its delivery’s, again: a send finishing late marks no other lead', async () => {
      await store.addLead(lead({ email: 'first@example.com' }), ['email'], 1000);
      const old = await store.addLead(lead({ email: 'old@example.com' }), ['email'], 1000);
      const sending = (await store.claimDeliveries(1000)).find((c) => c.lead.id === old)!.delivery;
      // Deleted while its e-mail is on its way; the next visitor writes.
      await store.deleteLeadsByEmail('old@example.com');
      const next = await store.addLead(lead({ email: 'new@example.com' }), ['email'], 2000);
      expect(next).toBeGreaterThan(old);
      await store.markDelivered(sending.id, 3000);
      await store.markRetry(sending.id, 'late', 4000);
      const [newest] = await store.listLeads();
      expect(newest).toMatchObject({ id: next, deliveries: [{ state: 'pending', attempts: 0 }] });
      expect(newest!.deliveries[0]!.id).toBeGreaterThan(sending.id);
    });

    it('refuses the 4th message of one e-mail within the window, counting all keys or none', async () => {
      const email = { key: 'email:ann@example.com', rule };
      const address = { key: 'ip:203.0.113.7', rule: { max: 10, windowMs: 600_000 } };
      for (let n = 0; n < 3; n++) expect(await take([email, address], 1000 + n)).toEqual({ allowed: true });
      expect(await take([email, address], 30_000)).toEqual({ allowed: false, retryAfterMs: 31_002 });
      // The refused try counted against neither key: seven more from the address still pass.
      for (let n = 0; n < 7; n++) {
        expect(await take([{ key: `email:${n}@example.com`, rule }, address], 40_000)).toEqual({
          allowed: true,
        });
      }
      expect(await take([{ key: 'email:z@example.com', rule }, address], 40_000)).toMatchObject({
        allowed: false,
      });
      // A minute after the last one counted, the e-mail may send again.
      expect(await take([email], 61_003)).toEqual({ allowed: true });
    });

    it('stores a lead with its count in one commit: a lead it cannot keep costs no count', async () => {
      const email = { key: 'email:ann@example.com', rule };
      const broken = lead({ status: 'bogus' as 'lead' });
      for (let n = 0; n < 3; n++)
        await expect(store.addLeadWithinLimits([email], broken, ['email'], 1000 + n)).rejects.toThrow();
      expect(await store.listLeads({ includeSpam: true })).toEqual([]);
      const admitted = await store.addLeadWithinLimits([email], lead(), ['email'], 2000);
      expect(admitted).toEqual({ allowed: true, leadId: expect.any(Number) });
      expect((await store.listLeads()).map((l) => [l.id, l.deliveries.length])).toEqual([
        [admitted.allowed && admitted.leadId, 1],
      ]);
      for (let n = 0; n < 2; n++) expect(await take([email], 3000 + n)).toEqual({ allowed: true });
      // Refused: nothing stored.
      expect(await store.addLeadWithinLimits([email], lead(), ['email'], 4000)).toEqual({
        allowed: false,
        retryAfterMs: 59_001,
      });
      expect(await store.listLeads()).toHaveLength(1);
    });

    it('lets exactly three of many simultaneous messages of one e-mail through', async () => {
      const answers = await Promise.all(
        Array.from({ length: 12 }, () => take([{ key: 'email:rush@example.com', rule }], 5000)),
      );
      expect(answers.filter((a) => a.allowed)).toHaveLength(3);
    });

    it('stores a message sent again under its name once: counted and queued once, answered with its lead', async () => {
      const email = { key: 'email:ann@example.com', rule };
      const message = lead({ submissionId: 'a'.repeat(32) });
      const first = await store.addLeadWithinLimits([email], message, ['email', 'webhook'], 1000);
      expect(first).toEqual({ allowed: true, leadId: expect.any(Number) });
      const leadId = first.allowed ? first.leadId : 0;
      // Tries after an answer was lost, and one at the same moment as another.
      const again = await Promise.all([
        store.addLeadWithinLimits([email], message, ['email', 'webhook'], 2000),
        store.addLeadWithinLimits([email], message, ['email', 'webhook'], 2000),
        store.addLeadWithinLimits([email], message, ['email', 'webhook'], 3000),
      ]);
      expect(again).toEqual(Array(3).fill({ allowed: true, leadId, repeated: true }));
      const stored = await store.listLeads();
      expect(stored.map((l) => [l.id, l.submissionId, l.deliveries.length])).toEqual([[leadId, 'a'.repeat(32), 2]]);
      // Counted once: two other messages of the address still go, a third does not.
      for (const id of ['b', 'c']) {
        expect(await store.addLeadWithinLimits([email], lead({ submissionId: id.repeat(32) }), [], 4000)).toMatchObject(
          {
            allowed: true,
          },
        );
      }
      expect(await store.addLeadWithinLimits([email], lead({ submissionId: 'd'.repeat(32) }), [], 5000)).toMatchObject({
        allowed: false,
      });
      // Messages without a name are each new.
      await store.addLead(lead(), []);
      await store.addLead(lead(), []);
      expect(await store.listLeads()).toHaveLength(5);
    });

    it('finds a message under an earlier name it gives, and stores it under its own name only', async () => {
      const first = await store.addLeadWithinLimits([], lead({ submissionId: 'f'.repeat(32) }), ['email'], 1000);
      const named = (submissionId: string, earlier: string[]) =>
        store.addLeadWithinLimits([], lead({ submissionId, earlierSubmissionIds: earlier }), ['email'], 2000);
      // The same message, named in the next window: found by its name of the window before.
      expect(await named('g'.repeat(32), ['f'.repeat(32)])).toEqual({ ...first, repeated: true });
      // A message whose earlier name nothing has is new, and keeps only its own name.
      const other = await named('h'.repeat(32), ['i'.repeat(32)]);
      expect(other).toEqual({ allowed: true, leadId: expect.any(Number) });
      expect((await store.listLeads()).map((l) => l.submissionId).sort()).toEqual(['f'.repeat(32), 'h'.repeat(32)]);
      expect(await named('i'.repeat(32), [])).toEqual({ allowed: true, leadId: expect.any(Number) });
    });

    it('lets the simultaneous tries of one message store it once', async () => {
      const message = lead({ email: 'rush@example.com', submissionId: 'e'.repeat(32) });
      const answers = await Promise.all(
        Array.from({ length: 6 }, () =>
          store.addLeadWithinLimits([{ key: 'email:rush@example.com', rule }], message, ['email'], 5000),
        ),
      );
      const ids = new Set(answers.map((a) => (a.allowed ? a.leadId : 0)));
      expect([...ids]).toEqual([expect.any(Number)]);
      expect(answers.filter((a) => a.allowed && a.repeated)).toHaveLength(5);
      expect(await store.listLeads()).toMatchObject([{ deliveries: [{ channel: 'email' }] }]);
    });

    /** A bot's submission (the honeypot filled) from `clientAddress`. */
    const takeSpam = (email: string, clientAddress: string) =>
      takeSubmission(
        {
          values: { ...visitorValues, email },
          honeypot: 'http://spam.example',
          elapsedMs: 9000,
          fromScript: true,
          userAgent: 'bot',
          sourcePage: '/',
        },
        { store, channels: ['email'], minFillMs: 3000, consentText: 'c', clientAddress },
      );

    it('takes spam with a kilobytes-long address and client address (their counters go by a digest)', async () => {
      const email = `${'x'.repeat(8000)}@example.com`;
      const outcome = await takeSpam(email, '203.0.113.9'.repeat(700));
      expect(outcome).toMatchObject({ kind: 'accepted', spam: true });
      expect(counterKey('email', email)).toMatch(/^email:sha256:[0-9a-f]{64}$/);
      expect(counterKey('email', 'ann@example.com')).toBe('email:ann@example.com');
    });

    it('takes spam whose address is kilobytes that do not compress (random CJK), and forgets it', async () => {
      // 2,000 characters of U+4E00..U+9FFF in a fixed pseudo-random order: 6 KB of UTF-8 that
      // PostgreSQL cannot compress below its index row limit (8,000 'x' compress to a few bytes).
      let seed = 7;
      const email = Array.from({ length: 2000 }, () => {
        seed = (seed * 1_103_515_245 + 12_345) % 2 ** 31;
        return String.fromCodePoint(0x4e00 + (seed % 0x5200));
      }).join('');
      const outcome = await takeSpam(email, '203.0.113.9');
      expect(outcome).toMatchObject({ kind: 'accepted', spam: true });
      expect((await store.listLeads({ includeSpam: true })).map((l) => l.email)).toEqual([email]);
      expect(await store.deleteLeadsByEmail(email)).toEqual({ leads: 1, deliveries: 0 });
    });

    it('forgets one person (any case) with their deliveries and counter, and prunes old counters and spam', async () => {
      await store.addLeadWithinLimits([{ key: 'email:ann@example.com', rule }], lead({ email: 'Ann@Example.com' }), [
        'email',
        'webhook',
      ]);
      // Spam stored by an earlier release kept the address as typed, spaces and all.
      await store.addLead(lead({ status: 'spam', spamReason: 'too fast', email: ' Ann@Example.com ' }), []);
      const kept = await store.addLead(lead({ email: 'bob@example.com' }), ['email']);
      expect(await store.deleteLeadsByEmail(' ANN@example.com ')).toEqual({ leads: 2, deliveries: 2 });
      expect((await store.listLeads({ includeSpam: true })).map((l) => l.id)).toEqual([kept]);
      expect(await store.deleteLeadsByEmail('nobody@example.com')).toEqual({ leads: 0, deliveries: 0 });
      // Capitals beyond ASCII and a tab, which SQL's lower() and trim() leave: the tool counted it, the store kept it.
      await store.addLead(lead({ status: 'spam', spamReason: 'honeypot', email: '\tÉLISE@Example.com' }), []);
      expect(await store.deleteLeadsByEmail('élise@example.com')).toEqual({ leads: 1, deliveries: 0 });
      expect((await store.listLeads({ includeSpam: true })).map((l) => l.id)).toEqual([kept]);

      const day = 86_400_000;
      const now = at('2026-03-01T00:00:00Z');
      await store.addLead(
        lead({ status: 'spam', spamReason: 'too fast', email: 'old@example.com' }),
        [],
        now - 31 * day,
      );
      await store.addLead(lead({ status: 'spam', spamReason: 'too fast', email: 'new@example.com' }), [], now - day);
      // A one-a-day rule: only pruning (its counter is older than the longest window) lets it through today.
      const daily = { max: 1, windowMs: day };
      await take([{ key: 'email:old@example.com', rule: daily }], now - 700_000);
      await take([{ key: 'email:new@example.com', rule }], now - 1000);
      for (let n = 0; n < 2; n++) await take([{ key: 'email:new@example.com', rule }], now - 1000);
      await store.prune(now, { longestWindowMs: 600_000, spamDays: 30 });
      const emails = (await store.listLeads({ includeSpam: true })).map((l) => l.email);
      expect(emails.filter((email) => email !== 'counted@example.com')).toEqual(['new@example.com', 'bob@example.com']);
      // The recent counter survived (its 4th is refused); the old one is gone (a fresh start).
      expect(await take([{ key: 'email:new@example.com', rule }], now)).toMatchObject({
        allowed: false,
      });
      expect(await take([{ key: 'email:old@example.com', rule: daily }], now)).toEqual({
        allowed: true,
      });
    });
  });
}
