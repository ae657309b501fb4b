/**
 * The contact route on the real production server: a lead is stored, e-mailed through a real
 * SMTP server with Reply-To the visitor, and posted to the CRM; the page without JavaScript
 * works; bots are stored as spam and never e-mailed; hostile or broken bodies get a 4xx,
 * never a 5xx; every answer carries the security headers.
 */
import { randomUUID } from 'node:crypto';
import { existsSync } from 'node:fs';
import { DatabaseSync } from 'node:sqlite';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createHash } from 'node:crypto';
import {
  assertBuilt,
  readLeads,
  startMailServer,
  startSite,
  startWebhook,
  tempDb,
  waitFor,
  type MailServer,
  type RunningServer,
  type WebhookServer,
} from './support.ts';

let mail: MailServer;
let crm: WebhookServer;
let site: RunningServer;
const db = tempDb();

beforeAll(async () => {
  assertBuilt();
  mail = await startMailServer({ user: 'site', pass: 'secret' });
  crm = await startWebhook();
  site = await startSite({
    LEADS_DB: db,
    SMTP_HOST: '127.0.0.1',
    SMTP_PORT: String(mail.port),
    SMTP_USER: 'site',
    SMTP_PASS: 'secret',
    SMTP_FROM: 'Website <website@example.com>',
    LEADS_TO: 'agent@example.com',
    CRM_WEBHOOK_URL: crm.url,
    CRM_WEBHOOK_API_KEY: 'fub-key',
    LEADS_RETRY_BASE_MS: '200',
    LEADS_POLL_MS: '500',
  });
});

afterAll(async () => {
  await site?.stop();
  await mail?.close();
  await crm?.close();
});

let clients = 0;
/**
 * A fresh client: its own e-mail and its own address, given the way the local reverse proxy
 * would (the last X-Forwarded-For entry), so rate limits of one test never touch another.
 */
function client() {
  clients += 1;
  return {
    email: `visitor-${randomUUID().slice(0, 8)}@example.com`,
    headers: { Origin: site.url, 'X-Forwarded-For': `203.0.113.${clients}` },
  };
}

function postJson(body: unknown, headers: Record<string, string> = {}) {
  return fetch(`${site.url}/api/contact`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json', Accept: 'application/json', ...client().headers, ...headers },
    body: typeof body === 'string' ? body : JSON.stringify(body),
    redirect: 'manual',
  });
}

const lead = (email: string) => ({
  firstName: 'Ann Marie',
  lastName: "O'Neil-Smith",
  email,
  phone: '(919) 555-0100',
  helpType: 'I want to sell my home',
  message: 'We want to sell in Cary. <script>alert("x")</script> & "quotes" — ünïcödé ✓',
  website: '',
  elapsedMs: 12_000,
});

describe('the lead database', () => {
  it('is created by the server on first start, in WAL mode', () => {
    expect(existsSync(db)).toBe(true);
    const reader = new DatabaseSync(db, { readOnly: true });
    try {
      expect(reader.prepare('PRAGMA journal_mode').get()).toEqual({ journal_mode: 'wal' });
    } finally {
      reader.close();
    }
  });
});

