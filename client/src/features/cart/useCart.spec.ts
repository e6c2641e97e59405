import { describe, expect, it, beforeEach } from '@jest/globals';
import { ApolloClient, InMemoryCache } from '@apollo/client';
import { MockLink, type MockedResponse } from '@apollo/client/testing';
import {
  AddToCartDocument,
  CartRefreshDetailsDocument,
  UpdateCartDocument,
  type CartFieldsFragment,
} from './graphql/cart.generated';
import { CART_STORAGE_KEY, loadKeptCart, loadLocalLines } from './cartStorage';
import { loadCart } from './useCart';

const line = (itemId: string, quantity: number, cartLineId = itemId) => ({
  __typename: 'CartLine' as const,
  cartLineId,
  cartId: 'c1',
  itemId,
  name: itemId,
  price: 10,
  lineTotal: 10 * quantity,
  discount: 0,
  netLineTotal: 10 * quantity,
  priceSource: 'catalogue',
  priceListId: null,
  brandId: null,
  categoryHandle: null,
  quantity,
  image: null,
  inStock: true,
  stock: {
    __typename: 'PartStock' as const,
    backorderAllowed: true,
    leadTimeDays: 10,
    warehouses: [
      { __typename: 'WarehouseStock' as const, warehouseId: 'MOO', name: 'Mooresville, NC', available: 40 },
    ],
  },
  manufacturerPartNumber: null,
  minimumPurchaseQuantity: 1,
  minTransfer: 1,
  maxOrderQuantity: null,
  unitOfMeasure: 'EA',
  allowedStates: [],
  categories: ['Motion Control', 'Ball Screws'],
  configurations: [],
  priceTiers: [{ __typename: 'PriceTier' as const, minQuantity: 1, unitPrice: 10, savingPct: 0 }],
});

const cart = (lines: CartFieldsFragment['orderLines'], revision = 1, cartId = 'c1') => ({
  __typename: 'Cart' as const,
  cartId,
  revision,
  currencyCode: 'usd',
  subTotal: 0,
  freightAmt: 0,
  freightRule: '',
  taxPct: 0,
  taxAmount: 0,
  taxes: [],
  taxState: null,
  total: 0,
  totalQuantity: 0,
  hasUnpricedItem: false,
  discountTotal: 0,
  freightDiscount: 0,
  promotions: [],
  codes: [],
  promotionRules: [],
  orderLines: lines,
});

/** Records the mutations the cart loading sends; answers with the same (empty) cart. */
function client(mocks: MockedResponse[]) {
  return new ApolloClient({ link: new MockLink(mocks), cache: new InMemoryCache() });
}

/** A copy kept in this browser, as the store writes it: its lines and the server cart and revision it last saw. */
const keep = (lines: { id: string; quantity: number }[], cartId: string, revision: number) =>
  localStorage.setItem(
    CART_STORAGE_KEY,
    JSON.stringify({
      version: 2,
      cartId,
      revision,
      lines: lines.map((l) => ({ ...l, configurations: [] })),
    }),
  );

/** An add of `items` with an Idempotency-Key of its own (a UUID), so a retry of it adds nothing more. */
const keyedAdd =
  (items: unknown[]) =>
  (variables: { items?: unknown; idempotencyKey?: unknown }): boolean =>
    JSON.stringify(variables.items) === JSON.stringify(items) &&
    /^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/.test(
      String(variables.idempotencyKey),
    );

/** The answers a never-synced copy of NEW x2 gets: its price, then the add. */
const appendsNew = (sent: string[]): MockedResponse[] => [
  {
    request: { query: CartRefreshDetailsDocument, variables: { ids: ['NEW'] } },
    result: { data: { productRefreshDetails: [{ __typename: 'ProductPrice', id: 'NEW', price: 12.5 }] } },
  },
  {
    request: {
      query: AddToCartDocument,
      variables: keyedAdd([{ itemId: 'NEW', qty: 2, configurations: [] }]),
    },
    result: () => (sent.push('add NEW x2'), { data: { addToCart: cart([]) } }),
  },
];

beforeEach(() => localStorage.clear());

