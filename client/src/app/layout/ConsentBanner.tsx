import { ROUTES } from '@domain/routes';
import { Link, useLocation } from 'react-router-dom';
import { useT } from '../../i18n';
import { chooseConsent, useConsent } from '../../lib/consent';

/** The consent banner: shown until the shopper chooses; nothing is collected meanwhile unless the region allows. */
export function ConsentBanner() {
  const t = useT();
  const consent = useConsent();
  const { pathname } = useLocation();
  // The preferences page asks the same question in full.
  if (consent.chosen || pathname === ROUTES.cookiePreferences) return null;
  return (
    <>
      {/* Keeps the page's end (the footer) reachable above the bar. */}
      <div className="consent-banner__spacer" aria-hidden="true" />
      <section className="consent-banner" role="region" aria-labelledby="consent-banner-title">
        <div className="container consent-banner__inner">
          <div>
            <h2 id="consent-banner-title">{t('consent.title')}</h2>
            <p>{t('consent.text')}</p>
          </div>
          <div className="consent-banner__actions">
            <button type="button" className="btn btn--primary" onClick={() => chooseConsent('granted')}>
              {t('consent.accept')}
            </button>
            <button
              type="button"
              className="btn btn--outline-primary"
              onClick={() => chooseConsent('denied')}
            >
              {t('consent.reject')}
            </button>
            <Link to={ROUTES.cookiePreferences}>{t('consent.manage')}</Link>
          </div>
        </div>
      </section>
    </>
  );
}
