/** src/lib/vcard.ts: the agent's contact card. */
import { describe, expect, it } from 'vitest';
import { buildVCard, contactCardPath, type ContactCard } from '../../src/lib/vcard.ts';

const card: ContactCard = {
  name: 'Jordan Avery',
  firstName: 'Jordan',
  title: 'REALTOR®',
  organization: 'Triangle Realty Partners',
  phone: '+19195550142',
  email: 'jordan@example.com',
  url: 'https://www.example.com/',
  locality: 'Raleigh',
  region: 'NC',
  country: 'US',
  note: 'NC Real Estate Broker with Triangle Realty Partners, serving Raleigh and the Triangle since 2015.',
};
const linesOf = (file: string) => file.replace(/\r\n /g, '').split('\r\n');

describe('buildVCard', () => {
  it('writes a vCard 3.0 with the name, firm, title, phone, e-mail, website and town, CRLF at every line end', () => {
    const file = buildVCard(card);
    expect(file.endsWith('END:VCARD\r\n')).toBe(true);
    expect(file.replace(/\r\n/g, '')).not.toMatch(/[\r\n]/);
    expect(linesOf(file)).toEqual([
      'BEGIN:VCARD',
      'VERSION:3.0',
      'N:Avery;Jordan;;;',
      'FN:Jordan Avery',
      'ORG:Triangle Realty Partners',
      'TITLE:REALTOR®',
      'TEL;TYPE=CELL,VOICE:+19195550142',
      'EMAIL;TYPE=INTERNET:jordan@example.com',
      'URL:https://www.example.com/',
      'ADR;TYPE=WORK:;;;Raleigh;NC;;US',
      'NOTE:NC Real Estate Broker with Triangle Realty Partners\\, serving Raleigh and the Triangle since 2015.',
      'END:VCARD',
      '',
    ]);
  });

  it('folds long lines at 75 octets', () => {
    for (const line of buildVCard(card).split('\r\n')) {
      expect(new TextEncoder().encode(line).length).toBeLessThanOrEqual(75);
    }
  });

  it('escapes each part of a structured value on its own, so a comma or semicolon in a name stays in it', () => {
    const lines = linesOf(
      buildVCard({
        ...card,
        name: 'Jordan Avery-Lee, Jr.',
        organization: 'Avery; Lee & Co',
        locality: 'Holly Springs',
      }),
    );
    expect(lines).toContain('N:Avery-Lee\\, Jr.;Jordan;;;');
    expect(lines).toContain('FN:Jordan Avery-Lee\\, Jr.');
    expect(lines).toContain('ORG:Avery\\; Lee & Co');
    expect(lines).toContain('ADR;TYPE=WORK:;;;Holly Springs;NC;;US');
  });

  it('carries a photo as the base64 of its JPEG, folded like every long line', () => {
    const photo = new Uint8Array(600).map((_, i) => (i * 7) % 256);
    const file = buildVCard({ ...card, photo });
    const line = linesOf(file).find((l) => l.startsWith('PHOTO'));
    expect(line).toBe(`PHOTO;ENCODING=b;TYPE=JPEG:${Buffer.from(photo).toString('base64')}`);
    expect(file.split('\r\n').every((l) => l.length <= 75)).toBe(true);
    expect(linesOf(file).at(-2)).toBe('END:VCARD');
  });

  it('keeps a name that does not start with the first name whole as the family name, and leaves out an empty note and photo', () => {
    const lines = linesOf(
      buildVCard({ ...card, name: 'Avery', firstName: 'Jordan', note: undefined, photo: undefined }),
    );
    expect(lines).toContain('N:Avery;;;;');
    expect(lines.some((line) => line.startsWith('NOTE:') || line.startsWith('PHOTO'))).toBe(false);
  });
});

describe('contactCardPath', () => {
  it("is the person's name as a slug, at the site's root", () => {
    expect(contactCardPath('Jordan Avery')).toBe('/jordan-avery.vcf');
    expect(contactCardPath('José O’Brien-Núñez')).toBe('/jose-o-brien-nunez.vcf');
  });
});