describe('cart loading', () => {
  it('lets a never-synced copy win: its quantities override, its other lines are priced and appended above 0', async () => {
    // The older stored form (version 0) never saw this store's server cart.
    localStorage.setItem(
      CART_STORAGE_KEY,
      JSON.stringify([
        { itemId: 'A', qty: 5, configs: [] },
        { itemId: 'NEW', qty: 2, configs: [] },
        { itemId: 'QUOTE', qty: 1, configs: [] },
      ]),
    );
    const sent: string[] = [];
    const answer = { data: { updateCart: cart([]) } };
    const mocks: MockedResponse[] = [
      {
        request: {
          query: UpdateCartDocument,
          variables: { items: [{ itemId: 'A', qty: 5, configurations: [] }] },
        },
        result: () => (sent.push('update A x5'), answer),
      },
      {
        request: { query: CartRefreshDetailsDocument, variables: { ids: ['NEW', 'QUOTE'] } },
        result: {
          data: {
            productRefreshDetails: [
              { __typename: 'ProductPrice', id: 'NEW', price: 12.5 },
              { __typename: 'ProductPrice', id: 'QUOTE', price: null },
            ],
          },
        },
      },
      {
        request: {
          query: AddToCartDocument,
          variables: keyedAdd([{ itemId: 'NEW', qty: 2, configurations: [] }]),
        },
        result: () => (sent.push('add NEW x2'), { data: { addToCart: cart([]) } }),
      },
    ];
    await loadCart(client(mocks), cart([line('A', 1), line('B', 3)]));
    expect(sent).toEqual(['update A x5', 'add NEW x2']);
  });

  it('never brings back lines an order took: a copy synced at an older revision gives way to the server', async () => {
    // The desktop kept 3 pieces at revision 4; the phone ordered them (revision 5): nothing is sent.
    keep([{ id: 'A', quantity: 3 }], 'c1', 4);
    await expect(loadCart(client([]), cart([], 5))).resolves.toBeUndefined();
    // The copy follows the server at once: a reload finds nothing to bring back.
    expect(localStorage.getItem(CART_STORAGE_KEY)).toBeNull();
  });

  it("never lets a stale kept quantity override another device's change, nor bring back a line it removed", async () => {
    keep(
      [
        { id: 'A', quantity: 5 },
        { id: 'B', quantity: 3 },
      ],
      'c1',
      7,
    );
    await expect(loadCart(client([]), cart([line('A', 1)], 9))).resolves.toBeUndefined();
    expect(loadKeptCart()).toEqual({
      lines: [{ id: 'A', quantity: 1, configurations: [] }],
      synced: { cartId: 'c1', revision: 9 },
    });
  });

  it('sends nothing when the server cart is at the revision the copy saw', async () => {
    keep([{ id: 'A', quantity: 2 }], 'c1', 3);
    await expect(loadCart(client([]), cart([line('A', 2)], 3))).resolves.toBeUndefined();
  });

  it('gives a copy kept before revisions (version 1) way to a server cart', async () => {
    localStorage.setItem(
      CART_STORAGE_KEY,
      JSON.stringify({ version: 1, lines: [{ id: 'A', quantity: 3, configurations: [] }] }),
    );
    await expect(loadCart(client([]), cart([], 2))).resolves.toBeUndefined();
  });

  it("brings back a guest's lines the server no longer has (a visitor whose cart lapsed)", async () => {
    keep([{ id: 'NEW', quantity: 2 }], 'lapsed', 6);
    const sent: string[] = [];
    await loadCart(client(appendsNew(sent)), cart([], 0, '-1'));
    expect(sent).toEqual(['add NEW x2']);
  });

  it('reads the version-0 stored form (itemId, qty...) under the current names', () => {
    localStorage.setItem(
      CART_STORAGE_KEY,
      JSON.stringify([
        { itemId: 'SFU1605-CUT', title: 'Ball screw', qty: 2, configs: [{ id: 'len', value: '500' }] },
      ]),
    );
    expect(loadLocalLines()).toEqual([
      {
        id: 'SFU1605-CUT',
        quantity: 2,
        configurations: [{ id: 'len', value: 500, price: null, metadata: null }],
      },
    ]);
  });
});
