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
    | 'lines'
    | 'subTotal'
    | 'freightAmt'
    | 'freightDiscount'
    | 'promotions'
    | 'taxes'
    | 'total'
    | 'currencyCode'
    | 'shippingAddress'
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
        <dd data-testid="order-subtotal">{money(order.subTotal)}</dd>
      </div>
      <PromotionRows promotions={order.promotions} money={money} />
      <div>
        <dt>{t('cart.freight')}</dt>
        <dd>
          <FreightWas freightAmt={order.freightAmt} freightDiscount={order.freightDiscount} money={money} />
          <span data-testid="order-freight">{money(order.freightAmt)}</span>
        </dd>
      </div>
      {order.taxes.map((tax) => (
        <div key={tax.kind}>
          <dt>{taxLabel(tax, order.shippingAddress.state)}</dt>
          <dd data-testid="order-tax">{money(tax.amount)}</dd>
        </div>
      ))}
      <div className="totals__total">
        <dt>{t('cart.total')}</dt>
        <dd data-testid={testId}>{money(order.total)}</dd>
      </div>
    </dl>
  );
}

type Promotion = OrderFieldsFragment['promotions'][number];

/** The label of a promotion: its name, and its code when a code reached it. */
export function usePromotionLabel() {
  const t = useT();
  return (p: Pick<Promotion, 'name' | 'code'>) =>
    p.code ? t('cart.promotion.withCode', { name: p.name, code: p.code }) : p.name;
}

/** One row per promotion that took something off the goods (decision 079), between the subtotal and the freight. */
function PromotionRows({
  promotions,
  money,
}: {
  promotions: readonly Promotion[];
  money: (n: number) => string;
}) {
  const label = usePromotionLabel();
  return (
    <>
      {promotions
        .filter((p) => p.amount > 0)
        .map((p) => (
          <div className="totals__discount" key={`${p.name}|${p.code ?? ''}`} data-testid="order-promotion">
            <dt>{label(p)}</dt>
            <dd>−{money(p.amount)}</dd>
          </div>
        ))}
    </>
  );
}

/** What the freight was before its promotion, struck through (nothing without one). */
export function FreightWas({
  freightAmt,
  freightDiscount,
  money,
}: {
  freightAmt: number;
  freightDiscount: number;
  money: (n: number) => string;
}) {
  const t = useT();
  if (freightDiscount <= 0) return null;
  return (
    <s className="totals__was">
      <span className="visually-hidden">{t('cart.promotion.was')} </span>
      {money(freightAmt + freightDiscount)}
    </s>
  );
}
