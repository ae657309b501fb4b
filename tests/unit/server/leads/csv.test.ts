/** The CSV export of `npm run leads -- --csv`. */
import { describe, expect, it } from 'vitest';
import { escapeCsvCell, leadsToCsv, toCsv } from '#src/server/leads/csv.ts';
import { stored } from './fixtures.ts';

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
      'id,received_at,first_name,last_name,email,phone,help_type,message,listing_key,listing_address,status,delivery,delivered_at,source_page,texting_consent,consent_text,ip,user_agent',
    );
    expect(lines[1]).toContain(`"'=cmd|"" /C calc""!A0",,,lead,nothing to send,`);
    expect(lines[2]).toContain(',lead,delivered,2025-05-01T14:31:00.000Z,/city/cary,no,');
    expect(lines[2]).toMatch(
      /,"By giving your phone number, you agree that Jordan Avery may contact you by call or text\.",203\.0\.113\.7,test$/,
    );
  });
});
