import { describe, expect, it } from '@jest/globals';
import { nextTier, offerUnitPrice, tierAt, tiersOf, lowestTierPrice } from './price-breaks';
import { fromPrice } from './price-terms';

const catalogue = {
  price: 12.5,
  breaks: [
    { minQuantity: 10, price: 11 },
    { minQuantity: 50, price: 10 },
    { minQuantity: 250, price: 9.2 },
  ],
};

describe('price breaks', () => {
  it('a quantity reaches the highest tier at or below it, and not the next one a unit early', () => {
    const tiers = tiersOf([catalogue]);
    expect(tiers).toEqual([
      { minQuantity: 1, unitPrice: 12.5, savingPct: 0 },
      { minQuantity: 10, unitPrice: 11, savingPct: 12 },
      { minQuantity: 50, unitPrice: 10, savingPct: 20 },
      { minQuantity: 250, unitPrice: 9.2, savingPct: 26 },
    ]);
    expect(tierAt(tiers, 1)?.unitPrice).toBe(12.5);
    expect(tierAt(tiers, 9)?.unitPrice).toBe(12.5);
    expect(tierAt(tiers, 10)?.unitPrice).toBe(11);
    expect(tierAt(tiers, 49)?.unitPrice).toBe(11);
    expect(tierAt(tiers, 50)?.unitPrice).toBe(10);
    expect(tierAt(tiers, 249)?.unitPrice).toBe(10);
    expect(tierAt(tiers, 250)?.unitPrice).toBe(9.2);
    expect(tierAt(tiers, 100_000)?.unitPrice).toBe(9.2);
    // A quantity not yet valid (0) is priced as one, never below the first tier.
    expect(tierAt(tiers, 0)?.unitPrice).toBe(12.5);
    expect(nextTier(tiers, 9)?.minQuantity).toBe(10);
    expect(nextTier(tiers, 10)?.minQuantity).toBe(50);
    expect(nextTier(tiers, 250)).toBeNull();
    expect(lowestTierPrice(tiers)).toBe(9.2);
  });

  it('saving is whole percent rounded down, never overstated', () => {
    // 1 - 8.34/12.5 = 33.28 %: 33; 12.50 → 11.00 is exactly 12 %.
    const tiers = tiersOf([{ price: 12.5, breaks: [{ minQuantity: 5, price: 8.34 }] }]);
    expect(tiers[1]!.savingPct).toBe(33);
    expect(tiersOf([{ price: 3, breaks: [{ minQuantity: 5, price: 2.99 }] }])[1]!.savingPct).toBe(0);
  });

  it('with several lists, each quantity pays the lowest price any list gives, one list per quantity', () => {
    // The account's list is cheaper for one, the catalogue's breaks are cheaper from 50.
    const account = { price: 11.5, breaks: [{ minQuantity: 100, price: 10.5 }] };
    const tiers = tiersOf([catalogue, account]);
    expect(tiers.map((t) => [t.minQuantity, t.unitPrice])).toEqual([
      [1, 11.5],
      [10, 11], // the catalogue's 10+ beats the account's 11.50
      [50, 10], // the account's 100+ (10.50) is not cheaper than the catalogue's 50+: left out
      [250, 9.2],
    ]);
    expect(tiers[1]!.savingPct).toBe(4); // against 11.50, the buyer's own price for one
  });

  it('a break that is not cheaper than the tier before it is left out', () => {
    const tiers = tiersOf([
      {
        price: 5,
        breaks: [
          { minQuantity: 10, price: 5 },
          { minQuantity: 20, price: 4 },
        ],
      },
    ]);
    expect(tiers.map((t) => t.minQuantity)).toEqual([1, 20]);
  });

  it('nothing offered: no tiers, sold on quotation', () => {
    expect(tiersOf([])).toEqual([]);
    expect(tierAt([], 10)).toBeNull();
    expect(lowestTierPrice([])).toBeNull();
  });

  it('a configured piece takes the break as a discount on base plus options, rounded once', () => {
    // Base 1.75, 1,000 mm at 0.01 = 11.75 a piece; the 10+ break 1.40 on a list price of 1.75 is 80 %.
    const rail = { price: 1.75, basePrice: 1.75, breaks: [{ minQuantity: 10, price: 1.4 }] };
    expect(offerUnitPrice(rail, 1, 10)).toBe(11.75);
    expect(offerUnitPrice(rail, 10, 10)).toBe(9.4);
    // 333 mm: 1.75 + 3.33 = 5.08, × 0.8 = 4.064 → 4.06 (one rounding, not 1.40 + 2.66 = 4.06 by luck only).
    expect(offerUnitPrice(rail, 10, 3.33)).toBe(4.06);
    expect(tiersOf([rail], 10)).toEqual([
      { minQuantity: 1, unitPrice: 11.75, savingPct: 0 },
      { minQuantity: 10, unitPrice: 9.4, savingPct: 20 },
    ]);
  });

  it('"from $X" on a card is the lowest tier: plain, pack and configured products', () => {
    const plain = { price: 12.5, unitOfMeasure: 'EA', minimumPurchaseQuantity: 1, minTransfer: 1 };
    expect(fromPrice(plain)).toBe(12.5);
    expect(fromPrice({ ...plain, priceOffers: [catalogue] })).toBe(9.2);
    // A pack of 10 at 0.45 each, 0.40 from 20 packs: from 4.00 a pack.
    const pack = { price: 0.45, unitOfMeasure: 'EA', minimumPurchaseQuantity: 10, minTransfer: 10 };
    expect(
      fromPrice({ ...pack, priceOffers: [{ price: 0.45, breaks: [{ minQuantity: 20, price: 0.4 }] }] }),
    ).toBe(4);
    // Cut to length from 25 mm (2.00 a piece), 20 % off from 10 pieces: from 1.60.
    const configured = {
      price: 1.75,
      basePrice: 1.75,
      unitOfMeasure: 'MM',
      minimumPurchaseQuantity: 1,
      minTransfer: 1,
      configurationOptions: [
        { name: 'Cut Length', unit: 'mm', unitPrice: 0.01, minValue: 25, required: true },
      ],
      priceOffers: [{ price: 1.75, basePrice: 1.75, breaks: [{ minQuantity: 10, price: 1.4 }] }],
    };
    expect(fromPrice(configured)).toBe(1.6);
  });
});
