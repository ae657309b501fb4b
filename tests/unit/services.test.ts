import { describe, expect, it } from 'vitest';
import { serviceTarget } from '#src/lib/services.ts';

describe('services grid routing (SPEC §2)', () => {
  it.each([
    ['BUY A HOME', '/buyer-resources'],
    ['SELL YOUR HOME', '/seller-resources'],
    ['EXPLORE', '/relocation'],
    ['RELOCATE', '/relocation'],
    ['DOWNSIZE', '/downsizing'],
    ['FIRST TIME HOME BUYER', '/first-time-buyer'],
    ['SEARCH HOMES', '/buyer-resources'],
  ])('%s goes to %s', (label, target) => {
    expect(serviceTarget(label)).toBe(target);
  });

  it('sends any other label to the home page', () => {
    expect(serviceTarget('LEARN MORE')).toBe('/');
    expect(serviceTarget('buy a home')).toBe('/');
    expect(serviceTarget('')).toBe('/');
  });
});
