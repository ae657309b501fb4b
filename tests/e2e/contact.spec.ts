/**
 * The contact form, by role and keyboard, with JavaScript (the island) and without (the plain
 * form answered by the server): every SPEC §5 message, every SPEC §4 state, colours and
 * announcements. It runs against the production server, which stores what it accepts.
 *
 * Each test is a different visitor: its own e-mail and its own address, given as the local
 * reverse proxy gives it (X-Forwarded-For), so the server's rate limits of one test never
 * touch another.
 */
import { expect, test, type Locator, type Page } from '@playwright/test';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { DatabaseSync } from 'node:sqlite';
import { contactTopics, sendTimeoutMs, spamTrap, textingConsent } from '../../src/lib/contact-form.ts';
import { site } from '../../src/site.config.ts';
import { watchCsp } from '../support/csp.ts';
import { axeViolations } from '../support/axe.ts';
import { openAndInteract } from '../support/interact.ts';

/** The server-rendered page of the form; the home page's contact section holds the same island. */
const formPage = '/contact';

const sent = "Message sent! I'll get back to you soon.";
const invalid = 'Please correct the errors below.';
const tooMany = 'Too many submissions. Please wait before submitting again.';
const failed = 'Sorry, your message could not be sent. Please try again, or call or e-mail me directly.';

function visitorId(): string {
  return `${Date.now().toString(36)}${Math.random().toString(36).slice(2, 8)}`;
}

test.beforeEach(async ({ page }) => {
  const octet = () => Math.floor(Math.random() * 254) + 1;
  await page.setExtraHTTPHeaders({ 'X-Forwarded-For': `10.${octet()}.${octet()}.${octet()}` });
});

interface Entry {
  firstName?: string;
  lastName?: string;
  email?: string;
  phone?: string;
  helpType?: string;
  message?: string;
}

/** A field by its label, in the whole page or in one form. */
const field = (page: Page | Locator, label: string) =>
  page.getByRole(label === 'How can I help?' ? 'combobox' : 'textbox', { name: label, exact: true });

async function fill(page: Page | Locator, entry: Entry) {
  if (entry.firstName !== undefined) await field(page, 'First name').fill(entry.firstName);
  if (entry.lastName !== undefined) await field(page, 'Last name').fill(entry.lastName);
  if (entry.email !== undefined) await field(page, 'Email').fill(entry.email);
  if (entry.phone !== undefined) await field(page, 'Phone (optional)').fill(entry.phone);
  if (entry.helpType !== undefined) await field(page, 'How can I help?').selectOption(entry.helpType);
  if (entry.message !== undefined) await field(page, 'Message').fill(entry.message);
}

function validEntry(): Required<Entry> {
  return {
    firstName: 'Mary-Jane',
    lastName: "O'Neil",
    email: `visitor-${visitorId()}@example.com`,
    phone: '(919) 555-0100',
    helpType: 'I want to sell my home',
    message: 'We are thinking of selling our home in Cary this spring.',
  };
}

const send = (page: Page | Locator) => page.getByRole('button', { name: 'Send Message' }).click();
// The form's own status line: the home page has the reviews section's too.
const status = (page: Page) => page.getByRole('form', { name: 'Send a message' }).getByRole('status');

/** The error shown for a field, found the way assistive technology finds it: aria-describedby. */
async function expectFieldError(page: Page | Locator, label: string, message: string) {
  const input = field(page, label);
  await expect(input).toHaveAttribute('aria-invalid', 'true');
  await expect(input).toHaveAccessibleDescription(new RegExp(`^${message.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}`));
  await expect(page.getByText(message, { exact: true })).toHaveClass(/text-red-700/);
}

async function expectNoFieldError(page: Page | Locator, label: string) {
  await expect(field(page, label)).toHaveAttribute('aria-invalid', 'false');
}

async function expectAccessiblePage(page: Page) {
  await expect(page.locator('h1')).toHaveCount(1);
  expect(await axeViolations(page)).toEqual([]);
}

