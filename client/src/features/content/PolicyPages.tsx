import { CARRIERS } from '@domain/checkout';
import { FREIGHT_TABLES } from '@domain/money';
import { useShipsTo } from '../../lib/site';
import { RETURN_REASONS } from '@domain/order-status';
import { RETURN_WINDOW_DAYS } from '@domain/returns';
import { ROUTES } from '@domain/routes';
import { Link } from 'react-router-dom';
import { useT } from '../../i18n';
import { usePageMeta } from '../../lib/usePageMeta';
import { useMoney } from '../../lib/money';

/** /about/shipping: the freight table as checkout applies it (rendered from domain/), carriers, tax, limits. */
export function ShippingPolicyPage() {
  const t = useT();
  usePageMeta(t('page.shipping.title'));
  const money = useMoney();
  // The table of the country this site ships to, in its currency (decision 033).
  const country = useShipsTo();
  return (
    <div className="container section page--narrow policy">
      <header className="page-header">
        <h1>{t('page.shipping.title')}</h1>
        <p className="lead">{t('page.shipping.text')}</p>
      </header>
      <h2>{t('policy.freightTitle')}</h2>
      <table className="orders-table" data-testid="freight-table">
        <thead>
          <tr>
            <th scope="col">{t('policy.subtotal')}</th>
            <th scope="col" className="num">
              {t('cart.freight')}
            </th>
          </tr>
        </thead>
        <tbody>
          {FREIGHT_TABLES[country]
            .filter((band) => band.to !== 0)
            .map((band) => (
              <tr key={band.label}>
                <td>
                  {band.to === null
                    ? t('policy.bandFrom', { from: money(band.from) })
                    : t(band.fromInclusive ? 'policy.bandInclusive' : 'policy.bandAbove', {
                        from: money(band.from),
                        to: money(band.to),
                        upTo: band.toInclusive ? 'yes' : 'no',
                      })}
                </td>
                <td className="num">{band.amount === 0 ? t('cart.freeFreight') : money(band.amount)}</td>
              </tr>
            ))}
        </tbody>
      </table>
      <h2>{t('policy.carriersTitle')}</h2>
      <ul>
        {CARRIERS.map((c) => (
          <li key={c.id}>
            <strong>{c.name}</strong>: {c.methods.join(', ')}
          </li>
        ))}
      </ul>
      <h2>{t('policy.restrictionsTitle')}</h2>
      <p>{t('policy.restrictions')}</p>
      <h2>{t('policy.taxTitle')}</h2>
      <p>{t('policy.tax')}</p>
      <p className="notice">{t('checkout.disclaimer')}</p>
    </div>
  );
}

/** /about/returns: the return window and reasons (from domain/), and how a return works. */
export function ReturnPolicyPage() {
  const t = useT();
  usePageMeta(t('page.returns.title'));
  return (
    <div className="container section page--narrow policy">
      <header className="page-header">
        <h1>{t('page.returns.title')}</h1>
        <p className="lead">{t('page.returns.text')}</p>
      </header>
      <h2>{t('policy.returnHowTitle')}</h2>
      <ol>
        <li>{t('policy.returnStep1', { days: RETURN_WINDOW_DAYS })}</li>
        <li>{t('policy.returnStep2')}</li>
        <li>{t('policy.returnStep3')}</li>
        <li>{t('policy.returnStep4')}</li>
      </ol>
      <h2>{t('policy.returnReasonsTitle')}</h2>
      <ul>
        {RETURN_REASONS.map((r) => (
          <li key={r}>{t(`returns.reason.${r}`)}</li>
        ))}
      </ul>
      <p>
        <Link to={ROUTES.returns}>{t('returns.title')}</Link> ·{' '}
        <Link to={ROUTES.contact}>{t('page.contact.title')}</Link>
      </p>
    </div>
  );
}
