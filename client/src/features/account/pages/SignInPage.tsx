import { useApolloClient } from '@apollo/client/react';
import { failureOf, errorMessage } from '../../../lib/failure';
import { loginSchema } from '@domain/account.schema';
import { ROUTES, safeReturnPath } from '@domain/routes';
import { Form, Formik } from 'formik';
import { useState } from 'react';
import { Link, useNavigate, useSearchParams } from 'react-router-dom';
import { useT } from '../../../i18n';
import { usePageMeta } from '../../../lib/usePageMeta';
import { FormError, FocusFirstError, Field } from '../../../components/form';
import { signIn } from '../authClient';
import { announceSignIn, initializeUserSession } from '../session';

/** Only paths of this site (no open redirect through callbackUrl). */
export const safeCallback = (value: string | null) => safeReturnPath(value, ROUTES.account);

export function SignInPage() {
  const t = useT();
  usePageMeta(t('signIn.title'));
  const [params] = useSearchParams();
  const navigate = useNavigate();
  const [failure, setFailure] = useState<string | null>(null);
  const client = useApolloClient();
  const notice = params.get('error') === 'SessionRequired' ? t('signIn.sessionRequired') : null;

  return (
    <div className="container section page page--narrow">
      <h1>{t('signIn.title')}</h1>
      {notice && (
        <p className="notice" role="status">
          {notice}
        </p>
      )}
      <Formik
        initialValues={{ email: '', password: '' }}
        validationSchema={loginSchema}
        onSubmit={async (values, helpers) => {
          setFailure(null);
          const callbackUrl = safeCallback(params.get('callbackUrl'));
          const answer = await signIn(
            'credentials',
            { email: values.email.trim(), password: values.password },
            { callbackUrl, redirect: (to) => navigate(to) },
          );
          // Sent to the sign-in page or its error page (spec section 8).
          if (!answer) return;
          if (!answer.ok) {
            helpers.setErrors(failureOf(answer.error).fields);
            setFailure(errorMessage(answer.error, t('signIn.failed')));
            return;
          }
          // The user and the cart (the anonymous one merged in); a user that could not be loaded is a failure.
          if (!(await initializeUserSession(client))) {
            setFailure(t('signIn.failed'));
            return;
          }
          announceSignIn('sign-in');
          navigate(callbackUrl, { replace: true });
        }}
      >
        {({ isSubmitting }) => (
          <Form method="post" className="form" noValidate>
            <FocusFirstError />
            <FormError message={failure} />
            <Field name="email" label={t('form.email')} type="email" autoComplete="username" />
            <Field
              name="password"
              label={t('form.password')}
              type="password"
              autoComplete="current-password"
            />
            <button type="submit" className="btn btn--primary btn--large" disabled={isSubmitting}>
              {t('signIn.submit')}
            </button>
            <p className="form__links">
              <Link to={ROUTES.forgotPassword}>{t('signIn.forgot')}</Link>
              <span aria-hidden="true"> · </span>
              <Link to={ROUTES.signUp}>{t('signIn.register')}</Link>
            </p>
          </Form>
        )}
      </Formik>
    </div>
  );
}

/**
 * Where sign-in sends a visitor when the list of sign-in providers cannot be had (spec section 8): what happened,
 * and the way back to the sign-in page.
 */
export function AuthErrorPage() {
  const t = useT();
  usePageMeta(t('signIn.errorTitle'));
  return (
    <div className="container section page page--narrow">
      <h1>{t('signIn.errorTitle')}</h1>
      <p className="lead" role="alert">
        {t('signIn.errorText')}
      </p>
      <p>
        <Link className="btn btn--primary" to={ROUTES.signIn}>
          {t('signIn.errorBack')}
        </Link>
      </p>
    </div>
  );
}
