import { DEFAULT_LOCALE, isLocale, LOCALE_COOKIE, type Locale } from './constants';

/** Reads one cookie from a `Cookie` header (server) or `document.cookie` (browser); undefined when absent. */
export function readCookieFrom(header: string | undefined, name: string): string | undefined {
  if (!header) return undefined;
  for (const part of header.split(';')) {
    const eq = part.indexOf('=');
    if (eq > 0 && part.slice(0, eq).trim() === name) {
      try {
        return decodeURIComponent(part.slice(eq + 1).trim());
      } catch {
        return undefined;
      }
    }
  }
  return undefined;
}

/** The shopper's locale from a Cookie header (the `locale` cookie), else the default. */
export function localeOfCookies(cookieHeader: string | undefined): Locale {
  const value = readCookieFrom(cookieHeader, LOCALE_COOKIE);
  return isLocale(value) ? value : DEFAULT_LOCALE;
}
