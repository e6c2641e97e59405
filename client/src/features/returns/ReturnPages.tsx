import { failureOf, errorMessage } from '../../lib/failure';
import { SignInRedirect, useSession } from '../account';
import { useQuery } from '@apollo/client/react';
import { orderNumberLabel } from '@domain/checkout';
import { BRAND } from '@domain/constants';
import { RETURN_REASONS, type ReturnReason } from '@domain/order-status';
import { RETURN_WINDOW_DAYS, returnItems, withinReturnWindow, type ReturnItem } from '@domain/returns';
import { orderPath, returnPath, ROUTES } from '@domain/routes';
import { useEffect, useState } from 'react';
import { Link, useNavigate, useParams } from 'react-router-dom';
import { Skeleton } from '../../components/Skeleton';
import { MyReturnsDocument, type ReturnFieldsFragment } from './graphql/returns.generated';
import { useRequestReturn } from './useRequestReturn';
import { OrderDocument } from '../orders';
import { useMessage, useT } from '../../i18n';
import { usePageMeta } from '../../lib/usePageMeta';
import { useDates } from '../../lib/dates';

/** Whether an order can still take a return request (delivered, within the window). */
const canRequestReturn = (order: { deliveredAt?: string | null }) =>
  !!order.deliveredAt && withinReturnWindow(order.deliveredAt);

function useSignedInRedirect() {
  const { status } = useSession();
  if (status !== 'unauthenticated') return null;
  return <SignInRedirect />;
}

/** How many of each order line other returns (not rejected) already took. */
function alreadyReturned(returns: readonly ReturnFieldsFragment[], orderId: string): Map<string, number> {
  const taken = new Map<string, number>();
  for (const r of returns) {
    if (r.orderId !== orderId || r.decision === 'RETURN_REJECTED') continue;
    for (const l of r.lines) taken.set(l.orderLineId, (taken.get(l.orderLineId) ?? 0) + l.quantity);
  }
  return taken;
}

