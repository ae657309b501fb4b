/**
 * CSV export of leads that is safe to open in a spreadsheet. Visitor-typed text starting with
 * = + - @ would run as a formula (OWASP "CSV injection"), so such a cell gets a leading
 * apostrophe, which spreadsheets show as plain text. So does a cell starting with a tab or a
 * carriage return, one whose sign comes after spaces or line breaks (which some spreadsheets skip),
 * and one starting with a full-width ＝ ＋ － ＠ (which some read as the sign itself).
 */
import type { LeadWithDeliveries } from './store/types.ts';

const formulaStart = /^(?:[\t\r]|\s*[=+\-@\uFF1D\uFF0B\uFF0D\uFF20])/;

export function escapeCsvCell(value: string | number | null | undefined): string {
  let text = value === null || value === undefined ? '' : String(value);
  if (formulaStart.test(text)) text = `'${text}`;
  return /[",\r\n]/.test(text) || text !== text.trim() ? `"${text.replaceAll('"', '""')}"` : text;
}

export function toCsv(rows: readonly (readonly (string | number | null | undefined)[])[]): string {
  // CRLF line ends and a byte-order mark: what spreadsheet programs expect of UTF-8 CSV.
  return `\uFEFF${rows.map((row) => row.map(escapeCsvCell).join(',')).join('\r\n')}\r\n`;
}

export function deliveryState(lead: LeadWithDeliveries): string {
  if (lead.status === 'spam') return 'spam (not sent)';
  if (lead.deliveries.length === 0) return 'nothing to send';
  return lead.deliveries.every((d) => d.state === 'delivered') ? 'delivered' : 'pending';
}

export function leadsToCsv(leads: readonly LeadWithDeliveries[]): string {
  const header = [
    'id',
    'received_at',
    'first_name',
    'last_name',
    'email',
    'phone',
    'help_type',
    'message',
    'listing_key',
    'listing_address',
    'status',
    'delivery',
    'delivered_at',
    'source_page',
    'texting_consent',
    'consent_text',
    'ip',
    'user_agent',
  ];
  const rows = leads.map((lead) => [
    lead.id,
    lead.receivedAt,
    lead.firstName,
    lead.lastName,
    lead.email,
    lead.phone,
    lead.helpType,
    lead.message,
    lead.listing?.key,
    lead.listing?.address,
    lead.status === 'spam' ? `spam (${lead.spamReason ?? 'caught'})` : 'lead',
    deliveryState(lead),
    lead.deliveries
      .map((d) => d.deliveredAt)
      .filter(Boolean)
      .sort()
      .at(-1),
    lead.sourcePage,
    lead.textingConsent ? 'yes' : 'no',
    lead.consentText,
    lead.ip,
    lead.userAgent,
  ]);
  return toCsv([header, ...rows]);
}
