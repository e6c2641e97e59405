import { CANADIAN_PROVINCES, parseRegion, type Region } from '@domain/consent';
import { STATES } from '@domain/states';
import { useState, type FormEvent } from 'react';
import { useT } from '../../i18n';
import { chooseConsent, useConsent } from '../../lib/consent';
import { usePageMeta } from '../../lib/usePageMeta';

const OTHER = 'OTHER';

const regionValue = (region: Region | null): string =>
  !region ? '' : region.subdivision ? `${region.country}-${region.subdivision}` : OTHER;

/** The preferences page: analytics on or off, and the region its defaults follow; changeable at any time. */
export function ConsentPreferencesPage() {
  const t = useT();
  usePageMeta(t('consent.pageTitle'));
  const consent = useConsent();
  const [analytics, setAnalytics] = useState(consent.analytics === 'granted');
  const [region, setRegion] = useState(regionValue(consent.region));
  const [saved, setSaved] = useState(false);

  const submit = (e: FormEvent) => {
    e.preventDefault();
    const picked = region === OTHER ? { country: 'ZZ' } : parseRegion(region);
    chooseConsent(analytics ? 'granted' : 'denied', picked);
    setSaved(true);
  };

  return (
    <div className="container section narrow">
      <h1>{t('consent.pageTitle')}</h1>
      <p className="lead">{t('consent.pageIntro')}</p>
      <form className="consent-form" method="post" onSubmit={submit}>
        <fieldset className="consent-form__purpose">
          <legend>{t('consent.necessaryTitle')}</legend>
          <p>{t('consent.necessaryText')}</p>
          <p className="consent-form__always">{t('consent.alwaysOn')}</p>
        </fieldset>
        <fieldset className="consent-form__purpose">
          <legend>{t('consent.analyticsTitle')}</legend>
          <p>{t('consent.analyticsText')}</p>
          <label className="checkbox">
            <input
              type="checkbox"
              name="analytics"
              checked={analytics}
              onChange={(e) => {
                setAnalytics(e.target.checked);
                setSaved(false);
              }}
            />
            {t('consent.analyticsAllow')}
          </label>
        </fieldset>
        <div className="field">
          <label htmlFor="consent-region">{t('consent.region')}</label>
          <select
            id="consent-region"
            value={region}
            onChange={(e) => {
              setRegion(e.target.value);
              setSaved(false);
            }}
          >
            <option value="">{t('consent.regionNone')}</option>
            <optgroup label={t('consent.countryUS')}>
              {STATES.map((s) => (
                <option key={s.code} value={`US-${s.code}`}>
                  {s.name}
                </option>
              ))}
            </optgroup>
            <optgroup label={t('consent.countryCA')}>
              {CANADIAN_PROVINCES.map(([code, name]) => (
                <option key={code} value={`CA-${code}`}>
                  {name}
                </option>
              ))}
            </optgroup>
            <option value={OTHER}>{t('consent.countryOther')}</option>
          </select>
          <p className="field__hint">{t('consent.regionHint')}</p>
        </div>
        <button type="submit" className="btn btn--primary">
          {t('consent.save')}
        </button>
        <p role="status" className="consent-form__status">
          {saved ? t('consent.saved') : ''}{' '}
          {consent.analytics === 'granted' ? t('consent.statusGranted') : t('consent.statusDenied')}
        </p>
      </form>
    </div>
  );
}
