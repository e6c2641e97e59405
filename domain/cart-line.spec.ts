import { describe, expect, it } from '@jest/globals';
import {
  itemRefusals,
  lineMaximum,
  lineMinimum,
  maximumRefusal,
  orderRefusal,
  quantityRefusal,
  type LineProduct,
} from './cart-line';
import { maxOrderQuantitySchema } from './cart-line.schema';
import { translateMessage } from './message-translations';

const part = (over: Partial<LineProduct> = {}): LineProduct => ({
  id: 'RAIL-15',
  minimumPurchaseQuantity: 1,
  minTransfer: 1,
  maxOrderQuantity: null,
  allowedStates: [],
  configurationOptions: [],
  ...over,
});
const cut = {
  id: 'opt-cut',
  name: 'Cut Length',
  unit: 'mm',
  minValue: 25,
  maxValue: 3000,
  step: 1,
  required: true,
  dimensions: null,
};
const us = { country: 'US' as const, toBuy: true };

describe('the quantity of a line', () => {
  it('starts at the minimum purchase quantity, at 1 pack for a part sold in packs', () => {
    expect(lineMinimum(part({ minimumPurchaseQuantity: 5 }))).toBe(5);
    expect(lineMinimum(part({ minimumPurchaseQuantity: 0 }))).toBe(1);
    expect(lineMinimum(part({ minimumPurchaseQuantity: 10, minTransfer: 2 }))).toBe(1);
  });

  it('is refused under the minimum and over the maximum per order, with the spec’s words', () => {
    expect(quantityRefusal(part({ minimumPurchaseQuantity: 5 }), 'RAIL-15', 4)).toBe(
      'Order at least 5 of RAIL-15.',
    );
    expect(quantityRefusal(part({ maxOrderQuantity: 10 }), 'RAIL-15', 11)).toBe(
      'You can order at most 10 of RAIL-15 in one order.',
    );
    expect(quantityRefusal(part({ maxOrderQuantity: 10 }), 'RAIL-15', 10)).toBeNull();
    expect(quantityRefusal(part(), 'RAIL-15', 100_000)).toBeNull();
    expect(lineMaximum(part())).toBeNull();
  });

  it('counts packs against the maximum of a part sold in packs', () => {
    const packs = part({ minimumPurchaseQuantity: 10, minTransfer: 2, maxOrderQuantity: 3 });
    expect(quantityRefusal(packs, 'RAIL-15', 1)).toBeNull();
    expect(quantityRefusal(packs, 'RAIL-15', 4)).toBe('You can order at most 3 of RAIL-15 in one order.');
  });

  it('reads in French and Spanish', () => {
    const message = 'You can order at most 10 of RAIL-15 in one order.';
    expect(translateMessage(message, 'fr-CA')).toBe(
      'Vous pouvez commander au plus 10 de la pièce RAIL-15 par commande.',
    );
    expect(translateMessage(message, 'es-MX')).toBe(
      'Puede pedir como máximo 10 de la pieza RAIL-15 en un pedido.',
    );
  });
});