const boundaryCases: [string, Entry, [string, string][]][] = [
  [
    'empty required fields',
    { firstName: ' ', lastName: ' ', email: ' ', message: ' ' },
    [
      ['First name', 'First name is required'],
      ['Last name', 'Last name is required'],
      ['Email', 'Invalid email address'],
      ['Message', 'Message must be at least 10 characters'],
    ],
  ],
  [
    'values one character too long',
    {
      firstName: 'a'.repeat(51),
      lastName: 'b'.repeat(51),
      email: `${'c'.repeat(89)}@example.com`,
      phone: '12345',
      message: 'd'.repeat(1001),
    },
    [
      ['First name', 'First name too long'],
      ['Last name', 'Last name too long'],
      ['Email', 'Email too long'],
      ['Phone (optional)', 'Invalid phone number format'],
      ['Message', 'Message too long'],
    ],
  ],
  [
    'characters that are not allowed',
    { firstName: 'J0hn', lastName: 'Smith!', email: 'mary@example', phone: '919.555.0100', message: 'a'.repeat(9) },
    [
      ['First name', 'Invalid characters in first name'],
      ['Last name', 'Invalid characters in last name'],
      ['Email', 'Invalid email address'],
      ['Phone (optional)', 'Invalid phone number format'],
      ['Message', 'Message must be at least 10 characters'],
    ],
  ],
];