describe('a valid lead', () => {
  it('is committed before the answer, then e-mailed with Reply-To and posted to the CRM', async () => {
    const { email, headers } = client();
    const response = await postJson(lead(email), headers);
    expect(response.status).toBe(200);
    expect(await response.json()).toEqual({ ok: true, message: "Message sent! I'll get back to you soon." });

    // Stored at the moment of the answer, whatever the delivery is doing.
    const stored = readLeads(db).find((l) => l.email === email);
    expect(stored).toMatchObject({ status: 'lead', firstName: 'Ann Marie', helpType: 'I want to sell my home' });

    const message = await waitFor('the e-mail', () => mail.mails.find((m) => m.raw.includes(email)));
    expect(message.to).toEqual(['agent@example.com']);
    expect(message.from).toBe('website@example.com');
    expect(message.headers.get('reply-to')).toBe(`"Ann Marie O'Neil-Smith" <${email}>`);
    expect(message.headers.get('subject')).toBe(
      "New website message from Ann Marie O'Neil-Smith: I want to sell my home",
    );
    expect(message.text).toContain('We want to sell in Cary. <script>alert("x")</script> & "quotes" — ünïcödé ✓');
    expect(message.text).toContain('Phone: (919) 555-0100');
    expect(message.html).toContain(
      '&lt;script&gt;alert(&quot;x&quot;)&lt;/script&gt; &amp; &quot;quotes&quot; — ünïcödé ✓',
    );
    expect(message.html).not.toContain('<script>');

    const event = await waitFor('the CRM event', () =>
      crm.received.find((r) => JSON.stringify(r.body).includes(email)),
    );
    expect(event.headers.authorization).toBe(`Basic ${Buffer.from('fub-key:').toString('base64')}`);
    expect(event.body).toMatchObject({
      source: 'example.com',
      type: 'Seller Inquiry',
      person: { firstName: 'Ann Marie', emails: [{ value: email }], phones: [{ value: '(919) 555-0100' }] },
    });

    const delivered = await waitFor('both deliveries marked', () => {
      const row = readLeads(db).find((l) => l.email === email);
      return row?.deliveries.every((d) => d.state === 'delivered') && row;
    });
    expect(delivered.deliveries.map((d) => d.channel)).toEqual(['email', 'webhook']);
  });

  it('behind the proxy, keeps the page it was sent from on the public host the proxy names', async () => {
    // As the README's nginx sends it: Host is the server's own address, X-Forwarded-Host the site's.
    const { email, headers } = client();
    const response = await postJson(lead(email), {
      ...headers,
      'X-Forwarded-Host': 'www.example.com',
      Origin: 'https://www.example.com',
      Referer: 'https://www.example.com/relocation',
    });
    expect(response.status).toBe(200);
    expect(readLeads(db).find((l) => l.email === email)?.sourcePage).toBe('/relocation');
  });

  it('from the form without JavaScript, redirects to the success page', async () => {
    const { email, headers } = client();
    const form = new URLSearchParams({ ...lead(email), elapsedMs: '' });
    const response = await fetch(`${site.url}/contact`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/x-www-form-urlencoded', ...headers },
      body: form,
      redirect: 'manual',
    });
    expect(response.status).toBe(303);
    expect(response.headers.get('location')).toBe('/contact/sent');
    const page = await (await fetch(`${site.url}/contact/sent`)).text();
    expect(page).toContain('Message sent! I&#x27;ll get back to you soon.');
    await waitFor('the e-mail', () => mail.mails.find((m) => m.raw.includes(email)));
  });
});

describe('the form without JavaScript', () => {
  it('answers 422 with the messages and keeps what was typed, escaped', async () => {
    const { email, headers } = client();
    const form = new URLSearchParams({
      firstName: '<img src=x onerror=alert(1)>',
      lastName: 'Lee',
      email,
      phone: 'call me',
      helpType: 'Other',
      message: 'short',
    });
    const response = await fetch(`${site.url}/contact`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/x-www-form-urlencoded', ...headers },
      body: form,
    });
    expect(response.status).toBe(422);
    expect(response.headers.get('content-type')).toBe('text/html; charset=utf-8');
    const html = await response.text();
    expect(html).toContain('Please correct the errors below.');
    expect(html).toContain('Invalid characters in first name');
    expect(html).toContain('Invalid phone number format');
    expect(html).toContain('Message must be at least 10 characters');
    expect(html).toContain('value="&lt;img src=x onerror=alert(1)&gt;"');
    expect(html).not.toContain('<img src=x');
    expect(html).toContain('>short</textarea>');
    expect(html).toMatch(/<option value="Other" selected="">/);
  });
});

describe('an oversized form without JavaScript', () => {
  it('gets the form page back with status 413 and a clear message', async () => {
    const response = await fetch(`${site.url}/contact`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/x-www-form-urlencoded', ...client().headers },
      body: new URLSearchParams({ ...lead('big@example.com'), message: 'a'.repeat(70_000), elapsedMs: '' }),
    });
    expect(response.status).toBe(413);
    const html = await response.text();
    expect(html).toContain('The form is too large to send. Please shorten your message and try again.');
    expect(html).toContain('<form');
  });

  it('with a message a few times too long in Chinese gets "Message too long" and keeps every field', async () => {
    // 2,000 characters of nine bytes each once percent-encoded: 18 KB, over the old 16 KB limit.
    const message = '我想买房子'.repeat(400);
    const response = await fetch(`${site.url}/contact`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/x-www-form-urlencoded', ...client().headers },
      body: new URLSearchParams({ ...lead('wei@example.com'), firstName: 'Wei', message, elapsedMs: '' }),
    });
    expect(response.status).toBe(422);
    const html = await response.text();
    expect(html).toContain('Message too long');
    expect(html).toContain('value="Wei"');
    expect(html).toContain('value="wei@example.com"');
    expect(html).toContain(`>${message}</textarea>`);
  });
});

