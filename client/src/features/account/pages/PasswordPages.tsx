import { forgotPasswordSchema, passwordResetSchema } from '@domain/account.schema';
import { ROUTES } from '@domain/routes';
import { Form, Formik } from 'formik';
import { useState } from 'react';
import { Link, useSearchParams } from 'react-router-dom';
import { useForgotPassword, useResetPassword } from '../useAccountActions';
import { useT } from '../../../i18n';
import { usePageMeta } from '../../../lib/usePageMeta';
import {
  NewPasswordFields,
  FormError,
  FocusFirstError,
  Field,
  useFormSubmit,
} from '../../../components/form';

export function ForgotPasswordPage() {
  const t = useT();
  usePageMeta(t('forgot.title'));
  const [done, setDone] = useState(false);
  const [forgot] = useForgotPassword();
  // A refusal (too many links asked for) or a lost connection is said above the field.
  const { submit, failure } = useFormSubmit(
    async (values: { email: string }) => {
      await forgot({ variables: { email: values.email.trim() } });
      setDone(true);
    },
    { fallback: t('forms.failed') },
  );
  return (
    <div className="container section page page--narrow">
      <h1>{t('forgot.title')}</h1>
      {done ? (
        <p className="notice" role="status">
          {t('forgot.sent')}
        </p>
      ) : (
        <Formik initialValues={{ email: '' }} validationSchema={forgotPasswordSchema} onSubmit={submit}>
          {({ isSubmitting }) => (
            <Form method="post" className="form" noValidate>
              <FocusFirstError />
              <FormError message={failure} />
              <p className="lead">{t('forgot.text')}</p>
              <Field name="email" label={t('form.email')} type="email" autoComplete="email" />
              <button type="submit" className="btn btn--primary btn--large" disabled={isSubmitting}>
                {t('forgot.submit')}
              </button>
            </Form>
          )}
        </Formik>
      )}
    </div>
  );
}

export function ResetPasswordPage() {
  const t = useT();
  usePageMeta(t('reset.title'));
  const token = useSearchParams()[0].get('token') ?? '';
  const [done, setDone] = useState(false);
  const [reset] = useResetPassword();
  const { submit, failure } = useFormSubmit(
    async (values: { token: string; newPassword: string; confirmPassword: string }) => {
      await reset({ variables: values });
      setDone(true);
    },
    { fallback: t('reset.failed'), alsoAboveFields: true },
  );
  return (
    <div className="container section page page--narrow">
      <h1>{t('reset.title')}</h1>
      {done ? (
        <p className="notice" role="status">
          {t('reset.done')} <Link to={ROUTES.signIn}>{t('header.signIn')}</Link>
        </p>
      ) : (
        <Formik
          initialValues={{ token, newPassword: '', confirmPassword: '' }}
          validationSchema={passwordResetSchema}
          onSubmit={submit}
        >
          {({ isSubmitting }) => (
            <Form method="post" className="form" noValidate>
              <FocusFirstError />
              <FormError message={failure} />
              <NewPasswordFields name="newPassword" />
              <button type="submit" className="btn btn--primary btn--large" disabled={isSubmitting}>
                {t('reset.submit')}
              </button>
            </Form>
          )}
        </Formik>
      )}
    </div>
  );
}
