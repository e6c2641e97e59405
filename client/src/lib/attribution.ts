import { CSRF } from '@domain/constants';
import { readCookie } from './cookies';

const KEY = 'axl.productAttributionToken';

/** The product attribution token kept client-side (spec section 3): set, clear and get. */
export const productAttribution = {
  set(token: string): void {
    try {
      sessionStorage.setItem(KEY, token);
    } catch {
      // Storage can be full or blocked; attribution is best effort.
    }
  },
  get(): string | null {
    try {
      return sessionStorage.getItem(KEY);
    } catch {
      return null;
    }
  },
  clear(): void {
    try {
      sessionStorage.removeItem(KEY);
    } catch {
      // ignored, as in set
    }
  },
};

/** Sends the search-attribution event for a picked product (a beacon: it survives the navigation). */
export function recordSearchClick(click: {
  token: string;
  productId: string;
  position: number;
  query: string;
}) {
  if (!click.token) return;
  productAttribution.set(click.token);
  const body = new URLSearchParams({
    token: click.token,
    productId: click.productId,
    position: String(Math.max(0, click.position)),
    csrf_token: readCookie(CSRF.cookieName) ?? '',
  });
  if (typeof navigator !== 'undefined' && typeof navigator.sendBeacon === 'function') {
    navigator.sendBeacon('/api/search/attribution', body);
  }
}
