/**
 * A showing request from a listing page (issue 15): the form's listing key is looked up by the
 * server, stored with the lead (on a database made before the listing columns too), and named by
 * the e-mail, the Follow Up Boss event and the CSV.
 */
import { join } from 'node:path';
import { DatabaseSync } from 'node:sqlite';
import { describe, expect, it } from 'vitest';
import { handleContactPost } from '#src/server/http/contact-request.ts';
import { buildFollowUpBossEvent } from '#src/server/leads/channels/crm.ts';
import { buildLeadEmail } from '#src/server/leads/channels/email.ts';
import { leadsToCsv } from '#src/server/leads/csv.ts';
import type { IntakeDeps } from '#src/server/leads/intake.ts';
import { addedLeadColumns, migrate, openLeadStore } from '#src/server/leads/store/sqlite.ts';
import { showingHome as home } from '../../../support/showing-home.ts';
import { stored, useTempStore, visitor } from './fixtures.ts';

const t = useTempStore();

function deps(): IntakeDeps {
  return {
    store: t.store,
    channels: ['email', 'webhook'],
    minFillMs: 3000,
    consentText: 'By giving your phone number, you agree ...',
    clientAddress: '203.0.113.7',
    log: () => {},
    findListing: (key) => (key === home.key ? home : undefined),
  };
}

const json = (body: unknown) =>
  new Request('http://127.0.0.1/api/contact', {
    method: 'POST',
    headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify(body),
  });

describe('showing request intake', () => {
  it('stores the listing key and address the server looked up', async () => {
    const outcome = await handleContactPost(json({ ...visitor, elapsedMs: 8000, listingKey: home.key }), deps());
    expect(outcome).toMatchObject({ kind: 'accepted', listing: home });
    const [lead] = await t.store.listLeads();
    expect(lead!.listing).toEqual(home);
    expect(lead!.deliveries.map((d) => d.channel)).toEqual(['email', 'webhook']);
    // The worker reads leads through claimDeliveries: the home travels with them.
    expect((await t.store.claimDeliveries(Date.now()))[0]!.lead.listing).toEqual(home);
  });

  it('reads the key from the plain HTML form too', async () => {
    const body = new URLSearchParams({ ...visitor, listingKey: home.key });
    const request = new Request('http://127.0.0.1/contact', {
      method: 'POST',
      headers: { 'Content-Type': 'application/x-www-form-urlencoded' },
      body: body.toString(),
    });
    expect(await handleContactPost(request, deps())).toMatchObject({ kind: 'accepted' });
    expect((await t.store.listLeads())[0]!.listing?.key).toBe(home.key);
  });

  it('keeps the home on a form sent back with errors, so the corrected try still names it', async () => {
    const outcome = await handleContactPost(
      json({ ...visitor, message: 'short', elapsedMs: 8000, listingKey: home.key }),
      deps(),
    );
    expect(outcome).toMatchObject({ kind: 'invalid', listing: home });
  });

  it.each([
    ['a key the site does not have', 'JA-0000-000'],
    ['a malformed key', '<script>'],
    ['no key', ''],
  ])('stores a plain message for %s', async (_what, listingKey) => {
    await handleContactPost(json({ ...visitor, elapsedMs: 8000, listingKey }), deps());
    expect((await t.store.listLeads())[0]!.listing).toBeUndefined();
  });

  it('refuses a key that is not a string', async () => {
    expect(await handleContactPost(json({ ...visitor, listingKey: 7 }), deps())).toMatchObject({
      kind: 'rejected',
      status: 400,
    });
  });
});

