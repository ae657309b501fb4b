/** SPEC §5 validation, §4 status texts and §9 rate limit of the contact form, shared by browser and server. */
import { describe, expect, it } from 'vitest';
import {
  checkRateLimit,
  contactTopics,
  defaultHelpType,
  emptyContactValues,
  helpTypes,
  rateLimitKey,
  statusText,
  submissionRule,
  textingConsent,
  validateContact,
  valuesForTopic,
  type ContactValues,
  type RateLimitEntry,
} from '#src/lib/contact-form.ts';
import { addressRule } from '#src/server/leads/intake.ts';

const valid: ContactValues = {
  firstName: 'Mary-Jane',
  lastName: "O'Neil",
  email: 'mary@example.com',
  phone: '(919) 555-0100',
  helpType: 'I want to sell my home',
  message: 'We would like to sell our house in Cary this spring.',
};

/** The message for one field after changing only that field of a valid submission. */
function errorFor(field: keyof ContactValues, value: string): string | undefined {
  const result = validateContact({ ...valid, [field]: value });
  return result.ok ? undefined : result.errors[field];
}

describe('SPEC §5 texts and options', () => {
  it('offers exactly the five help types, buying first and by default', () => {
    expect(helpTypes).toEqual([
      "I'm looking to buy a home",
      'I want to sell my home',
      "I'm interested in investing",
      'I need a market analysis',
      'Other',
    ]);
    expect(defaultHelpType).toBe("I'm looking to buy a home");
    expect(emptyContactValues.helpType).toBe("I'm looking to buy a home");
  });

  it('has the SPEC §4 status lines exactly', () => {
    expect(statusText.invalid).toBe('Please correct the errors below.');
    expect(statusText.sending).toBe('Sending...');
    expect(statusText.sent).toBe("Message sent! I'll get back to you soon.");
    expect(statusText.rateLimited).toBe('Too many submissions. Please wait before submitting again.');
  });

  it('accepts a valid message and trims what was typed', () => {
    const result = validateContact({ ...valid, firstName: '  Mary-Jane ', email: ' mary@example.com ' });
    expect(result).toEqual({ ok: true, data: { ...valid } });
  });

  it('defaults the help type and an absent phone', () => {
    const { phone: _phone, helpType: _helpType, ...rest } = valid;
    const result = validateContact(rest);
    expect(result.ok && result.data.helpType).toBe("I'm looking to buy a home");
    expect(result.ok && result.data.phone).toBe('');
  });

  it('reports one message per failing field', () => {
    const result = validateContact({ firstName: '', lastName: '', email: '', phone: '', message: '' });
    expect(result).toEqual({
      ok: false,
      errors: {
        firstName: 'First name is required',
        lastName: 'Last name is required',
        email: 'Invalid email address',
        message: 'Message must be at least 10 characters',
      },
    });
  });
});

describe.each([
  ['firstName', 'First name is required', 'First name too long', 'Invalid characters in first name'],
  ['lastName', 'Last name is required', 'Last name too long', 'Invalid characters in last name'],
] as const)('%s', (field, required, tooLong, invalid) => {
  it('is required (spaces alone count as empty)', () => {
    expect(errorFor(field, '')).toBe(required);
    expect(errorFor(field, '   ')).toBe(required);
  });
  it('allows 50 characters and refuses 51', () => {
    expect(errorFor(field, 'a'.repeat(50))).toBeUndefined();
    expect(errorFor(field, 'a'.repeat(51))).toBe(tooLong);
  });
  it('allows letters, spaces, apostrophes and hyphens, in any script', () => {
    for (const name of ['Anne Marie', "D'Angelo", 'Smith-Jones', 'José', 'Nguyễn', 'Zoë', 'O’Brien']) {
      expect(errorFor(field, name), name).toBeUndefined();
    }
  });
  it('takes a name as pasted: a no-break space as a space, without marks of text direction', () => {
    // Persian spells with a zero-width non-joiner between letters.
    for (const name of [
      'علی\u200cرضا',
      'Mary\u00a0Jane',
      '\u200fדוד\u200f',
      '\u2067Ann\u2069',
      '\u061cعلی',
      '\ufeffAnn\u200b',
    ]) {
      expect(errorFor(field, name), JSON.stringify(name)).toBeUndefined();
    }
    const result = validateContact({ ...valid, [field]: '\u200fMary\u00a0Jane\u200e' });
    expect(result.ok && result.data[field]).toBe('Mary Jane');
    // A joiner with no letter on one side is no spelling.
    for (const name of ['\u200cAnn', 'Ann\u200c', 'Ann \u200d Lee'])
      expect(errorFor(field, name), JSON.stringify(name)).toBe(invalid);
  });

  it('refuses digits, symbols, markup and line breaks', () => {
    for (const name of ['J0hn', 'Ann!', '<b>Ann</b>', 'Ann\nBcc: x@example.com', 'Ann_Lee', 'Ann.Lee', '=1+1']) {
      expect(errorFor(field, name), name).toBe(invalid);
    }
  });
});

