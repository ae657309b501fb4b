import { describe, expect, it } from 'vitest';
import { leadColumns, leadValues, toDelivery, toLead } from '#src/server/leads/store/rows.ts';
import type { NewLead } from '#src/server/leads/store/types.ts';
import { stored } from '../fixtures.ts';

const { id: _id, receivedAt, ...fields } = stored;
const home = {
  key: '3yd-TRI-4812345',
  address: '412 Oak Grove Lane, Cary, NC 27513',
  street: '412 Oak Grove Lane',
  city: 'Cary',
  state: 'NC',
  postalCode: '27513',
  price: 615000,
  url: 'https://www.example.com/listings/412-oak-grove-lane-cary-nc',
};
const lead: NewLead = { ...fields, textingConsent: true, listing: home };

/** The row a lead becomes, as `leadColumns` name its values. */
const rowOf = (values: readonly unknown[]) => Object.fromEntries(leadColumns.map((column, i) => [column, values[i]]));

describe('a lead as a row of leads', () => {
  it('has one value per column, in their order', () => {
    const row = rowOf(leadValues(lead, receivedAt));
    expect(leadValues(lead, receivedAt)).toHaveLength(leadColumns.length);
    expect(row).toMatchObject({
      received_at: receivedAt,
      first_name: 'Zoë',
      help_type: 'I need a market analysis',
      texting_consent: true,
      listing_key: home.key,
      listing_postal_code: '27513',
      listing_price: 615000,
    });
  });

  it('reads back the same lead from either driver', () => {
    const values = leadValues(lead, receivedAt);
    // node-postgres: bigint ids and prices as text, timestamps as Date, booleans as booleans.
    const postgres = {
      ...rowOf(values),
      id: '42',
      received_at: new Date(receivedAt),
      listing_price: '615000',
      spam_reason: null,
    };
    // node:sqlite: numbers, ISO text, and 0/1 for a boolean.
    const sqlite = { ...rowOf(values.map((v) => (typeof v === 'boolean' ? Number(v) : v))), id: 42 };
    expect(toLead(postgres)).toEqual({ ...lead, id: 42, receivedAt });
    expect(toLead(sqlite)).toEqual({ ...lead, id: 42, receivedAt });
  });

  it('takes the lead id of a join from the column it names', () => {
    expect(toLead({ ...rowOf(leadValues(lead, receivedAt)), id: 7, lead_id: 42 }, 42).id).toBe(42);
  });

  it('reads a lead without a home or the newer columns (a database not yet migrated) with their defaults', () => {
    const { listing: _listing, ...plain } = lead;
    const row = rowOf(leadValues(plain, receivedAt));
    for (const column of leadColumns.slice(leadColumns.indexOf('source_page'))) delete row[column];
    const read = toLead({ ...row, id: 1 });
    expect(read).toMatchObject({ sourcePage: '', consentText: '', textingConsent: false });
    expect(read.listing).toBeUndefined();
    expect(read.spamReason).toBeUndefined();
  });

  it('keeps a spam reason', () => {
    const spam = { ...lead, status: 'spam' as const, spamReason: 'honeypot' };
    expect(toLead({ ...rowOf(leadValues(spam, receivedAt)), id: 3 })).toMatchObject({
      status: 'spam',
      spamReason: 'honeypot',
    });
  });
});

describe('a row of the outbox', () => {
  it('reads a pending delivery from node:sqlite and a delivered one from node-postgres', () => {
    expect(
      toDelivery({
        id: 5,
        lead_id: 42,
        channel: 'email',
        state: 'pending',
        attempts: 2,
        next_attempt_at: 1_750_000_000_000,
        last_error: 'SMTP 451',
        delivered_at: null,
      }),
    ).toEqual({
      id: 5,
      leadId: 42,
      channel: 'email',
      state: 'pending',
      attempts: 2,
      nextAttemptAt: 1_750_000_000_000,
      lastError: 'SMTP 451',
      deliveredAt: null,
    });
    expect(
      toDelivery({
        id: '6',
        lead_id: '42',
        channel: 'webhook',
        state: 'delivered',
        attempts: 1,
        next_attempt_at: '1750000000000',
        last_error: null,
        delivered_at: new Date('2025-05-01T14:31:00Z'),
      }),
    ).toEqual({
      id: 6,
      leadId: 42,
      channel: 'webhook',
      state: 'delivered',
      attempts: 1,
      nextAttemptAt: 1_750_000_000_000,
      lastError: null,
      deliveredAt: '2025-05-01T14:31:00.000Z',
    });
  });
});
