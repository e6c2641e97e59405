import { describe, expect, it } from '@jest/globals';
import { belowCatalogueMessage, needsPriceApproval } from './price-approval';
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
