import { bandKind, freeFreightFrom, freightBand } from '@domain/money';
import { CartTaxRows } from '../../components/TaxRows';
import { useT } from '../../i18n';
import { useMoney } from '../../lib/money';
import { useShipsTo } from '../../lib/site';
import type { CartFieldsFragment } from './graphql/cart.generated';

/**
 * A cart's totals, the same in the cart and at checkout: subtotal, freight (in the cart, with how it was reached
 * and what is left to free freight), each tax once the destination is known, total. Test ids are
 * `${testIds}-subtotal`, `-freight`, `-tax` and `-total`.
 */
export function CartTotals({
  cart,
  testIds,
  showFreightRule = false,
}: {
  cart: Pick<
    CartFieldsFragment,
    | 'subTotal'
    | 'totalQuantity'
    | 'freightAmt'
    | 'freightDiscount'
    | 'promotions'
    | 'total'
    | 'taxState'
    | 'taxPct'
    | 'taxAmount'
    | 'taxes'
  >;
  testIds: 'cart' | 'checkout';
  showFreightRule?: boolean;
}) {
  const t = useT();
  const money = useMoney();
  const country = useShipsTo();
  // The band and the hint read the subtotal before promotions (decision 079): a code never moves them.
  const band = freightBand(cart.subTotal, country);
  const toFree = freeFreightFrom(country) - cart.subTotal;
  const freightNames = cart.promotions.filter((p) => p.freightAmount > 0).map((p) => p.code ?? p.name);
  return (
    <dl className="totals">
      <div>
        <dt>{t('cart.subtotal', { count: cart.totalQuantity })}</dt>
        <dd data-testid={`${testIds}-subtotal`}>{money(cart.subTotal)}</dd>
      </div>
      {cart.promotions
        .filter((p) => p.amount > 0)
        .map((p) => (
          <div
            className="totals__discount"
            key={`${p.name}|${p.code ?? ''}`}
            data-testid={`${testIds}-promotion`}
          >
            <dt>{p.code ? t('cart.promotion.withCode', { name: p.name, code: p.code }) : p.name}</dt>
            <dd>−{money(p.amount)}</dd>
          </div>
        ))}
      <div className="totals__freight">
        <dt>{t('cart.freight')}</dt>
        <dd data-testid={`${testIds}-freight`}>
          {cart.freightDiscount > 0 && (
            <s className="totals__was">
              <span className="visually-hidden">{t('cart.promotion.was')} </span>
              {money(cart.freightAmt + cart.freightDiscount)}
            </s>
          )}
          {cart.freightAmt === 0 ? t('cart.freeFreight') : money(cart.freightAmt)}
          {freightNames.length > 0 && <> ({freightNames.join(', ')})</>}
        </dd>
        {showFreightRule && (
          // How the freight was reached: a second description of the same term (a <dl> holds no <p>).
          <dd className="totals__rule" data-testid="freight-rule">
            {t('cart.freightRule', {
              kind: bandKind(band),
              from: money(band.from),
              to: money(band.to ?? 0),
              amount: money(band.amount),
            })}
            {toFree > 0 && cart.subTotal > 0 && <> {t('cart.toFreeFreight', { amount: money(toFree) })}</>}
          </dd>
        )}
      </div>
      <CartTaxRows cart={cart} money={money} testId={`${testIds}-tax`} />
      <div className="totals__total">
        <dt>{t('cart.total')}</dt>
        <dd data-testid={`${testIds}-total`}>{money(cart.total)}</dd>
      </div>
    </dl>
  );
}
