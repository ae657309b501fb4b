/**
 * What the lead pipeline's unit tests share: a visitor's form, a stored lead, and a fresh SQLite
 * store in a temporary folder for each test.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach } from 'vitest';
import { openLeadStore } from '#src/server/leads/store/sqlite.ts';
import type { StoredLead } from '#src/server/leads/store/types.ts';

export const visitor = {
  firstName: 'Ann',
  lastName: 'Lee',
  email: 'ann@example.com',
  phone: '919-555-0100',
  helpType: 'I want to sell my home',
  message: 'Please call me about selling my house.',
};

export const stored: StoredLead = {
  id: 42,
  receivedAt: '2025-05-01T14:30:00.000Z',
  status: 'lead',
  firstName: 'Zoë',
  lastName: "O'Brien",
  email: 'zoe@example.com',
  phone: '',
  helpType: 'I need a market analysis',
  message: '<script>alert("x")</script>\nSecond line & more',
  ip: '203.0.113.7',
  userAgent: 'test',
  sourcePage: '/city/cary',
  consentText: 'By giving your phone number, you agree that Jordan Avery may contact you by call or text.',
  textingConsent: false,
};

/** A fresh store per test in its own folder (`t.store` may be replaced by a test; it is closed after). */
export function useTempStore(): { store: ReturnType<typeof openLeadStore>; dir: string } {
  const t = {} as { store: ReturnType<typeof openLeadStore>; dir: string };
  beforeEach(() => {
    t.dir = mkdtempSync(join(tmpdir(), 'leads-unit-'));
    t.store = openLeadStore(join(t.dir, 'leads.db'));
  });
  afterEach(async () => {
    await t.store.close();
    rmSync(t.dir, { recursive: true, force: true });
  });
  return t;
}