describe('bots', () => {
  it('get the normal success, are stored as spam and are never e-mailed', async () => {
    const { email, headers } = client();
    const response = await postJson({ ...lead(email), website: 'https://spam.example' }, headers);
    expect(response.status).toBe(200);
    expect(await response.json()).toEqual({ ok: true, message: "Message sent! I'll get back to you soon." });
    const fast = client();
    expect((await postJson({ ...lead(fast.email), elapsedMs: 300 }, fast.headers)).status).toBe(200);

    const stored = readLeads(db).filter((l) => l.email === email || l.email === fast.email);
    expect(stored.map((l) => [l.status, l.spamReason, l.deliveries.length])).toEqual(
      expect.arrayContaining([
        ['spam', 'honeypot', 0],
        ['spam', 'too fast', 0],
      ]),
    );
    // Give the worker time to (wrongly) send them, then make sure it did not.
    await new Promise((resolve) => setTimeout(resolve, 1500));
    expect(mail.mails.some((m) => m.raw.includes(email) || m.raw.includes(fast.email))).toBe(false);
  });
});

describe('rate limit', () => {
  it('refuses a 4th submission from one e-mail within 60 s with 429 and Retry-After', async () => {
    const { email, headers } = client();
    for (let i = 0; i < 3; i++) expect((await postJson(lead(email), headers)).status).toBe(200);
    const refused = await postJson(lead(email), client().headers);
    expect(refused.status).toBe(429);
    expect(Number(refused.headers.get('retry-after'))).toBeGreaterThan(50);
    expect(await refused.json()).toEqual({
      ok: false,
      message: 'Too many submissions. Please wait before submitting again.',
    });
  });
});

