import { useApolloClient, useQuery } from '@apollo/client/react';
import { orderNumberLabel } from '@domain/checkout';
import { approvalDecisionSchema } from '@domain/company';
import { ROUTES } from '@domain/routes';
import { Form, Formik } from 'formik';
import { Link } from 'react-router-dom';
import { FocusFirstError, FormError, TextAreaField, useFormSubmit } from '../../components/form';
import { Skeleton } from '../../components/Skeleton';
import { useT } from '../../i18n';
import { useDates } from '../../lib/dates';
import { failureOf } from '../../lib/failure';
import { useMoney } from '../../lib/money';
import { notify } from '../../lib/toast';
import { usePageMeta } from '../../lib/usePageMeta';
import { SignInRedirect, useSession } from '../account';
import {
  CompanyApprovalsDocument,
  MyCompanyDocument,
  type CompanyApprovalsQuery,
} from './graphql/company.generated';
import { useDecideOrder } from './useApprovalActions';

type Approval = CompanyApprovalsQuery['companyApprovals'][number];

/**
 * /user/account/company/approvals: the company's orders over a buyer's limit, oldest first (decision 044). An
 * approver or admin reads each order's lines and approves it (a note optional) or rejects it (a note for the
 * buyer required). The approvers' e-mail links here.
 */
export function ApprovalsPage() {
  const t = useT();
  usePageMeta(t('company.approvals.title'));
  const { user, status } = useSession();
  const { data, loading, error } = useQuery(CompanyApprovalsDocument, {
    skip: !user,
    fetchPolicy: 'cache-and-network',
  });
  if (status === 'unauthenticated') return <SignInRedirect />;
  if (status === 'loading' || (loading && !data)) {
    return (
      <div className="container section" aria-busy="true">
        <Skeleton rows={3} />
      </div>
    );
  }
  const forbidden = error && failureOf(error).code === 'UNPROCESSABLE';
  const approvals = data?.companyApprovals ?? [];
  return (
    <div className="container section page approvals">
      <header className="page-header">
        <h1>{t('company.approvals.title')}</h1>
        <p className="lead">{t('company.approvals.lead')}</p>
      </header>
      {forbidden ? (
        <p className="notice" role="status">
          {t('company.approvals.forbidden')}
        </p>
      ) : error ? (
        <p className="notice notice--error" role="alert">
          {t('company.failed')}
        </p>
      ) : approvals.length === 0 ? (
        <p className="notice" role="status" data-testid="approvals-empty">
          {t('company.approvals.empty')}
        </p>
      ) : (
        <ul className="approvals__list">
          {approvals.map((a) => (
            <ApprovalCard key={a.orderId} approval={a} />
          ))}
        </ul>
      )}
      <p>
        <Link to={ROUTES.company}>{t('company.title')}</Link>
      </p>
    </div>
  );
}

function ApprovalCard({ approval: a }: { approval: Approval }) {
  const t = useT();
  const money = useMoney(a.currencyCode);
  const dates = useDates();
  const [decide] = useDecideOrder();
  const client = useApolloClient();
  const refetchQueue = () =>
    client.refetchQueries({ include: [CompanyApprovalsDocument, MyCompanyDocument] });
  const label = orderNumberLabel(a.orderNumber);
  const { submit, failure } = useFormSubmit(
    async (values: { note: string; approve: boolean }) => {
      const { data } = await decide({
        variables: { orderId: a.orderId, approve: values.approve, note: values.note.trim() || null },
      });
      void notify(
        'success',
        t(
          data?.decideCompanyOrder.decision === 'rejected'
            ? 'company.approvals.rejected'
            : 'company.approvals.approved',
          { number: label },
        ),
      );
    },
    {
      fallback: t('company.failed'),
      onFailure: ({ code, message }) => {
        if (code !== 'CONFLICT') return false;
        // Decided meanwhile (by another approver, or cancelled by its buyer): say so, and show the queue as it is.
        void notify('error', message ?? t('company.failed'));
        void refetchQueue();
        return true;
      },
    },
  );
  const titleId = `approval-${a.orderId}`;
  return (
    <li className="panel approval" aria-labelledby={titleId} data-testid="approval">
      <header className="approval__header">
        <h2 id={titleId}>{t('company.approvals.order', { number: label })}</h2>
        <strong className="approval__total">{money(a.total)}</strong>
      </header>
      <p>
        {t('company.approvals.placedBy', {
          buyer: a.buyerName,
          email: a.buyerEmail,
          date: dates.moment(a.requestedAt),
        })}
      </p>
      <p className="approval__reason">
        {t(a.reason === 'month' ? 'company.approvals.overMonth' : 'company.approvals.overOrder', {
          amount: money(a.spendingLimit, a.limitCurrency),
        })}
      </p>
      <p>
        {a.paymentKind === 'purchaseOrder'
          ? t('company.approvals.payPo', { po: a.poNumber ?? '' })
          : t('company.approvals.payCard')}{' '}
        · {t('company.approvals.shipTo', { to: a.shipTo })}
      </p>
      <table className="orders-table approval__lines">
        <caption className="visually-hidden">{t('company.approvals.lines', { number: label })}</caption>
        <thead>
          <tr>
            <th scope="col">{t('company.approvals.item')}</th>
            <th scope="col" className="num">
              {t('company.approvals.quantity')}
            </th>
            <th scope="col" className="num">
              {t('company.approvals.lineTotal')}
            </th>
          </tr>
        </thead>
        <tbody>
          {a.lines.map((l) => (
            <tr key={l.itemId}>
              <td>
                {l.name}
                <br />
                <small>{l.manufacturerPartNumber ?? l.itemId}</small>
              </td>
              <td className="num">{l.quantity}</td>
              <td className="num">{money(l.lineTotal)}</td>
            </tr>
          ))}
        </tbody>
      </table>
      <Formik
        initialValues={{ note: '', approve: true }}
        validationSchema={approvalDecisionSchema}
        validateOnBlur={false}
        onSubmit={submit}
      >
        {({ isSubmitting, setFieldValue, submitForm }) => {
          const send = (approve: boolean) => {
            void setFieldValue('approve', approve, false).then(() => submitForm());
          };
          return (
            <Form
              method="post"
              className="form"
              noValidate
              aria-label={t('company.approvals.decide', { number: label })}
            >
              <FocusFirstError />
              <FormError message={failure} />
              <TextAreaField
                name="note"
                label={t('company.approvals.note')}
                hint={t('company.approvals.noteHint')}
                maxLength={1000}
              />
              <div className="actions">
                <button
                  type="button"
                  className="btn btn--primary"
                  disabled={isSubmitting}
                  aria-describedby={titleId}
                  onClick={() => send(true)}
                >
                  {t('company.approvals.approve')}
                </button>
                <button
                  type="button"
                  className="btn btn--outline-danger"
                  disabled={isSubmitting}
                  aria-describedby={titleId}
                  onClick={() => send(false)}
                >
                  {t('company.approvals.reject')}
                </button>
              </div>
            </Form>
          );
        }}
      </Formik>
    </li>
  );
}