describe('email', () => {
  it('must be a valid address', () => {
    for (const email of ['', 'plain', 'a@b', '@example.com', 'a b@example.com', 'a@example', 'a@@example.com']) {
      expect(errorFor('email', email), email).toBe('Invalid email address');
    }
    for (const email of ['a@example.com', 'first.last+tag@sub.example.co.uk']) {
      expect(errorFor('email', email), email).toBeUndefined();
    }
  });
  it('allows 100 characters and refuses 101', () => {
    const at = (length: number) => `${'a'.repeat(length - '@example.com'.length)}@example.com`;
    expect(at(100)).toHaveLength(100);
    expect(errorFor('email', at(100))).toBeUndefined();
    expect(errorFor('email', at(101))).toBe('Email too long');
  });
});

describe('phone', () => {
  it('is optional', () => {
    expect(errorFor('phone', '')).toBeUndefined();
    expect(errorFor('phone', '  ')).toBeUndefined();
  });
  it.each(['9195550142', '919-555-0142', '(919) 555-0142', '+19195550142', '+1 919 555 0142', '919 555 0142 12'])(
    'accepts %s',
    (phone) => expect(errorFor('phone', phone)).toBeUndefined(),
  );
  it.each([
    ['too short', '555-0142'],
    ['9 characters', '919555014'],
    ['16 characters', '+1 (919) 555-0142'],
    ['letters', '919-555-CALL'],
    ['a plus inside', '919+5550142'],
    ['dots', '919.555.0142'],
    ['an extension', '9195550142 x12'],
  ])('refuses %s (%s)', (_why, phone) => expect(errorFor('phone', phone)).toBe('Invalid phone number format'));
  it('counts 10 and 15 characters after the plus as the bounds', () => {
    expect(errorFor('phone', '1234567890')).toBeUndefined();
    expect(errorFor('phone', '+123456789012345')).toBeUndefined();
    expect(errorFor('phone', '1234567890123456')).toBe('Invalid phone number format');
  });
});

describe('help type', () => {
  it('accepts each option and refuses anything else', () => {
    for (const type of helpTypes) expect(errorFor('helpType', type)).toBeUndefined();
    expect(errorFor('helpType', 'I want a free house')).toBe('Please choose one of the listed options');
  });
});

describe('message', () => {
  it('needs 10 characters: 9 is refused, 10 is accepted', () => {
    expect(errorFor('message', 'a'.repeat(9))).toBe('Message must be at least 10 characters');
    expect(errorFor('message', 'a'.repeat(10))).toBeUndefined();
    expect(errorFor('message', `  ${'a'.repeat(9)}   `)).toBe('Message must be at least 10 characters');
  });
  it('allows 1000 characters and refuses 1001', () => {
    expect(errorFor('message', 'a'.repeat(1000))).toBeUndefined();
    expect(errorFor('message', 'a'.repeat(1001))).toBe('Message too long');
  });
  it('keeps markup as typed: escaping is the job of whoever displays it', () => {
    const result = validateContact({ ...valid, message: '<script>alert(1)</script> please call me' });
    expect(result.ok && result.data.message).toBe('<script>alert(1)</script> please call me');
  });
});

