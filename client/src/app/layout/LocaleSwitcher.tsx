import { LOCALES, type Locale } from '@domain/constants';
import { useIntl } from 'react-intl';
import { isLocale, switchLocale, useT } from '../../i18n';

/** Changes the locale, keeping the current path and query, then reloads. */
export function LocaleSwitcher() {
  const t = useT();
  const intl = useIntl();
  return (
    <label className="locale-switcher">
      <span>{t('footer.language')}</span>
      <select
        value={intl.locale}
        onChange={(e) => {
          if (isLocale(e.target.value)) switchLocale(e.target.value as Locale);
        }}
      >
        {LOCALES.map((locale) => (
          <option key={locale} value={locale}>
            {t(`locale.${locale}`)}
          </option>
        ))}
      </select>
    </label>
  );
}
