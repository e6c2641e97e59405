import { CSRF } from '@domain/constants';
import { readCookie, writeCookie } from './cookies';

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** Sends a beacon log to POST /api/auth/_log with level and code as form fields (spec section 7). */
export function beaconLog(level: 'error' | 'warn' | 'info', code: string): void {
  const body = new URLSearchParams({ level, code });
  if (typeof navigator !== 'undefined' && typeof navigator.sendBeacon === 'function') {
    navigator.sendBeacon('/api/auth/_log', body);
  } else {
    void fetch('/api/auth/_log', { method: 'POST', body, keepalive: true }).catch(() => undefined);
  }
}

let pending: Promise<string> | undefined;

/**
 * The CSRF token for calls other than GET/HEAD/OPTIONS: the `clientCsrfToken` cookie when present, else
 * GET /api/auth/csrf (3 retries, 1000 ms apart), stored in the cookie (path /, SameSite=Lax).
 * On failure a beacon log is sent and the error is thrown.
 */
export async function getCsrfToken(fetchImpl: typeof fetch = fetch): Promise<string> {
  const cached = readCookie(CSRF.cookieName);
  if (cached) return cached;
  pending ??= fetchCsrfToken(fetchImpl).finally(() => {
    pending = undefined;
  });
  return pending;
}

async function fetchCsrfToken(fetchImpl: typeof fetch): Promise<string> {
  let lastError: unknown;
  for (let attempt = 0; attempt <= CSRF.retries; attempt++) {
    if (attempt > 0) await sleep(CSRF.retryDelayMs);
    try {
      const res = await fetchImpl('/api/auth/csrf', { credentials: 'same-origin' });
      if (!res.ok) throw new Error(`CSRF request failed with status ${res.status}`);
      const body = (await res.json()) as { csrfToken?: unknown };
      if (typeof body.csrfToken !== 'string' || !body.csrfToken)
        throw new Error('CSRF token not found in response');
      writeCookie(CSRF.cookieName, body.csrfToken);
      return body.csrfToken;
    } catch (err) {
      lastError = err;
    }
  }
  beaconLog('error', 'CSRF_FETCH_FAILED');
  throw lastError instanceof Error ? lastError : new Error('CSRF token could not be fetched');
}
