import { CSRF, ERROR_TEXTS, AUTH_BASE_PATH } from '@domain/constants';
import { readCookie, writeCookie } from './cookies';
import { beaconLog } from './log';

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** Whether a token fetch is under way (another call waits for it rather than fetching a second token). */
let fetching = false;

/**
 * The CSRF token for calls other than GET/HEAD/OPTIONS (spec section 7): the `clientCsrfToken` cookie when
 * present; otherwise, while a token fetch is already in flight, a readiness wait of up to 15 s (polling every
 * 100 ms) for its cookie; then GET /api/auth/csrf (3 retries, 1000 ms apart), the token stored in the cookie
 * (path /, SameSite=Lax). On failure a beacon log is sent and the error is thrown.
 */
export async function getCsrfToken(fetchImpl: typeof fetch = fetch): Promise<string> {
  const cached = readCookie(CSRF.cookieName);
  if (cached) return cached;
  if (fetching) {
    const deadline = Date.now() + CSRF.readinessWaitMs;
    while (fetching && !readCookie(CSRF.cookieName) && Date.now() < deadline) {
      await sleep(CSRF.readinessPollMs);
    }
    const ready = readCookie(CSRF.cookieName);
    if (ready) return ready;
  }
  fetching = true;
  try {
    return await fetchCsrfToken(fetchImpl);
  } finally {
    fetching = false;
  }
}

async function fetchCsrfToken(fetchImpl: typeof fetch): Promise<string> {
  let lastError: unknown;
  for (let attempt = 0; attempt <= CSRF.retries; attempt++) {
    if (attempt > 0) await sleep(CSRF.retryDelayMs);
    try {
      const res = await fetchImpl(`${AUTH_BASE_PATH}/csrf`, { credentials: 'same-origin' });
      if (!res.ok) throw new Error(`CSRF request failed with status ${res.status}`);
      const body = (await res.json()) as { csrfToken?: unknown } | null;
      if (typeof body?.csrfToken !== 'string' || !body.csrfToken)
        throw new Error(ERROR_TEXTS.csrfTokenNotFound);
      writeCookie(CSRF.cookieName, body.csrfToken, { path: '/' });
      return body.csrfToken;
    } catch (err) {
      lastError = err;
    }
  }
  beaconLog('error', CSRF.fetchFailedCode);
  throw lastError instanceof Error ? lastError : new Error(ERROR_TEXTS.csrfTokenNotFound);
}

/**
 * The body of a call other than GET/HEAD/OPTIONS with the CSRF token added as `csrf_token` (spec section 7):
 * a JSON object gets the field; a multipart form (FormData) or a form-encoded one (URLSearchParams) gets it as
 * its first field, so the server reads it before any file.
 */
export async function withCsrfToken(body: FormData): Promise<FormData>;
export async function withCsrfToken(body: URLSearchParams): Promise<URLSearchParams>;
export async function withCsrfToken<T extends Record<string, unknown>>(
  body: T,
): Promise<T & { [CSRF.bodyField]: string }>;
export async function withCsrfToken(
  body: FormData | URLSearchParams | Record<string, unknown>,
): Promise<FormData | URLSearchParams | Record<string, unknown>> {
  const token = await getCsrfToken();
  if (body instanceof FormData) {
    const form = new FormData();
    form.append(CSRF.bodyField, token);
    for (const [name, value] of body) if (name !== CSRF.bodyField) form.append(name, value);
    return form;
  }
  if (body instanceof URLSearchParams) {
    const form = new URLSearchParams({ [CSRF.bodyField]: token });
    for (const [name, value] of body) if (name !== CSRF.bodyField) form.append(name, value);
    return form;
  }
  return { ...body, [CSRF.bodyField]: token };
}
