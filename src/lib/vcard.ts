/**
 * The agent's contact card: a vCard a phone adds to its contacts in one tap, with the name, firm,
 * phone, e-mail, website, town and photo. Version 3.0 (RFC 2426), the one the contacts apps of both iOS
 * and Android read (4.0 is not read by every Android). Pure.
 */
import { escapeText, foldLine } from './content-lines.ts';
import { toSlug } from './listing/format.ts';

export interface ContactCard {
  /** Full name; `firstName` is its first word or words. */
  name: string;
  firstName: string;
  title: string;
  organization: string;
  /** E.164, e.g. "+19195550142". */
  phone: string;
  email: string;
  url: string;
  locality: string;
  region: string;
  country: string;
  note?: string | undefined;
  /** A JPEG of the person, shown beside their name in the contacts app. */
  photo?: Uint8Array | undefined;
}

/** A structured value (N, ADR): its parts escaped one by one and joined by semicolons. */
const parts = (...values: string[]) => values.map(escapeText).join(';');

/** The card as a `.vcf` file: CRLF line ends, long lines folded. */
export function buildVCard(card: ContactCard): string {
  const family = card.name.startsWith(card.firstName) ? card.name.slice(card.firstName.length).trim() : card.name;
  const lines = [
    'BEGIN:VCARD',
    'VERSION:3.0',
    `N:${parts(family, family === card.name ? '' : card.firstName, '', '', '')}`,
    `FN:${escapeText(card.name)}`,
    `ORG:${escapeText(card.organization)}`,
    `TITLE:${escapeText(card.title)}`,
    // The number takes calls and texts.
    `TEL;TYPE=CELL,VOICE:${card.phone}`,
    `EMAIL;TYPE=INTERNET:${card.email}`,
    `URL:${card.url}`,
    `ADR;TYPE=WORK:${parts('', '', '', card.locality, card.region, '', card.country)}`,
    ...(card.note ? [`NOTE:${escapeText(card.note)}`] : []),
    ...(card.photo ? [`PHOTO;ENCODING=b;TYPE=JPEG:${Buffer.from(card.photo).toString('base64')}`] : []),
    'END:VCARD',
  ];
  return `${lines.map(foldLine).join('\r\n')}\r\n`;
}

/** Where the site publishes a person's card: their name as a slug, `/first-last.vcf`. */
export const contactCardPath = (name: string) => `/${toSlug(name)}.vcf`;
