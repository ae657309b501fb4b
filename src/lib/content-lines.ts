/**
 * The content lines of the text files a calendar or a contacts app reads: iCalendar (RFC 5545,
 * the open houses) and vCard (RFC 6350 and RFC 2426, the agent's contact card) escape and fold
 * them alike. Pure.
 */

/**
 * A TEXT value (RFC 5545 §3.3.11, RFC 6350 §3.4): backslash, semicolon, comma and line breaks (CRLF,
 * LF or a lone CR, as MLS remarks come) escaped; other control characters, which neither allows and
 * a calendar app may refuse the file for, left out (a tab stays).
 */
export function escapeText(value: string): string {
  return value
    .replace(/\\/g, '\\\\')
    .replace(/;/g, '\\;')
    .replace(/,/g, '\\,')
    .replace(/\r\n?|\n/g, '\\n')
    .replace(/[\x00-\x08\x0B-\x1F\x7F]/g, '');
}

/**
 * A content line longer than 75 octets folded (RFC 5545 §3.1, RFC 6350 §3.2), each continuation
 * starting with a space; never inside a UTF-8 character.
 */
export function foldLine(line: string): string {
  const encoder = new TextEncoder();
  const parts: string[] = [];
  let current = '';
  let octets = 0;
  for (const char of line) {
    const size = encoder.encode(char).length;
    const limit = parts.length === 0 ? 75 : 74;
    if (octets + size > limit) {
      parts.push(current);
      current = '';
      octets = 0;
    }
    current += char;
    octets += size;
  }
  parts.push(current);
  return parts.join('\r\n ');
}