describe('an item added', () => {
  const item = (qty: number, configurations = [{ id: 'opt-cut', value: 500 }]) => ({
    itemId: 'RAIL-15',
    qty,
    configurations,
  });

  it('is refused when the part is not in the catalogue, or not sold in the country when bought', () => {
    expect(itemRefusals(undefined, item(1), 'items[0]', us)).toEqual([
      { field: 'items[0].itemId', message: 'Part RAIL-15 is not in the catalogue.' },
    ]);
    const statesOnly = part({ allowedStates: ['NC'] });
    const ca = { country: 'CA' as const, toBuy: true };
    expect(itemRefusals(statesOnly, item(1, []), 'items[0]', ca)).toEqual([
      { field: 'items[0].itemId', message: 'Part RAIL-15 is not sold for delivery in Canada.' },
    ]);
    // A saved list may keep it.
    expect(itemRefusals(statesOnly, item(1, []), 'items[0]', { ...ca, toBuy: false })).toEqual([]);
  });

  it('answers every problem of its configuration and quantity at once, next to each field', () => {
    const product = part({ minimumPurchaseQuantity: 2, configurationOptions: [cut] });
    expect(itemRefusals(product, item(1, [{ id: 'opt-cut', value: 10 }]), 'items[1]', us)).toEqual([
      { field: 'items[1].configurations[0].value', message: 'Cut Length must be at least 25 mm.' },
      { field: 'items[1].qty', message: 'Order at least 2 of RAIL-15.' },
    ]);
    expect(itemRefusals(product, item(2, []), 'items[0]', us)).toEqual([
      { field: 'items[0].configurations', message: 'Cut Length is required for RAIL-15.' },
    ]);
    expect(itemRefusals(product, item(2, [{ id: 'other', value: 1 }]), 'items[0]', us)[0]).toEqual({
      field: 'items[0].configurations[0].productConfigurationId',
      message: 'This option does not belong to RAIL-15.',
    });
  });

  it('holds the line grown by an add to the maximum when bought, not a saved list', () => {
    const product = part({ maxOrderQuantity: 6 });
    expect(itemRefusals(product, item(3, []), 'items[0]', { ...us, inCart: 3 })).toEqual([]);
    expect(itemRefusals(product, item(3, []), 'items[0]', { ...us, inCart: 4 })).toEqual([
      { field: 'items[0].qty', message: 'You can order at most 6 of RAIL-15 in one order.' },
    ]);
    expect(itemRefusals(product, item(50, []), 'items[0]', { ...us, toBuy: false })).toEqual([]);
  });
});

describe('the lines of an order', () => {
  const line = (over: object = {}) => ({ id: 'RAIL-15', name: 'Rail', quantity: 4, price: 12, ...over });
  const rules = new Map([['RAIL-15', part({ maxOrderQuantity: 3 })]]);
  const nc = { state: 'NC', country: 'US' as const };

  it('refuses none at all, then priced on request, then not shipped to the state, then over a maximum', () => {
    expect(orderRefusal([], rules, nc)).toEqual({ field: 'cart', message: 'Your cart is empty.' });
    expect(orderRefusal([line({ price: null })], rules, nc)).toEqual({
      field: 'cart',
      message: 'Items priced on request cannot be ordered online: Rail. Remove them or ask for a quote.',
    });
    expect(orderRefusal([line({ allowedStates: ['TX'] })], rules, nc)).toEqual({
      field: 'shippingAddress.state',
      message: 'Rail (RAIL-15) cannot ship to North Carolina. Remove it or choose another address.',
    });
    expect(orderRefusal([line()], rules, nc)).toEqual({
      field: 'cart',
      message: 'You can order at most 3 of RAIL-15 in one order.',
    });
    expect(orderRefusal([line({ quantity: 3 })], rules, nc)).toBeNull();
    expect(orderRefusal([line()], new Map(), nc)).toBeNull();
  });

  it("holds the console's quantity to the maximum", () => {
    expect(maximumRefusal(part({ maxOrderQuantity: 3 }), 'RAIL-15', 4)).toBe(
      'You can order at most 3 of RAIL-15 in one order.',
    );
    expect(maximumRefusal(undefined, 'RAIL-15', 4)).toBeNull();
  });
});

describe('the maximum staff set', () => {
  const valid = (minimum: number, value: unknown) =>
    maxOrderQuantitySchema(minimum).isValidSync({ maxOrderQuantity: value });

  it('is empty, or a whole number from the part’s minimum (at least 1)', () => {
    expect(valid(1, null)).toBe(true);
    expect(valid(1, 1)).toBe(true);
    expect(valid(1, 0)).toBe(false);
    expect(valid(1, 2.5)).toBe(false);
    expect(valid(5, 4)).toBe(false);
    expect(valid(5, 5)).toBe(true);
    expect(valid(1, undefined)).toBe(false);
    expect(() => maxOrderQuantitySchema(5).validateSync({ maxOrderQuantity: 4 })).toThrow(
      'Enter a whole number of at least 5, or leave it empty for no maximum.',
    );
  });
});
