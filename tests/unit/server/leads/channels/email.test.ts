/** The lead e-mail's content. */
import { describe, expect, it } from 'vitest';
import { buildLeadEmail, escapeHtml } from '#src/server/leads/channels/email.ts';
import { stored } from '../fixtures.ts';

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

  it('says where the form was sent from and quotes the consent line when a phone was given under it', () => {
    const without = buildLeadEmail(stored);
    expect(without.text).toContain('Sent from: https://www.example.com/city/cary');
    // A path stored before paths were made single-slashed names this site, and builds.
    expect(buildLeadEmail({ ...stored, sourcePage: '//evil.example/login' }).text).toContain(
      'Sent from: https://www.example.com//evil.example/login',
    );
    expect(buildLeadEmail({ ...stored, sourcePage: '//' }).text).toContain('Sent from: https://www.example.com//');
    expect(without.text).toContain('Texting consent: no (no phone number given)');
    expect(without.text).not.toContain('Consent shown');
    const mail = buildLeadEmail({ ...stored, phone: '919-555-0100', textingConsent: true });
    expect(mail.text).toContain('Texting consent: yes, given with the phone number');
    expect(mail.text).toContain(`Consent shown with the phone field: “${stored.consentText}”`);
    expect(mail.html).toContain(`<blockquote`);
    expect(mail.html).toContain(escapeHtml(`“${stored.consentText}”`));
  });
});
