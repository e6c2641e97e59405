import { PASSWORD_HINTS } from '@domain/account.schema';
import { useT } from '../../i18n';

/** The password rules shown under new-password fields (spec section 5, verbatim in en-US). */
export function PasswordHints() {
  const t = useT();
  return (
    <div className="hints">
      <p>{t('password.hintsTitle')}</p>
      <ul>
        {PASSWORD_HINTS.map((_, i) => (
          <li key={i}>{t(`password.hint${i + 1}` as 'password.hint1')}</li>
        ))}
      </ul>
    </div>
  );
}
