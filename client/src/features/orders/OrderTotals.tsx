import { useT } from '../../i18n';
import { useMoney } from '../../lib/money';
import { useTaxLabel } from '../../components/TaxRows';
import type { OrderFieldsFragment } from './graphql/orders.generated';

/** A placed order's totals: subtotal, freight, each tax and total, in the order's currency (order page, checkout). */
export function OrderTotalsList({
  order,
  testId,
}: {
  order: Pick<
    OrderFieldsFragment,
    'lines' | 'subTotal' | 'freightAmt' | 'taxes' | 'total' | 'currencyCode' | 'shippingAddress'
  >;
  /** The test id of the total's value. */
  testId: string;
}) {
  const t = useT();
  const money = useMoney(order.currencyCode);
  const taxLabel = useTaxLabel();
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
      {order.taxes.map((tax) => (
        <div key={tax.kind}>
          <dt>{taxLabel(tax, order.shippingAddress.state)}</dt>
          <dd>{money(tax.amount)}</dd>
        </div>
      ))}
      <div className="totals__total">
        <dt>{t('cart.total')}</dt>
        <dd data-testid={testId}>{money(order.total)}</dd>
      </div>
    </dl>
  );
}
