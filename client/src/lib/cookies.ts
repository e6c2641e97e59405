import { readCookieFrom } from '@domain/cookies';

/** Reads a cookie of this page. */
export function readCookie(name: string): string | undefined {
  return readCookieFrom(document.cookie, name);
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
