/** src/lib/content-lines.ts: the escaping and folding iCalendar and vCard files share. */
import { describe, expect, it } from 'vitest';
import { escapeText, foldLine } from '../../src/lib/content-lines.ts';

describe('escapeText', () => {
  it('escapes backslashes, semicolons, commas and line breaks', () => {
    expect(escapeText('a\\b')).toBe('a\\\\b');
    expect(escapeText('Cary, NC; bring ID\r\nthanks\nbye')).toBe('Cary\\, NC\\; bring ID\\nthanks\\nbye');
  });

  it('escapes a lone CR as a line break and leaves out control characters neither RFC allows, keeping a tab', () => {
    expect(escapeText('Park on the street.\rShoes off, please.')).toBe('Park on the street.\\nShoes off\\, please.');
    expect(escapeText('Bring\u0007 ID\u001a\u007f\tthanks\u0000')).toBe('Bring ID\tthanks');
  });
});

describe('foldLine', () => {
  it('leaves a line of 75 octets as it is and folds a longer one, each continuation after a space', () => {
    expect(foldLine('a'.repeat(75))).toBe('a'.repeat(75));
    const folded = foldLine('a'.repeat(160));
    expect(folded.split('\r\n ').map((part) => part.length)).toEqual([75, 74, 11]);
    expect(folded.replace(/\r\n /g, '')).toBe('a'.repeat(160));
  });

  it('never cuts inside a UTF-8 character', () => {
    const parts = foldLine('é'.repeat(50)).split('\r\n ');
    expect(parts[0]).toBe('é'.repeat(37));
    for (const part of parts) expect(new TextEncoder().encode(part).length).toBeLessThanOrEqual(75);
  });
});