describe('SPEC §9 rate limit', () => {
  it('keys on the e-mail, or anonymous when it is empty', () => {
    expect(rateLimitKey(' Mary@Example.com ')).toBe('mary@example.com');
    expect(rateLimitKey('')).toBe('anonymous');
    expect(rateLimitKey('   ')).toBe('anonymous');
  });

  it('allows 3 submissions within 60 s and refuses the 4th', () => {
    expect(submissionRule).toEqual({ max: 3, windowMs: 60_000 });
    let entry;
    for (const at of [0, 10_000, 20_000]) {
      const decision = checkRateLimit(entry, at);
      expect(decision.allowed).toBe(true);
      entry = decision.entry;
    }
    expect(entry).toEqual({ count: 3, since: 20_000 });
    const refused = checkRateLimit(entry, 30_000);
    expect(refused).toEqual({ allowed: false, entry, retryAfterMs: 50_000 });
  });

  it('judges the window from the last submission', () => {
    const full = { count: 3, since: 20_000 };
    // 60 s after the first but only 40 s after the last: still refused.
    expect(checkRateLimit(full, 60_001).allowed).toBe(false);
    expect(checkRateLimit(full, 80_000).allowed).toBe(false);
    // More than 60 s after the last: the count starts again.
    expect(checkRateLimit(full, 80_001)).toEqual({ allowed: true, entry: { count: 1, since: 80_001 } });
  });

  it('does not extend the wait for refused attempts', () => {
    const full = { count: 3, since: 0 };
    const refused = checkRateLimit(full, 59_000);
    expect(refused.entry).toEqual(full);
    expect(checkRateLimit(refused.entry, 60_001).allowed).toBe(true);
  });

  it('takes other rules', () => {
    const rule = { max: 1, windowMs: 1000 };
    const first = checkRateLimit(undefined, 0, rule);
    expect(first.allowed).toBe(true);
    expect(checkRateLimit(first.entry, 500, rule)).toMatchObject({ allowed: false, retryAfterMs: 500 });
  });

  it('judges the per-address rule from the first submission: a shared address sending now and then is never refused', () => {
    expect(addressRule).toEqual({ max: 10, windowMs: 600_000, from: 'first' });
    // 11 visitors behind one office address, 9 minutes apart: no 10 minutes ever hold more than 2.
    let entry: RateLimitEntry | undefined;
    for (let n = 0; n < 11; n++) {
      const decision = checkRateLimit(entry, n * 9 * 60_000, addressRule);
      expect(decision.allowed, `submission ${n + 1}`).toBe(true);
      entry = decision.entry;
    }
    // Ten within ten minutes of the first are let through, the 11th waits for the window to end.
    entry = undefined;
    for (let n = 0; n < 10; n++) entry = checkRateLimit(entry, n * 1000, addressRule).entry;
    expect(entry).toEqual({ count: 10, since: 0 });
    expect(checkRateLimit(entry, 60_000, addressRule)).toMatchObject({ allowed: false, retryAfterMs: 540_000 });
    expect(checkRateLimit(entry, 600_001, addressRule)).toEqual({ allowed: true, entry: { count: 1, since: 600_001 } });
  });

  it('never makes anyone wait longer than two windows when the clock was set back', () => {
    // Counted while the clock ran an hour ahead, then the clock was put right: a fresh start.
    const ahead = { count: 3, since: 3_600_000 };
    expect(checkRateLimit(ahead, 0)).toEqual({ allowed: true, entry: { count: 1, since: 0 } });
    // Opened a moment later by another instance, or while this submission waited for the counter: it counts.
    const moment = { count: 3, since: 1_500 };
    expect(checkRateLimit(moment, 1_000)).toEqual({ allowed: false, entry: moment, retryAfterMs: 60_500 });
    expect(checkRateLimit({ count: 10, since: 2_000 }, 0, addressRule)).toMatchObject({ allowed: false });
  });
});

describe('texting consent', () => {
  it('says call or text, not a condition of purchase, and rates may apply', () => {
    const sentence = textingConsent('Jordan Avery');
    expect(sentence).toContain('Jordan Avery may contact you by call or text at that number');
    expect(sentence).toContain('Consent is not a condition of any purchase.');
    expect(sentence).toContain('Message and data rates may apply');
  });
});

describe('a topic in the address (/contact?topic=...)', () => {
  it('starts the form with its fixed help type and message, and nothing else', () => {
    expect(valuesForTopic('showing')).toEqual({
      ...emptyContactValues,
      helpType: "I'm looking to buy a home",
      message: contactTopics.showing.message,
    });
    expect(valuesForTopic('valuation')).toEqual({
      ...emptyContactValues,
      helpType: 'I need a market analysis',
      message: contactTopics.valuation.message,
    });
    expect(valuesForTopic('netSheet')).toEqual({
      ...emptyContactValues,
      helpType: 'I want to sell my home',
      message: contactTopics.netSheet.message,
    });
  });
  it('starts with a help type of the form and a message the visitor completes', () => {
    for (const [name, topic] of Object.entries(contactTopics)) {
      expect(helpTypes, name).toContain(topic.helpType);
      expect(topic.message, name).toMatch(/: $/);
      expect(validateContact({ ...valid, message: topic.message }).ok, name).toBe(true);
    }
  });
  it('is ignored when unknown, missing, or a name every object has', () => {
    for (const topic of ['', null, undefined, 'Showing', 'showing ', 'constructor', '__proto__', 'toString'])
      expect(valuesForTopic(topic), String(topic)).toBeUndefined();
  });
});