test.describe('with JavaScript', () => {
  test.beforeEach(async ({ page }) => {
    // The island waits for the visitor's first interaction, even where the form is the page.
    await openAndInteract(page, formPage);
    // Hydrated: from now on the island answers, with the shared rules instead of the browser's.
    await expect(page.locator('form[aria-label="Send a message"][novalidate]')).toBeAttached();
  });

  test('has every field, the five help types with buying first, and the texting consent by the phone', async ({
    page,
  }) => {
    for (const label of ['First name', 'Last name', 'Email', 'Message']) {
      await expect(field(page, label)).toHaveAttribute('required', '');
    }
    await expect(field(page, 'Phone (optional)')).not.toHaveAttribute('required');
    await expect(field(page, 'How can I help?').locator('option')).toHaveText([
      "I'm looking to buy a home",
      'I want to sell my home',
      "I'm interested in investing",
      'I need a market analysis',
      'Other',
    ]);
    await expect(field(page, 'How can I help?')).toHaveValue("I'm looking to buy a home");
    await expect(field(page, 'Phone (optional)')).toHaveAccessibleDescription(
      /call or text at that number.*not a condition of any purchase.*Message and data rates may apply/,
    );
    await expect(status(page)).toHaveText('');
  });

  for (const [name, entry, errors] of boundaryCases) {
    test(`shows the SPEC messages for ${name}`, async ({ page }) => {
      await fill(page, entry);
      await send(page);
      await expect(status(page)).toHaveText(invalid);
      await expect(status(page)).toHaveClass(/text-red-700/);
      for (const [label, message] of errors) await expectFieldError(page, label, message);
      // The cursor goes to the first field to fix.
      await expect(field(page, errors[0]![0])).toBeFocused();
    });
  }

  test("clears a field's error as soon as that field is edited", async ({ page }) => {
    await fill(page, { firstName: 'J0hn', lastName: 'Smith!', email: 'x', message: 'short' });
    await send(page);
    await expectFieldError(page, 'First name', 'Invalid characters in first name');
    await field(page, 'First name').pressSequentially('x');
    await expectNoFieldError(page, 'First name');
    await expect(page.getByText('Invalid characters in first name')).toHaveCount(0);
    await expectFieldError(page, 'Last name', 'Invalid characters in last name');
    await expectFieldError(page, 'Email', 'Invalid email address');
  });

  test("shows 'Sending...', then the green success line, and resets the form", async ({ page }) => {
    // Hold the answer a moment so the sending state can be seen, as on a slow connection.
    await page.route('**/api/contact', async (route) => {
      await new Promise((resolve) => setTimeout(resolve, 600));
      await route.continue();
    });
    await fill(page, validEntry());
    await send(page);
    await expect(status(page)).toHaveText('Sending...');
    await expect(status(page)).toHaveText(sent);
    await expect(status(page)).toHaveClass(/text-green-700/);
    for (const label of ['First name', 'Last name', 'Email', 'Phone (optional)', 'Message']) {
      await expect(field(page, label)).toHaveValue('');
    }
    await expect(field(page, 'How can I help?')).toHaveValue("I'm looking to buy a home");
  });

  test("a 200 that is not the server's stored answer (a proxy's page, ok false) says it failed and keeps the message", async ({
    page,
  }) => {
    const entry = validEntry();
    for (const answer of [
      { contentType: 'text/html', body: '<!doctype html><title>Be right back</title><p>Maintenance</p>' },
      { contentType: 'application/json', body: '{"ok":false,"message":"Nope"}' },
    ]) {
      await page.route('**/api/contact', (route) => route.fulfill({ status: 200, ...answer }));
      await fill(page, entry);
      await send(page);
      await expect(status(page)).toHaveText(failed);
      await expect(field(page, 'Message')).toHaveValue(entry.message);
      await page.unroute('**/api/contact');
    }
    await send(page);
    await expect(status(page)).toHaveText(sent);
  });

  test('what is typed while the message goes is not taken (it would not be in the message)', async ({ page }) => {
    const entry = validEntry();
    await page.route('**/api/contact', async (route) => {
      await new Promise((resolve) => setTimeout(resolve, 1500));
      await route.continue();
    });
    await fill(page, entry);
    await send(page);
    await expect(status(page)).toHaveText('Sending...');
    // Said to be locked (read-only), not silently deaf.
    await expect(field(page, 'Message')).not.toBeEditable();
    await expect(field(page, 'Email')).not.toBeEditable();
    await field(page, 'Message').pressSequentially(' PS: after 6pm');
    await expect(field(page, 'Message')).toHaveValue(entry.message);
    await expect(status(page)).toHaveText(sent);
    await expect(field(page, 'Message')).toBeEditable();
  });

  test(`an answer that never comes gives up after ${sendTimeoutMs / 1000} s: the message is kept, to send again`, async ({
    page,
  }) => {
    await page.clock.install();
    const entry = validEntry();
    await page.route('**/api/contact', () => undefined);
    await fill(page, entry);
    await send(page);
    await expect(status(page)).toHaveText('Sending...');
    await page.clock.fastForward(sendTimeoutMs - 1000);
    await expect(status(page)).toHaveText('Sending...');
    await page.clock.fastForward(2000);
    // The server may have it: not said to be lost, but that it may not have arrived.
    await expect(status(page)).toHaveText(
      'No answer came in time, so your message may not have arrived. It is still below: send it again, or call or e-mail me directly.',
    );
    await expect(field(page, 'Message')).toHaveValue(entry.message);
    await page.unroute('**/api/contact');
    await send(page);
    await expect(status(page)).toHaveText(sent);
  });

  test('does not count a try sent back with field errors: the corrected 4th try is sent', async ({ page }) => {
    const entry = validEntry();
    for (let i = 0; i < 3; i++) {
      await fill(page, { ...entry, message: 'short' });
      await send(page);
      await expect(status(page)).toHaveText(invalid);
    }
    await fill(page, entry);
    await send(page);
    await expect(status(page)).toHaveText(sent);
  });

  test('does not count a try that did not get through: after three failed sends the 4th is sent', async ({ page }) => {
    const entry = validEntry();
    // The connection drops twice, then the server cannot take the message.
    let tries = 0;
    await page.route('**/api/contact', async (route) =>
      ++tries <= 2
        ? route.abort('internetdisconnected')
        : route.fulfill({ status: 503, contentType: 'application/json', body: '{"ok":false}' }),
    );
    for (let i = 0; i < 3; i++) {
      await fill(page, entry);
      await send(page);
      await expect(status(page)).toHaveText(failed);
    }
    await page.unroute('**/api/contact');
    await send(page);
    await expect(status(page)).toHaveText(sent);
  });

  test('refuses a 4th submission within 60 s with the SPEC message', async ({ page }) => {
    const entry = validEntry();
    for (let i = 0; i < 3; i++) {
      await fill(page, entry);
      await send(page);
      await expect(status(page)).toHaveText(sent);
    }
    await fill(page, entry);
    await send(page);
    await expect(status(page)).toHaveText(tooMany);
    await expect(status(page)).toHaveClass(/text-red-700/);
    // What was typed stays, to send later.
    await expect(field(page, 'Email')).toHaveValue(entry.email);

    // A new page load forgets the browser's count, but the server's count still refuses.
    await openAndInteract(page, formPage);
    await expect(page.locator('form[novalidate]')).toBeAttached();
    await fill(page, entry);
    await send(page);
    await expect(status(page)).toHaveText(tooMany);
  });

  test('is operable by keyboard alone', async ({ page }) => {
    const entry = validEntry();
    await field(page, 'First name').focus();
    await page.keyboard.type(entry.firstName);
    for (const value of [entry.lastName, entry.email, entry.phone]) {
      await page.keyboard.press('Tab');
      await page.keyboard.type(value);
    }
    // The consent line's privacy policy link comes between the phone and the next field.
    await page.keyboard.press('Tab');
    await expect(page.locator('form').getByRole('link', { name: 'privacy policy' })).toBeFocused();
    await page.keyboard.press('Tab');
    await expect(field(page, 'How can I help?')).toBeFocused();
    await page.keyboard.press('Tab');
    await page.keyboard.type(entry.message);
    await page.keyboard.press('Tab');
    await expect(page.getByRole('button', { name: 'Send Message' })).toBeFocused();
    await page.keyboard.press('Enter');
    await expect(status(page)).toHaveText(sent);
  });

  test('passes axe with errors on screen', async ({ page }) => {
    await fill(page, { firstName: 'J0hn', email: 'x', phone: '1', message: 'short' });
    await send(page);
    await expect(status(page)).toHaveText(invalid);
    expect(await axeViolations(page, 'form[aria-label="Send a message"]')).toEqual([]);
  });
});

