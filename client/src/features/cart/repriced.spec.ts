import { describe, expect, it } from '@jest/globals';
import type { PromotionRule } from '@domain/promotions';
import type { CartFieldsFragment } from './graphql/cart.generated';
import { repricedCart } from './repriced';

/* The cart's preview of a quantity change (issue 58): the promotions the server decided, run on the new lines. */

const rule: PromotionRule = {
  id: 'p1',
  name: 'Three or more, 10 % off',
  code: null,
  automatic: true,
  priority: 100,
  exclusive: false,
  startsAt: null,
  endsAt: null,
  sites: ['axl'],
  currency: null,
  conditions: { customers: { guests: true, signedIn: true, companies: 'all' }, minQuantity: 3 },
  action: { kind: 'linesPercent', pct: 10 },
  maxDiscount: null,
  limits: {},
};

const cart = (quantity: number): CartFieldsFragment =>
  ({
    __typename: 'Cart',
    cartId: 'c1',
    revision: 1,
    currencyCode: 'usd',
    subTotal: 33.33 * quantity,
    discountTotal: 0,
    freightAmt: 7.5,
    freightDiscount: 0,
    freightRule: '',
    promotions: [],
    codes: [],
    promotionRules: [rule],
    taxPct: 4.75,
    taxAmount: 0,
    taxes: [{ __typename: 'TaxLine', kind: 'SALES', pct: 4.75, amount: 0 }],
    taxState: 'NC',
    total: 0,
    totalQuantity: quantity,
    hasUnpricedItem: false,
    orderLines: [
      {
        __typename: 'CartLine',
        cartLineId: 'l1',
        cartId: 'c1',
        itemId: 'SFU1605-500',
        name: 'Ball screw',
        price: 33.33,
        lineTotal: 33.33 * quantity,
        discount: 0,
        netLineTotal: 33.33 * quantity,
        priceSource: 'catalogue',
        priceListId: null,
        brandId: null,
        categoryHandle: 'motion-control/ballscrews-accessories',
        quantity,
        minimumPurchaseQuantity: 1,
        minTransfer: 1,
        configurations: [],
        priceTiers: [],
      },
    ],
  }) as unknown as CartFieldsFragment;

describe('the preview of a quantity change', () => {
  it('crossing the minimum quantity, the line and the summary take the promotion before the server answers', () => {
    const next = repricedCart(cart(2), 'l1', 3, 'US');
    expect(next.orderLines[0]).toMatchObject({ lineTotal: 99.99, discount: 10, netLineTotal: 89.99 });
    expect(next.promotions).toEqual([
      {
        __typename: 'AppliedPromotion',
        name: 'Three or more, 10 % off',
        code: null,
        amount: 10,
        freightAmount: 0,
      },
    ]);
    // Freight by the subtotal before promotions ($99.99: $10); NC's tax on the net goods: 4.75 % of 89.99.
    expect(next).toMatchObject({ subTotal: 99.99, discountTotal: 10, freightAmt: 10, taxAmount: 4.27 });
    expect(next.total).toBe(104.26);
  });

  it('back under it, the promotion goes', () => {
    const next = repricedCart(cart(3), 'l1', 2, 'US');
    expect(next).toMatchObject({ discountTotal: 0, promotions: [] });
    expect(next.orderLines[0]!.discount).toBe(0);
  });
});