/** /user/account/orders/:id/return: pick lines and quantities, a reason and a comment. */
export function ReturnRequestPage() {
  const message = useMessage();
  const t = useT();
  usePageMeta(t('returns.requestTitle'));
  const redirect = useSignedInRedirect();
  const navigate = useNavigate();
  const { id = '' } = useParams();
  const { data } = useQuery(OrderDocument, { variables: { id }, skip: !id || !!redirect });
  const { data: mine } = useQuery(MyReturnsDocument, { skip: !!redirect, fetchPolicy: 'cache-and-network' });
  const [request, { loading }] = useRequestReturn();
  const [items, setItems] = useState<ReturnItem[]>([]);
  const [reason, setReason] = useState<ReturnReason | ''>('');
  const [comment, setComment] = useState('');
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [failure, setFailure] = useState<string | null>(null);
  // Once the errors are on screen, the keyboard goes to the first field in error, read with its message.
  useEffect(() => {
    if (Object.keys(errors).length === 0) return;
    document.querySelector<HTMLElement>('form [aria-invalid="true"], form [data-error-anchor]')?.focus();
  }, [errors]);
  if (redirect) return redirect;
  const order = data?.order;
  if (!order || !mine) return <Skeleton rows={3} />;
  const taken = alreadyReturned(mine.myReturns, order.id);
  if (!canRequestReturn(order)) {
    return (
      <div className="container section page--narrow">
        <h1>{t('returns.requestTitle')}</h1>
        <p className="lead">{t('returns.notReturnable')}</p>
        <Link to={orderPath(order.id)}>{t('invoice.back')}</Link>
      </div>
    );
  }
  const submit = () => {
    setFailure(null);
    setErrors({});
    void request({ variables: { input: { orderId: order.id, reason, comment, items } } })
      .then(({ data: done }) => done && navigate(returnPath(done.requestReturn.id)))
      .catch((err: unknown) => {
        const fields = failureOf(err).fields;
        setErrors(fields);
        // Each error once: next to its field, or (none of them) above the buttons.
        if (Object.keys(fields).length === 0) setFailure(errorMessage(err, t('returns.failed')));
      });
  };
  return (
    <div className="container section page--narrow">
      <p>
        <Link to={orderPath(order.id)}>
          {t('orders.title', { number: orderNumberLabel(order.orderNumber) })}
        </Link>
      </p>
      <h1>{t('returns.requestTitle')}</h1>
      <p className="lead">{t('returns.requestText')}</p>
      <form
        method="post"
        className="form"
        aria-label={t('returns.requestTitle')}
        onSubmit={(e) => {
          e.preventDefault();
          submit();
        }}
      >
        <table className="orders-table">
          <thead>
            <tr>
              <th scope="col">{t('invoice.item')}</th>
              <th scope="col">{t('returns.delivered')}</th>
              <th scope="col">{t('returns.toReturn')}</th>
            </tr>
          </thead>
          <tbody>
            {order.lines.map((line) => {
              const left = line.quantity - (taken.get(line.id) ?? 0);
              const chosen = items.find((i) => i.id === line.id)?.quantity ?? 0;
              return (
                <tr key={line.id} data-testid="return-line">
                  <td>
                    {line.name}
                    <br />
                    <small>{line.itemId}</small>
                  </td>
                  <td>{line.quantity}</td>
                  <td>
                    <label>
                      <span className="visually-hidden">{t('returns.quantityOf', { name: line.name })}</span>
                      <input
                        type="number"
                        min={0}
                        max={left}
                        step={1}
                        value={chosen}
                        disabled={left === 0}
                        onChange={(e) => {
                          const quantity = Math.max(
                            0,
                            Math.min(left, Math.floor(Number(e.target.value) || 0)),
                          );
                          setItems((list) =>
                            quantity === 0
                              ? returnItems.remove(list, line.id)
                              : returnItems.add(list, { id: line.id, quantity }),
                          );
                        }}
                      />
                    </label>
                  </td>
                </tr>
              );
            })}
          </tbody>
        </table>
        {errors.items && (
          <p id="return-items-error" className="field__error" tabIndex={-1} data-error-anchor>
            {message(errors.items)}
          </p>
        )}
        <div className="field">
          <label htmlFor="return-reason">{t('returns.reason')}</label>
          <select
            id="return-reason"
            value={reason}
            onChange={(e) => setReason(e.target.value as ReturnReason)}
            aria-invalid={!!errors.reason}
            aria-describedby={errors.reason ? 'return-reason-error' : undefined}
          >
            <option value="">{t('returns.chooseReason')}</option>
            {RETURN_REASONS.map((r) => (
              <option key={r} value={r}>
                {t(`returns.reason.${r}`)}
              </option>
            ))}
          </select>
          {errors.reason && (
            <p id="return-reason-error" className="field__error">
              {message(errors.reason)}
            </p>
          )}
        </div>
        <div className="field">
          <label htmlFor="return-comment">{t('returns.comment')}</label>
          <textarea
            id="return-comment"
            rows={3}
            maxLength={2000}
            value={comment}
            onChange={(e) => setComment(e.target.value)}
          />
        </div>
        {failure && (
          <p className="form__error" role="alert">
            {failure}
          </p>
        )}
        <div className="actions">
          <button type="submit" className="btn btn--primary btn--large" disabled={loading}>
            {t('returns.submit')}
          </button>
          <button
            type="button"
            className="btn btn--outline-primary"
            onClick={() => setItems(returnItems.clear())}
          >
            {t('returns.clear')}
          </button>
        </div>
      </form>
    </div>
  );
}

