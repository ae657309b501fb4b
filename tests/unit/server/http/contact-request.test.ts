/**
 * A contact POST through its three seams: the Request read into a submission, the intake
 * (rate limits, spam, validation, store) and the answer, on a real SQLite store.
 */
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { handleContactPost, sourcePage } from '#src/server/http/contact-request.ts';
import { jsonResponse } from '#src/server/http/contact-response.ts';
import { addressKey, addressRule, type IntakeDeps } from '#src/server/leads/intake.ts';
import { openLeadStore } from '#src/server/leads/store/sqlite.ts';
import { useTempStore, visitor } from '../leads/fixtures.ts';

const t = useTempStore();

function post(body: unknown, headers: Record<string, string> = {}): Request {
  const text = typeof body === 'string' ? body : JSON.stringify(body);
  return new Request('http://127.0.0.1/api/contact', {
    method: 'POST',
    headers: { 'Content-Type': 'application/json', ...headers },
    body: text,
  });
}

function deps(overrides: Partial<IntakeDeps> = {}): IntakeDeps {
  return {
    store: t.store,
    channels: ['email'],
    minFillMs: 3000,
    consentText: 'By giving your phone number, you agree ...',
    clientAddress: '203.0.113.7',
    log: () => {},
    ...overrides,
  };
}