const hostile: [string, number, () => Promise<Response>][] = [
  ['an HTML name', 422, () => postJson({ ...lead('h1@example.com'), firstName: '<h1>Hi</h1>' })],
  ['a script tag as a name', 422, () => postJson({ ...lead('h2@example.com'), lastName: '<script>x</script>' })],
  [
    'a name with a header injection',
    422,
    () => postJson({ ...lead('h3@example.com'), lastName: 'Lee\r\nBcc: all@example.com' }),
  ],
  ['an e-mail with a header injection', 422, () => postJson({ ...lead('h4@example.com\r\nBcc: all@example.com') })],
  [
    'emoji and right-to-left overrides as names',
    422,
    () => postJson({ ...lead('h5@example.com'), firstName: '😀\u202E', lastName: '\u0000' }),
  ],
  ['a 1 MB JSON body', 413, () => postJson({ ...lead('h6@example.com'), message: 'a'.repeat(1024 * 1024) })],
  [
    'a 1 MB form body',
    413,
    () =>
      fetch(`${site.url}/api/contact`, {
        method: 'POST',
        headers: { 'Content-Type': 'application/x-www-form-urlencoded' },
        body: `message=${'a'.repeat(1024 * 1024)}`,
      }),
  ],
  ['a 5 MB body', 413, () => postJson({ ...lead('h12@example.com'), message: 'a'.repeat(5 * 1024 * 1024) })],
  ['a 75 KB message', 413, () => postJson({ ...lead('h7@example.com'), message: '€'.repeat(25_000) })],
  ['a 1001-character message', 422, () => postJson({ ...lead('h8@example.com'), message: 'b'.repeat(1001) })],
  ['broken JSON', 400, () => postJson('{"firstName": "Ann",')],
  ['a JSON string', 400, () => postJson('"hello"')],
  ['deeply nested JSON', 400, () => postJson('['.repeat(5000) + ']'.repeat(5000))],
  [
    'a prototype-polluting body',
    422,
    () => postJson('{"__proto__":{"admin":true},"constructor":{"prototype":{}},"elapsedMs":9000}'),
  ],
  ['fields of the wrong type', 400, () => postJson({ ...lead('h9@example.com'), email: 42 })],
  [
    'invalid UTF-8',
    400,
    () =>
      fetch(`${site.url}/api/contact`, {
        method: 'POST',
        headers: { 'Content-Type': 'application/json' },
        body: new Uint8Array([0x7b, 0x22, 0xc3, 0x28, 0x22, 0x7d]),
      }),
  ],
  ['an empty body', 400, () => postJson('')],
  ['no content type', 415, () => fetch(`${site.url}/api/contact`, { method: 'POST', body: new Uint8Array([1, 2, 3]) })],
  ['text/plain', 415, () => postJson('hello', { 'Content-Type': 'text/plain' })],
  [
    'multipart',
    415,
    () => {
      const form = new FormData();
      form.set('firstName', 'Ann');
      return fetch(`${site.url}/api/contact`, { method: 'POST', body: form });
    },
  ],
  [
    'XML',
    415,
    () =>
      postJson('<?xml version="1.0"?><!DOCTYPE x [<!ENTITY e SYSTEM "file:///etc/passwd">]><x>&e;</x>', {
        'Content-Type': 'application/xml',
      }),
  ],
  ['a post from another site', 403, () => postJson(lead('h10@example.com'), { Origin: 'https://evil.example.net' })],
  ['a post framed from another site', 403, () => postJson(lead('h11@example.com'), { 'Sec-Fetch-Site': 'cross-site' })],
  [
    'PUT',
    405,
    () =>
      fetch(`${site.url}/api/contact`, { method: 'PUT', body: '{}', headers: { 'Content-Type': 'application/json' } }),
  ],
  ['DELETE', 405, () => fetch(`${site.url}/api/contact`, { method: 'DELETE' })],
  [
    'an unknown API path',
    404,
    () =>
      fetch(`${site.url}/api/nothing`, { method: 'POST', body: '{}', headers: { 'Content-Type': 'application/json' } }),
  ],
];

describe('hostile and broken requests', () => {
  it.each(hostile)('%s gets %i', async (_what, status, send) => {
    const response = await send();
    expect(response.status).toBe(status);
    // With its reason phrase (a 403 once came with none).
    expect(response.statusText).not.toBe('');
    await response.arrayBuffer();
  });

  it('never produced a 5xx, and the server is still up', async () => {
    expect(site.output()).not.toMatch(/Internal Server Error|Could not render/);
    expect((await fetch(`${site.url}/`)).status).toBe(200);
    expect(readLeads(db).some((l) => /^h\d+@example\.com/.test(l.email))).toBe(false);
  });
});

describe('/api/contact', () => {
  it('answers JSON or redirects, never a page: a plain form post is sent to /contact with its body', async () => {
    const form = await fetch(`${site.url}/api/contact`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/x-www-form-urlencoded', ...client().headers },
      body: 'firstName=Ann',
      redirect: 'manual',
    });
    expect(form.status).toBe(307);
    expect(form.headers.get('location')).toBe('/contact');
    const get = await fetch(`${site.url}/api/contact`, { redirect: 'manual' });
    expect(get.status).toBe(301);
    expect(get.headers.get('location')).toBe('/contact');
    const invalid = await postJson({ firstName: '' });
    expect(invalid.headers.get('content-type')).toMatch(/^application\/json/);
  });
});

describe('a form posted to another spelling of /contact', () => {
  it('is sent on to /contact with its body (308), where a browser posts it again; nothing is stored on the way', async () => {
    for (const path of ['/contact/', '/Contact', '/contact%2F', '/CONTACT/?topic=showing']) {
      const moved = await fetch(`${site.url}${path}`, {
        method: 'POST',
        headers: { 'Content-Type': 'application/x-www-form-urlencoded', ...client().headers },
        body: new URLSearchParams({ ...lead('h20@example.com'), elapsedMs: '8000', website: '' }).toString(),
        redirect: 'manual',
      });
      expect(moved.status, path).toBe(308);
      expect(moved.headers.get('location'), path).toBe(
        path.endsWith('?topic=showing') ? '/contact?topic=showing' : '/contact',
      );
      await moved.arrayBuffer();
    }
    expect(readLeads(db).some((l) => l.email === 'h20@example.com')).toBe(false);
    // A path that names no page stays a 404.
    const nowhere = await fetch(`${site.url}/contact-us`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/x-www-form-urlencoded', ...client().headers },
      body: 'firstName=Ann',
    });
    expect(nowhere.status).toBe(404);
  });
});