// A prefilled message (a town's new listings, a home's showing) is a text area with rendered text,
// which React's hydration puts back: typed early there, it was lost.
for (const [where, path] of [
  ['on the contact page', formPage],
  ['over a prefilled message', '/listings/town/cary'],
] as const) {
  test(`what is typed before the island hydrates is kept and sent, ${where}`, async ({ page }) => {
    // Hold the island's script back so the first keystrokes land in the server-rendered fields.
    let release!: () => void;
    const held = new Promise<void>((resolve) => (release = resolve));
    await page.route('**/_astro/ContactFormIsland*.js', async (route) => {
      await held;
      await route.continue();
    });
    await page.goto(path);
    const entry = validEntry();
    await field(page, 'First name').fill(entry.firstName);
    await field(page, 'Message').fill(entry.message);
    release();
    await expect(page.locator('form[aria-label="Send a message"][novalidate]')).toBeAttached();
    // Typing elsewhere re-renders the island: the early values must survive it.
    await fill(page, { lastName: entry.lastName, email: entry.email });
    await expect(field(page, 'First name')).toHaveValue(entry.firstName);
    await expect(field(page, 'Message')).toHaveValue(entry.message);
    await page.getByRole('button', { name: 'Send Message' }).click();
    await expect(page.getByRole('form', { name: 'Send a message' }).getByRole('status')).toHaveText(sent);
  });
}

/** The database the test server stores leads in (see playwright.config.ts). */
const leadsDb: string =
  (JSON.parse(process.env['TEST_SERVER_ENV'] ?? '{}') as { LEADS_DB?: string }).LEADS_DB ??
  join(tmpdir(), `e2e-leads-${Number(process.env['TEST_PORT'] ?? 4399)}.db`);

/** What the server stored for one e-mail, read the way an operator would: read-only. */
function storedLeads(email: string) {
  const db = new DatabaseSync(leadsDb, { readOnly: true });
  try {
    return db
      .prepare(
        `SELECT l.status, l.spam_reason, l.first_name, l.last_name, l.email, l.phone, l.help_type, l.message,
                l.source_page, l.texting_consent, l.consent_text,
                (SELECT group_concat(channel) FROM outbox o WHERE o.lead_id = l.id) AS channels
         FROM leads l WHERE l.email = ? ORDER BY l.id`,
      )
      .all(email)
      .map((row) => ({ ...row }));
  } finally {
    db.close();
  }
}

/**
 * The row a real lead (not spam, queued for e-mail) must be, field for field, with its consent
 * evidence: the page it was sent from, and the texting-consent sentence the form showed.
 */
function asLead(entry: Required<Entry>, sourcePage = '/') {
  return {
    status: 'lead',
    spam_reason: null,
    first_name: entry.firstName,
    last_name: entry.lastName,
    email: entry.email,
    phone: entry.phone,
    help_type: entry.helpType,
    message: entry.message,
    source_page: sourcePage,
    texting_consent: entry.phone ? 1 : 0,
    consent_text: textingConsent(site.agent.name),
    channels: expect.stringMatching(/(^|,)email(,|$)/),
  };
}

/**
 * Types like a person (a fast one: about 20 characters a second), so the minimum
 * time-to-submit passes honestly rather than by waiting.
 */
async function typeLikeAPerson(scope: Page | Locator, entry: Required<Entry>) {
  for (const [label, value] of [
    ['First name', entry.firstName],
    ['Last name', entry.lastName],
    ['Email', entry.email],
    ['Phone (optional)', entry.phone],
  ] as const) {
    await field(scope, label).pressSequentially(value, { delay: 50 });
  }
  await field(scope, 'How can I help?').selectOption(entry.helpType);
  await field(scope, 'Message').pressSequentially(entry.message, { delay: 50 });
}

