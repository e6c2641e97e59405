import { PASSWORD_HINTS } from '@domain/account.schema';
import { useFormikContext } from 'formik';
import { useEffect, useRef } from 'react';
import { useMessage, useT } from '../../i18n';
import { Field } from './Field';

/** New password, its confirmation, and the rules under them (spec section 5, verbatim in en-US). */
export function NewPasswordFields({ name }: { name: 'password' | 'newPassword' }) {
  const t = useT();
  return (
    <>
      <Field name={name} label={t('form.newPassword')} type="password" autoComplete="new-password" />
      <Field
        name="confirmPassword"
        label={t('form.confirmPassword')}
        type="password"
        autoComplete="new-password"
      />
      <div className="hints">
        <p>{t('password.hintsTitle')}</p>
        <ul>
          {PASSWORD_HINTS.map((_, i) => (
            <li key={i}>{t(`password.hint${i + 1}` as 'password.hint1')}</li>
          ))}
        </ul>
      </div>
    </>
  );
}

/** The message of a failed submit, above the form's fields. */
export function FormError({ message }: { message: string | null }) {
  const translated = useMessage();
  if (!message) return null;
  return (
    <p className="form__error" role="alert">
      {translated(message)}
    </p>
  );
}

/**
 * After a submit that fails validation, the keyboard's focus goes to the first field in error: a screen reader
 * then reads the field and its message (aria-describedby), and a sighted user sees where to look. Put it inside a
 * Formik form.
 */
export function FocusFirstError() {
  const { submitCount, isValid, isValidating, isSubmitting } = useFormikContext();
  const marker = useRef<HTMLSpanElement>(null);
  useEffect(() => {
    if (submitCount === 0 || isValid || isValidating || isSubmitting) return;
    const form = marker.current?.closest('form');
    const first = form?.querySelector<HTMLElement>('[aria-invalid="true"]');
    first?.focus();
  }, [submitCount, isValid, isValidating, isSubmitting]);
  return <span ref={marker} hidden />;
}
