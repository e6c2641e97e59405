import { cartTotals, totalQuantity } from '@domain/cart';
import { freight, lineSubtotal, round2 } from '@domain/money';
import { tierAt } from '@domain/price-breaks';
import {
  applyPromotions,
  CHECKED_CUSTOMER,
  NO_PROMOTIONS,
  type PriceSource,
  type PromotionRule,
} from '@domain/promotions';
import { DEFAULT_SITE_ID } from '@domain/constants';
import type { Country } from '@domain/regions';
import type { TaxKind } from '@domain/tax';
import type { CartFieldsFragment } from './graphql/cart.generated';

/**
 * The cart as it will read once the server has a line at another quantity (issue 51, item 4): the line re-priced
 * by the tiers the server gave it (decision 048), and the totals from those lines with the same rule the server
 * uses (`cartTotals`: freight table, each tax at its rate). The cart's one state before the answer, so the line
 * and the summary never disagree; the server's answer then replaces it whole.
 */
export function repricedCart(
  cart: CartFieldsFragment,
  cartLineId: string,
  quantity: number,
  country: Country,
): CartFieldsFragment {
  const orderLines = cart.orderLines.map((l) => {
    if (l.cartLineId !== cartLineId || l.price === null) {
      return l.cartLineId === cartLineId ? { ...l, quantity } : l;
    }
    const price = tierAt(l.priceTiers, quantity)?.unitPrice ?? l.price;
    return { ...l, quantity, price, lineTotal: lineSubtotal({ ...l, price, quantity }) };
  });
  const subTotal = orderLines.reduce((sum, l) => sum + (l.price === null ? 0 : l.lineTotal), 0);
  // The promotions as the server decided them for this buyer (previewRules), on the re-priced lines (decision 079).
  const rules = (cart.promotionRules ?? []) as PromotionRule[];
  const promotions = rules.length
    ? applyPromotions({
        lines: orderLines.map((l) => ({
          lineId: l.cartLineId,
          productId: l.itemId,
          brandId: l.brandId,
          categoryHandle: l.categoryHandle,
          quantity: l.quantity,
          unitPrice: l.price,
          lineTotal: l.price === null ? 0 : l.lineTotal,
          source: l.priceSource as PriceSource,
          priceListId: l.priceListId,
        })),
        freight: freight(subTotal, country),
        customer: CHECKED_CUSTOMER,
        // customerChecked: the server checked the buyer, the site and the window (previewRules).
        site: DEFAULT_SITE_ID,
        currency: cart.currencyCode,
        now: new Date(),
        rules,
        codes: [],
        customerChecked: true,
      })
    : NO_PROMOTIONS;
  const totals = cartTotals(
    orderLines.map((l) => ({ ...l, id: l.itemId, lineTotal: l.price === null ? 0 : l.lineTotal })),
    {
      country,
      components: cart.taxes.map((t) => ({ kind: t.kind as TaxKind, pct: t.pct })),
      promotions,
    },
  );
  return {
    ...cart,
    orderLines: orderLines.map((l) => {
      const discount = promotions.lineDiscounts.get(l.cartLineId) ?? 0;
      return { ...l, discount, netLineTotal: round2(l.lineTotal - discount) };
    }),
    promotions: promotions.applied.map((a) => ({
      __typename: 'AppliedPromotion' as const,
      name: a.name,
      code: a.code,
      amount: a.amount,
      freightAmount: a.freight,
    })),
    discountTotal: totals.discountTotal,
    freightDiscount: totals.freightDiscount,
    subTotal: totals.subTotal,
    freightAmt: totals.freightAmt,
    freightRule: totals.freightRule,
    taxPct: totals.taxPct,
    taxAmount: totals.taxAmount,
    taxes: cart.taxes.map((t, i) => ({ ...t, amount: totals.taxes[i]?.amount ?? t.amount })),
    total: totals.total,
    totalQuantity: totalQuantity(orderLines),
  };
}