test.describe('on the home page', () => {
  const homeForm = (page: Page) => page.locator('#contact').getByRole('form', { name: 'Send a message' });
  const hydrated = (page: Page) => page.locator('#contact form[aria-label="Send a message"][novalidate]');
  /** Opens the home page at its contact section and scrolls to the form, as a visitor does (on a phone it is below the section's intro). */
  async function openContactSection(page: Page) {
    const response = await page.goto('/#contact');
    await homeForm(page).scrollIntoViewIfNeeded();
    return response;
  }

  test('the contact section holds the form: required fields, the texting consent by the phone, the SPEC messages', async ({
    page,
  }) => {
    const cspViolations = await watchCsp(page);
    await openContactSection(page);
    const form = homeForm(page);
    for (const label of ['First name', 'Last name', 'Email', 'Message']) {
      await expect(field(form, label)).toHaveAttribute('required', '');
    }
    await expect(field(form, 'Phone (optional)')).not.toHaveAttribute('required');
    await expect(field(form, 'How can I help?')).toHaveValue("I'm looking to buy a home");

    // The consent sentence is read with the phone field and sits right under it.
    const consent = form.locator('#contact-phone-consent');
    await expect(consent).toHaveText(textingConsent(site.agent.name));
    await expect(field(form, 'Phone (optional)')).toHaveAccessibleDescription(textingConsent(site.agent.name));
    // Measured in one frame: images loading above the section move both boxes.
    const gap = await consent.evaluate((el) => {
      const phone = document.getElementById('contact-phone')!.getBoundingClientRect();
      return el.getBoundingClientRect().top - phone.bottom;
    });
    expect(gap).toBeGreaterThanOrEqual(0);
    expect(gap).toBeLessThan(40);

    await expect(hydrated(page)).toBeAttached();
    await fill(form, {
      firstName: 'J0hn',
      lastName: 'Smith!',
      email: 'mary@example',
      phone: '919.555.0100',
      message: 'a'.repeat(9),
    });
    await send(form);
    await expect(status(page)).toHaveText(invalid);
    await expect(status(page)).toHaveClass(/text-red-700/);
    for (const [label, message] of [
      ['First name', 'Invalid characters in first name'],
      ['Last name', 'Invalid characters in last name'],
      ['Email', 'Invalid email address'],
      ['Phone (optional)', 'Invalid phone number format'],
      ['Message', 'Message must be at least 10 characters'],
    ] as const) {
      await expectFieldError(form, label, message);
    }
    await expect(field(form, 'First name')).toBeFocused();

    // Emptied, the required fields give SPEC's "required" messages.
    await fill(form, { firstName: '', lastName: '', email: '', phone: '', message: '' });
    await send(form);
    await expect(status(page)).toHaveText(invalid);
    await expectFieldError(form, 'First name', 'First name is required');
    await expectFieldError(form, 'Last name', 'Last name is required');
    await expectFieldError(form, 'Email', 'Invalid email address');
    await expectFieldError(form, 'Message', 'Message must be at least 10 characters');
    await expectNoFieldError(form, 'Phone (optional)');
    expect(await cspViolations()).toEqual([]);
  });

  test('a message sent from the island is stored as a real lead, exactly as typed, with no CSP violation', async ({
    page,
  }) => {
    const cspViolations = await watchCsp(page);
    const openedAt = Date.now();
    const response = await openContactSection(page);
    // The check below means something only if the page has a policy to violate.
    expect(response?.headers()['content-security-policy']).toMatch(/script-src/);
    const form = homeForm(page);
    await expect(hydrated(page)).toBeAttached();
    const entry = { ...validEntry(), message: "We'd like to sell our home in Cary & buy in Apex <soon>." };
    await typeLikeAPerson(form, entry);

    const request = page.waitForRequest((r) => r.url().endsWith('/api/contact') && r.method() === 'POST');
    await send(form);
    await expect(status(page)).toHaveText(sent);
    await expect(status(page)).toHaveClass(/text-green-700/);
    // The time the island reports is real: past the minimum, and no longer than the page was open.
    const elapsed = ((await request).postDataJSON() as Record<string, unknown>)[spamTrap.elapsedField] as number;
    expect(elapsed).toBeGreaterThanOrEqual(spamTrap.minFillMs);
    expect(elapsed).toBeLessThanOrEqual(Date.now() - openedAt);

    // Told 'Message sent!' means committed: the row is there already, as a lead.
    expect(storedLeads(entry.email)).toEqual([asLead(entry)]);
    await expect(field(form, 'Email')).toHaveValue('');
    expect(await cspViolations()).toEqual([]);
  });

  test('a message whose answer was lost, sent again, is one lead; changed before it is sent again, a new one', async ({
    page,
  }) => {
    await openContactSection(page);
    const form = homeForm(page);
    await expect(hydrated(page)).toBeAttached();
    /** The next post reaches the server, which stores it; its answer never reaches the browser. */
    const loseTheAnswer = () =>
      page.route(
        '**/api/contact',
        async (route) => {
          await route.fetch();
          await route.abort('connectionreset');
        },
        { times: 1 },
      );
    const entry = validEntry();
    await typeLikeAPerson(form, entry);
    await loseTheAnswer();
    await send(form);
    await expect(status(page)).toHaveText(failed);
    expect(storedLeads(entry.email)).toEqual([asLead(entry)]);
    await send(form);
    await expect(status(page)).toHaveText(sent);
    // Told sent, and stored once: the agent gets one e-mail, the visitor's limit counts one.
    expect(storedLeads(entry.email)).toEqual([asLead(entry)]);

    const second = { ...entry, message: 'And we may buy a smaller place in Apex.' };
    await typeLikeAPerson(form, second);
    await loseTheAnswer();
    await send(form);
    await expect(status(page)).toHaveText(failed);
    const changed = { ...second, message: `${second.message} Next year.` };
    await field(form, 'Message').fill(changed.message);
    await send(form);
    await expect(status(page)).toHaveText(sent);
    expect(storedLeads(entry.email)).toEqual([asLead(entry), asLead(second), asLead(changed)]);
  });

  test('what is typed before the island hydrates, sent right after it hydrates, is a lead, not spam', async ({
    page,
  }) => {
    // Hold the island's script back while the visitor types into the server-rendered form.
    let release!: () => void;
    const held = new Promise<void>((resolve) => (release = resolve));
    await page.route('**/_astro/ContactFormIsland*.js', async (route) => {
      await held;
      await route.continue();
    });
    await openContactSection(page);
    const form = homeForm(page);
    const entry = validEntry();
    await typeLikeAPerson(form, entry);
    await expect(hydrated(page)).not.toBeAttached();

    release();
    await expect(hydrated(page)).toBeAttached();
    const hydratedAt = Date.now();
    await send(form);
    // Sent well within the minimum time of hydration: timed from hydration, this was "spam".
    expect(Date.now() - hydratedAt).toBeLessThan(spamTrap.minFillMs);
    await expect(status(page)).toHaveText(sent);
    expect(storedLeads(entry.email)).toEqual([asLead(entry)]);
  });

  test('a bot that fills the form and posts as soon as the island is ready is stored as spam', async ({ page }) => {
    // The page's clock stands still (Playwright's fake clock), so "as soon as" is exact however
    // slowly this machine hydrates: the island measures no time on the form at all.
    // Installed at a fixed time and paused after it: pausing at a fixed time after installing at
    // "now" fails once the wall clock has passed that time.
    await page.clock.install({ time: new Date('2026-01-01T08:00:00Z') });
    await page.clock.pauseAt(new Date('2026-01-01T09:00:00Z'));
    // A bot does not wait for the page's images, nor type: it sets every field and submits at once.
    await page.goto('/#contact', { waitUntil: 'domcontentloaded' });
    const form = homeForm(page);
    await form.scrollIntoViewIfNeeded();
    await page.mouse.wheel(0, 1);
    await expect(hydrated(page)).toBeAttached();
    const entry = validEntry();
    await form.evaluate((el: HTMLFormElement, values: Record<string, string>) => {
      for (const [name, value] of Object.entries(values)) {
        const input = el.elements.namedItem(name) as HTMLInputElement | HTMLSelectElement | HTMLTextAreaElement;
        // The prototype's setter, as a framework-agnostic bot would use it (React tracks the own property).
        Reflect.set(Object.getPrototypeOf(input) as object, 'value', value, input);
        input.dispatchEvent(new Event(input instanceof HTMLSelectElement ? 'change' : 'input', { bubbles: true }));
      }
    }, entry);
    await form.evaluate((el: HTMLFormElement) => el.requestSubmit());
    // It is told what a person is told, and never e-mailed.
    await expect(status(page)).toHaveText(sent);
    expect(storedLeads(entry.email)).toEqual([
      { ...asLead(entry), status: 'spam', spam_reason: 'too fast', channels: null },
    ]);
  });
});

