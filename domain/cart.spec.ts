import {
  addLines,
  cartTotals,
  configurationKey,
  hasPricedItem,
  hasUnpricedItem,
  lastLines,
  lineCount,
  lineTotal,
  linesBlockedIn,
  mergeRefreshed,
  migrateStoredLineV0,
  reconcileLocal,
  removeLine,
  sameLine,
  totalQuantity,
  unitPrice,
  updateLines,
  type CartLine,
} from './cart';
import { cartItemsSchema } from './cart.schema';
import { STATES, shippingStateAllowed } from './states';
import { TAX_RATES, taxationFor } from './tax';

const line = (over: Partial<CartLine>): CartLine => ({
  id: 'HFS5-2020',
  cartLineId: 'l1',
  cartId: 'c1',
  name: 'Extrusion 20x20',
  price: 10,
  quantity: 1,
  ...over,
});

const cut = (mm: number, metadata: string | null = null) => [
  { id: 'opt-cut', value: mm, price: 0.02, metadata },
];

describe('line identity and adding', () => {
  it('raises the quantity of a line with the same id and configurations (any order)', () => {
    const a = line({
      configurations: [
        { id: 'b', value: 2 },
        { id: 'a', value: 500 },
      ],
    });
    const again = line({
      cartLineId: '',
      quantity: 3,
      configurations: [
        { id: 'a', value: 500 },
        { id: 'b', value: 2 },
      ],
    });
    const lines = addLines([a], [again]);
    expect(lines).toHaveLength(1);
    expect(lines[0]!.quantity).toBe(4);
  });

  it('appends when the configuration value or metadata differs', () => {
    const a = line({ configurations: cut(500) });
    expect(addLines([a], [line({ cartLineId: 'l2', configurations: cut(600) })])).toHaveLength(2);
    expect(
      addLines([a], [line({ cartLineId: 'l2', configurations: cut(500, 'tap both ends') })]),
    ).toHaveLength(2);
    expect(sameLine(line({ configurations: [] }), line({ configurations: null }))).toBe(true);
    expect(configurationKey([{ id: 'x', value: 1 }])).not.toBe(configurationKey([{ id: 'x', value: 2 }]));
  });

  it('does nothing for an empty list of lines to add or update', () => {
    const lines = [line({})];
    expect(addLines(lines, [])).toEqual(lines);
    expect(updateLines(lines, [])).toEqual(lines);
  });

  it('updates and removes by cartId, itemId and cartLineId', () => {
    const lines = [line({}), line({ cartLineId: 'l2', quantity: 5 })];
    expect(updateLines(lines, [line({ cartLineId: 'l2', quantity: 7 })]).map((l) => l.quantity)).toEqual([
      1, 7,
    ]);
    expect(updateLines(lines, [line({ cartId: 'other', cartLineId: 'l2', quantity: 7 })])[1]!.quantity).toBe(
      5,
    );
    expect(removeLine(lines, line({ cartLineId: 'l2' })).map((l) => l.cartLineId)).toEqual(['l1']);
  });
});

describe('prices and totals', () => {
  it('prices a configured line from basePrice and its configurations, to the cent', () => {
    // 500 mm at $0.02/mm + $3.15 cut fee base: 13.15 per piece.
    const l = line({ price: 99, basePrice: 3.15, configurations: cut(500), quantity: 3 });
    expect(unitPrice(l)).toBe(13.15);
    expect(lineTotal(l)).toBe(39.45);
    // 0.0125 x 503 = 6.2875 -> 6.29 per piece; 2 pieces 12.58 (unit price x quantity, as invoiced).
    const odd = line({ basePrice: 0, configurations: [{ id: 'c', value: 503, price: 0.0125 }], quantity: 2 });
    expect(unitPrice(odd)).toBe(6.29);
    expect(lineTotal(odd)).toBe(12.58);
  });

  it('multiplies by the minimum purchase quantity only when minTransfer is above 1', () => {
    expect(lineTotal(line({ price: 2.5, quantity: 4, minimumPurchaseQuantity: 10, minTransfer: 10 }))).toBe(
      100,
    );
    expect(lineTotal(line({ price: 2.5, quantity: 4, minimumPurchaseQuantity: 10, minTransfer: 1 }))).toBe(
      10,
    );
  });

  it.each([
    [0, 0],
    [0.01, 7.5],
    [50, 7.5],
    [50.01, 10],
    [99.99, 10],
    [100, 15],
    [199.99, 15],
    [200, 0],
  ])('subtotal %p pays %p freight; total adds tax', (subTotal, freightAmt) => {
    const lines = subTotal ? [line({ price: subTotal })] : [];
    const totals = cartTotals(lines, { components: [{ kind: 'SALES', pct: 4.75 }] });
    expect(totals.freightAmt).toBe(freightAmt);
    expect(totals.taxAmount).toBe(Math.round(subTotal * 4.75) / 100);
    expect(totals.total).toBe(Math.round((subTotal + freightAmt + totals.taxAmount) * 100) / 100);
  });

  it('charges no tax to an exempt account and ignores unpriced lines', () => {
    const lines = [line({ price: 120 }), line({ id: 'QUOTE', cartLineId: 'q', price: null })];
    expect(cartTotals(lines, { components: [{ kind: 'SALES', pct: 7.25 }], exempt: true })).toMatchObject({
      subTotal: 120,
      freightAmt: 15,
      taxAmount: 0,
      total: 135,
    });
    expect(hasPricedItem(lines)).toBe(true);
    expect(hasUnpricedItem(lines)).toBe(true);
    expect(hasUnpricedItem([line({})])).toBe(false);
  });

  it('counts quantities and lines and picks the last lines', () => {
    const lines = [line({ quantity: 2 }), line({ cartLineId: 'b', quantity: 3 }), line({ cartLineId: 'c' })];
    expect(totalQuantity(lines)).toBe(6);
    expect(lineCount(lines)).toBe(3);
    expect(lastLines(lines).map((l) => l.cartLineId)).toEqual(['c']);
    expect(lastLines(lines, 2).map((l) => l.cartLineId)).toEqual(['b', 'c']);
  });
});

