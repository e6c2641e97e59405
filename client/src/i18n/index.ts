import { translateMessage } from '@domain/message-translations';
import { useCallback } from 'react';
import { DEFAULT_LOCALE, isLocale, LOCALE_COOKIE, type Locale } from '@domain/constants';
import { useIntl } from 'react-intl';
import { track } from '../lib/analytics';
import { readCookie, writeCookie } from '../lib/cookies';
import type enUSAll from './messages/en-US.json';
import enUS from './messages/en-US.json?part=shop';

export type MessageId = keyof typeof enUSAll;
export type Messages = Record<MessageId, string>;

type Catalogue = Partial<Messages>;

/**
 * The catalogue ships in two parts (decision 022). `shop`: the shop's frame and catalogue pages, loaded by every
 * page. `more`: the namespaces listed in more-namespaces.json (account, checkout, orders, returns, forms, content
 * pages, the console), loaded with the first page that needs them. The build splits the files
 * (vite.config.mts); the dev server and the tests give the whole catalogue for either part. A namespace not
 * listed stays in `shop`, so it is never missing. en-US's `shop` part is bundled; every other part loads on
 * demand.
 */
type MessagePart = 'shop' | 'more';

const loaders: Record<Locale, Record<MessagePart, () => Promise<Catalogue>>> = {
  'en-US': {
    shop: async () => enUS,
    more: async () => (await import('./messages/en-US.json?part=more')).default,
  },
  'fr-CA': {
    shop: async () => (await import('./messages/fr-CA.json?part=shop')).default,
    more: async () => (await import('./messages/fr-CA.json?part=more')).default,
  },
  'es-MX': {
    shop: async () => (await import('./messages/es-MX.json?part=shop')).default,
    more: async () => (await import('./messages/es-MX.json?part=more')).default,
  },
};

/** The locale's whole catalogue (the server renders every page with it). */
export async function loadMessages(locale: Locale): Promise<Messages> {
  const [shop, more] = await Promise.all([loaders[locale].shop(), loaders[locale].more()]);
  return { ...shop, ...more } as Messages;
}

let browserCatalogue:
  { locale: Locale; messages: Promise<Catalogue>; more?: Promise<void>; whole: boolean } | undefined;

/**
 * The browser's catalogue: the shop's part now; `loadMoreMessages` adds the rest into the same object, which
 * the IntlProvider reads at each lookup, before a page that needs it renders.
 */
export function startCatalogue(locale: Locale): Promise<Messages> {
  const messages = loaders[locale].shop().then((shop) => ({ ...shop }));
  browserCatalogue = { locale, messages, whole: false };
  return messages as Promise<Messages>;
}

/** Whether the catalogue is whole (always, outside the browser). */
export function hasMoreMessages(): boolean {
  return !browserCatalogue || browserCatalogue.whole;
}

/** Loads the rest of the browser's catalogue, once (nothing to do on the server, whose catalogue is whole). */
export function loadMoreMessages(): Promise<void> {
  const catalogue = browserCatalogue;
  if (!catalogue) return Promise.resolve();
  catalogue.more ??= Promise.all([catalogue.messages, loaders[catalogue.locale].more()]).then(
    ([messages, more]) => {
      Object.assign(messages, more);
      catalogue.whole = true;
    },
    (error: unknown) => {
      catalogue.more = undefined; // tried again by the next page that needs it
      throw error;
    },
  );
  return catalogue.more;
}

export const LANGUAGE_CHANGED_EVENT = 'axl:language-changed';

export const LOCALE_COOKIE_MAX_AGE = 365 * 24 * 60 * 60;

export { isLocale };

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
/**
 * The language of the catalogue's own text (product names, descriptions), which is English: `"en"` on a page in
 * another language, so a screen reader reads it as English (lang="en"); undefined on an English page.
 */
export function useCatalogLang(): 'en' | undefined {
  return useIntl().locale.startsWith('en') ? undefined : 'en';
}

/**
 * The `lang` attribute of a piece of catalogue text the server tags with its language (a product's
 * `descriptionLang`, decision 059): none when the text is in the page's language, its tag when it is not (an
 * untranslated description on a fr-CA page reads `lang="en"`). Text without a tag is the catalogue's English.
 */
export function useTextLang(): (lang?: string | null) => string | undefined {
  const { locale } = useIntl();
  return useCallback(
    (lang?: string | null) => {
      const tag = lang || 'en';
      const primary = (code: string) => code.split('-')[0]!.toLowerCase();
      return tag === locale || (primary(tag) === 'en' && primary(locale) === 'en') ? undefined : tag;
    },
    [locale],
  );
}

export function useT() {
  const intl = useIntl();
  return useCallback(
    (id: MessageId, values?: Record<string, string | number>) => intl.formatMessage({ id }, values),
    [intl],
  );
}

/**
 * A message of the store (a schema's validation message, a refusal from the server) in the viewer's language:
 * the messages are the specification's English words, translated by domain/message-translations.ts.
 */
export function useMessage() {
  const { locale } = useIntl();
  return useCallback((text: string) => translateMessage(text, isLocale(locale) ? locale : 'en-US'), [locale]);
}
