import { describe, expect, it } from '@jest/globals';
import {
  FREIGHT_TABLES,
  configuredLinePrice,
  freight,
  freightBand,
  lineSubtotal,
  orderTotal,
  round2,
} from './money';

describe('round2', () => {
  it.each([
    [1.005, 1.01],
    [-1.005, -1.01],
    [2.675, 2.68],
    [-2.675, -2.68],
    [1.004, 1],
    [1.015, 1.02],
    [8.345, 8.35],
    [0.125, 0.13],
    [0.005, 0.01],
    [0.0049, 0],
    [0.1 + 0.2, 0.3],
    [1234567.891, 1234567.89],
    [7.5, 7.5],
    [0, 0],
    [1.23e-7, 0],
    [1e21, 1e21],
    [-1e21, -1e21],
    [123456789012.345, 123456789012.35],
    [Number.NaN, 0],
    [Number.POSITIVE_INFINITY, 0],
  ])('rounds %p to %p', (input, expected) => {
    expect(round2(input)).toBe(expected);
  });

  it('never returns negative zero', () => {
    expect(Object.is(round2(-0), 0)).toBe(true);
    expect(Object.is(round2(-0.004), 0)).toBe(true);
  });
});

describe('freight', () => {
  it.each([
    [0, 0],
    [0.01, 7.5],
    [49.99, 7.5],
    [50, 7.5],
    [50.01, 10],
    [99.99, 10],
    [100, 15],
    [199.99, 15],
    [200, 0],
    [200.01, 0],
    [1500, 0],
    [-5, 0],
    [-0.01, 0],
  ])('a subtotal of %p pays %p freight', (subtotal, expected) => {
    expect(freight(subtotal)).toBe(expected);
  });

  it('is unaffected by float error in the subtotal', () => {
    expect(freight(0.1 + 0.2 + 49.7)).toBe(7.5); // 50.00000000000001
    expect(freight(99.99 + 0.01)).toBe(15);
  });

  it('explains which band applied', () => {
    expect(freightBand(0).label).toBe('Empty cart: no freight');
    expect(freightBand(50)).toMatchObject({ amount: 7.5, label: 'Subtotal up to $50.00' });
    expect(freightBand(50.01)).toMatchObject({ amount: 10, label: 'Subtotal over $50.00 and under $100.00' });
    expect(freightBand(100)).toMatchObject({ amount: 15, label: 'Subtotal from $100.00 to under $200.00' });
    expect(freightBand(200)).toMatchObject({ amount: 0, label: 'Subtotal of $200.00 or more: free freight' });
  });

  it('has a table whose bands cover every non-negative subtotal exactly once', () => {
    const samples = [
      0, 0.01, 25, 50, 50.01, 70, 70.01, 75, 99.99, 100, 139.99, 140, 150, 199.99, 200, 280, 1e6,
    ];
    for (const [country, s] of samples.flatMap((s) => (['US', 'CA'] as const).map((c) => [c, s] as const))) {
      const matching = FREIGHT_TABLES[country].filter(
        (b) =>
          (b.fromInclusive ? s >= b.from : s > b.from) &&
          (b.to === null || (b.toInclusive ? s <= b.to : s < b.to)),
      );
      expect(matching).toHaveLength(1);
      expect(freightBand(s, country)).toBe(matching[0]);
    }
  });
});

describe('orderTotal', () => {
  it('is subtotal + freight + tax, rounded', () => {
    expect(orderTotal({ subTotal: 42.1, freight: 7.5, taxAmount: 3.37 })).toBe(52.97);
    expect(orderTotal({ subTotal: 0.1, freight: 0.2, taxAmount: 0 })).toBe(0.3);
    expect(orderTotal({ subTotal: 99.995, freight: 10, taxAmount: 7.004 })).toBe(117);
    expect(orderTotal({ subTotal: 0, freight: 0, taxAmount: 0 })).toBe(0);
  });
});

describe('lineSubtotal', () => {
  it('is price x quantity', () => {
    expect(lineSubtotal({ price: 19.99, quantity: 3 })).toBe(59.97);
    expect(lineSubtotal({ price: 1.005, quantity: 1 })).toBe(1.01);
  });

  it('multiplies by minimumPurchaseQuantity only when minTransfer > 1', () => {
    expect(lineSubtotal({ price: 0.45, quantity: 3, minTransfer: 2, minimumPurchaseQuantity: 10 })).toBe(
      13.5,
    );
    expect(lineSubtotal({ price: 0.45, quantity: 3, minTransfer: 1, minimumPurchaseQuantity: 10 })).toBe(
      1.35,
    );
    expect(lineSubtotal({ price: 0.45, quantity: 3, minTransfer: 0, minimumPurchaseQuantity: 10 })).toBe(
      1.35,
    );
    expect(lineSubtotal({ price: 0.45, quantity: 3, minTransfer: null, minimumPurchaseQuantity: 10 })).toBe(
      1.35,
    );
    expect(lineSubtotal({ price: 2, quantity: 3, minTransfer: 5, minimumPurchaseQuantity: null })).toBe(6);
  });

  it('is 0 for an unpriced line', () => {
    expect(lineSubtotal({ price: null, quantity: 3 })).toBe(0);
    expect(lineSubtotal({ price: undefined, quantity: 3, minTransfer: 2, minimumPurchaseQuantity: 10 })).toBe(
      0,
    );
  });
});

describe('configuredLinePrice', () => {
  it('is (sum of value x price + basePrice) x quantity, rounded', () => {
    const line = {
      basePrice: 5.25,
      quantity: 3,
      configurations: [
        { value: 1200, price: 0.0125 },
        { value: '2', price: 2.5 },
      ],
    };
    // (1200 x 0.0125 + 2 x 2.5 + 5.25) x 3 = (15 + 5 + 5.25) x 3
    expect(configuredLinePrice(line)).toBe(75.75);
  });

  it('is basePrice x quantity without configurations', () => {
    expect(configuredLinePrice({ basePrice: 12.345, quantity: 1, configurations: [] })).toBe(12.35);
    expect(configuredLinePrice({ basePrice: 12.34, quantity: 0, configurations: [] })).toBe(0);
  });

  it('rounds the result robustly', () => {
    // (0.335 x 1 + 0.67) x 1 = 1.005 -> 1.01
    expect(
      configuredLinePrice({ basePrice: 0.67, quantity: 1, configurations: [{ value: 1, price: 0.335 }] }),
    ).toBe(1.01);
  });

  it('treats a missing option price or base price as 0', () => {
    expect(
      configuredLinePrice({ basePrice: null, quantity: 2, configurations: [{ value: 3, price: null }] }),
    ).toBe(0);
  });
});
