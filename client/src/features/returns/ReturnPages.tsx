import { SignInRedirect, useSession } from '../account';
import { useQuery } from '@apollo/client/react';
import { orderNumberLabel } from '@domain/checkout';
import { BRAND } from '@domain/constants';
import { RETURN_REASONS, type ReturnReason } from '@domain/order-status';
import { RETURN_WINDOW_DAYS, returnItems, withinReturnWindow, type ReturnItem } from '@domain/returns';
import { orderPath, returnPath, ROUTES } from '@domain/routes';
import { Form, Formik, useFormikContext } from 'formik';
import { useId } from 'react';
import { Link, useNavigate, useParams } from 'react-router-dom';
import { Skeleton } from '../../components/Skeleton';
import { FocusFirstError, FormError, SelectField, TextAreaField, useFormSubmit } from '../../components/form';
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

interface ReturnValues {
  items: ReturnItem[];
  reason: ReturnReason | '';
  comment: string;
}

/**
 * /user/account/orders/:id/return: pick lines and quantities, a reason and a comment. The server checks the
 * request with the shared schema; each of its messages shows once, next to its field, the focus on the first.
 */
export function ReturnRequestPage() {
  const t = useT();
  usePageMeta(t('returns.requestTitle'));
  const redirect = useSignedInRedirect();
  const navigate = useNavigate();
  const { id = '' } = useParams();
  const { data } = useQuery(OrderDocument, { variables: { id }, skip: !id || !!redirect });
  const { data: mine } = useQuery(MyReturnsDocument, { skip: !!redirect, fetchPolicy: 'cache-and-network' });
  const [request] = useRequestReturn();
  // Each error once: next to its field, or (none of them) above the buttons.
  const { submit, failure } = useFormSubmit(
    async (values: ReturnValues) => {
      const { data: done } = await request({ variables: { input: { orderId: data!.order!.id, ...values } } });
      if (done) navigate(returnPath(done.requestReturn.id));
    },
    { fallback: t('returns.failed') },
  );
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
  return (
    <div className="container section page--narrow">
      <p>
        <Link to={orderPath(order.id)}>
          {t('orders.title', { number: orderNumberLabel(order.orderNumber) })}
        </Link>
      </p>
      <h1>{t('returns.requestTitle')}</h1>
      <p className="lead">{t('returns.requestText')}</p>
      <Formik<ReturnValues> initialValues={{ items: [], reason: '', comment: '' }} onSubmit={submit}>
        {({ values, setFieldValue, isSubmitting }) => (
          <Form method="post" className="form" noValidate aria-label={t('returns.requestTitle')}>
            <FocusFirstError />
            <ReturnLines
              lines={order.lines}
              taken={taken}
              items={values.items}
              onChange={(items) => void setFieldValue('items', items)}
            />
            <SelectField
              name="reason"
              label={t('returns.reason')}
              placeholder={t('returns.chooseReason')}
              options={RETURN_REASONS.map((r) => ({ value: r, label: t(`returns.reason.${r}`) }))}
            />
            <TextAreaField name="comment" label={t('returns.comment')} maxLength={2000} />
            <FormError message={failure} />
            <div className="actions">
              <button type="submit" className="btn btn--primary btn--large" disabled={isSubmitting}>
                {t('returns.submit')}
              </button>
              <button
                type="button"
                className="btn btn--outline-primary"
                onClick={() => void setFieldValue('items', returnItems.clear())}
              >
                {t('returns.clear')}
              </button>
            </div>
          </Form>
        )}
      </Formik>
    </div>
  );
}

/**
 * The order's lines with how many of each to return (up to what other returns left). The items' message shows
 * under the table, and each quantity points to it.
 */
function ReturnLines({
  lines,
  taken,
  items,
  onChange,
}: {
  lines: readonly { id: string; name: string; itemId: string; quantity: number }[];
  taken: Map<string, number>;
  items: ReturnItem[];
  onChange: (items: ReturnItem[]) => void;
}) {
  const t = useT();
  const message = useMessage();
  const { errors, submitCount } = useFormikContext<ReturnValues>();
  const error = submitCount > 0 && typeof errors.items === 'string' ? message(errors.items) : undefined;
  const errorId = useId();
  return (
    <>
      <table className="orders-table">
        <thead>
          <tr>
            <th scope="col">{t('invoice.item')}</th>
            <th scope="col">{t('returns.delivered')}</th>
            <th scope="col">{t('returns.toReturn')}</th>
          </tr>
        </thead>
        <tbody>
          {lines.map((line) => {
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
                      aria-invalid={!!error && left > 0}
                      aria-describedby={error ? errorId : undefined}
                      onChange={(e) => {
                        const quantity = Math.max(0, Math.min(left, Math.floor(Number(e.target.value) || 0)));
                        onChange(
                          quantity === 0
                            ? returnItems.remove(items, line.id)
                            : returnItems.add(items, { id: line.id, quantity }),
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
      {error && (
        <p id={errorId} className="field__error" data-testid="return-items-error">
          {error}
        </p>
      )}
    </>
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