test('the pages answering the form without JavaScript have one h1 and pass axe', async ({ page }) => {
  // axe runs as a script in the page, so this page has JavaScript; submit() posts the plain
  // form exactly as a browser without it does, past the island.
  await page.goto(formPage);
  await fill(page, { ...validEntry(), firstName: 'J0hn', phone: '1' });
  await page.locator('form[aria-label="Send a message"]').evaluate((form: HTMLFormElement) => form.submit());
  await expect(page.getByText('Invalid characters in first name')).toBeVisible();
  await expect(status(page)).toHaveText(invalid);
  await expectAccessiblePage(page);
  await page.goto('/contact/sent');
  await expect(status(page)).toHaveText(sent);
  await expectAccessiblePage(page);
});

test.describe('without JavaScript', () => {
  test.use({ javaScriptEnabled: false });

  test.beforeEach(async ({ page }) => {
    await page.goto(formPage);
  });

  test('sends a valid message and lands on the success line with an empty form', async ({ page }) => {
    const entry = validEntry();
    await fill(page, entry);
    await send(page);
    await expect(page).toHaveURL(/\/contact\/sent$/);
    // Stored with its consent evidence: the page the plain form was sent from (the browser's Referer).
    expect(storedLeads(entry.email)).toEqual([asLead(entry, new URL(formPage, 'http://x').pathname)]);
    await expect(status(page)).toHaveText(sent);
    await expect(status(page)).toHaveClass(/text-green-700/);
    await expect(field(page, 'First name')).toHaveValue('');
    await expect(field(page, 'How can I help?')).toHaveValue("I'm looking to buy a home");
    await expect(page.locator('meta[name="robots"]')).toHaveAttribute('content', 'noindex,nofollow');
  });

  test('the same message sent again (a second click, a resend after a lost answer) is stored and e-mailed once', async ({
    page,
  }) => {
    const entry = validEntry();
    for (let i = 0; i < 2; i++) {
      await page.goto(formPage);
      await fill(page, entry);
      await send(page);
      await expect(page).toHaveURL(/\/contact\/sent$/);
      await expect(status(page)).toHaveText(sent);
    }
    expect(storedLeads(entry.email)).toEqual([asLead(entry, new URL(formPage, 'http://x').pathname)]);
    // Another message of the same visitor is a new lead.
    await page.goto(formPage);
    await fill(page, { ...entry, message: `${entry.message} One more thing.` });
    await send(page);
    await expect(status(page)).toHaveText(sent);
    expect(storedLeads(entry.email)).toHaveLength(2);
  });

  test('a home-value request from a seller page arrives as a market-analysis lead with its address', async ({
    page,
  }) => {
    // The link below the home-value box (an e-mail link until 2026-11-27, which needs a mail program).
    await page.goto('/seller-resources');
    await page.locator('#home-value').getByRole('link', { name: 'Ask for a free home value report' }).click();
    await expect(page).toHaveURL(/\/contact\?topic=valuation$/);
    await expect(field(page, 'How can I help?')).toHaveValue('I need a market analysis');
    await expect(field(page, 'Message')).toHaveValue(contactTopics.valuation.message);
    const entry = {
      ...validEntry(),
      helpType: 'I need a market analysis',
      message: `${contactTopics.valuation.message}412 Oak Grove Lane, Cary; new roof in 2024.`,
    };
    const { firstName, lastName, email, phone } = entry;
    await fill(page, { firstName, lastName, email, phone });
    await field(page, 'Message').press('ControlOrMeta+End');
    await field(page, 'Message').pressSequentially('412 Oak Grove Lane, Cary; new roof in 2024.');
    await send(page);
    await expect(page).toHaveURL(/\/contact\/sent$/);
    expect(storedLeads(entry.email)).toEqual([asLead(entry, '/contact')]);
  });

  test('the home page form posts to the server, which answers invalid data with the SPEC messages', async ({
    page,
  }) => {
    await page.goto('/#contact');
    const form = page.locator('#contact').getByRole('form', { name: 'Send a message' });
    const entry = { ...validEntry(), firstName: 'J0hn', phone: '919.555.0100', message: ' '.repeat(12) };
    await fill(form, entry);
    const response = page.waitForResponse(
      (r) => new URL(r.url()).pathname === '/contact' && r.request().method() === 'POST',
    );
    await send(form);
    expect((await response).status()).toBe(422);
    await expect(status(page)).toHaveText(invalid);
    await expectFieldError(page, 'First name', 'Invalid characters in first name');
    await expectFieldError(page, 'Phone (optional)', 'Invalid phone number format');
    await expectFieldError(page, 'Message', 'Message must be at least 10 characters');
    await expectNoFieldError(page, 'Email');
    await expect(field(page, 'Email')).toHaveValue(entry.email);
  });

  test('a link may open the form with a fixed message (?topic=showing); any other topic is ignored', async ({
    page,
  }) => {
    await page.goto('/contact?topic=showing');
    await expect(field(page, 'Message')).toHaveValue(contactTopics.showing.message);
    await expect(field(page, 'First name')).toHaveValue('');
    await page.goto('/contact?topic=valuation');
    await expect(field(page, 'Message')).toHaveValue(contactTopics.valuation.message);
    await expect(field(page, 'How can I help?')).toHaveValue('I need a market analysis');
    for (const topic of ['constructor', '__proto__', '%3Cb%3Ehi%3C%2Fb%3E']) {
      const response = await page.goto(`/contact?topic=${topic}`);
      expect(response?.status()).toBe(200);
      await expect(field(page, 'Message')).toHaveValue('');
    }
  });

  test('lets the browser stop a form with an empty required field', async ({ page }) => {
    await fill(page, { ...validEntry(), lastName: '' });
    await send(page);
    await expect(page).toHaveURL(new RegExp(`${formPage}$`));
    expect(await field(page, 'Last name').evaluate((el: HTMLInputElement) => el.validity.valueMissing)).toBe(true);
  });

  // The browser's own checks (required, type=email) pass these; the server's rules do not.
  const serverCases: [string, () => Entry, [string, string][]][] = [
    [
      'fields of spaces only',
      () => ({ firstName: '  ', lastName: ' ', email: `a${visitorId()}@example.com`, message: ' '.repeat(12) }),
      [
        ['First name', 'First name is required'],
        ['Last name', 'Last name is required'],
        ['Message', 'Message must be at least 10 characters'],
      ],
    ],
    [
      'values one character too long',
      () => {
        const id = visitorId();
        return {
          firstName: 'a'.repeat(51),
          lastName: 'b'.repeat(51),
          email: `${id}${'c'.repeat(101 - id.length - '@example.com'.length)}@example.com`,
          phone: '12345',
          message: 'd'.repeat(1001),
        };
      },
      [
        ['First name', 'First name too long'],
        ['Last name', 'Last name too long'],
        ['Email', 'Email too long'],
        ['Phone (optional)', 'Invalid phone number format'],
        ['Message', 'Message too long'],
      ],
    ],
    [
      'characters that are not allowed',
      () => ({
        firstName: 'J0hn',
        lastName: '<b>Smith</b>',
        email: `b${visitorId()}@example`,
        phone: '919.555.0100',
        message: 'a'.repeat(9),
      }),
      [
        ['First name', 'Invalid characters in first name'],
        ['Last name', 'Invalid characters in last name'],
        ['Email', 'Invalid email address'],
        ['Phone (optional)', 'Invalid phone number format'],
        ['Message', 'Message must be at least 10 characters'],
      ],
    ],
  ];

  for (const [name, makeEntry, errors] of serverCases) {
    test(`answers ${name} with the SPEC messages and keeps what was typed`, async ({ page }) => {
      const entry = makeEntry();
      await fill(page, entry);
      const response = page.waitForResponse(
        (r) => new URL(r.url()).pathname === '/contact' && r.request().method() === 'POST',
      );
      await send(page);
      expect((await response).status()).toBe(422);
      await expect(status(page)).toHaveText(invalid);
      await expect(status(page)).toHaveClass(/text-red-700/);
      for (const [label, message] of errors) await expectFieldError(page, label, message);
      for (const [label, value] of [
        ['First name', entry.firstName],
        ['Last name', entry.lastName],
        ['Email', entry.email],
        ['Message', entry.message],
      ] as const) {
        await expect(field(page, label)).toHaveValue(value ?? '');
      }
      // The cursor starts in the first field to fix.
      await expect(field(page, errors[0]![0])).toBeFocused();
    });
  }

  test('refuses a 4th submission within 60 s and keeps what was typed', async ({ page }) => {
    const entry = validEntry();
    // Three messages (each its own: the same one sent again would be the one message, stored once).
    for (let i = 1; i <= 3; i++) {
      await page.goto(formPage);
      await fill(page, { ...entry, message: `${entry.message} (${i})` });
      await send(page);
      await expect(status(page)).toHaveText(sent);
    }
    await page.goto(formPage);
    await fill(page, entry);
    const response = page.waitForResponse(
      (r) => new URL(r.url()).pathname === '/contact' && r.request().method() === 'POST',
    );
    await send(page);
    const refused = await response;
    expect(refused.status()).toBe(429);
    // Seconds until the oldest of the three counted submissions leaves the 60 s window.
    expect(refused.headers()['retry-after']).toMatch(/^\d+$/);
    expect(Number(refused.headers()['retry-after'])).toBeGreaterThanOrEqual(1);
    expect(Number(refused.headers()['retry-after'])).toBeLessThanOrEqual(60);
    await expect(status(page)).toHaveText(tooMany);
    await expect(status(page)).toHaveClass(/text-red-700/);
    await expect(status(page)).toBeFocused();
    await expect(field(page, 'Email')).toHaveValue(entry.email);
    await expect(field(page, 'Message')).toHaveValue(entry.message);
    await expect(field(page, 'How can I help?')).toHaveValue(entry.helpType);
  });
});
