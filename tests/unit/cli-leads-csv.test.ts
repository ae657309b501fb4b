/**
 * The cells of `npm run leads -- --csv` (src/server/leads/csv.ts) against formula injection, as
 * OWASP's "CSV Injection" page describes it: besides a cell starting with = + - @, a tab or a
 * carriage return, one whose sign comes after spaces or line breaks, or is a full-width ＝ ＋ － ＠,
 * gets the leading apostrophe that spreadsheets show as plain text.
 */
import { describe, expect, it } from 'vitest';
import { escapeCsvCell, toCsv } from '#src/server/leads/csv.ts';

describe('a CSV cell a spreadsheet could run as a formula', () => {
  it.each([
    ['=1+2', "'=1+2"],
    ['+1 919 555 0100', "'+1 919 555 0100"],
    ['-2+3', "'-2+3"],
    ['@SUM(A1)', "'@SUM(A1)"],
    ['\t=1', "'\t=1"],
    ['\r=1', `"'\r=1"`],
    // The sign after spaces or line breaks, which some spreadsheets skip.
    [' =1+2', "' =1+2"],
    ['   +1', "'   +1"],
    ['\n=HYPERLINK("http://evil.example")', `"'\n=HYPERLINK(""http://evil.example"")"`],
    ['\r\n@SUM(A1)', `"'\r\n@SUM(A1)"`],
    ['\t \t-1', "'\t \t-1"],
    ['\u00a0=1', "'\u00a0=1"],
    ['\u3000=1', "'\u3000=1"],
    // Full-width signs, which some spreadsheets read as the ASCII ones.
    ['\uFF1DHYPERLINK("http://evil.example")', `"'\uFF1DHYPERLINK(""http://evil.example"")"`],
    ['\uFF0B1', "'\uFF0B1"],
    ['\uFF0D1', "'\uFF0D1"],
    ['\uFF20SUM(A1)', "'\uFF20SUM(A1)"],
    [' \uFF1D1', "' \uFF1D1"],
  ])('%j is escaped as %j', (cell, escaped) => {
    expect(escapeCsvCell(cell)).toBe(escaped);
  });

  it.each([
    ['a=b', 'a=b'],
    ['ann@example.com', 'ann@example.com'],
    ['Call me, please', '"Call me, please"'],
    ['  spaced  ', '"  spaced  "'],
    ['', ''],
    [7, '7'],
  ])('%j, which no spreadsheet runs, stays %j', (cell, kept) => {
    expect(escapeCsvCell(cell)).toBe(kept);
  });

  it('escapes each cell of a row on its own', () => {
    expect(toCsv([[' =1', 'ok', '\uFF0B1']])).toBe("\uFEFF' =1,ok,'\uFF0B1\r\n");
  });
});
