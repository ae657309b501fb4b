/**
 * The minimum time-to-submit spam trap, timed the way the island times it: from when the page
 * (and so the server-rendered form) appeared, on the performance clock, not from when the island
 * hydrated. A visitor types into the plain HTML form before hydration; a bot posts at once.
 */
import { describe, expect, it } from 'vitest';
import { elapsedOnForm, emptyContactValues, formShownAt, spamTrap } from '#src/lib/contact-form.ts';
import { spamReason } from '#src/server/leads/intake.ts';

const asSent = (elapsedMs: number) =>
  spamReason(
    { values: emptyContactValues, honeypot: '', elapsedMs, fromScript: true, userAgent: '', sourcePage: '' },
    spamTrap.minFillMs,
  );

describe('when the form appeared', () => {
  it("is when the page's HTML began to arrive", () => {
    expect(formShownAt({ responseStart: 180.4 })).toBe(180.4);
  });

  it('falls back to navigation start without navigation timing', () => {
    expect(formShownAt(undefined)).toBe(0);
    expect(formShownAt({ responseStart: 0 })).toBe(0);
    expect(formShownAt({ responseStart: Number.NaN })).toBe(0);
  });
});

describe('time on the form', () => {
  it('counts whole milliseconds and never goes negative', () => {
    expect(elapsedOnForm(180.4, 3500.9)).toBe(3321);
    expect(elapsedOnForm(500, 400)).toBe(0);
  });

  // The page arrives at 200 ms; the visitor types from 1 s to 6 s into the server-rendered
  // form; the island hydrates at 6.2 s (late on purpose) and the visitor clicks send at 6.5 s.
  const page = { responseStart: 200 };
  const hydratedAt = 6200;
  const sentAt = 6500;

  it('includes what was typed before the island hydrated, so a person who sends at once is not spam', () => {
    const elapsed = elapsedOnForm(formShownAt(page), sentAt);
    expect(elapsed).toBe(6300);
    expect(asSent(elapsed)).toBeUndefined();
    // Timed from hydration, as the island once did, the same person was stored as spam.
    expect(asSent(elapsedOnForm(hydratedAt, sentAt))).toBe('too fast');
  });

  it('still catches a bot that loads the page and posts at once', () => {
    // The HTML arrives at 200 ms, the island is ready at 900 ms, the bot fills and posts at 950 ms.
    expect(asSent(elapsedOnForm(formShownAt(page), 950))).toBe('too fast');
  });

  it('starts again after a successful send: the emptied form is a new form', () => {
    const resetAt = 20_000;
    expect(asSent(elapsedOnForm(resetAt, resetAt + 1000))).toBe('too fast');
    expect(asSent(elapsedOnForm(resetAt, resetAt + spamTrap.minFillMs))).toBeUndefined();
  });
});
