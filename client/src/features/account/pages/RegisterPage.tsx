import { useApolloClient, useQuery } from '@apollo/client/react';
import { registrationAccountSchema, registrationPasswordSchema } from '@domain/account.schema';
import { ROUTES } from '@domain/routes';
import { Form, Formik } from 'formik';
import { useState } from 'react';
import { Link, useNavigate, useSearchParams } from 'react-router-dom';
import { PendingRegistrationDocument } from '../graphql/account.generated';
import { useCompleteRegistration, useStartRegistration } from '../useAccountActions';
import { useT } from '../../../i18n';
import { usePageMeta } from '../../../lib/usePageMeta';
import {
  NewPasswordFields,
  FormError,
  FocusFirstError,
  Field,
  CheckboxField,
  useFormSubmit,
} from '../../../components/form';
import { announceSignIn, initializeUserSession } from '../session';

/** Registration in two steps: ACCOUNT (e-mails a link), then PASSWORD (from the link's token). */
export function RegisterPage() {
  const t = useT();
  usePageMeta(t('register.title'));
  const token = useSearchParams()[0].get('token');
  return (
    <div className="container section page page--narrow">
      <h1>{t('register.title')}</h1>
      {token ? <PasswordStep token={token} /> : <AccountStep />}
    </div>
  );
}

/** The terms to accept, with a link to read them (in a new tab: the form keeps what was typed). */
function Terms() {
  const t = useT();
  return (
    <CheckboxField
      name="termsAccepted"
      label={
        <>
          {t('register.terms')}{' '}
          <Link to={ROUTES.terms} target="_blank">
            {t('register.termsLink')}
          </Link>
        </>
      }
    />
  );
}

interface RegistrationValues {
  email: string;
  firstName: string;
  lastName: string;
  erpAccountId: string;
  termsAccepted: boolean;
}

function AccountStep() {
  const t = useT();
  const [sentTo, setSentTo] = useState<string | null>(null);
  const [start] = useStartRegistration();
  const { submit, failure } = useFormSubmit(
    async (values: RegistrationValues) => {
      const input = registrationAccountSchema.cast(values);
      await start({ variables: { input: { ...input, erpAccountId: input.erpAccountId || null } } });
      setSentTo(input.email);
    },
    { fallback: t('register.failed'), alsoAboveFields: true },
  );
  if (sentTo)
    return (
      <div className="notice" role="status">
        <h2>{t('register.checkEmailTitle')}</h2>
        <p>{t('register.checkEmail', { email: sentTo })}</p>
      </div>
    );
  return (
    <Formik
      initialValues={{ email: '', firstName: '', lastName: '', erpAccountId: '', termsAccepted: false }}
      validationSchema={registrationAccountSchema}
      onSubmit={submit}
    >
      {({ isSubmitting }) => (
        <Form method="post" className="form" noValidate>
          <FocusFirstError />
          <p className="lead">{t('register.step1')}</p>
          <FormError message={failure} />
          <Field name="firstName" label={t('form.firstName')} autoComplete="given-name" />
          <Field name="lastName" label={t('form.lastName')} autoComplete="family-name" />
          <Field name="email" label={t('form.email')} type="email" autoComplete="email" />
          <Field name="erpAccountId" label={t('register.erpAccountId')} autoComplete="off" />
          <Terms />
          <button type="submit" className="btn btn--primary btn--large" disabled={isSubmitting}>
            {t('register.continue')}
          </button>
          <p className="form__links">
            <Link to={ROUTES.signIn}>{t('register.haveAccount')}</Link>
          </p>
        </Form>
      )}
    </Formik>
  );
}

function PasswordStep({ token }: { token: string }) {
  const t = useT();
  const navigate = useNavigate();
  const pending = useQuery(PendingRegistrationDocument, { variables: { token }, errorPolicy: 'all' });
  const [complete] = useCompleteRegistration();
  const client = useApolloClient();
  const { submit, failure } = useFormSubmit(
    async (values: { token: string; password: string; confirmPassword: string }) => {
      await complete({ variables: { id: pending.data!.registration!.id, ...values } });
      // Signed in: the cart and the payment key follow, as after a sign-in.
      await initializeUserSession(client);
      announceSignIn('registration');
      navigate(ROUTES.account, { replace: true });
    },
    { fallback: t('register.failed'), alsoAboveFields: true },
  );
  if (pending.loading) return <p aria-busy="true">{t('register.checking')}</p>;
  const registration = pending.data?.registration;
  if (!registration)
    return (
      <p className="form__error" role="alert">
        {t('register.linkInvalid')} <Link to={ROUTES.signUp}>{t('register.startAgain')}</Link>
      </p>
    );
  return (
    <Formik
      initialValues={{ token, password: '', confirmPassword: '' }}
      validationSchema={registrationPasswordSchema}
      onSubmit={submit}
    >
      {({ isSubmitting }) => (
        <Form method="post" className="form" noValidate>
          <FocusFirstError />
          <p className="lead">
            {t('register.step2', { name: registration.firstName, email: registration.email })}
          </p>
          <FormError message={failure} />
          <NewPasswordFields name="password" />
          <button type="submit" className="btn btn--primary btn--large" disabled={isSubmitting}>
            {t('register.create')}
          </button>
        </Form>
      )}
    </Formik>
  );
}
