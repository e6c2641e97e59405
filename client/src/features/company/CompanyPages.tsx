import { useQuery } from '@apollo/client/react';
import {
  COMPANY_CAN,
  COMPANY_ROLES,
  COMPANY_ROLE_NAMES,
  companyInvitationSchema,
  companyMemberSchema,
  type CompanyRoleName,
} from '@domain/company';
import { ROUTES } from '@domain/routes';
import { Form, Formik, type FormikHelpers } from 'formik';
import { useState } from 'react';
import { Link, useNavigate, useSearchParams } from 'react-router-dom';
import { Field, FocusFirstError, FormError, SelectField, useFormSubmit } from '../../components/form';
import { Skeleton } from '../../components/Skeleton';
import { useMessage, useT } from '../../i18n';
import { useDates } from '../../lib/dates';
import { errorMessage } from '../../lib/failure';
import { useMoney } from '../../lib/money';
import { useSite } from '../../lib/site';
import { notify } from '../../lib/toast';
import { usePageMeta } from '../../lib/usePageMeta';
import { SignInRedirect, useSession } from '../account';
import {
  CompanyInvitationDocument,
  MyCompanyDocument,
  MyCompanyInvitationsDocument,
  type CompanyFieldsFragment,
  type CompanyMemberFieldsFragment,
} from './graphql/company.generated';
import { CompanyApplicationPanel } from './CompanyApplication';
import { CompanyLocations } from './CompanyLocations';
import {
  useAcceptInvitation,
  useAcceptMyInvitation,
  useInvitationActions,
  useMemberActions,
} from './useCompanyActions';

/** The role names as the page shows them, in the page's language. */
function useRoleLabel() {
  const t = useT();
  return (role: string) =>
    (COMPANY_ROLE_NAMES as readonly string[]).includes(role)
      ? t(`company.role.${role as CompanyRoleName}`)
      : role;
}

/** The form's value of a limit: empty for none. */
const limitValue = (value: number | null | undefined) =>
  value === null || value === undefined ? '' : String(value);

/** /user/account/company: the buyer's company; its admins invite, change roles and limits, and remove members. */
export function CompanyPage() {
  const t = useT();
  usePageMeta(t('company.title'));
  const { user, status } = useSession();
  const { data, loading } = useQuery(MyCompanyDocument, { skip: !user, fetchPolicy: 'cache-and-network' });
  if (status === 'unauthenticated') return <SignInRedirect />;
  if (status === 'loading' || (loading && !data)) {
    return (
      <div className="container section" aria-busy="true">
        <Skeleton rows={3} />
      </div>
    );
  }
  const company = data?.myCompany;
  return (
    <div className="container section page">
      <header className="page-header">
        <h1>{company ? company.name : t('company.title')}</h1>
        {company && (
          <p className="lead">
            {t('company.yourRole', { role: t(`company.role.${company.me.role as CompanyRoleName}`) })}
            {company.erpAccountId && <> · {t('company.erp', { number: company.erpAccountId })}</>}
          </p>
        )}
      </header>
      {company ? (
        <CompanyBody company={company} />
      ) : (
        <>
          <p className="lead">{t('company.none')}</p>
          <InvitationsToMe />
          <CompanyApplicationPanel />
        </>
      )}
      <p>
        <Link to={ROUTES.account}>{t('page.account.title')}</Link>
      </p>
    </div>
  );
}

