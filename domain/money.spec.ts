import { describe, expect, it } from '@jest/globals';
import { configuredLinePrice, freight, freightBand, lineSubtotal, orderTotal, round2 } from './money';

describe('round2', () => {
  it.each([
    [1.005, 1.01],
    [2.675, 2.68],
    [1.004, 1],
    [-1.005, -1.01],
    [0.1 + 0.2, 0.3],
    [1234567.891, 1234567.89],
    [Number.NaN, 0],
  ])('rounds %p to %p', (input, expected) => {
    expect(round2(input)).toBe(expected);
  });
});

describe('freight table', () => {
  it.each([
    [0, 0],
    [0.01, 7.5],
    [50, 7.5],
    [50.01, 10],
    [99.99, 10],
    [100, 15],
    [199.99, 15],
    [200, 0],
    [1500, 0],
    [-5, 0],
  ])('a subtotal of %p pays %p freight', (subtotal, expected) => {
    expect(freight(subtotal)).toBe(expected);
  });

  it('explains which band applied', () => {
    expect(freightBand(120).label).toBe('Subtotal from $100.00 to under $200.00');
  });
});

describe('totals and lines', () => {
  it('total = subtotal + freight + tax, rounded', () => {
    expect(orderTotal({ subTotal: 99.995, freight: 10, taxAmount: 7.004 })).toBe(117);
  });

  it('line subtotal multiplies by the pack size only when minTransfer > 1', () => {
    expect(lineSubtotal({ price: 0.45, quantity: 3, minTransfer: 2, minimumPurchaseQuantity: 10 })).toBe(
      13.5,
    );
    expect(lineSubtotal({ price: 0.45, quantity: 3, minTransfer: 1, minimumPurchaseQuantity: 10 })).toBe(
      1.35,
    );
    expect(lineSubtotal({ price: null, quantity: 3 })).toBe(0);
  });

  it('configured line price = (sum of value x price + basePrice) x quantity', () => {
    const line = {
      basePrice: 5.25,
      quantity: 3,
      configurations: [
        { value: 1200, price: 0.0125 },
        { value: '2', price: 2.5 },
      ],
    };
    expect(configuredLinePrice(line)).toBe(75.75);
  });
});
