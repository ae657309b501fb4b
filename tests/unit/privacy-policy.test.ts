/**
 * The privacy policy names every place a message from the contact form can be kept or sent: each
 * lead store and each delivery channel the server has (src/server/leads/). A store or channel added
 * without a word in the policy fails here.
 */
import { readFileSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';

const leads = join(import.meta.dirname, '..', '..', 'src', 'server', 'leads');
const policy = readFileSync(join(import.meta.dirname, '..', '..', 'content', 'legal', 'privacy.mdx'), 'utf8');

/** Each store and channel, and the words that name it in the policy. */
const named: Record<string, RegExp> = {
  'store/sqlite.ts': /a database file on the server that runs this website/,
  'store/postgres.ts': /a PostgreSQL database service the agent chooses/,
  'channels/email.ts': /A copy is e-mailed to the agent's inbox/,
  'channels/crm.ts': /customer relationship management \(CRM\) service/,
};
/** The store folder's files that are no store: opening one, copying between them, rows and types. */
const notStores = ['copy.ts', 'open.ts', 'rows.ts', 'types.ts'];

describe('privacy policy', () => {
  it('names each lead store and delivery channel the server has', () => {
    const places = [
      ...readdirSync(join(leads, 'store'))
        .filter((file) => !notStores.includes(file))
        .map((file) => `store/${file}`),
      ...readdirSync(join(leads, 'channels')).map((file) => `channels/${file}`),
    ].sort();
    expect(places).toEqual(Object.keys(named).sort());
    for (const [place, words] of Object.entries(named)) expect(policy, place).toMatch(words);
  });
});