function CompanyBody({ company }: { company: CompanyFieldsFragment }) {
  const t = useT();
  // Limits, and what was spent against them, are in the company's currency (decision 052).
  const money = useMoney(company.currency);
  const site = useSite();
  const admin = company.me.role === 'Admin';
  const limits = (m: { orderLimit?: number | null; monthlyLimit?: number | null }) =>
    [
      m.orderLimit != null
        ? t('company.orderLimitIs', { amount: money(m.orderLimit) })
        : t('company.noOrderLimit'),
      m.monthlyLimit != null
        ? t('company.monthlyLimitIs', { amount: money(m.monthlyLimit) })
        : t('company.noMonthlyLimit'),
    ].join(' · ');
  const approver = admin || company.me.role === 'Approver';
  const spending = (
    <section className="panel" aria-labelledby="my-membership">
      <h2 id="my-membership">{t('company.yourLimits')}</h2>
      <p>{limits(company.me)}</p>
      <p data-testid="spent-this-month">
        {company.spentThisMonth === null
          ? t('company.spentUncounted')
          : t('company.spentThisMonth', { amount: money(company.spentThisMonth) })}
      </p>
      {site.currency.toUpperCase() !== company.currency.toUpperCase() && (
        <p data-testid="exchange-rate">
          {company.exchangeRate === null
            ? t('company.noExchangeRate', {
                currency: company.currency.toUpperCase(),
                site: site.currency.toUpperCase(),
              })
            : t('company.exchangeRate', {
                currency: company.currency.toUpperCase(),
                site: site.currency.toUpperCase(),
                rate: company.exchangeRate,
              })}
        </p>
      )}
      {!admin && <p>{t('company.askAdmin')}</p>}
      {COMPANY_CAN.seeOrders(COMPANY_ROLES[company.me.role as CompanyRoleName]) && (
        <p className="actions">
          {approver && (
            <Link
              className="btn btn--outline-primary"
              to={ROUTES.companyApprovals}
              data-testid="approvals-link"
            >
              {t('company.approvals.link', { count: company.approvalsWaiting })}
            </Link>
          )}
          <Link
            className="btn btn--outline-primary"
            to={ROUTES.companyOrders}
            data-testid="company-orders-link"
          >
            {t('company.orders.title')}
          </Link>
        </p>
      )}
    </section>
  );
  const locations = <CompanyLocations company={company} />;
  if (!admin) {
    return (
      <div className="lists">
        {spending}
        {locations}
      </div>
    );
  }
  return (
    <div className="lists">
      {spending}
      <section aria-labelledby="members-title">
        <h2 id="members-title">{t('company.members')}</h2>
        <ul className="lists__items">
          {company.members.map((m) => (
            <Member key={m.userId} member={m} self={m.userId === company.me.userId} limits={limits(m)} />
          ))}
        </ul>
      </section>
      <section className="panel" aria-labelledby="invite-title">
        <h2 id="invite-title">{t('company.invite')}</h2>
        <InviteForm />
        {company.invitations.length > 0 && <Invitations company={company} />}
      </section>
      {locations}
    </div>
  );
}

function Member({
  member,
  self,
  limits,
}: {
  member: CompanyMemberFieldsFragment;
  self: boolean;
  limits: string;
}) {
  const t = useT();
  const roleLabel = useRoleLabel();
  const [editing, setEditing] = useState(false);
  const { update, remove, removing } = useMemberActions();
  const { submit, failure } = useFormSubmit(
    async (values: { role: string; orderLimit: string; monthlyLimit: string }) => {
      const input = companyMemberSchema.cast(values);
      await update({ variables: { userId: member.userId, input } });
      setEditing(false);
      void notify('success', t('company.saved'));
    },
    { fallback: t('company.failed') },
  );
  const name = `${member.firstName} ${member.lastName}`.trim() || member.email;
  return (
    <li className="panel" data-testid="company-member">
      <div>
        <strong>{name}</strong>
        {self && <> ({t('company.you')})</>}
        <br />
        <span>{member.email}</span>
        <br />
        <span>
          {roleLabel(member.role)} · {limits}
        </span>
      </div>
      {editing ? (
        <Formik
          initialValues={{
            role: member.role,
            orderLimit: limitValue(member.orderLimit),
            monthlyLimit: limitValue(member.monthlyLimit),
          }}
          validationSchema={companyMemberSchema}
          onSubmit={submit}
        >
          {({ isSubmitting }) => (
            <Form method="post" className="form" noValidate aria-label={t('company.editMember', { name })}>
              <FocusFirstError />
              <FormError message={failure} />
              <MemberFields />
              <div className="actions">
                <button type="submit" className="btn btn--primary" disabled={isSubmitting}>
                  {t('company.save')}
                </button>
                <button type="button" className="btn btn--outline-primary" onClick={() => setEditing(false)}>
                  {t('company.cancel')}
                </button>
              </div>
            </Form>
          )}
        </Formik>
      ) : (
        <div className="actions">
          <button type="button" className="btn btn--outline-primary" onClick={() => setEditing(true)}>
            {t('company.change')}
          </button>
          <button
            type="button"
            className="btn btn--outline-danger"
            disabled={removing}
            onClick={() => {
              if (!window.confirm(t('company.removeConfirm', { name }))) return;
              remove({ variables: { userId: member.userId } }).then(
                () => notify('success', t('company.removed', { name })),
                (err: unknown) => notify('error', errorMessage(err, t('company.failed'))),
              );
            }}
          >
            {t('company.remove')}
          </button>
        </div>
      )}
    </li>
  );
}

