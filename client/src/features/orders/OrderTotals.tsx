import { useT } from '../../i18n';
import { useMoney } from '../../lib/money';
import type { OrderFieldsFragment } from './graphql/orders.generated';

/** A placed order's totals: subtotal, freight, tax and total, in the order's currency (order page, checkout). */
export function OrderTotalsList({
  order,
  testId,
}: {
  order: Pick<
    OrderFieldsFragment,
    | 'lines'
    | 'subTotal'
    | 'freightAmt'
    | 'taxPct'
    | 'taxAmount'
    | 'total'
    | 'currencyCode'
    | 'shippingAddress'
  >;
  /** The test id of the total's value. */
  testId: string;
}) {
  const t = useT();
  const money = useMoney(order.currencyCode);
  return (
    <dl className="totals">
      <div>
        <dt>{t('cart.subtotal', { count: order.lines.reduce((n, l) => n + l.quantity, 0) })}</dt>
        <dd>{money(order.subTotal)}</dd>
      </div>
      <div>
        <dt>{t('cart.freight')}</dt>
        <dd>{money(order.freightAmt)}</dd>
      </div>
      <div>
        <dt>{t('orders.tax', { state: order.shippingAddress.state, pct: `${order.taxPct}%` })}</dt>
        <dd>{money(order.taxAmount)}</dd>
      </div>
      <div className="totals__total">
        <dt>{t('cart.total')}</dt>
        <dd data-testid={testId}>{money(order.total)}</dd>
      </div>
    </dl>
  );
}