describe('security headers', () => {
  it('are on every kind of answer', async () => {
    const answers = [
      await fetch(`${site.url}/`),
      await fetch(`${site.url}/contact`),
      await fetch(`${site.url}/api/contact`, { redirect: 'manual' }),
      await postJson('{', client().headers),
      await postJson('x', { 'Content-Type': 'text/plain' }),
    ];
    for (const response of answers) {
      expect(response.headers.get('content-security-policy')).toContain("frame-ancestors 'none'");
      expect(response.headers.get('strict-transport-security')).toMatch(/^max-age=\d+/);
      expect(response.headers.get('x-content-type-options')).toBe('nosniff');
      expect(response.headers.get('referrer-policy')).toBe('strict-origin-when-cross-origin');
      expect(response.headers.get('permissions-policy')).toContain('camera=()');
    }
  });

  it('allow the inline scripts of the server-rendered form page by hash, and nothing else inline', async () => {
    const response = await fetch(`${site.url}/contact`);
    const html = await response.text();
    const policy = response.headers.get('content-security-policy') ?? '';
    const hashes = inlineScriptHashes(html);
    expect(hashes.length).toBeGreaterThan(0);
    const scriptSrc = policy.split(/;\s*/).find((d) => d.startsWith('script-src ')) ?? '';
    for (const hash of hashes) expect(scriptSrc).toContain(hash);
    expect(scriptSrc).not.toContain('unsafe-inline');
    expect(scriptSrc).toMatch(/^script-src 'self' /);
    expect(policy).toContain("form-action 'self'");
    expect(policy).toContain("frame-ancestors 'none'");
  });

  it('give answers that are not pages a policy that allows nothing, and every page its own', async () => {
    const none = "default-src 'none'";
    for (const path of ['/favicon.svg', '/robots.txt', '/sitemap.xml', '/api/videos']) {
      const response = await fetch(`${site.url}${path}`);
      expect(response.status, path).toBe(200);
      expect(response.headers.get('content-security-policy'), path).toContain(none);
    }
    for (const path of ['/', '/about', '/contact', '/no-such-page', '/city/no-such-town']) {
      const response = await fetch(`${site.url}${path}`);
      expect(response.headers.get('content-type'), path).toContain('text/html');
      expect(response.headers.get('content-security-policy'), path).toMatch(/^default-src 'self'/);
    }
  });

  it('give a pre-rendered page the policy Astro computed for it, with its inline scripts', async () => {
    const response = await fetch(`${site.url}/relocation`);
    const html = await response.text();
    const scriptSrc =
      (response.headers.get('content-security-policy') ?? '').split(/;\s*/).find((d) => d.startsWith('script-src ')) ??
      '';
    const hashes = inlineScriptHashes(html);
    expect(hashes.length).toBeGreaterThan(0);
    for (const hash of hashes) expect(scriptSrc).toContain(hash);
  });
});

/** Hashes of the executable inline scripts of an HTML page, as a browser checks them against the policy. */
function inlineScriptHashes(html: string): string[] {
  const hashes = new Set<string>();
  for (const m of html.matchAll(/<script(\s[^>]*)?>([\s\S]*?)<\/script>/gi)) {
    const attrs = m[1] ?? '';
    if (/\ssrc\s*=/.test(attrs)) continue;
    const type = /\stype\s*=\s*["']?([^"'\s>]+)/i.exec(attrs)?.[1]?.toLowerCase();
    // Data blocks (JSON-LD) are never executed, so CSP does not govern them.
    if (type && type !== 'module' && type !== 'text/javascript') continue;
    hashes.add(
      `'sha256-${createHash('sha256')
        .update(m[2] ?? '')
        .digest('base64')}'`,
    );
  }
  return [...hashes];
}
