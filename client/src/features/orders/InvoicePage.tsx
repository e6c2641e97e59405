import { useQuery } from '@apollo/client/react';
import { useDescribeConfiguration } from '../../lib/configuration';
import { LinePrice, TierApplied } from '../../components/Price';
import { orderNumberLabel } from '@domain/checkout';
import { BRAND } from '@domain/constants';
import { Link, useParams } from 'react-router-dom';
import { AddressLines } from '../../components/AddressLines';
import { Skeleton } from '../../components/Skeleton';
import { OrderDocument } from './graphql/orders.generated';
import { useMessage, useT } from '../../i18n';
import { usePageMeta } from '../../lib/usePageMeta';
import { orderPath } from '@domain/routes';
import { useMoney } from '../../lib/money';
import { useTaxLabel } from '../../components/TaxRows';
import { paymentLabel } from './labels';
import { FreightWas, usePromotionLabel } from './OrderTotals';
import { useDates } from '../../lib/dates';
import { useSite } from '../../lib/site';

/**
 * The invoice: logo, the site's legal name and postal address (decision 058) and toll-free phone, lines, totals;
 * print or PDF.
 */
export function InvoicePage() {
  const message = useMessage();
  const describeConfig = useDescribeConfiguration();
  const t = useT();
  const dates = useDates();
  const { id = '' } = useParams();
  const { data, loading } = useQuery(OrderDocument, { variables: { id }, skip: !id });
  const order = data?.order;
  const money = useMoney(order?.currencyCode);
  const promotionLabel = usePromotionLabel();
  const taxLabel = useTaxLabel();
  const site = useSite();
  usePageMeta(
    order ? t('invoice.title', { number: orderNumberLabel(order.orderNumber) }) : t('invoice.heading'),
  );
  if (loading && !order) return <Skeleton rows={3} />;
  if (!order) {
    return (
      <div className="container section">
        <h1>{t('orders.notFound')}</h1>
      </div>
    );
  }
  const a = order.shippingAddress;
  return (
    <div className="container section invoice">
      <div className="invoice__tools">
        <Link to={orderPath(order.id)}>{t('invoice.back')}</Link>
        <button type="button" className="btn btn--outline-primary" onClick={() => window.print()}>
          {t('invoice.print')}
        </button>
        <a
          className="btn btn--primary"
          href={`/api/orders/${order.id}/invoice.pdf`}
          target="_blank"
          rel="noopener"
        >
          {t('orders.invoicePdf')}
        </a>
      </div>
      <article className="invoice__sheet" aria-labelledby="invoice-title">
        <header className="invoice__header">
          <div>
            <img src="/favicon.svg" alt="" width={40} height={40} />
            <p className="invoice__brand">
              Axisline <span>Supply</span>
            </p>
            <address>
              {site.legalName}
              <br />
              {site.postalAddress}
              <br />
              {t('invoice.tollFree', { phone: BRAND.phones.tollFree })}
            </address>
          </div>
          <div className="invoice__meta">
            <h1 id="invoice-title">{t('invoice.heading')}</h1>
            <p>{orderNumberLabel(order.orderNumber)}</p>
            <p>{dates.day(order.createdAt)}</p>
            <p>{message(order.statusLabel)}</p>
          </div>
        </header>
        <section className="invoice__parties">
          <div>
            <h2>{t('checkout.shipTo')}</h2>
            <address>
              <AddressLines address={a} extra={[order.contactEmail]} />
            </address>
          </div>
          <div>
            <h2>{t('orders.payment')}</h2>
            <p>{paymentLabel(t, order)}</p>
          </div>
        </section>
        <table className="invoice__lines">
          <thead>
            <tr>
              <th scope="col">{t('invoice.item')}</th>
              <th scope="col" className="num">
                {t('invoice.qty')}
              </th>
              <th scope="col" className="num">
                {t('invoice.unitPrice')}
              </th>
              <th scope="col" className="num">
                {t('invoice.amount')}
              </th>
            </tr>
          </thead>
          <tbody>
            {order.lines.map((l) => (
              <tr key={l.id}>
                <td>
                  <strong>{l.name}</strong>
                  <br />
                  <small>
                    {l.itemId}
                    {l.configurations.map((c) => ` · ${describeConfig(c)}`)}
                  </small>
                </td>
                <td className="num">{l.quantity}</td>
                <td className="num">
                  <LinePrice line={l} currency={order.currencyCode} />
                  <br />
                  <TierApplied line={l} currency={order.currencyCode} />
                </td>
                <td className="num">
                  {money(l.lineTotal)}
                  {l.discount > 0 && (
                    <>
                      <br />
                      <small className="invoice__discount">
                        {t('cart.promotion.lineDiscount', { amount: money(l.discount) })}
                      </small>
                    </>
                  )}
                </td>
              </tr>
            ))}
          </tbody>
          <tfoot>
            <tr>
              <th scope="row" colSpan={3}>
                {t('cart.subtotal', { count: order.lines.reduce((s, l) => s + l.quantity, 0) })}
              </th>
              <td className="num">{money(order.subTotal)}</td>
            </tr>
            {order.promotions
              .filter((p) => p.amount > 0)
              .map((p) => (
                <tr key={`${p.name}|${p.code ?? ''}`} data-testid="invoice-promotion">
                  <th scope="row" colSpan={3}>
                    {promotionLabel(p)}
                  </th>
                  <td className="num">−{money(p.amount)}</td>
                </tr>
              ))}
            <tr>
              <th scope="row" colSpan={3}>
                {t('cart.freight')}
              </th>
              <td className="num">
                <FreightWas
                  freightAmt={order.freightAmt}
                  freightDiscount={order.freightDiscount}
                  money={money}
                />
                {money(order.freightAmt)}
              </td>
            </tr>
            {order.taxes.map((tax) => (
              <tr key={tax.kind}>
                <th scope="row" colSpan={3}>
                  {taxLabel(tax, a.state)}
                </th>
                <td className="num">{money(tax.amount)}</td>
              </tr>
            ))}
            <tr className="invoice__total">
              <th scope="row" colSpan={3}>
                {t('cart.total')}
              </th>
              <td className="num">{money(order.total)}</td>
            </tr>
          </tfoot>
        </table>
        <footer className="invoice__footer">
          {site.legalName} · {BRAND.email.orders} · {BRAND.phones.tollFree}
        </footer>
      </article>
    </div>
  );
}