/** Role and the two limits (empty: none). */
function MemberFields() {
  const t = useT();
  const roleLabel = useRoleLabel();
  return (
    <>
      <SelectField
        name="role"
        label={t('company.role')}
        placeholder={t('company.chooseRole')}
        options={COMPANY_ROLE_NAMES.map((r) => ({ value: r, label: roleLabel(r) }))}
      />
      <Field
        name="orderLimit"
        label={t('company.orderLimit')}
        inputMode="decimal"
        placeholder={t('company.noLimit')}
      />
      <Field
        name="monthlyLimit"
        label={t('company.monthlyLimit')}
        inputMode="decimal"
        placeholder={t('company.noLimit')}
      />
    </>
  );
}

function InviteForm() {
  const t = useT();
  const { invite } = useInvitationActions();
  type InviteValues = { email: string; role: string; orderLimit: string; monthlyLimit: string };
  const { submit, failure } = useFormSubmit(
    async (values: InviteValues, helpers: FormikHelpers<InviteValues>) => {
      const input = companyInvitationSchema.cast(values);
      await invite({ variables: { input } });
      helpers.resetForm();
      void notify('success', t('company.invited', { email: input.email }));
    },
    { fallback: t('company.failed') },
  );
  return (
    <Formik
      initialValues={{ email: '', role: 'Buyer', orderLimit: '', monthlyLimit: '' }}
      validationSchema={companyInvitationSchema}
      onSubmit={submit}
    >
      {({ isSubmitting }) => (
        <Form method="post" className="form" noValidate aria-label={t('company.invite')}>
          <FocusFirstError />
          <FormError message={failure} />
          <Field name="email" type="email" label={t('company.email')} autoComplete="off" />
          <MemberFields />
          <button type="submit" className="btn btn--primary" disabled={isSubmitting}>
            {t('company.send')}
          </button>
        </Form>
      )}
    </Formik>
  );
}

function Invitations({ company }: { company: CompanyFieldsFragment }) {
  const t = useT();
  const roleLabel = useRoleLabel();
  const dates = useDates();
  const { revoke } = useInvitationActions();
  return (
    <>
      <h3>{t('company.openInvitations')}</h3>
      <ul className="lists__items">
        {company.invitations.map((i) => (
          <li key={i.id} data-testid="company-invitation">
            <span>
              {i.email} · {roleLabel(i.role)} · {t('company.expires', { date: dates.day(i.expiresAt) })}
            </span>
            <button
              type="button"
              className="link-button"
              onClick={() =>
                revoke({ variables: { id: i.id } }).then(
                  () => notify('success', t('company.revoked', { email: i.email })),
                  (err: unknown) => notify('error', errorMessage(err, t('company.failed'))),
                )
              }
            >
              {t('company.revoke')}
            </button>
          </li>
        ))}
      </ul>
    </>
  );
}

/**
 * The open invitations to the signed-in person's own address: where an invitation is checked, and accepted, without
 * the e-mail's link (its e-mail says so).
 */
