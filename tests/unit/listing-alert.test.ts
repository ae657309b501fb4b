import { describe, expect, it } from 'vitest';
import { alertMessage } from '../../src/lib/listing/alert.ts';

describe('the message of a request for new listings', () => {
  it('names the town of the narrowing, or the whole Triangle', () => {
    expect(alertMessage('Cary')).toBe('Please e-mail me new listings in Cary as they come on the market.');
    expect(alertMessage(undefined)).toBe('Please e-mail me new listings in the Triangle as they come on the market.');
  });

  it('names the price and bedrooms chosen, as the lists word them', () => {
    expect(alertMessage('Knightdale', { price: '$450,000', beds: '4+' })).toBe(
      'Please e-mail me new listings in Knightdale, up to $450,000, with 4+ bedrooms, as they come on the market.',
    );
    expect(alertMessage(undefined, { price: '$350,000' })).toBe(
      'Please e-mail me new listings in the Triangle, up to $350,000, as they come on the market.',
    );
    expect(alertMessage('Cary', { beds: '3+' })).toBe(
      'Please e-mail me new listings in Cary, with 3+ bedrooms, as they come on the market.',
    );
    // "Any price" and "Any" choose nothing.
    expect(alertMessage('Cary', { price: '', beds: undefined })).toBe(alertMessage('Cary'));
  });
});
