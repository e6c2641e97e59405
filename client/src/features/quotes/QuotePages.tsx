import { useApolloClient, useQuery } from '@apollo/client/react';
import { useState } from 'react';
import { canRequestAgain, quoteMessageSchema, quoteNumberLabel } from '@domain/quotes';
import { Form, Formik, type FormikHelpers } from 'formik';
import { FormError, TextAreaField, useFormSubmit } from '../../components/form';
import { notify } from '../../lib/toast';
import { orderPath, productPath, quotePagePath, ROUTES } from '@domain/routes';
import { Link, useNavigate, useParams, useSearchParams } from 'react-router-dom';
import { Skeleton } from '../../components/Skeleton';
import { useCatalogLang, useMessage, useT } from '../../i18n';
import { useDescribeConfiguration } from '../../lib/configuration';
import { useDates } from '../../lib/dates';
import { errorMessage, failureOf } from '../../lib/failure';
import { useMoney } from '../../lib/money';
import { usePageMeta } from '../../lib/usePageMeta';
import { SignInRedirect, useSession } from '../account';
import {
  MyQuotesDocument,
  QuoteDocument,
  type QuoteFieldsFragment,
  type QuoteLineFieldsFragment,
} from './graphql/quotes.generated';
import { useAcceptQuote, useRequestQuoteAgain, useSendQuoteMessage } from './useQuoteActions';