describe('showing request delivery', () => {
  const lead = { ...stored, helpType: "I'm looking to buy a home", listing: home };

  it('names the home in the e-mail subject and body', () => {
    const mail = buildLeadEmail(lead);
    expect(mail.subject).toBe("Showing request for 412 Oak Grove Lane, Cary, NC 27513 from Zoë O'Brien");
    expect(mail.text).toContain('A showing request for 412 Oak Grove Lane, Cary, NC 27513');
    expect(mail.text).toContain('Home: 412 Oak Grove Lane, Cary, NC 27513 (JA-2026-014), $525,000');
    expect(mail.text).toContain(`Listing page: ${home.url}`);
    expect(mail.html).toContain('412 Oak Grove Lane, Cary, NC 27513 (JA-2026-014), $525,000');
    expect(mail.html).toContain(`href="${home.url}"`);
  });

  it("sends Follow Up Boss's Property Inquiry with its property object", () => {
    const event = buildFollowUpBossEvent(lead);
    expect(event).toMatchObject({
      type: 'Property Inquiry',
      sourceUrl: home.url,
      description: 'Showing request for 412 Oak Grove Lane, Cary, NC 27513 (website listing page, lead #42)',
      person: { firstName: 'Zoë', emails: [{ value: 'zoe@example.com' }] },
    });
    expect(event.property).toEqual({
      street: '412 Oak Grove Lane',
      city: 'Cary',
      state: 'NC',
      code: '27513',
      mlsNumber: 'JA-2026-014',
      price: 525000,
      forRent: false,
      url: home.url,
    });
    expect(buildFollowUpBossEvent(stored).property).toBeUndefined();
  });

  it('puts the listing key and address in the CSV', () => {
    const [header, row] = leadsToCsv([{ ...lead, deliveries: [] }])
      .slice(1)
      .split('\r\n');
    expect(header).toContain('listing_key,listing_address');
    expect(row).toContain(',JA-2026-014,"412 Oak Grove Lane, Cary, NC 27513",');
  });
});

describe('listing columns on an existing database', () => {
  /** The tables as the first release made them, with one lead in it. */
  function oldDatabase(file: string): void {
    const db = new DatabaseSync(file);
    db.exec(`CREATE TABLE leads (
      id INTEGER PRIMARY KEY, received_at TEXT NOT NULL, status TEXT NOT NULL, spam_reason TEXT,
      first_name TEXT NOT NULL, last_name TEXT NOT NULL, email TEXT NOT NULL, phone TEXT NOT NULL,
      help_type TEXT NOT NULL, message TEXT NOT NULL, ip TEXT NOT NULL, user_agent TEXT NOT NULL);
      CREATE TABLE outbox (
      id INTEGER PRIMARY KEY, lead_id INTEGER NOT NULL REFERENCES leads (id) ON DELETE CASCADE,
      channel TEXT NOT NULL, state TEXT NOT NULL DEFAULT 'pending', attempts INTEGER NOT NULL DEFAULT 0,
      next_attempt_at INTEGER NOT NULL, last_error TEXT, delivered_at TEXT, UNIQUE (lead_id, channel));
      CREATE TABLE rate_limits (key TEXT PRIMARY KEY, count INTEGER NOT NULL, last_at INTEGER NOT NULL)`);
    db.prepare(
      `INSERT INTO leads (received_at, status, first_name, last_name, email, phone, help_type, message, ip, user_agent)
       VALUES ('2025-05-01T14:30:00.000Z', 'lead', 'Ann', 'Lee', 'ann@example.com', '', 'Other', 'An old message.', '', '')`,
    ).run();
    db.close();
  }

  it('are added on open, once, keeping the old leads; the read-only tool reads a database not yet migrated', async () => {
    const file = join(t.dir, 'old.db');
    oldDatabase(file);
    const reader = openLeadStore(file, { readOnly: true });
    expect((await reader.listLeads()).map((l) => [l.message, l.listing])).toEqual([['An old message.', undefined]]);
    await reader.close();

    const store = openLeadStore(file);
    try {
      const columns = store.db
        .prepare('PRAGMA table_info(leads)')
        .all()
        .map((c) => c['name']);
      expect(columns).toEqual(expect.arrayContaining(addedLeadColumns.map(([name]) => name)));
      expect(migrate(store.db)).toEqual([]);
      await store.addLead({ status: 'lead', ...visitor, ip: '', userAgent: '', listing: home }, ['email']);
      expect((await store.listLeads()).map((l) => [l.message, l.listing])).toEqual([
        [visitor.message, home],
        ['An old message.', undefined],
      ]);
    } finally {
      await store.close();
    }
    const again = openLeadStore(file);
    expect(await again.listLeads()).toHaveLength(2);
    await again.close();
  });
});
