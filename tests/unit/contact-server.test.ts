/**
 * The lead pipeline's parts, each on its own: request intake, the SQLite store and its rate-limit
 * counters, the delivery worker's back-off, the e-mail and CRM bodies, the CSV export and the
 * same-origin rule. The whole pipeline against the real server runs in tests/integration.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import type { IncomingMessage } from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Readable } from 'node:stream';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { escapeCsvCell, leadsToCsv, toCsv } from '#src/server/leads/csv.ts';
import { readLeadsConfig } from '#src/server/config.ts';
import { clientAddress, isSameOrigin, readBody } from '#src/server/leads/guard.ts';
import { handleContactPost } from '#src/server/http/contact-request.ts';
import { jsonResponse } from '#src/server/http/contact-response.ts';
import { addressRule, type IntakeDeps } from '#src/server/leads/intake.ts';
import { buildLeadEmail, escapeHtml } from '#src/server/leads/mail.ts';
import { openLeadStore, type LeadStore, type StoredLead } from '#src/server/leads/store.ts';
import { buildFollowUpBossEvent } from '#src/server/leads/webhook.ts';
import { createDeliveryWorker, retryDelay } from '#src/server/leads/worker.ts';

let dir: string;
let store: LeadStore;
beforeEach(() => {
  dir = mkdtempSync(join(tmpdir(), 'leads-unit-'));
  store = openLeadStore(join(dir, 'leads.db'));
});
afterEach(() => {
  store.close();
  rmSync(dir, { recursive: true, force: true });
});

const visitor = {
  firstName: 'Ann',
  lastName: 'Lee',
  email: 'ann@example.com',
  phone: '919-555-0100',
  helpType: 'I want to sell my home',
  message: 'Please call me about selling my house.',
};

function post(body: unknown, headers: Record<string, string> = {}): Request {
  const text = typeof body === 'string' ? body : JSON.stringify(body);
  return new Request('http://127.0.0.1/api/contact', {
    method: 'POST',
    headers: { 'Content-Type': 'application/json', ...headers },
    body: text,
  });
}

function deps(overrides: Partial<IntakeDeps> = {}): IntakeDeps {
  return { store, channels: ['email'], minFillMs: 3000, clientAddress: '203.0.113.7', log: () => {}, ...overrides };
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
    const [lead] = store.listLeads();
    expect(lead).toMatchObject({ ...visitor, status: 'lead', ip: '203.0.113.7' });
    expect(lead!.deliveries).toMatchObject([{ channel: 'email', state: 'pending', attempts: 0 }]);
    const response = jsonResponse(outcome);
    expect(response.status).toBe(200);
    expect(await response.json()).toEqual({ ok: true, message: "Message sent! I'll get back to you soon." });
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
    expect(store.listLeads({ includeSpam: true })).toEqual([]);
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
    ['a body over 16 KB', post({ ...visitor, message: 'a'.repeat(17_000) }), 413],
  ])('refuses %s with %i', async (_what, request, status) => {
    const outcome = await handleContactPost(request, deps());
    expect(outcome).toMatchObject({ kind: 'rejected', status });
    expect(jsonResponse(outcome).status).toBe(status);
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
    const [lead] = store.listLeads({ includeSpam: true });
    expect(lead).toMatchObject({ status: 'spam', spamReason: 'honeypot', deliveries: [] });
    expect(store.listLeads()).toEqual([]);
  });

  it('treats a form filled faster than a person can as spam, even when invalid', async () => {
    const fast = await handleContactPost(post({ ...visitor, firstName: '', elapsedMs: 400 }), deps());
    expect(fast).toMatchObject({ kind: 'accepted', spam: true });
    const untimed = await handleContactPost(post({ ...visitor, email: 'b@example.com' }), deps());
    expect(untimed).toMatchObject({ kind: 'accepted', spam: true });
    expect(store.listLeads({ includeSpam: true }).map((l) => l.spamReason)).toEqual(['too fast', 'too fast']);
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
    store.close();
    store = openLeadStore(join(dir, 'leads.db'));
    expect(await handleContactPost(post({ ...visitor, elapsedMs: 5000 }), deps({ now: () => now }))).toMatchObject({
      kind: 'rate-limited',
    });
    now += 60_001;
    expect(await handleContactPost(post({ ...visitor, elapsedMs: 5000 }), deps({ now: () => now }))).toMatchObject({
      kind: 'accepted',
    });
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

  it('answers 503, not a crash, when the database fails', async () => {
    store.close();
    const outcome = await handleContactPost(post({ ...visitor, elapsedMs: 5000 }), deps());
    expect(outcome).toMatchObject({ kind: 'unavailable', status: 503, values: { firstName: 'Ann' } });
    store = openLeadStore(join(dir, 'leads.db'));
  });
});

describe('lead store', () => {
  it('creates its file in WAL mode with full sync, so readers never block the server', () => {
    expect(store.db.prepare('PRAGMA journal_mode').get()).toEqual({ journal_mode: 'wal' });
    expect(store.db.prepare('PRAGMA synchronous').get()).toEqual({ synchronous: 2 });
    // WAL is a property of the file: any later connection, even read-only, finds it.
    const reader = openLeadStore(join(dir, 'leads.db'), { readOnly: true });
    try {
      expect(reader.db.prepare('PRAGMA journal_mode').get()).toEqual({ journal_mode: 'wal' });
    } finally {
      reader.close();
    }
  });
});

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
      store,
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
    const id = store.addLead({ status: 'lead', ...visitor, ip: '', userAgent: '' }, ['email'], now);
    await worker.run();
    let [delivery] = store.listLeads()[0]!.deliveries;
    expect(delivery).toMatchObject({ state: 'pending', attempts: 1, lastError: 'SMTP down', nextAttemptAt: 11_000 });
    now = 11_000;
    await worker.run();
    [delivery] = store.listLeads()[0]!.deliveries;
    expect(delivery).toMatchObject({ attempts: 2, nextAttemptAt: 13_000 });
    fail = false;
    now = 12_000;
    await worker.run();
    expect(sent).toEqual([]);
    now = 13_000;
    await worker.run();
    expect(sent).toEqual([id]);
    [delivery] = store.listLeads()[0]!.deliveries;
    expect(delivery).toMatchObject({ state: 'delivered', attempts: 3, lastError: null });
    await worker.run();
    expect(sent).toEqual([id]);
    await worker.stop();
  });

  it('on start, sends at once what an earlier process left pending', async () => {
    store.addLead({ status: 'lead', ...visitor, ip: '', userAgent: '' }, ['email', 'webhook'], 0);
    store.markRetry(1, 'SMTP down', 10 ** 13);
    const sent: string[] = [];
    const worker = createDeliveryWorker({
      store,
      senders: {
        email: async () => void sent.push('email'),
        webhook: async () => void sent.push('webhook'),
      },
      retryBaseMs: 1000,
      retryMaxMs: 60_000,
      pollMs: 60_000,
      log: () => {},
    });
    worker.start();
    await worker.run();
    await worker.stop();
    expect(sent.sort()).toEqual(['email', 'webhook']);
    expect(store.nextAttemptAt()).toBeUndefined();
  });
});

describe('delivery lanes', () => {
  const options = { retryBaseMs: 1000, retryMaxMs: 60_000, pollMs: 60_000, log: () => {} };

  it('sends e-mail while the CRM hangs: a stuck channel delays only itself', async () => {
    for (let i = 0; i < 5; i++) {
      store.addLead({ status: 'lead', ...visitor, email: `l${i}@example.com`, ip: '', userAgent: '' }, [
        'webhook',
        'email',
      ]);
    }
    const emailed: number[] = [];
    let crmCalls = 0;
    const worker = createDeliveryWorker({
      ...options,
      store,
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
    worker.start();
    await waitUntil(() => emailed.length === 5);
    expect(performance.now() - started).toBeLessThan(150);
    expect(emailed.sort()).toEqual([1, 2, 3, 4, 5]);
    // At most two CRM tries at once, however many are due.
    expect(crmCalls).toBe(2);
    await worker.stop();
    const webhook = store.listLeads().flatMap((l) => l.deliveries.filter((d) => d.channel === 'webhook'));
    expect(webhook.every((d) => d.state === 'pending')).toBe(true);
  });

  it('never runs more sends of one channel at once than its concurrency, nor one delivery twice', async () => {
    for (let i = 0; i < 12; i++) {
      store.addLead({ status: 'lead', ...visitor, email: `c${i}@example.com`, ip: '', userAgent: '' }, ['email']);
    }
    let active = 0;
    let peak = 0;
    const sent: number[] = [];
    const worker = createDeliveryWorker({
      ...options,
      store,
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
    worker.start();
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

const stored: StoredLead = {
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
};

describe('lead e-mail', () => {
  it('escapes every visitor-typed value in the HTML body', () => {
    expect(escapeHtml(`<a href="x">'&'</a>`)).toBe('&lt;a href=&quot;x&quot;&gt;&#39;&amp;&#39;&lt;/a&gt;');
    const mail = buildLeadEmail({ ...stored, firstName: '<b>Zoë</b>' });
    expect(mail.html).not.toContain('<script>');
    expect(mail.html).not.toContain('<b>Zoë</b>');
    expect(mail.html).toContain('&lt;script&gt;alert(&quot;x&quot;)&lt;/script&gt;');
    expect(mail.html).toContain('Second line &amp; more');
  });

  it('has a text body, a clear subject and Reply-To the visitor', () => {
    const mail = buildLeadEmail(stored);
    expect(mail.subject).toBe("New website message from Zoë O'Brien: I need a market analysis");
    expect(mail.replyTo).toEqual({ name: "Zoë O'Brien", address: 'zoe@example.com' });
    expect(mail.text).toContain('E-mail: zoe@example.com');
    expect(mail.text).toContain('Phone: not given');
    expect(mail.text).toContain('<script>alert("x")</script>\nSecond line & more');
    expect(mail.text).toContain('Lead #42');
    expect(mail.messageId).toMatch(/^<lead-42-\d+@www\.example\.com>$/);
  });
});

describe('CRM webhook body', () => {
  it('follows the Follow Up Boss events API', () => {
    expect(buildFollowUpBossEvent(stored)).toEqual({
      source: 'example.com',
      system: 'Jordan Avery Real Estate website',
      type: 'Seller Inquiry',
      message: stored.message,
      description: 'I need a market analysis (website contact form, lead #42)',
      occurredAt: '2025-05-01T14:30:00.000Z',
      sourceUrl: 'https://www.example.com/#contact',
      person: {
        firstName: 'Zoë',
        lastName: "O'Brien",
        emails: [{ value: 'zoe@example.com' }],
        phones: [],
        tags: ['Website', 'I need a market analysis'],
      },
    });
    const buyer = buildFollowUpBossEvent({ ...stored, helpType: "I'm looking to buy a home", phone: '9195550100' });
    expect(buyer.type).toBe('General Inquiry');
    expect(buyer.person.phones).toEqual([{ value: '9195550100' }]);
  });
});

describe('CSV export', () => {
  it.each([
    ['=HYPERLINK("http://x")', `"'=HYPERLINK(""http://x"")"`],
    ['+1 919 555 0100', "'+1 919 555 0100"],
    ['-2+3', "'-2+3"],
    ['@SUM(A1)', "'@SUM(A1)"],
    ['\t=1', "'\t=1"],
    ['\r=1', `"'\r=1"`],
    ['plain text', 'plain text'],
    ['a, b', '"a, b"'],
    ['say "hi"', '"say ""hi"""'],
    ['two\nlines', '"two\nlines"'],
    ['a=b', 'a=b'],
    [42, '42'],
    [null, ''],
  ] as const)('escapes %j', (value, expected) => expect(escapeCsvCell(value)).toBe(expected));

  it('writes a header, CRLF rows and a byte-order mark', () => {
    expect(
      toCsv([
        ['a', 'b'],
        ['=1', '2'],
      ]),
    ).toBe("\uFEFFa,b\r\n'=1,2\r\n");
  });

  it('exports leads with their delivery state', () => {
    const csv = leadsToCsv([
      { ...stored, message: '=cmd|" /C calc"!A0', deliveries: [] },
      {
        ...stored,
        id: 43,
        deliveries: [
          {
            id: 1,
            leadId: 43,
            channel: 'email',
            state: 'delivered',
            attempts: 1,
            nextAttemptAt: 0,
            lastError: null,
            deliveredAt: '2025-05-01T14:31:00.000Z',
          },
        ],
      },
    ]);
    const lines = csv.slice(1).split('\r\n');
    expect(lines[0]).toBe(
      'id,received_at,first_name,last_name,email,phone,help_type,message,status,delivery,delivered_at',
    );
    expect(lines[1]).toContain(`"'=cmd|"" /C calc""!A0",lead,nothing to send,`);
    expect(lines[2]).toMatch(/,lead,delivered,2025-05-01T14:31:00.000Z$/);
  });
});

function fakeRequest(headers: Record<string, string>, remoteAddress = '127.0.0.1'): IncomingMessage {
  return { headers, socket: { remoteAddress } } as unknown as IncomingMessage;
}
const guard = { trustProxy: false, allowedOrigins: ['https://example.com'] };

describe('same-origin rule', () => {
  it.each([
    ['same Origin', { host: 'www.example.com', origin: 'https://www.example.com' }, true],
    [
      'same host over http (TLS ends at the proxy)',
      { host: 'www.example.com', origin: 'http://www.example.com' },
      true,
    ],
    ['an allowed extra origin', { host: 'www.example.com', origin: 'https://example.com' }, true],
    ['another site', { host: 'www.example.com', origin: 'https://evil.example.net' }, false],
    ['a look-alike host', { host: 'www.example.com', origin: 'https://www.example.com.evil.net' }, false],
    ['another port', { host: '127.0.0.1:4417', origin: 'http://127.0.0.1:4418' }, false],
    ['the opaque origin', { host: 'www.example.com', origin: 'null' }, false],
    ['no Origin, same-origin Referer', { host: 'www.example.com', referer: 'https://www.example.com/' }, true],
    ['no Origin, foreign Referer', { host: 'www.example.com', referer: 'https://evil.example.net/form' }, false],
    ['neither header (not a browser form post)', { host: 'www.example.com' }, true],
    ['Sec-Fetch-Site cross-site', { host: 'www.example.com', 'sec-fetch-site': 'cross-site' }, false],
    [
      'the host forwarded by the local proxy',
      { host: '127.0.0.1:4321', 'x-forwarded-host': 'www.example.com', origin: 'https://www.example.com' },
      true,
    ],
  ])('%s', (_what, headers, expected) => expect(isSameOrigin(fakeRequest(headers), guard)).toBe(expected));

  it('ignores forwarded headers from a peer that is not a local proxy', () => {
    const req = fakeRequest(
      { host: '198.51.100.9', 'x-forwarded-host': 'www.example.com', origin: 'https://www.example.com' },
      '198.51.100.20',
    );
    expect(isSameOrigin(req, guard)).toBe(false);
    expect(isSameOrigin(req, { ...guard, trustProxy: true })).toBe(true);
  });
});

describe('client address', () => {
  it('takes the entry the local proxy appended, not what the client claimed', () => {
    expect(clientAddress(fakeRequest({ 'x-forwarded-for': '10.0.0.1, 203.0.113.7' }), guard)).toBe('203.0.113.7');
    expect(clientAddress(fakeRequest({}, '::ffff:127.0.0.1'), guard)).toBe('127.0.0.1');
    expect(clientAddress(fakeRequest({ 'x-forwarded-for': '10.0.0.1' }, '198.51.100.20'), guard)).toBe('198.51.100.20');
  });
});

describe('body limit', () => {
  const stream = (size: number, headers: Record<string, string> = {}) =>
    Object.assign(Readable.from([Buffer.alloc(size, 'a')]), { headers }) as unknown as IncomingMessage;
  it('reads a body up to the limit', async () => {
    const result = await readBody(stream(16 * 1024), 16 * 1024);
    expect(result.ok && result.body.length).toBe(16 * 1024);
  });
  it('refuses one byte more, and a declared length over the drain limit without reading', async () => {
    expect(await readBody(stream(16 * 1024 + 1), 16 * 1024)).toEqual({
      ok: false,
      reason: 'too-large',
      drained: true,
    });
    expect(await readBody(stream(0, { 'content-length': String(10 ** 9) }), 16 * 1024)).toEqual({
      ok: false,
      reason: 'too-large',
      drained: false,
    });
  });
});

describe('settings', () => {
  it('defaults to data/leads.db, port 587 and the agent as recipient', () => {
    const config = readLeadsConfig({});
    expect(config).toMatchObject({
      dbPath: 'data/leads.db',
      smtp: undefined,
      to: 'jordan@example.com',
      webhook: undefined,
    });
    const smtp = readLeadsConfig({ SMTP_HOST: 'smtp.example.com', SMTP_PORT: '465', SMTP_USER: 'u', SMTP_PASS: 'p' });
    expect(smtp.smtp).toEqual({ host: 'smtp.example.com', port: 465, secure: true, user: 'u', pass: 'p' });
  });
  it('says which setting is wrong', () => {
    expect(() => readLeadsConfig({ SMTP_PORT: 'abc' })).toThrow('SMTP_PORT must be a whole number');
    expect(() => readLeadsConfig({ CRM_WEBHOOK_URL: 'not a url' })).toThrow('CRM_WEBHOOK_URL is not a URL');
  });
});
