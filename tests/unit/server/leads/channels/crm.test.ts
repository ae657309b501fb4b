/** The CRM webhook's body (Follow Up Boss events). */
import { describe, expect, it } from 'vitest';
import { buildFollowUpBossEvent } from '#src/server/leads/channels/crm.ts';
import { stored } from '../fixtures.ts';

describe('CRM webhook body', () => {
  it('follows the Follow Up Boss events API', () => {
    expect(buildFollowUpBossEvent(stored)).toEqual({
      source: 'example.com',
      system: 'Jordan Avery Real Estate website',
      type: 'Seller Inquiry',
      message: stored.message,
      description: 'I need a market analysis (website contact form, lead #42)',
      occurredAt: '2025-05-01T14:30:00.000Z',
      sourceUrl: 'https://www.example.com/#contact',
      person: {
        firstName: 'Zoë',
        lastName: "O'Brien",
        emails: [{ value: 'zoe@example.com' }],
        phones: [],
        tags: ['Website', 'I need a market analysis'],
      },
    });
    const buyer = buildFollowUpBossEvent({ ...stored, helpType: "I'm looking to buy a home", phone: '9195550100' });
    expect(buyer.type).toBe('General Inquiry');
    expect(buyer.person.phones).toEqual([{ value: '9195550100' }]);
  });
});