describe('intake', () => {
  it('stores a valid lead with one pending e-mail before answering success', async () => {
    const leads: number[] = [];
    const outcome = await handleContactPost(
      post({ ...visitor, elapsedMs: 8000 }),
      deps({ onLead: (id) => leads.push(id) }),
    );
    expect(outcome).toEqual({ kind: 'accepted', leadId: 1, spam: false });
    expect(leads).toEqual([1]);
    const [lead] = await t.store.listLeads();
    expect(lead).toMatchObject({ ...visitor, status: 'lead', ip: '203.0.113.7' });
    expect(lead!.deliveries).toMatchObject([{ channel: 'email', state: 'pending', attempts: 0 }]);
    const response = jsonResponse(outcome);
    expect(response.status).toBe(200);
    expect(await response.json()).toEqual({ ok: true, message: "Message sent! I'll get back to you soon." });
  });

  it('keeps the consent evidence: the sentence shown, texting consent, the page, address and browser', async () => {
    const from = (referer: string, phone: string) =>
      post({ ...visitor, phone, elapsedMs: 8000 }, { Referer: referer, 'User-Agent': 'Mozilla/5.0 (test)' });
    await handleContactPost(from('http://127.0.0.1/city/cary?x=1', '919-555-0100'), deps());
    await handleContactPost(from('https://elsewhere.example/page', ''), deps());
    const [other, cary] = await t.store.listLeads();
    expect(cary).toMatchObject({
      sourcePage: '/city/cary',
      consentText: 'By giving your phone number, you agree ...',
      textingConsent: true,
      ip: '203.0.113.7',
      userAgent: 'Mozilla/5.0 (test)',
    });
    // No phone number, no texting consent; another site's address is not this site's page.
    expect(other).toMatchObject({ sourcePage: '', textingConsent: false });
  });

  it("keeps the page behind a TLS proxy (https to the browser, http here), and never another host's", async () => {
    let n = 0;
    const page = async (referer: string) => {
      const email = `visitor${++n}@example.com`;
      await handleContactPost(post({ ...visitor, email, elapsedMs: 8000 }, { Referer: referer }), deps());
      return (await t.store.listLeads())[0]!.sourcePage;
    };
    expect(await page('https://127.0.0.1/city/cary')).toBe('/city/cary');
    expect(await page('http://127.0.0.1//evil.example/login')).toBe('/evil.example/login');
    expect(await page('http://127.0.0.1//')).toBe('/');
    expect(await page('ftp://127.0.0.1/city/cary')).toBe('');
    // Behind the proxy the page is on the host the visitor posted to, not this server's address.
    const proxied = post(visitor, { Referer: 'https://www.example.com/relocation' });
    expect(sourcePage(proxied, 'WWW.example.com')).toBe('/relocation');
    expect(sourcePage(proxied)).toBe('');
  });

  it('stores a message with a NUL character without it (PostgreSQL cannot hold one: the lead was refused)', async () => {
    const outcome = await handleContactPost(
      post({ ...visitor, message: 'Hello there\u0000 friend, please call me', elapsedMs: 8000 }),
      deps(),
    );
    expect(outcome.kind).toBe('accepted');
    const [lead] = await t.store.listLeads();
    expect(lead!.message).toBe('Hello there friend, please call me');
  });

  it('answers 422 with the SPEC messages and stores nothing', async () => {
    const outcome = await handleContactPost(
      post({ ...visitor, firstName: 'J0hn', phone: '12', elapsedMs: 8000 }),
      deps(),
    );
    expect(outcome).toMatchObject({
      kind: 'invalid',
      errors: { firstName: 'Invalid characters in first name', phone: 'Invalid phone number format' },
    });
    const response = jsonResponse(outcome);
    expect(response.status).toBe(422);
    expect(await response.json()).toMatchObject({ message: 'Please correct the errors below.' });
    expect(await t.store.listLeads({ includeSpam: true })).toEqual([]);
  });

  it('reads the plain form post of the page without JavaScript', async () => {
    const form = new URLSearchParams({ ...visitor, website: '' });
    const request = new Request('http://127.0.0.1/api/contact', {
      method: 'POST',
      headers: { 'Content-Type': 'application/x-www-form-urlencoded' },
      body: form.toString(),
    });
    expect(await handleContactPost(request, deps())).toMatchObject({ kind: 'accepted', spam: false });
  });

  it("stores the plain form's same message sent again (a second click, a resend) once: always within ten minutes, never after twenty", async () => {
    let now = Date.UTC(2026, 11, 3, 14, 0, 1);
    const leads: number[] = [];
    const clock = deps({ now: () => now, onLead: (lead) => leads.push(lead) });
    const plain = (fields: Record<string, string>) =>
      new Request('http://127.0.0.1/contact', {
        method: 'POST',
        headers: { 'Content-Type': 'application/x-www-form-urlencoded' },
        body: new URLSearchParams({ ...visitor, website: '', ...fields }).toString(),
      });
    expect(await handleContactPost(plain({}), clock)).toEqual({ kind: 'accepted', leadId: 1, spam: false });
    // The same words a moment later, and again (the e-mail written otherwise, spaces around a name).
    now += 400;
    expect(await handleContactPost(plain({}), clock)).toEqual({
      kind: 'accepted',
      leadId: 1,
      spam: false,
      repeated: true,
    });
    now += 5 * 60_000;
    expect(await handleContactPost(plain({ email: ' ANN@example.com', firstName: 'Ann ' }), clock)).toMatchObject({
      leadId: 1,
      repeated: true,
    });
    // Another word is another message; the same one twenty minutes on is new again.
    expect(await handleContactPost(plain({ message: `${visitor.message} Thanks!` }), clock)).toEqual({
      kind: 'accepted',
      leadId: 2,
      spam: false,
    });
    now += 20 * 60_000;
    expect(await handleContactPost(plain({}), clock)).toMatchObject({ leadId: 3 });
    // Sent just before a window's edge and again just after it: one message.
    now = Date.UTC(2026, 11, 3, 15, 9, 59, 800);
    const edge = plain({ message: 'Is the house on Oak Grove Lane still for sale?' });
    expect(await handleContactPost(edge.clone(), clock)).toMatchObject({ leadId: 4 });
    now += 400;
    expect(await handleContactPost(edge, clock)).toMatchObject({ leadId: 4, repeated: true });
    expect(leads).toEqual([1, 2, 3, 4]);
    expect((await t.store.listLeads()).map((lead) => lead.submissionId)).toEqual(
      Array(4).fill(expect.stringMatching(/^form-[0-9a-f]{32}$/)),
    );
  });

  it('counts a line break of the plain form (CRLF, as browsers post a textarea) as one character, as the island does', async () => {
    // 980 letters and 20 line breaks: 1,000 characters in the textarea, 1,020 as posted.
    const message = Array.from({ length: 20 }, () => 'x'.repeat(49)).join('\r\n') + 'x'.repeat(1000 - 20 * 49 - 19);
    expect(message.replaceAll('\r\n', '\n')).toHaveLength(1000);
    const form = new URLSearchParams({ ...visitor, message, website: '' });
    const request = new Request('http://127.0.0.1/contact', {
      method: 'POST',
      headers: { 'Content-Type': 'application/x-www-form-urlencoded' },
      body: form.toString(),
    });
    expect(await handleContactPost(request, deps())).toMatchObject({ kind: 'accepted', spam: false });
    expect((await t.store.listLeads())[0]!.message).toBe(message.replaceAll('\r\n', '\n'));
  });

  it.each([
    ['a wrong content type', post('x', { 'Content-Type': 'text/plain' }), 415],
    ['multipart', post('x', { 'Content-Type': 'multipart/form-data; boundary=x' }), 415],
    ['another charset', post('{}', { 'Content-Type': 'application/json; charset=latin1' }), 415],
    ['broken JSON', post('{"firstName":'), 400],
    ['a JSON array', post('[1,2]'), 400],
    ['JSON null', post('null'), 400],
    ['a field of the wrong type', post({ ...visitor, firstName: ['Ann'] }), 400],
    ['an object as a field', post({ ...visitor, message: { $gt: '' } }), 400],
    [
      'invalid UTF-8',
      new Request('http://x/', {
        method: 'POST',
        headers: { 'Content-Type': 'application/json' },
        body: new Uint8Array([0x7b, 0xff, 0x7d]),
      }),
      400,
    ],
    ['a body over 64 KB', post({ ...visitor, message: 'a'.repeat(66_000) }), 413],
  ])('refuses %s with %i', async (_what, request, status) => {
    const outcome = await handleContactPost(request, deps());
    expect(outcome).toMatchObject({ kind: 'rejected', status });
    expect(jsonResponse(outcome).status).toBe(status);
  });

  it('says what is wrong with a form in another charset: the charset, not the type', async () => {
    const outcome = await handleContactPost(
      post('firstName=Ann', { 'Content-Type': 'application/x-www-form-urlencoded; charset=iso-8859-1' }),
      deps(),
    );
    expect(outcome).toMatchObject({ kind: 'rejected', status: 415, message: 'The form must be sent in UTF-8.' });
  });

  it('refuses a compressed body, saying so; a lead labelled gzip was taken as it came', async () => {
    for (const coding of ['gzip', 'br', 'deflate, gzip']) {
      const outcome = await handleContactPost(
        post({ ...visitor, message: 'A plain body labelled compressed.' }, { 'Content-Encoding': coding }),
        deps(),
      );
      expect(outcome).toMatchObject({ kind: 'rejected', status: 415, message: 'The form must be sent uncompressed.' });
      // And what to send instead (RFC 9110, 15.5.16): a type or charset refused says nothing of codings.
      expect(jsonResponse(outcome).headers.get('Accept-Encoding')).toBe('identity');
    }
    const wrongType = await handleContactPost(post('x', { 'Content-Type': 'text/plain' }), deps());
    expect(jsonResponse(wrongType).headers.get('Accept-Encoding')).toBeNull();
    const plain = post({ ...visitor, message: 'A plain body said to be plain.' }, { 'Content-Encoding': 'identity' });
    expect(await handleContactPost(plain, deps())).toMatchObject({ kind: 'accepted' });
  });

  it('gives a bot caught by the honeypot the normal success, stores it as spam, queues nothing', async () => {
    const outcome = await handleContactPost(
      post({ ...visitor, website: 'http://spam.example', elapsedMs: 9000 }),
      deps(),
    );
    expect(outcome).toMatchObject({ kind: 'accepted', spam: true });
    expect(await jsonResponse(outcome).json()).toEqual({
      ok: true,
      message: "Message sent! I'll get back to you soon.",
    });
    const [lead] = await t.store.listLeads({ includeSpam: true });
    expect(lead).toMatchObject({ status: 'spam', spamReason: 'honeypot', deliveries: [] });
    expect(await t.store.listLeads()).toEqual([]);
  });

  it('treats a form filled faster than a person can as spam, even when invalid', async () => {
    const fast = await handleContactPost(post({ ...visitor, firstName: '', elapsedMs: 400 }), deps());
    expect(fast).toMatchObject({ kind: 'accepted', spam: true });
    const untimed = await handleContactPost(post({ ...visitor, email: 'b@example.com' }), deps());
    expect(untimed).toMatchObject({ kind: 'accepted', spam: true });
    expect((await t.store.listLeads({ includeSpam: true })).map((l) => l.spamReason)).toEqual(['too fast', 'too fast']);
  });

  it('limits each e-mail to 3 submissions per 60 s with Retry-After, counted in the database', async () => {
    let now = 1_000_000;
    const clock = deps({ now: () => now });
    for (let i = 0; i < 3; i++) {
      now += 1000;
      expect(await handleContactPost(post({ ...visitor, elapsedMs: 5000 }), clock)).toMatchObject({ kind: 'accepted' });
    }
    now += 1000;
    const refused = await handleContactPost(post({ ...visitor, elapsedMs: 5000 }), clock);
    expect(refused).toMatchObject({ kind: 'rate-limited', retryAfterSeconds: 59 });
    const response = jsonResponse(refused);
    expect(response.status).toBe(429);
    expect(response.headers.get('Retry-After')).toBe('59');
    expect(await response.json()).toEqual({
      ok: false,
      message: 'Too many submissions. Please wait before submitting again.',
    });
    // Another e-mail from another address is not affected; the same e-mail is, in any letter case.
    const other = deps({ now: () => now, clientAddress: '198.51.100.1' });
    expect(await handleContactPost(post({ ...visitor, email: 'b@example.com', elapsedMs: 5000 }), other)).toMatchObject(
      {
        kind: 'accepted',
      },
    );
    expect(
      await handleContactPost(post({ ...visitor, email: 'ANN@example.com', elapsedMs: 5000 }), other),
    ).toMatchObject({ kind: 'rate-limited' });
    // A restart (a new connection to the same file) keeps the count.
    await t.store.close();
    t.store = openLeadStore(join(t.dir, 'leads.db'));
    expect(await handleContactPost(post({ ...visitor, elapsedMs: 5000 }), deps({ now: () => now }))).toMatchObject({
      kind: 'rate-limited',
    });
    now += 60_001;
    expect(await handleContactPost(post({ ...visitor, elapsedMs: 5000 }), deps({ now: () => now }))).toMatchObject({
      kind: 'accepted',
    });
  });

  it('takes a message sent again under its name (its answer was lost) as sent, storing, queueing and counting it once', async () => {
    const leads: number[] = [];
    const id = '0123456789abcdef0123456789abcdef';
    const clock = deps({ onLead: (lead) => leads.push(lead) });
    const message = { ...visitor, elapsedMs: 5000, submissionId: id };
    for (let i = 0; i < 4; i++) {
      const outcome = await handleContactPost(post(message), clock);
      expect(outcome).toEqual({ kind: 'accepted', leadId: 1, spam: false, ...(i > 0 ? { repeated: true } : {}) });
      expect(await jsonResponse(outcome).json()).toEqual({
        ok: true,
        message: "Message sent! I'll get back to you soon.",
      });
    }
    expect(leads).toEqual([1]);
    expect((await t.store.listLeads()).map((l) => [l.submissionId, l.deliveries.length])).toEqual([[id, 1]]);
    // Counted once: two more messages of the address go.
    for (const other of ['1', '2']) {
      expect(
        await handleContactPost(
          post({ ...message, submissionId: other.repeat(32), message: `Another one, ${other}.` }),
          clock,
        ),
      ).toMatchObject({ kind: 'accepted', leadId: Number(other) + 1 });
    }
    // A name not of the island's making is no name: each such message is new.
    await t.store.close();
    t.store = openLeadStore(join(t.dir, 'other.db'));
    for (const odd of ['ABCDEF0123456789ABCDEF0123456789', 42, 'a'.repeat(33)]) {
      expect(await handleContactPost(post({ ...message, submissionId: odd }), deps())).toMatchObject({
        kind: 'accepted',
      });
    }
    expect((await t.store.listLeads()).map((l) => l.submissionId)).toEqual([undefined, undefined, undefined]);
  });

  it('does not count a submission sent back with field errors: the corrected 4th try goes through', async () => {
    let now = 2_000_000;
    const clock = deps({ now: () => now });
    for (let i = 0; i < 3; i++) {
      now += 1000;
      const outcome = await handleContactPost(post({ ...visitor, phone: '12', elapsedMs: 5000 }), clock);
      expect(outcome).toMatchObject({ kind: 'invalid', status: 422 });
    }
    now += 1000;
    expect(await handleContactPost(post({ ...visitor, elapsedMs: 5000 }), clock)).toMatchObject({ kind: 'accepted' });
  });

  it('limits one client address cycling through e-mails', async () => {
    const now = 5_000_000;
    for (let i = 0; i < addressRule.max; i++) {
      const outcome = await handleContactPost(
        post({ ...visitor, email: `n${i}@example.com`, elapsedMs: 5000 }),
        deps({ now: () => now + i }),
      );
      expect(outcome.kind).toBe('accepted');
    }
    const refused = await handleContactPost(
      post({ ...visitor, email: 'new@example.com', elapsedMs: 5000 }),
      deps({ now: () => now + 100 }),
    );
    expect(refused).toMatchObject({ kind: 'rate-limited' });
  });

  it('counts an IPv6 client by its /64, which any such client has to cycle through, written one way', async () => {
    expect(addressKey('2001:DB8:1:2::1d')).toBe('2001:db8:1:2::/64');
    expect(addressKey('2001:db8:0:0::1')).toBe('2001:db8:0:0::/64');
    expect(addressKey('2001:db8::')).toBe('2001:db8:0:0::/64');
    expect(addressKey('::ffff:203.0.113.7')).toBe('203.0.113.7');
    expect(addressKey('64:ff9b::203.0.113.7')).toBe('64:ff9b:0:0::/64');
    expect(addressKey('203.0.113.7')).toBe('203.0.113.7');
    const now = 6_000_000;
    const from = (n: number) =>
      handleContactPost(
        post({ ...visitor, email: `v6-${n}@example.com`, elapsedMs: 5000 }),
        deps({ now: () => now + n, clientAddress: `2001:db8:1:2::${n.toString(16)}` }),
      );
    for (let n = 1; n <= addressRule.max; n++) expect((await from(n)).kind).toBe('accepted');
    expect(await from(addressRule.max + 1)).toMatchObject({ kind: 'rate-limited' });
  });

  it('answers 503, not a crash, when the database fails', async () => {
    await t.store.close();
    const outcome = await handleContactPost(post({ ...visitor, elapsedMs: 5000 }), deps());
    expect(outcome).toMatchObject({ kind: 'unavailable', status: 503, values: { firstName: 'Ann' } });
    t.store = openLeadStore(join(t.dir, 'leads.db'));
  });
});
