import { useQuery } from '@apollo/client/react';
import { orderNumberLabel } from '@domain/checkout';
import { orderPath, ROUTES } from '@domain/routes';
import { useState } from 'react';
import { Link } from 'react-router-dom';
import { Pager } from '../../components/Pager';
import { Skeleton } from '../../components/Skeleton';
import { useMessage, useT } from '../../i18n';
import { useDates } from '../../lib/dates';
import { failureOf } from '../../lib/failure';
import { useMoney } from '../../lib/money';
import { usePageMeta } from '../../lib/usePageMeta';
import { SignInRedirect, useSession } from '../account';
import { StatusFilter } from '../orders';
import { CompanyOrdersDocument } from './graphql/company.generated';

const PAGE_SIZE = 20;

/**
 * /user/account/company/orders: every order placed for the company (decision 043, slice 3), for its admins,
 * approvers and viewers: filtered by buyer and status, each with its invoice. A buyer's own orders open as usual;
 * a colleague's are read through their invoice.
 */
export function CompanyOrdersPage() {
  const t = useT();
  const message = useMessage();
  usePageMeta(t('company.orders.title'));
  const { user, status } = useSession();
  const [buyerId, setBuyerId] = useState('');
  const [statusFilter, setStatusFilter] = useState('');
  const [page, setPage] = useState(1);
  const dates = useDates();
  const money = useMoney();
  const { data, previousData, loading, error } = useQuery(CompanyOrdersDocument, {
    skip: !user,
    variables: {
      filter: {
        buyerId: buyerId || null,
        statuses: statusFilter === '' ? null : [Number(statusFilter)],
        page,
        pageSize: PAGE_SIZE,
      },
    },
    fetchPolicy: 'cache-and-network',
  });
  if (status === 'unauthenticated') return <SignInRedirect />;
  if (status === 'loading') return <Skeleton rows={2} />;
  const orders = data?.companyOrders;
  // The buyers to filter by stay listed while another filter's page loads.
  const buyers = (orders ?? previousData?.companyOrders)?.buyers ?? [];
  const refused = error && failureOf(error).code === 'UNPROCESSABLE';
  const pages = orders ? Math.max(1, Math.ceil(orders.total / PAGE_SIZE)) : 1;
  return (
    <div className="container section">
      <h1>{t('company.orders.title')}</h1>
      {refused ? (
        <p className="notice" role="status">
          {t('company.orders.refused')} <Link to={ROUTES.orders}>{t('page.orders.title')}</Link>
        </p>
      ) : (
        <>
          <form
            method="get"
            className="order-filters"
            aria-label={t('orders.filters')}
            onSubmit={(e) => e.preventDefault()}
          >
            <div className="field">
              <label htmlFor="company-order-buyer">{t('company.orders.buyer')}</label>
              <select
                id="company-order-buyer"
                value={buyerId}
                onChange={(e) => (setBuyerId(e.target.value), setPage(1))}
              >
                <option value="">{t('company.orders.everyone')}</option>
                {buyers.map((b) => (
                  <option key={b.userId} value={b.userId}>
                    {b.name}
                  </option>
                ))}
              </select>
            </div>
            <StatusFilter value={statusFilter} onChange={(value) => (setStatusFilter(value), setPage(1))} />
          </form>
          {loading && !orders ? (
            <Skeleton rows={2} />
          ) : !orders || orders.items.length === 0 ? (
            <p className="lead" data-testid="company-orders-empty" role={error ? 'alert' : undefined}>
              {error ? t('company.failed') : t('orders.none')}
            </p>
          ) : (
            <>
              <table className="orders-table orders-table--cards">
                <thead>
                  <tr>
                    <th scope="col">{t('orders.number')}</th>
                    <th scope="col">{t('orders.date')}</th>
                    <th scope="col">{t('company.orders.buyer')}</th>
                    <th scope="col">{t('orders.status')}</th>
                    <th scope="col" className="num">
                      {t('cart.total')}
                    </th>
                    <th scope="col">{t('orders.invoice')}</th>
                  </tr>
                </thead>
                <tbody>
                  {orders.items.map((o) => (
                    <tr key={o.id} data-testid="company-order-row">
                      <td data-label={t('orders.number')}>
                        {o.buyerId === user?.id ? (
                          <Link to={orderPath(o.id)}>{orderNumberLabel(o.orderNumber)}</Link>
                        ) : (
                          orderNumberLabel(o.orderNumber)
                        )}
                      </td>
                      <td data-label={t('orders.date')}>{dates.day(o.createdAt)}</td>
                      <td data-label={t('company.orders.buyer')}>{o.buyerName}</td>
                      <td data-label={t('orders.status')}>
                        <span className={`status status--${o.status}`}>{message(o.statusLabel)}</span>
                      </td>
                      <td className="num" data-label={t('cart.total')}>
                        {money(o.total, o.currencyCode)}
                      </td>
                      <td data-label={t('orders.invoice')}>
                        <a href={`/api/orders/${o.id}/invoice.pdf`} target="_blank" rel="noopener">
                          {t('company.orders.invoicePdf', { number: orderNumberLabel(o.orderNumber) })}
                        </a>
                      </td>
                    </tr>
                  ))}
                </tbody>
              </table>
              <Pager page={page} pages={pages} onPage={setPage} />
            </>
          )}
        </>
      )}
      <p>
        <Link to={ROUTES.company}>{t('company.title')}</Link>
      </p>
    </div>
  );
}