function InvitationsToMe() {
  const t = useT();
  const message = useMessage();
  const roleLabel = useRoleLabel();
  const dates = useDates();
  const { data } = useQuery(MyCompanyInvitationsDocument, { fetchPolicy: 'cache-and-network' });
  const [accept, accepting] = useAcceptMyInvitation();
  const invitations = data?.myCompanyInvitations ?? [];
  if (!invitations.length) return null;
  return (
    <section className="panel" aria-labelledby="invitations-to-me">
      <h2 id="invitations-to-me">{t('company.invitationsToYou')}</h2>
      <ul className="lists__items">
        {invitations.map((i) => (
          <li key={i.id} data-testid="invitation-to-me">
            <span>
              {t('company.offer', { invitedBy: i.invitedBy, company: i.company, role: roleLabel(i.role) })}{' '}
              {t('company.expires', { date: dates.day(i.expiresAt) })}
            </span>
            <button
              type="button"
              className="btn btn--primary"
              disabled={accepting.loading}
              onClick={() =>
                accept({ variables: { id: i.id } }).then(
                  () => notify('success', t('company.joined', { company: i.company })),
                  (err: unknown) => notify('error', message(errorMessage(err, t('company.failed')))),
                )
              }
            >
              {t('company.accept', { company: i.company })}
            </button>
          </li>
        ))}
      </ul>
    </section>
  );
}

/**
 * /company/join?token=…: what the e-mailed invitation offers; signed in with the invited address, the person
 * accepts and lands on the company page; signed out, they sign in or register and come back.
 */
export function JoinCompanyPage() {
  const t = useT();
  // The server's refusals (the spec's English) in the page's language.
  const message = useMessage();
  usePageMeta(t('company.joinTitle'));
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const token = params.get('token') ?? '';
  const { user, status } = useSession();
  const { data, error, loading } = useQuery(CompanyInvitationDocument, {
    variables: { token },
    skip: !token,
  });
  const [accept, accepting] = useAcceptInvitation();
  const [failure, setFailure] = useState<string | null>(null);
  const invitation = data?.companyInvitation;
  if (loading || status === 'loading') {
    return (
      <div className="container section" aria-busy="true">
        <Skeleton rows={2} />
      </div>
    );
  }
  if (!token || error || !invitation) {
    return (
      <div className="container section page">
        <h1>{t('company.joinTitle')}</h1>
        <p className="lead" role="alert">
          {message(errorMessage(error, t('company.invalid')))}
        </p>
        <Link to={ROUTES.home}>{t('company.toHome')}</Link>
      </div>
    );
  }
  const here = `${ROUTES.joinCompany}?token=${encodeURIComponent(token)}`;
  const wrongAccount = user && user.emailAddress.toLowerCase() !== invitation.email.toLowerCase();
  return (
    <div className="container section page">
      <h1>{t('company.joinTitle')}</h1>
      <section className="panel" aria-labelledby="invitation-offer">
        <p id="invitation-offer" className="lead">
          {t('company.offer', {
            invitedBy: invitation.invitedBy,
            company: invitation.company,
            role: t(`company.role.${invitation.role as CompanyRoleName}`),
          })}
        </p>
        <p>{t('company.forAddress', { email: invitation.email })}</p>
        {failure && (
          <p className="form__error" role="alert">
            {failure}
          </p>
        )}
        {!user ? (
          <>
            <p>{t('company.registerFirst', { email: invitation.email })}</p>
            <div className="actions">
              <Link
                className="btn btn--primary"
                to={`${ROUTES.signIn}?callbackUrl=${encodeURIComponent(here)}`}
              >
                {t('company.signInToAccept')}
              </Link>
              <Link className="btn btn--outline-primary" to={ROUTES.signUp}>
                {t('company.registerToAccept')}
              </Link>
            </div>
          </>
        ) : wrongAccount ? (
          <p role="alert">
            {t('company.wrongAccount', { email: invitation.email, current: user.emailAddress })}
          </p>
        ) : (
          <button
            type="button"
            className="btn btn--primary"
            disabled={accepting.loading}
            onClick={() => {
              setFailure(null);
              accept({ variables: { token } }).then(
                () => {
                  void notify('success', t('company.joined', { company: invitation.company }));
                  void navigate(ROUTES.company);
                },
                (err: unknown) => setFailure(message(errorMessage(err, t('company.failed')))),
              );
            }}
          >
            {t('company.accept', { company: invitation.company })}
          </button>
        )}
      </section>
    </div>
  );
}
