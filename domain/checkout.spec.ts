import { describe, expect, it } from '@jest/globals';
import { normaliseExpiry } from './checkout';
import { cardSchema } from './checkout.schema';

describe('card expiry as people type it', () => {
  it.each([
    ['1229', '12/29'],
    ['12/29', '12/29'],
    ['12-29', '12/29'],
    ['12 / 29', '12/29'],
    ['129', '01/29'],
    ['1/29', '01/29'],
  ])('%s reads as %s', (typed, shown) => expect(normaliseExpiry(typed)).toBe(shown));

  it('leaves what it cannot read, for the schema to say how to write it', async () => {
    expect(normaliseExpiry('december')).toBe('december');
    await expect(
      cardSchema.validateAt('expiry', { expiry: 'december', number: '', cvc: '', name: '' }),
    ).rejects.toThrow('Enter the expiry date as MM/YY');
    expect(await cardSchema.validateAt('expiry', { expiry: '1239' })).toBe('12/39');
  });
});