describe('state restriction', () => {
  const lines = [
    line({ allowedStates: ['NC', 'SC', 'VA'] }),
    line({ cartLineId: 'b', allowedStates: ['NC', 'VA'] }),
    line({ cartLineId: 'c', allowedStates: [] }),
  ];
  it('allows a state only when every restricted line lists it; an empty state passes', () => {
    expect(shippingStateAllowed('NC', lines)).toBe(true);
    expect(shippingStateAllowed('SC', lines)).toBe(false);
    expect(linesBlockedIn(lines, 'sc').map((l) => l.cartLineId)).toEqual(['b']);
    expect(linesBlockedIn(lines, '')).toEqual([]);
    expect(linesBlockedIn([line({})], 'CA')).toEqual([]);
  });
});

describe('loading and refreshing', () => {
  it('lets local quantities override the server and returns lines only local apart', () => {
    const server = [line({ quantity: 1 }), line({ id: 'SFU1605', cartLineId: 's2', quantity: 2 })];
    const local = [
      { id: 'SFU1605', quantity: 9, configurations: [] },
      { id: 'NEW', quantity: 1, configurations: [] },
    ];
    const { lines, onlyLocal } = reconcileLocal(server, local);
    expect(lines.map((l) => l.quantity)).toEqual([1, 9]);
    expect(onlyLocal.map((l) => l.id)).toEqual(['NEW']);
  });

  it('keeps refreshed lines only when their price is above 0', () => {
    const lines = [line({ id: 'A' }), line({ id: 'B', cartLineId: 'b' }), line({ id: 'C', cartLineId: 'c' })];
    const merged = mergeRefreshed(lines, [
      { id: 'A', price: 12.5 },
      { id: 'B', price: 0 },
      { id: 'C', price: null },
    ]);
    expect(merged.map((l) => [l.id, l.price])).toEqual([['A', 12.5]]);
    expect(() => mergeRefreshed(lines, [{ id: 'Z', price: 1 }])).toThrow(
      'Unable to find list item for merge',
    );
  });

  it('migrates the version-0 stored line form', () => {
    expect(
      migrateStoredLineV0({
        itemId: 'SFU1605-CUT',
        title: 'Ball screw',
        desc: 'Rolled',
        mfrPartNo: 'SFU1605',
        minTransfer: 1,
        qty: 2,
        price: 40,
        configs: [{ id: 'len', value: '500', price: 0.05 }],
      }),
    ).toMatchObject({
      id: 'SFU1605-CUT',
      name: 'Ball screw',
      description: 'Rolled',
      manufacturerPartNumber: 'SFU1605',
      minTransfer: 1,
      quantity: 2,
      price: 40,
      configurations: [{ id: 'len', value: 500, price: 0.05, metadata: null }],
    });
  });
});

describe('cart request schema', () => {
  it('refuses a zero, fractional or huge quantity with one message', async () => {
    for (const qty of [0, 1.5, 100_001]) {
      await expect(cartItemsSchema.validate({ items: [{ itemId: 'A', qty }] })).rejects.toThrow(
        'Quantity must be a whole number from 1 to 100,000',
      );
    }
    await expect(cartItemsSchema.validate({ items: [{ itemId: 'A', qty: 2 }] })).resolves.toBeTruthy();
  });
});

describe('tax table', () => {
  it('has a rate for every state of the state list, and none for an unknown state', () => {
    for (const s of STATES) expect(TAX_RATES[s.code]).toBeDefined();
    expect(taxationFor('US', 'nc')).toEqual({
      region: 'NC',
      geoCode: '37',
      components: [{ kind: 'SALES', pct: 4.75 }],
    });
    expect(taxationFor('US', '')).toEqual({ region: null, geoCode: '', components: [] });
  });
});
