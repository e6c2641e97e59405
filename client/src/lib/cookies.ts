import { readCookieFrom } from '@domain/cookies';

/**
 * The page's cookies: `document.cookie` in the browser; while the server renders the page (entry-server.tsx),
 * the Cookie header of the request being rendered.
 */
function cookieHeader(): string {
  if (typeof document !== 'undefined') return document.cookie;
  return (globalThis as { __axlRequestCookies?: () => string }).__axlRequestCookies?.() ?? '';
}

/** Reads a cookie of this page. */
export function readCookie(name: string): string | undefined {
  return readCookieFrom(cookieHeader(), name);
}

export function writeCookie(
  name: string,
  value: string,
  options: { maxAgeSeconds?: number; path?: string } = {},
): void {
  const parts = [`${name}=${encodeURIComponent(value)}`, `path=${options.path ?? '/'}`, 'samesite=lax'];
  if (options.maxAgeSeconds !== undefined) parts.push(`max-age=${options.maxAgeSeconds}`);
  if (window.location.protocol === 'https:') parts.push('secure');
  document.cookie = parts.join('; ');
}
