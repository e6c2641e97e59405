import { useCallback } from 'react';
import { DEFAULT_LOCALE, LOCALE_COOKIE, LOCALES, type Locale } from '@domain/constants';
import { useIntl } from 'react-intl';
import { track } from '../lib/analytics';
import { readCookie, writeCookie } from '../lib/cookies';
import enUS from './messages/en-US.json';

export type MessageId = keyof typeof enUS;
export type Messages = Record<MessageId, string>;

/** en-US is bundled; the other catalogues load on demand. */
const loaders: Record<Locale, () => Promise<Messages>> = {
  'en-US': async () => enUS,
  'fr-CA': async () => (await import('./messages/fr-CA.json')).default,
  'es-MX': async () => (await import('./messages/es-MX.json')).default,
};

export function loadMessages(locale: Locale): Promise<Messages> {
  return loaders[locale]();
}

export const LANGUAGE_CHANGED_EVENT = 'axl:language-changed';

export const LOCALE_COOKIE_MAX_AGE = 365 * 24 * 60 * 60;

export function isLocale(value: unknown): value is Locale {
  return typeof value === 'string' && (LOCALES as readonly string[]).includes(value);
}

/** The locale from the `locale` cookie, else en-US. */
export function currentLocale(): Locale {
  const fromCookie = readCookie(LOCALE_COOKIE);
  return isLocale(fromCookie) ? fromCookie : DEFAULT_LOCALE;
}

/**
 * Changes the locale as the spec says: keep the current path and query, store the choice in the locale
 * cookie, then reload the page.
 */
export function switchLocale(
  locale: Locale,
  location: Pick<Location, 'pathname' | 'search' | 'hash' | 'replace'> = window.location,
): string {
  writeCookie(LOCALE_COOKIE, locale, { maxAgeSeconds: LOCALE_COOKIE_MAX_AGE });
  // Spec section 4: the language-changed event, before the reload.
  window.dispatchEvent(new CustomEvent(LANGUAGE_CHANGED_EVENT, { detail: { locale } }));
  track({ type: 'language-changed', locale });
  const target = `${location.pathname}${location.search}${location.hash}`;
  location.replace(target);
  return target;
}

/** Typed message lookup: a missing id is a compile error. */
/** The translate function of the current locale; the same function until the locale changes. */
export function useT() {
  const intl = useIntl();
  return useCallback(
    (id: MessageId, values?: Record<string, string | number>) => intl.formatMessage({ id }, values),
    [intl],
  );
}
