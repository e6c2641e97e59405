import { errorMessage } from '../../lib/failure';
import { LineProgress, Shipments } from './Shipments';
import { SignInRedirect, useSession } from '../account';
import { useDescribeConfiguration } from '../../lib/configuration';
import { LinePrice, TierApplied } from '../../components/Price';
import { PlannedShipDate } from '../../components/ShipDate';
import { OrderTotalsList } from './OrderTotals';
import { useQuery } from '@apollo/client/react';
import { useCancelOrder, useReorder } from './useOrderActions';
import { orderNumberLabel } from '@domain/checkout';
import {
  AWAITING_PAYMENT,
  CANCELLABLE_BY_BUYER,
  ORDER_STATUS_CODE,
  orderStatusLabel,
  type DeliveryStatus,
  type PaymentStatus,
  type ShipmentStatus,
} from '@domain/order-status';
import { withinReturnWindow } from '@domain/returns';
import { invoicePath, orderPath, orderPayPath, productPath, returnRequestPath, ROUTES } from '@domain/routes';
import { useEffect, useRef, useState } from 'react';
import { useMoney } from '../../lib/money';
import { Link, useNavigate, useParams, useSearchParams } from 'react-router-dom';
import { AddressLines } from '../../components/AddressLines';
import { Pager } from '../../components/Pager';
import { StatusFilter } from './StatusFilter';
import { Skeleton } from '../../components/Skeleton';
import { OrderPayment, usePlaceOrder } from '../checkout';
import { paymentLabel } from './labels';
import { OrderDocument, OrdersDocument, type OrderFieldsFragment } from './graphql/orders.generated';
import { useMessage, useT } from '../../i18n';
import { notify } from '../../lib/toast';
import { usePageMeta } from '../../lib/usePageMeta';
import { useDates } from '../../lib/dates';

const PAGE_SIZE = 10;

