import { ROUTES } from '@domain/routes';
import { useEffect, useRef } from 'react';
import { Link, useLocation } from 'react-router-dom';
import { useT } from '../../i18n';
import { chooseConsent, useConsent } from '../../lib/consent';

/** The consent banner: shown until the shopper chooses; nothing is collected meanwhile unless the region allows. */
export function ConsentBanner() {
  const t = useT();
  const consent = useConsent();
  const { pathname } = useLocation();
  const shown = !consent.chosen && pathname !== ROUTES.cookiePreferences;
  const bar = useRef<HTMLElement>(null);
  const spacer = useRef<HTMLDivElement>(null);
  // While the bar is up, a control the keyboard reaches scrolls into view above it, never under it: scrolling into
  // view uses the padding, and a control already in the window but under the bar is moved up above it.
  useEffect(() => {
    const element = bar.current;
    if (!shown || !element) return;
    const root = document.documentElement;
    const fit = () => {
      root.style.scrollPaddingBottom = `${element.offsetHeight + 8}px`;
      // The page keeps room below for the bar: its end (the footer) is never hidden behind it.
      if (spacer.current) spacer.current.style.height = `${element.offsetHeight}px`;
    };
    fit();
    const observer = new ResizeObserver(fit);
    observer.observe(element);
    const uncover = (e: FocusEvent) => {
      const target = e.target as HTMLElement | null;
      if (!target || element.contains(target)) return;
      const hidden = target.getBoundingClientRect().bottom - element.getBoundingClientRect().top;
      if (hidden > 0) window.scrollBy(0, hidden + 8);
    };
    document.addEventListener('focusin', uncover);
    return () => {
      observer.disconnect();
      document.removeEventListener('focusin', uncover);
      root.style.scrollPaddingBottom = '';
    };
  }, [shown]);
  // The preferences page asks the same question in full.
  if (!shown) return null;
  return (
    <>
      {/* Keeps the page's end (the footer) reachable above the bar. */}
      <div className="consent-banner__spacer" aria-hidden="true" ref={spacer} />
      <section className="consent-banner" role="region" aria-labelledby="consent-banner-title" ref={bar}>
        <div className="container consent-banner__inner">
          <div className="consent-banner__text">
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
