import type { useT } from '../../i18n';
import { cardLabel } from '../payments';
import type { OrderFieldsFragment } from './graphql/orders.generated';

/** How an order was paid: the card's brand and last four digits, or the purchase order number. */
export function paymentLabel(
  t: ReturnType<typeof useT>,
  order: Pick<OrderFieldsFragment, 'paymentKind' | 'cardBrand' | 'cardLast4' | 'poNumber'>,
): string {
  return order.paymentKind === 'card'
    ? cardLabel(t, { brand: order.cardBrand, last4: order.cardLast4 })
    : t('orders.purchaseOrder', { number: order.poNumber ?? '' });
}
