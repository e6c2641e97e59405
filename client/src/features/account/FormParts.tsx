import { PASSWORD_HINTS } from '@domain/account.schema';
import { useT } from '../../i18n';
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
  if (!message) return null;
  return (
    <p className="form__error" role="alert">
      {message}
    </p>
  );
}