/** /user/account/returns: the customer's returns and their status. */
export function ReturnsPage() {
  const message = useMessage();
  const t = useT();
  const dates = useDates();
  usePageMeta(t('returns.title'));
  const redirect = useSignedInRedirect();
  const { data } = useQuery(MyReturnsDocument, { skip: !!redirect, fetchPolicy: 'cache-and-network' });
  if (redirect) return redirect;
  if (!data) return <Skeleton rows={2} />;
  return (
    <div className="container section">
      <h1>{t('returns.title')}</h1>
      {data.myReturns.length === 0 ? (
        <div className="returns__empty">
          <p className="lead">{t('returns.none')}</p>
          <p>{t('returns.howToStart', { days: RETURN_WINDOW_DAYS })}</p>
          <p className="actions">
            <Link className="btn btn--primary" to={ROUTES.orders}>
              {t('page.orders.title')}
            </Link>
            <Link className="btn btn--outline-primary" to={ROUTES.returnPolicy}>
              {t('footer.returns')}
            </Link>
          </p>
        </div>
      ) : (
        <table className="orders-table">
          <thead>
            <tr>
              <th scope="col">{t('returns.rma')}</th>
              <th scope="col">{t('orders.number')}</th>
              <th scope="col">{t('orders.date')}</th>
              <th scope="col">{t('orders.status')}</th>
            </tr>
          </thead>
          <tbody>
            {data.myReturns.map((r) => (
              <tr key={r.id} data-testid="return-row">
                <td>
                  <Link to={returnPath(r.id)}>{r.rmaNumber ?? t('returns.pendingRma')}</Link>
                </td>
                <td>{orderNumberLabel(r.orderNumber)}</td>
                <td>{dates.day(r.createdAt)}</td>
                <td>
                  <span className={`status status--${r.status}`}>{message(r.statusLabel)}</span>
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
    </div>
  );
}

/** /user/account/returns/:id: the return, and once accepted, the printable return page with its RMA number. */
export function ReturnPage() {
  const message = useMessage();
  const t = useT();
  const { id = '' } = useParams();
  const redirect = useSignedInRedirect();
  const { data } = useQuery(MyReturnsDocument, { skip: !!redirect });
  const ret = data?.myReturns.find((r) => r.id === id);
  usePageMeta(ret?.rmaNumber ?? t('returns.title'));
  if (redirect) return redirect;
  if (!data) return <Skeleton rows={2} />;
  if (!ret) {
    return (
      <div className="container section">
        <h1>{t('returns.notFound')}</h1>
        <Link to={ROUTES.returns}>{t('returns.title')}</Link>
      </div>
    );
  }
  const b = BRAND.address;
  return (
    <div className="container section invoice">
      <div className="invoice__tools">
        <Link to={ROUTES.returns}>{t('returns.title')}</Link>
        {ret.rmaNumber && (
          <button type="button" className="btn btn--outline-primary" onClick={() => window.print()}>
            {t('invoice.print')}
          </button>
        )}
      </div>
      <article className="invoice__sheet">
        <header className="invoice__header">
          <div>
            <h1>{ret.rmaNumber ?? t('returns.requested')}</h1>
            <p>
              {t('orders.title', { number: orderNumberLabel(ret.orderNumber) })} ·{' '}
              <span className={`status status--${ret.status}`} data-testid="return-status">
                {message(ret.statusLabel)}
              </span>
            </p>
          </div>
          {ret.rmaNumber && (
            <address className="invoice__meta">
              <strong>{t('returns.shipTo')}</strong>
              <br />
              {BRAND.name} — Returns, {ret.rmaNumber}
              <br />
              {b.street}
              <br />
              {b.city}, {b.state} {b.zip}
            </address>
          )}
        </header>
        <p>{ret.rmaNumber ? t('returns.printText') : t('returns.waitingText')}</p>
        <table className="invoice__lines">
          <thead>
            <tr>
              <th scope="col">{t('invoice.item')}</th>
              <th scope="col" className="num">
                {t('invoice.qty')}
              </th>
            </tr>
          </thead>
          <tbody>
            {ret.lines.map((l) => (
              <tr key={l.orderLineId}>
                <td>
                  {l.name}
                  <br />
                  <small>{l.itemId}</small>
                </td>
                <td className="num">{l.quantity}</td>
              </tr>
            ))}
          </tbody>
        </table>
        <p>
          {t('returns.reason')}: {t(`returns.reason.${ret.reason as ReturnReason}`)}
          {ret.refundAmount !== null && ret.refundAmount !== undefined && (
            <>
              {' · '}
              {t('returns.refunded', { amount: `$${ret.refundAmount.toFixed(2)}` })}
            </>
          )}
        </p>
      </article>
    </div>
  );
}
