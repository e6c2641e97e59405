import { cartTotals, totalQuantity } from '@domain/cart';
import { lineSubtotal } from '@domain/money';
import { tierAt } from '@domain/price-breaks';
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
  const totals = cartTotals(
    orderLines.map((l) => ({ ...l, id: l.itemId, lineTotal: l.price === null ? 0 : l.lineTotal })),
    { country, components: cart.taxes.map((t) => ({ kind: t.kind as TaxKind, pct: t.pct })) },
  );
  return {
    ...cart,
    orderLines,
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
