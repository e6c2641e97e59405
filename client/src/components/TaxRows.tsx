import { useIntl } from 'react-intl';
import { useT } from '../i18n';

/** One tax on a cart or an order (GraphQL TaxLine): SALES for a US state's, else GST, HST, PST or QST. */
export interface TaxFields {
  kind: string;
  pct: number;
  amount: number;
}

/**
 * The name of one tax, with its rate in the viewer's locale: a US state's ("Tax (NC, 4.75%)", or "Estimated
 * tax (NC, 4.75%)" in a cart), Canada's by name ("GST (5%)", "TVQ (9,975 %)" in fr-CA; decision 033).
 */
export function useTaxLabel() {
  const t = useT();
  const intl = useIntl();
  return (tax: Pick<TaxFields, 'kind' | 'pct'>, region: string, estimated = false) => {
    const pct = intl.formatNumber(tax.pct / 100, { style: 'percent', maximumFractionDigits: 3 });
    if (tax.kind === 'SALES') return t(estimated ? 'cart.taxFor' : 'orders.tax', { state: region, pct });
    return t('tax.line', { kind: tax.kind, pct });
  };
}

/**
 * A cart's tax rows in a totals list (<dl>): "calculated at checkout" until the destination is known, then each
 * tax (an exempt buyer's one tax at 0).
 */
export function CartTaxRows({
  cart,
  money,
  testId,
}: {
  cart: { taxState?: string | null; taxPct: number; taxAmount: number; taxes: readonly TaxFields[] };
  money: (value: number) => string;
  /** The test id of the value when there is one row. */
  testId?: string;
}) {
  const t = useT();
  const label = useTaxLabel();
  if (!cart.taxState)
    return (
      <div>
        <dt>{t('cart.tax')}</dt>
        <dd data-testid={testId}>{t('cart.taxAtCheckout')}</dd>
      </div>
    );
  const taxes = cart.taxes.length ? cart.taxes : [{ kind: 'SALES', pct: 0, amount: 0 }];
  return (
    <>
      {taxes.map((tax) => (
        <div key={tax.kind}>
          <dt>{label(tax, cart.taxState!, true)}</dt>
          <dd data-testid={testId && (taxes.length === 1 ? testId : `${testId}-${tax.kind}`)}>
            {money(tax.amount)}
          </dd>
        </div>
      ))}
    </>
  );
}
