import { failureOf, errorMessage } from '../../../lib/failure';
import { loginSchema } from '@domain/account.schema';
import { ROUTES, safeReturnPath } from '@domain/routes';
import { Form, Formik } from 'formik';
import { useState } from 'react';
import { Link, useNavigate, useSearchParams } from 'react-router-dom';
import { useSignIn } from '../useAccountActions';
import { useT } from '../../../i18n';
import { usePageMeta } from '../../../lib/usePageMeta';
import { FormError, FocusFirstError, Field } from '../../../components/form';
import { announceSignIn } from '../session';

/** Only paths of this site (no open redirect through callbackUrl). */
export const safeCallback = (value: string | null) => safeReturnPath(value, ROUTES.account);

export function SignInPage() {
  const t = useT();
  usePageMeta(t('signIn.title'));
  const [params] = useSearchParams();
  const navigate = useNavigate();
  const [failure, setFailure] = useState<string | null>(null);
  const [signIn] = useSignIn();
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
          try {
            await signIn({ variables: { email: values.email.trim(), password: values.password } });
            announceSignIn('sign-in');
            navigate(safeCallback(params.get('callbackUrl')), { replace: true });
          } catch (err) {
            helpers.setErrors(failureOf(err).fields);
            setFailure(errorMessage(err, t('signIn.failed')));
          }
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