/** /user/account/orders: the signed-in user's orders, filtered by status and date, a page at a time. */
export function OrdersPage() {
  const message = useMessage();
  const t = useT();
  usePageMeta(t('page.orders.title'));
  const { user, status } = useSession();
  const [statusFilter, setStatusFilter] = useState('');
  const [from, setFrom] = useState('');
  const [to, setTo] = useState('');
  const [page, setPage] = useState(1);
  const money = useMoney();
  const dates = useDates();
  const { data, loading } = useQuery(OrdersDocument, {
    skip: !user,
    variables: {
      filter: {
        statuses: statusFilter === '' ? null : [Number(statusFilter)],
        from: from || null,
        // "To" includes the whole day.
        to: to ? new Date(new Date(to).getTime() + 86_400_000).toISOString().slice(0, 10) : null,
        page,
        pageSize: PAGE_SIZE,
      },
    },
    fetchPolicy: 'cache-and-network',
  });
  if (status === 'loading') return <Skeleton rows={2} />;
  if (!user) return <SignInRedirect />;
  const orders = data?.orders;
  const pages = orders ? Math.max(1, Math.ceil(orders.total / PAGE_SIZE)) : 1;
  return (
    <div className="container section">
      <h1>{t('page.orders.title')}</h1>
      <form
        method="get"
        className="order-filters"
        aria-label={t('orders.filters')}
        onSubmit={(e) => e.preventDefault()}
      >
        <StatusFilter
          value={statusFilter}
          onChange={(value) => {
            setStatusFilter(value);
            setPage(1);
          }}
        />
        <div className="field">
          <label htmlFor="order-from">{t('orders.from')}</label>
          <input
            id="order-from"
            type="date"
            value={from}
            onChange={(e) => (setFrom(e.target.value), setPage(1))}
          />
        </div>
        <div className="field">
          <label htmlFor="order-to">{t('orders.to')}</label>
          <input id="order-to" type="date" value={to} onChange={(e) => (setTo(e.target.value), setPage(1))} />
        </div>
      </form>
      {loading && !orders ? (
        <Skeleton rows={2} />
      ) : !orders || orders.items.length === 0 ? (
        <p className="lead">{t('orders.none')}</p>
      ) : (
        <>
          <table className="orders-table orders-table--cards">
            <thead>
              <tr>
                <th scope="col">{t('orders.number')}</th>
                <th scope="col">{t('orders.date')}</th>
                <th scope="col">{t('orders.status')}</th>
                <th scope="col">{t('orders.items')}</th>
                <th scope="col" className="num">
                  {t('cart.total')}
                </th>
              </tr>
            </thead>
            <tbody>
              {orders.items.map((o) => (
                <tr key={o.id} data-testid="order-row">
                  <td data-label={t('orders.number')}>
                    <Link to={orderPath(o.id)}>{orderNumberLabel(o.orderNumber)}</Link>
                  </td>
                  <td data-label={t('orders.date')}>{dates.day(o.createdAt)}</td>
                  <td data-label={t('orders.status')}>
                    <span className="orders-table__status">
                      <span className={`status status--${o.status}`}>{message(o.statusLabel)}</span>
                      {AWAITING_PAYMENT.includes(o.status) && (
                        <Link
                          className="btn btn--primary btn--compact"
                          to={orderPayPath(o.id)}
                          aria-label={t('orders.payNowFor', { number: orderNumberLabel(o.orderNumber) })}
                        >
                          {t('checkout.payNow')}
                        </Link>
                      )}
                    </span>
                  </td>
                  <td data-label={t('orders.items')}>{o.itemCount}</td>
                  <td className="num" data-label={t('cart.total')}>
                    {money(o.total)}
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
          <Pager page={page} pages={pages} onPage={setPage} />
        </>
      )}
    </div>
  );
}

function useOrder() {
  const { id = '' } = useParams();
  const { data, loading, error } = useQuery(OrderDocument, { variables: { id }, skip: !id });
  return { order: data?.order ?? null, loading: loading && !data, error };
}

/** /user/account/orders/:id: the order (also a guest's, in the session that placed it). */
export function OrderDetailPage() {
  const t = useT();
  const { order, loading } = useOrder();
  usePageMeta(
    order ? t('orders.title', { number: orderNumberLabel(order.orderNumber) }) : t('page.orders.title'),
  );
  if (loading) return <Skeleton rows={3} />;
  if (!order) return <OrderNotFound />;
  return <OrderDetail order={order} />;
}

/** /checkout/confirmation/:id: thanks, then the order. */
export function OrderConfirmationPage() {
  const t = useT();
  const { order, loading } = useOrder();
  const waiting = order?.status === ORDER_STATUS_CODE.AwaitingApproval;
  usePageMeta(t(waiting ? 'orders.sentForApproval' : 'orders.thanks'));
  if (loading) return <Skeleton rows={3} />;
  if (!order) return <OrderNotFound />;
  return (
    // The notice above says it waits for approval: the order's own approval panel would say it again.
    <OrderDetail order={order} showApproval={!waiting}>
      <div className="notice confirmation" role="status">
        <h2>{t(waiting ? 'orders.sentForApproval' : 'orders.thanks')}</h2>
        <p>
          {t(waiting ? 'orders.sentForApprovalText' : 'orders.thanksText', {
            number: orderNumberLabel(order.orderNumber),
            email: order.contactEmail,
          })}
        </p>
      </div>
    </OrderDetail>
  );
}

function OrderNotFound() {
  const t = useT();
  return (
    <div className="container section page--narrow">
      <h1>{t('orders.notFound')}</h1>
      <p>{t('orders.notFoundText')}</p>
      <Link to={ROUTES.orders}>{t('page.orders.title')}</Link>
    </div>
  );
}

function OrderDetail({
  order,
  children,
  showApproval = true,
}: {
  order: OrderFieldsFragment;
  children?: React.ReactNode;
  showApproval?: boolean;
}) {
  const message = useMessage();
  const describeConfig = useDescribeConfiguration();
  const t = useT();
  const money = useMoney(order.currencyCode);
  const dates = useDates();
  const navigate = useNavigate();
  const [reorder, { loading: reordering }] = useReorder();
  const a = order.shippingAddress;
  return (
    <div className="container section order">
      {children}
      <header className="order__header">
        <div>
          <h1>{t('orders.title', { number: orderNumberLabel(order.orderNumber) })}</h1>
          <p className="lead">
            {t('orders.placed', { date: dates.day(order.createdAt) })} ·{' '}
            <span className={`status status--${order.status}`} data-testid="order-status">
              {message(order.statusLabel)}
            </span>
          </p>
        </div>
        <div className="actions">
          <Link className="btn btn--outline-primary" to={invoicePath(order.id)}>
            {t('orders.invoice')}
          </Link>
          <a
            className="btn btn--outline-primary"
            href={`/api/orders/${order.id}/invoice.pdf`}
            target="_blank"
            rel="noopener"
          >
            {t('orders.invoicePdf')}
          </a>
          {order.deliveredAt && withinReturnWindow(order.deliveredAt) && (
            <Link className="btn btn--outline-primary" to={returnRequestPath(order.id)}>
              {t('returns.request')}
            </Link>
          )}
          <button
            type="button"
            className="btn btn--primary"
            disabled={reordering}
            onClick={() =>
              void reorder({ variables: { orderId: order.id } })
                .then(({ data }) => {
                  const skipped = data?.reorder.skipped ?? [];
                  void notify(
                    skipped.length ? 'warning' : 'success',
                    skipped.length
                      ? t('orders.reorderedSome', { items: skipped.join(', ') })
                      : t('orders.reordered'),
                  );
                  navigate(ROUTES.cart);
                })
                .catch((err: unknown) => void notify('error', errorMessage(err, t('cart.failed'))))
            }
          >
            {t('orders.reorder')}
          </button>
        </div>
      </header>
      {showApproval && order.approval && <Approval order={order} approval={order.approval} />}
      {AWAITING_PAYMENT.includes(order.status) && <PayNow order={order} />}
      <div className="order__grid">
        <section className="panel">
          <h2>{t('checkout.shipTo')}</h2>
          <address>
            <AddressLines address={a} />
          </address>
          <p>
            {order.carrierId.toUpperCase()} {order.carrierMethod}
          </p>
        </section>
        <section className="panel">
          <h2>{t('orders.payment')}</h2>
          <p>{paymentLabel(t, order)}</p>
          <dl className="order__states">
            <dt>{t('orders.paymentStatus')}</dt>
            <dd>{t(`orders.payment.${order.paymentStatus as PaymentStatus}`)}</dd>
            <dt>{t('orders.shipment')}</dt>
            <dd>{t(`orders.shipment.${order.shipmentStatus as ShipmentStatus}`)}</dd>
            <dt>{t('orders.delivery')}</dt>
            <dd>{t(`orders.delivery.${order.deliveryStatus as DeliveryStatus}`)}</dd>
          </dl>
        </section>
        <section className="panel">
          <h2>{t('cart.summary')}</h2>
          <OrderTotalsList order={order} testId="order-total" />
        </section>
      </div>
      <Shipments order={order} />
      <section>
        <h2>{t('orders.lines')}</h2>
        <ul className="cart__lines">
          {order.lines.map((l) => (
            <li key={l.id} className="order-line">
              <div>
                <Link to={productPath(l.itemId)}>{l.name}</Link>
                <p className="cart-line__id">
                  {t('product.partNumber')} {l.itemId}
                </p>
                {l.configurations.length > 0 && (
                  <ul className="cart-line__config">
                    {l.configurations.map((c) => (
                      <li key={c.id}>{describeConfig(c)}</li>
                    ))}
                  </ul>
                )}
                <LineProgress line={l} />
                {l.shipOn && <PlannedShipDate day={l.shipOn} backordered={l.backordered > 0} />}
              </div>
              <span>
                {l.quantity} × <LinePrice line={l} currency={order.currencyCode} />
                <br />
                <TierApplied line={l} currency={order.currencyCode} />
              </span>
              <strong>
                {money(l.lineTotal)}
                {l.discount > 0 && (
                  <span className="cart-line__discount">
                    {t('cart.promotion.lineDiscount', { amount: money(l.discount) })}
                  </span>
                )}
              </strong>
            </li>
          ))}
        </ul>
      </section>
      <ChangeOfMind order={order} />
      <section>
        <h2>{t('orders.history')}</h2>
        <ol className="timeline">
          {order.events.map((e, i) => (
            <li key={i}>
              <time dateTime={e.at}>{dates.moment(e.at)}</time>{' '}
              {e.toStatus !== null && e.toStatus !== undefined ? orderStatusLabel(e.toStatus) : ''}
              {e.note ? ` — ${e.note}` : ''}
            </li>
          ))}
        </ol>
      </section>
    </div>
  );
}

/**
 * A company order's approval (decision 044): while it waits, why (over which limit) and that nothing is charged;
 * once decided, who decided and their note; a rejected order's items go back to the cart with Re-order.
 */
function Approval({
  order,
  approval,
}: {
  order: OrderFieldsFragment;
  approval: NonNullable<OrderFieldsFragment['approval']>;
}) {
  const t = useT();
  const money = useMoney(order.currencyCode);
  const limit = money(approval.spendingLimit, approval.limitCurrency);
  if (order.status === ORDER_STATUS_CODE.AwaitingApproval) {
    return (
      <section
        className="notice notice--info order-approval"
        aria-labelledby="approval-title"
        data-testid="order-approval"
      >
        <h2 id="approval-title">
          {t(approval.reason === 'credit' ? 'orders.approval.waitingCredit' : 'orders.approval.waiting')}
        </h2>
        <p>
          {t(
            approval.reason === 'credit'
              ? 'orders.approval.overCredit'
              : approval.reason === 'month'
                ? 'orders.approval.overMonth'
                : 'orders.approval.overOrder',
            { amount: limit },
          )}
        </p>
        {approval.creditHold && approval.reason !== 'credit' && <p>{t('orders.approval.creditFirst')}</p>}
      </section>
    );
  }
  if (approval.decision !== 'approved' && approval.decision !== 'rejected') return null;
  const by = approval.decidedBy ?? t('orders.approval.yourCompany');
  return (
    <section
      className={`notice order-approval${approval.decision === 'rejected' ? ' notice--warning' : ''}`}
      aria-labelledby="approval-title"
      data-testid="order-approval"
    >
      <h2 id="approval-title">
        {approval.decision === 'rejected'
          ? t('orders.approval.rejected', { name: by })
          : t('orders.approval.approved', { name: by })}
      </h2>
      {approval.note && <blockquote className="approval__note">{approval.note}</blockquote>}
      {approval.decision === 'rejected' && <p>{t('orders.approval.reorder')}</p>}
    </section>
  );
}

/** An order waiting for a payment: until when, and Pay now (a card, or a purchase order on net terms). */
function PayNow({ order }: { order: OrderFieldsFragment }) {
  const t = useT();
  const dates = useDates();
  const { user } = useSession();
  // Pay Now on the orders list opens the order at its payment (orderPayPath).
  const [params] = useSearchParams();
  const [open, setOpen] = useState(params.has('pay'));
  const section = useRef<HTMLElement>(null);
  useEffect(() => {
    if (params.has('pay')) section.current?.scrollIntoView({ block: 'start' });
    // Once, as the page opens at the payment.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);
  const payment = usePlaceOrder({
    order,
    failedMessage: t('checkout.failed'),
    onDone: () => {
      setOpen(false);
      void notify('success', t('orders.paid', { number: orderNumberLabel(order.orderNumber) }));
    },
  });
  return (
    <section
      className="notice notice--warning pay-now"
      aria-labelledby="pay-now-title"
      data-testid="pay-now"
      ref={section}
    >
      <h2 id="pay-now-title">{t('orders.awaitingPayment')}</h2>
      <p>
        {order.payBy
          ? t('orders.payByText', { date: dates.day(order.payBy) })
          : t('orders.awaitingPaymentText')}
      </p>
      {open ? (
        <OrderPayment payment={payment} terms={user?.accounts[0]?.netTermsDays ?? null} />
      ) : (
        <button type="button" className="btn btn--primary btn--large" onClick={() => setOpen(true)}>
          {t('checkout.payNow')}
        </button>
      )}
    </section>
  );
}

/**
 * Cancel an order that has not shipped (asked twice: a confirmation names the order); once shipped, the way
 * back is a return.
 */
function ChangeOfMind({ order }: { order: OrderFieldsFragment }) {
  const t = useT();
  const [cancelOrder, { loading }] = useCancelOrder();
  const [asking, setAsking] = useState(false);
  const label = orderNumberLabel(order.orderNumber);
  const shipped: number[] = [
    ORDER_STATUS_CODE.PartiallyShipped,
    ORDER_STATUS_CODE.Shipped,
    ORDER_STATUS_CODE.Delivered,
  ];
  if (shipped.includes(order.status)) {
    return (
      <p className="order__change" data-testid="change-of-mind">
        {order.deliveredAt ? t('orders.returnInstead') : t('orders.shippedNoCancel')}{' '}
        <Link to={ROUTES.returns}>{t('orders.aboutReturns')}</Link>
      </p>
    );
  }
  if (!CANCELLABLE_BY_BUYER.includes(order.status)) return null;
  return (
    <section className="order__change" aria-labelledby="cancel-title">
      <h2 id="cancel-title">{t('orders.cancelTitle')}</h2>
      {asking ? (
        <div role="alertdialog" aria-labelledby="cancel-confirm" className="panel">
          <p id="cancel-confirm">{t('orders.cancelConfirm', { number: label })}</p>
          <div className="actions">
            <button
              type="button"
              className="btn btn--outline-danger"
              disabled={loading}
              aria-busy={loading}
              autoFocus
              onClick={() =>
                void cancelOrder({ variables: { orderId: order.id } })
                  .then(() => {
                    setAsking(false);
                    void notify('success', t('orders.cancelled', { number: label }));
                  })
                  .catch((err: unknown) => void notify('error', errorMessage(err, t('cart.failed'))))
              }
            >
              {t('orders.cancelYes')}
            </button>
            <button type="button" className="btn btn--outline-primary" onClick={() => setAsking(false)}>
              {t('orders.cancelKeep')}
            </button>
          </div>
        </div>
      ) : (
        <>
          <p>{t('orders.cancelText')}</p>
          <button type="button" className="btn btn--outline-primary" onClick={() => setAsking(true)}>
            {t('orders.cancel')}
          </button>
        </>
      )}
    </section>
  );
}
