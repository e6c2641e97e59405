import { describe, expect, it } from '@jest/globals';
import { belowCatalogueMessage, lowestPriceWithoutApproval, needsPriceApproval } from './price-approval';
import { translateMessage } from './message-translations';

describe('needsPriceApproval (decision 054)', () => {
  it('holds a price more than the share below the catalogue price, to the cent', () => {
    expect(needsPriceApproval(85, 100, 15)).toBe(false);
    expect(needsPriceApproval(84.99, 100, 15)).toBe(true);
    expect(needsPriceApproval(100, 100, 15)).toBe(false);
    expect(needsPriceApproval(120, 100, 15)).toBe(false);
    expect(needsPriceApproval(9.5, 10, 0)).toBe(true);
    expect(needsPriceApproval(1, 100, 100)).toBe(false);
  });

  it('counts in whole cents: 15% off 10.50 is 8.925, so 8.93 stands and 8.92 is held', () => {
    expect(lowestPriceWithoutApproval(10.5, 15)).toBe(8.93);
    expect(needsPriceApproval(8.93, 10.5, 15)).toBe(false);
    expect(needsPriceApproval(8.92, 10.5, 15)).toBe(true);
    expect(lowestPriceWithoutApproval(100, 15)).toBe(85);
    expect(lowestPriceWithoutApproval(19.99, 15)).toBe(17);
    expect(lowestPriceWithoutApproval(0.01, 15)).toBe(0.01);
    for (let cents = 1; cents < 5000; cents += 7) {
      const floor = lowestPriceWithoutApproval(cents / 100, 15);
      expect([cents, needsPriceApproval(floor, cents / 100, 15)]).toEqual([cents, false]);
      expect([cents, needsPriceApproval(floor - 0.01, cents / 100, 15)]).toEqual([cents, true]);
    }
  });

  it('holds a zero price always, and a price the catalogue does not give only at zero', () => {
    expect(needsPriceApproval(0, 100, 15)).toBe(true);
    expect(needsPriceApproval(0, null, 15)).toBe(true);
    expect(needsPriceApproval(0.004, null, 100)).toBe(true);
    expect(needsPriceApproval(0.01, null, 15)).toBe(false);
  });

  it('says so in the three languages', () => {
    expect(belowCatalogueMessage(15)).toBe(
      'More than 15% below the catalogue price, or zero: this price needs a Service or Admin role.',
    );
    expect(translateMessage(belowCatalogueMessage(15), 'fr-CA')).toContain('15 %');
    expect(translateMessage(belowCatalogueMessage(15), 'es-MX')).toContain('15 %');
  });
});