/** /user/account/quotes: the buyer's quotes and, for roles that see its orders, their company's (decision 049). */
export function QuotesPage() {
  const t = useT();
  usePageMeta(t('quotes.title'));
  const { user, status } = useSession();
  const dates = useDates();
  const money = useMoney();
  const { data, loading } = useQuery(MyQuotesDocument, { skip: !user, fetchPolicy: 'cache-and-network' });
  if (status === 'unauthenticated') return <SignInRedirect />;
  const quotes = data?.myQuotes;
  return (
    <div className="container section">
      <h1>{t('quotes.title')}</h1>
      <p className="lead">{t('quotes.intro')}</p>
      {!quotes && loading ? (
        <Skeleton rows={3} />
      ) : !quotes?.length ? (
        <p>
          {t('quotes.none')} <Link to={ROUTES.cart}>{t('page.cart.title')}</Link>
        </p>
      ) : (
        <table className="orders-table orders-table--cards">
          <thead>
            <tr>
              <th scope="col">{t('admin.quotes.number')}</th>
              <th scope="col">{t('quotes.date')}</th>
              <th scope="col">{t('quotes.status')}</th>
              <th scope="col" className="num">
                {t('quotes.total')}
              </th>
            </tr>
          </thead>
          <tbody>
            {quotes.map((q) => (
              <tr key={q.id} data-testid="quote-row">
                <td data-label={t('admin.quotes.number')}>
                  <Link to={quotePagePath(q.id)}>{quoteNumberLabel(q.number)}</Link>
                  {q.buyerEmail !== user?.emailAddress && (
                    <small> · {t('quotes.by', { name: q.buyerName || q.buyerEmail })}</small>
                  )}
                </td>
                <td data-label={t('quotes.date')}>{dates.day(q.createdAt)}</td>
                <td data-label={t('quotes.status')}>
                  <QuoteStatus status={q.status} />
                </td>
                <td className="num" data-label={t('quotes.total')}>
                  {q.sent ? money(q.sent.total, q.currency) : '—'}
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
    </div>
  );
}

/**
 * /user/account/quotes/link?problem=…: why a guest's e-mailed quote link did not open its quote (decision 061):
 * past its day, the quote already on an account, or not a link of ours.
 */
export function QuoteLinkPage() {
  const t = useT();
  usePageMeta(t('quotes.link.title'));
  const [params] = useSearchParams();
  const problem = params.get('problem');
  const known = problem === 'expired' || problem === 'used' ? problem : 'unknown';
  return (
    <div className="container section page--narrow">
      <h1>{t('quotes.link.title')}</h1>
      <p className="notice notice--warning" role="alert">
        {t(`quotes.link.${known}`)}
      </p>
      <p>
        <Link
          className="btn btn--primary"
          to={`${ROUTES.signIn}?callbackUrl=${encodeURIComponent(ROUTES.quotes)}`}
        >
          {t('quotes.guestSignIn')}
        </Link>{' '}
        <Link to={ROUTES.quote}>{t('quotes.link.again')}</Link>
      </p>
    </div>
  );
}

/** A quote's status as a badge. */
function QuoteStatus({ status }: { status: string }) {
  const t = useT();
  const message = useMessage();
  const known = ['requested', 'in_review', 'quoted', 'accepted', 'expired', 'declined', 'ordered'].includes(
    status,
  );
  return (
    <span className={`status status--quote-${status}`} data-testid="quote-status">
      {known ? t(`quotes.status.${status}` as 'quotes.status.requested') : message(status)}
    </span>
  );
}

/** /user/account/quotes/:id: what was asked and, once sent, the quote: prices, freight, lead time, last day. */
export function QuotePage() {
  const t = useT();
  const { id = '' } = useParams();
  const { user, status } = useSession();
  const dates = useDates();
  // Signed out, the query still runs: a guest reads the quote their e-mailed link opened here (decision 061).
  const { data, loading, error } = useQuery(QuoteDocument, {
    variables: { id },
    skip: status === 'loading',
    fetchPolicy: 'cache-and-network',
  });
  const quote = data?.quote;
  usePageMeta(quote ? t('quotes.number', { number: quoteNumberLabel(quote.number) }) : t('quotes.title'));
  if (status === 'unauthenticated' && !quote && !loading) return <SignInRedirect />;
  if (!quote && (loading || status === 'loading')) return <Skeleton rows={4} />;
  if (!quote) {
    return (
      <div className="container section">
        <h1>{t('quotes.title')}</h1>
        <p className="notice" role="status">
          {error && failureOf(error).code === 'NOT_FOUND' ? t('quotes.notFound') : t('quotes.failed')}{' '}
          <Link to={ROUTES.quotes}>{t('quotes.title')}</Link>
        </p>
      </div>
    );
  }
  const here = quotePagePath(quote.id);
  return (
    <div className="container section page">
      {user && (
        <p>
          <Link to={ROUTES.quotes}>{t('quotes.title')}</Link>
        </p>
      )}
      <h1>{t('quotes.number', { number: quoteNumberLabel(quote.number) })}</h1>
      {!user && (
        <div className="notice notice--info" role="status" data-testid="guest-quote">
          <p>{t('quotes.guest')}</p>
          <p>
            <Link className="btn btn--primary" to={ROUTES.signUp}>
              {t('quotes.guestSignUp')}
            </Link>{' '}
            <Link
              className="btn btn--outline-primary"
              to={`${ROUTES.signIn}?callbackUrl=${encodeURIComponent(here)}`}
            >
              {t('quotes.guestSignIn')}
            </Link>
          </p>
        </div>
      )}
      <p>
        <QuoteStatus status={quote.status} /> {t('quotes.askedOn', { day: dates.day(quote.createdAt) })}
        {quote.neededBy && ` · ${t('quotes.neededBy', { day: dates.calendarDay(quote.neededBy) })}`}
      </p>
      {(quote.status === 'requested' || quote.status === 'in_review') && (
        <p className="notice notice--info" role="status">
          {t('quotes.waiting')}
        </p>
      )}
      {quote.status === 'declined' && (
        <div className="notice notice--warning" role="status">
          <p>{t('quotes.declined')}</p>
          {quote.declineNote && <blockquote className="note">{quote.declineNote}</blockquote>}
        </div>
      )}
      {quote.status === 'expired' && (
        <p className="notice notice--warning" role="status">
          {t('quotes.expired')}
        </p>
      )}
      {canRequestAgain(quote.status) && <RequestAgain quote={quote} />}
      {quote.sent && <SentQuote quote={quote} sent={quote.sent} />}
      {user && <QuoteMessages quote={quote} />}
      <section aria-labelledby="asked-title">
        <h2 id="asked-title">{t('quotes.asked')}</h2>
        <QuoteLines lines={quote.lines} currency={quote.currency} priced={false} />
        {quote.note && (
          <>
            <h3>{t('quotes.yourNote')}</h3>
            <blockquote className="note">{quote.note}</blockquote>
          </>
        )}
        <QuoteDrawings quote={quote} href={(file) => `/api/quotes/${quote.id}/attachments/${file}`} />
      </section>
    </div>
  );
}

function SentQuote({
  quote,
  sent,
}: {
  quote: QuoteFieldsFragment;
  sent: NonNullable<QuoteFieldsFragment['sent']>;
}) {
  const t = useT();
  const dates = useDates();
  const money = useMoney(quote.currency);
  return (
    <section className="panel" aria-labelledby="quote-title" data-testid="sent-quote">
      <h2 id="quote-title">{t('quotes.ourQuote')}</h2>
      <QuoteLines lines={sent.lines} currency={quote.currency} priced />
      <dl className="totals">
        <div>
          <dt>{t('quotes.subtotal')}</dt>
          <dd>{money(sent.subTotal)}</dd>
        </div>
        <div>
          <dt>{t('quotes.freight')}</dt>
          <dd>{money(sent.freight)}</dd>
        </div>
        <div className="totals__total">
          <dt>{t('quotes.total')}</dt>
          <dd data-testid="quote-total">{money(sent.total)}</dd>
        </div>
      </dl>
      <p>
        {t('quotes.leadTime', { days: sent.leadTimeDays })}{' '}
        {t('quotes.expiresOn', { day: dates.calendarDay(sent.expiresOn) })}
      </p>
      {sent.note && <blockquote className="note">{sent.note}</blockquote>}
      <p>
        <a href={`/api/quotes/${quote.id}/quote.pdf`} target="_blank" rel="noopener">
          {t('quotes.pdf', { number: quoteNumberLabel(quote.number) })}
        </a>
      </p>
      <QuoteActions quote={quote} revision={sent.revision} />
    </section>
  );
}

/** The drawings sent with a request, each a download (the shop's or the console's address). */
export function QuoteDrawings({
  quote,
  href,
}: {
  quote: Pick<QuoteFieldsFragment, 'attachments'>;
  href: (attachmentId: string) => string;
}) {
  const t = useT();
  if (quote.attachments.length === 0) return null;
  return (
    <>
      <h3>{t('quotes.drawings')}</h3>
      <ul className="drawings">
        {quote.attachments.map((a) => (
          <li key={a.id}>
            <a href={href(a.id)} download={a.filename}>
              {t('quotes.drawing', {
                filename: a.filename,
                kind: a.kind.toUpperCase(),
                kb: Math.max(1, Math.ceil(a.size / 1024)),
              })}
            </a>
          </li>
        ))}
      </ul>
    </>
  );
}

/** The messages between the buyer's side and staff, and a box to write one (staff are e-mailed). */
function QuoteMessages({ quote }: { quote: QuoteFieldsFragment }) {
  const t = useT();
  const dates = useDates();
  const [send] = useSendQuoteMessage();
  const { submit, failure } = useFormSubmit(
    async (values: { body: string }, helpers: FormikHelpers<{ body: string }>) => {
      await send({ variables: { id: quote.id, body: values.body } });
      helpers.resetForm();
      void notify('success', t('quotes.messageSent'));
    },
    { fallback: t('quotes.failed') },
  );
  return (
    <section className="panel" aria-labelledby="messages-title" data-testid="quote-messages">
      <h2 id="messages-title">{t('quotes.messages')}</h2>
      {quote.messages.length === 0 ? (
        <p>{t('quotes.noMessages')}</p>
      ) : (
        <ol className="messages">
          {quote.messages.map((m) => (
            <li key={m.id} className={m.staff ? 'messages__staff' : undefined}>
              <p className="messages__meta">
                {t('quotes.messageMeta', {
                  author: m.staff ? t('quotes.fromStore') : m.author || quote.buyerName,
                  when: dates.moment(m.createdAt),
                })}
              </p>
              <p className="messages__body">{m.body}</p>
            </li>
          ))}
        </ol>
      )}
      <Formik initialValues={{ body: '' }} validationSchema={quoteMessageSchema} onSubmit={submit}>
        {({ isSubmitting }) => (
          <Form method="post" className="form" noValidate aria-label={t('quotes.messages')}>
            <FormError message={failure} />
            <TextAreaField name="body" label={t('quotes.messageLabel')} maxLength={2000} />
            <button type="submit" className="btn btn--outline-primary" disabled={isSubmitting}>
              {t('quotes.send')}
            </button>
          </Form>
        )}
      </Formik>
    </section>
  );
}

/** An expired or declined quote's lines and quantities as a new request; the buyer lands on it. */
function RequestAgain({ quote }: { quote: QuoteFieldsFragment }) {
  const t = useT();
  const message = useMessage();
  const navigate = useNavigate();
  const [failure, setFailure] = useState<string | null>(null);
  const [again, { loading }] = useRequestQuoteAgain();
  return (
    <div className="quote-actions" data-testid="request-again">
      <p className="field__hint">{t('quotes.requestAgainText')}</p>
      {failure && (
        <p className="notice notice--warning" role="alert">
          {message(failure)}
        </p>
      )}
      <button
        type="button"
        className="btn btn--primary"
        disabled={loading}
        aria-busy={loading}
        onClick={() =>
          void again({ variables: { id: quote.id } }).then(
            ({ data }) => {
              const asked = data!.requestQuoteAgain;
              void notify('success', t('quotes.requestedAgain', { number: quoteNumberLabel(asked.number) }));
              navigate(quotePagePath(asked.id));
            },
            (err: unknown) => setFailure(errorMessage(err, t('quotes.failed'))),
          )
        }
      >
        {t('quotes.requestAgain')}
      </button>
    </div>
  );
}

/** Accept (the revision shown) and check out; an accepted quote's checkout; an ordered quote's order. */
function QuoteActions({ quote, revision }: { quote: QuoteFieldsFragment; revision: number }) {
  const t = useT();
  const message = useMessage();
  const navigate = useNavigate();
  const apollo = useApolloClient();
  const { user } = useSession();
  const [failure, setFailure] = useState<string | null>(null);
  const [accept, { loading }] = useAcceptQuote();
  const checkout = `${ROUTES.checkout}?quote=${encodeURIComponent(quote.id)}&revision=${revision}`;
  if (quote.status === 'ordered' && quote.orderId) {
    return (
      <p>
        <Link to={orderPath(quote.orderId)}>{t('quotes.ordered')}</Link>
      </p>
    );
  }
  // Colleagues read the company's quotes; only the buyer who asked accepts and orders one.
  if (user?.emailAddress !== quote.buyerEmail) return null;
  if (quote.status === 'accepted') {
    return (
      <Link className="btn btn--primary" to={checkout}>
        {t('quotes.checkout')}
      </Link>
    );
  }
  if (quote.status !== 'quoted') return null;
  return (
    <div className="quote-actions">
      <p className="field__hint">{t('quotes.acceptNote')}</p>
      {failure && (
        <p className="notice notice--warning" role="alert">
          {message(failure)}
        </p>
      )}
      <button
        type="button"
        className="btn btn--primary btn--large"
        disabled={loading}
        onClick={() =>
          void accept({ variables: { id: quote.id, revision } }).then(
            () => navigate(checkout),
            (err: unknown) => {
              setFailure(errorMessage(err, t('quotes.failed')));
              // Revised or expired meanwhile: the page shows the quote as it now stands.
              void apollo.refetchQueries({ include: [QuoteDocument] });
            },
          )
        }
      >
        {t('quotes.accept')}
      </button>
    </div>
  );
}

/** A quote's lines: part, configuration, quantity (packs), and the catalogue's or the quoted price. */
function QuoteLines({
  lines,
  currency,
  priced,
}: {
  lines: readonly QuoteLineFieldsFragment[];
  currency: string;
  priced: boolean;
}) {
  const t = useT();
  const money = useMoney(currency);
  const describeConfig = useDescribeConfiguration();
  const catalogLang = useCatalogLang();
  return (
    <div>
      <table className="orders-table orders-table--cards">
        <thead>
          <tr>
            <th scope="col">{t('quotes.part')}</th>
            <th scope="col" className="num">
              {t('quotes.quantity')}
            </th>
            <th scope="col" className="num">
              {priced ? t('quotes.unitPrice') : t('quotes.cataloguePrice')}
            </th>
            {priced && (
              <th scope="col" className="num">
                {t('quotes.lineTotal')}
              </th>
            )}
          </tr>
        </thead>
        <tbody>
          {lines.map((l) => {
            const price = priced ? l.unitPrice : l.cataloguePrice;
            return (
              <tr key={l.id}>
                <td className="quote-line__part" data-label={t('quotes.part')}>
                  {/* One block: on a phone's card it sits under its label, the part number on one line. */}
                  <div>
                    {l.itemId ? (
                      <Link to={productPath(l.itemId)} lang={catalogLang}>
                        {l.description}
                      </Link>
                    ) : (
                      l.description
                    )}
                    <br />
                    <small>
                      {l.itemId && (
                        <span className="part-number" data-testid="quote-part-number">
                          {l.itemId}
                        </span>
                      )}
                      {l.configurations.map((c) => ` · ${describeConfig(c)}`)}
                    </small>
                  </div>
                </td>
                <td className="num" data-label={t('quotes.quantity')}>
                  {l.packSize ? t('quotes.packs', { count: l.quantity, size: l.packSize }) : l.quantity}
                </td>
                <td className="num" data-label={priced ? t('quotes.unitPrice') : t('quotes.cataloguePrice')}>
                  {price === null ? t('quotes.onRequest') : money(price)}
                </td>
                {priced && (
                  <td className="num" data-label={t('quotes.lineTotal')}>
                    {l.lineTotal === null ? '—' : money(l.lineTotal)}
                  </td>
                )}
              </tr>
            );
          })}
        </tbody>
      </table>
    </div>
  );
}
