import { describe, expect, it, beforeEach } from '@jest/globals';
import { ApolloClient, InMemoryCache } from '@apollo/client';
import { MockLink, type MockedResponse } from '@apollo/client/testing';
import {
  AddToCartDocument,
  CartRefreshDetailsDocument,
  UpdateCartDocument,
  type CartFieldsFragment,
} from './graphql/cart.generated';
import { CART_STORAGE_KEY, loadLocalLines } from './cartStorage';
import { loadCart } from './useCart';

const line = (itemId: string, quantity: number, cartLineId = itemId) => ({
  __typename: 'CartLine' as const,
  cartLineId,
  cartId: 'c1',
  itemId,
  name: itemId,
  price: 10,
  lineTotal: 10 * quantity,
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
  unitOfMeasure: 'EA',
  allowedStates: [],
  categories: ['Motion Control', 'Ball Screws'],
  configurations: [],
  priceTiers: [{ __typename: 'PriceTier' as const, minQuantity: 1, unitPrice: 10, savingPct: 0 }],
});

const cart = (lines: CartFieldsFragment['orderLines']) => ({
  __typename: 'Cart' as const,
  cartId: 'c1',
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
  orderLines: lines,
});

/** Records the mutations the cart loading sends; answers with the same (empty) cart. */
function client(mocks: MockedResponse[]) {
  return new ApolloClient({ link: new MockLink(mocks), cache: new InMemoryCache() });
}

beforeEach(() => localStorage.clear());

describe('cart loading', () => {
  it('lets local quantities win, prices local-only lines and appends only those priced above 0', async () => {
    localStorage.setItem(
      CART_STORAGE_KEY,
      JSON.stringify({
        version: 1,
        lines: [
          { id: 'A', quantity: 5, configurations: [] },
          { id: 'NEW', quantity: 2, configurations: [] },
          { id: 'QUOTE', quantity: 1, configurations: [] },
        ],
      }),
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
          variables: { items: [{ itemId: 'NEW', qty: 2, configurations: [] }] },
        },
        result: () => (sent.push('add NEW x2'), { data: { addToCart: cart([]) } }),
      },
    ];
    await loadCart(client(mocks), cart([line('A', 1), line('B', 3)]));
    expect(sent).toEqual(['update A x5', 'add NEW x2']);
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
