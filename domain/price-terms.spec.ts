import { describe, expect, it } from '@jest/globals';
import { lineTotal } from './cart';
import { fromPrice, lineTerms, optionLabel, priceTerms } from './price-terms';

const cutToLength = {
  price: 1.75,
  basePrice: 1.75,
  unitOfMeasure: 'MM',
  minimumPurchaseQuantity: 1,
  minTransfer: 1,
  configurationOptions: [
    { name: 'Cut Length', unit: 'mm', unitPrice: 0.01, minValue: 25, required: true },
    { name: 'End Tapping (per end)', unit: 'end', unitPrice: 2.5, minValue: 0, required: false },
  ],
};

describe('price terms', () => {
  it('a cut-to-length product reads as base plus per-unit parts, from the shortest cut', () => {
    expect(priceTerms(cutToLength)).toEqual({
      kind: 'configured',
      from: 2, // 1.75 + 25 mm x 0.01
      base: 1.75,
      parts: [
        { name: 'Cut Length', unit: 'mm', unitPrice: 0.01, required: true },
        { name: 'End Tapping', unit: 'end', unitPrice: 2.5, required: false },
      ],
    });
    // The cart's rule agrees: 1,000 mm is $11.75.
    const line = {
      id: 'X',
      cartLineId: '',
      cartId: '',
      name: 'x',
      price: 1.75,
      basePrice: 1.75,
      quantity: 1,
      configurations: [{ id: 'c', value: 1000, price: 0.01 }],
    };
    expect(lineTotal(line)).toBe(11.75);
    expect(fromPrice(cutToLength)).toBe(2);
  });

  it('a pack reads per pack, with the piece price; the cart line agrees with the money rule', () => {
    const washers = { price: 0.45, unitOfMeasure: 'PK', minimumPurchaseQuantity: 10, minTransfer: 2 };
    expect(priceTerms(washers)).toEqual({ kind: 'pack', packPrice: 4.5, packSize: 10, each: 0.45 });
    expect(fromPrice(washers)).toBe(4.5);
    const terms = lineTerms({ price: 0.45, quantity: 3, minTransfer: 2, minimumPurchaseQuantity: 10 });
    expect(terms).toEqual({ quantity: 3, packSize: 10, unitPrice: 4.5 });
    expect(
      lineTotal({
        id: 'W',
        cartLineId: '',
        cartId: '',
        name: 'w',
        price: 0.45,
        quantity: 3,
        minTransfer: 2,
        minimumPurchaseQuantity: 10,
        configurations: [],
      }),
    ).toBe(terms.quantity * terms.unitPrice!);
  });

  it('a plain product reads per unit; a product on quotation has no price', () => {
    expect(
      priceTerms({ price: 12.4, unitOfMeasure: 'EA', minimumPurchaseQuantity: 1, minTransfer: 1 }),
    ).toEqual({
      kind: 'unit',
      price: 12.4,
      unit: 'EA',
    });
    expect(
      fromPrice({ price: null, unitOfMeasure: 'EA', minimumPurchaseQuantity: 1, minTransfer: 1 }),
    ).toBeNull();
  });

  it('labels read once', () => {
    expect(optionLabel({ name: 'End Tapping (per end)', unit: 'end' })).toBe('End Tapping (per end)');
    expect(optionLabel({ name: 'Cut Length', unit: 'mm' })).toBe('Cut Length (mm)');
    expect(optionLabel({ name: 'Counterbore for Anchor Fastener', unit: 'hole', kind: 'count' })).toBe(
      'Counterbore for Anchor Fastener (per hole)',
    );
  });

  it('a panel priced by the m² alone reads as its rate; from is its smallest size', () => {
    const panel = {
      price: 18,
      basePrice: 0,
      unitOfMeasure: 'SQM',
      minimumPurchaseQuantity: 1,
      minTransfer: 1,
      configurationOptions: [
        { name: 'Size', unit: 'm²', unitPrice: 18, minValue: 0.0025, required: true, kind: 'area' },
      ],
    };
    expect(priceTerms(panel)).toEqual({ kind: 'rate', price: 18, unit: 'm²', name: 'Size', from: 0.05 });
  });
});
