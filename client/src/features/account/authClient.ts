import { AUTH_BASE_PATH, ERROR_TEXTS } from '@domain/constants';
import { ROUTES } from '@domain/routes';
import { withCsrfToken } from '../../lib/csrf';
import { HttpError, type FieldError } from '../../lib/http';
import { logError } from '../../lib/log';

/*
 * The authentication session client (spec section 7), under the auth base path /api/auth: the session, the
 * providers, sign-in (form-encoded, to callback/{provider} or signin/{provider}). Its errors are the error
 * catalogue's (section 8): a failed fetch is logged as "client fetch error" and gives null; a session that
 * cannot be read is logged as CLIENT_SESSION_ERROR; an unknown provider sends the visitor to the sign-in page,
 * a missing provider list to the sign-in error page.
 */

/** The session: userInfo present means signed in (spec section 3). */
export interface AuthSession {
  user?: { name: string; email: string; role: number };
  userInfo?: { userId: string; paymentKey: string | null };
  expires?: string | null;
}

export interface AuthProvider {
  id: string;
  name: string;
  type: string;
  signinUrl: string;
  callbackUrl: string;
}

/**
 * GET /api/auth/{path}, or a form-encoded POST (with csrf_token) when there is a body; the session cookie goes
 * with it. The parsed answer, or null: on any failure (logged as "client fetch error") and for an empty answer.
 */
export async function authFetch<T extends object>(
  path: string,
  body?: Record<string, string>,
): Promise<T | null> {
  const url = `${AUTH_BASE_PATH}/${path}`;
  try {
    const res = await fetch(
      url,
      body
        ? {
            method: 'POST',
            credentials: 'same-origin',
            headers: { 'content-type': 'application/x-www-form-urlencoded' },
            body: await withCsrfToken(new URLSearchParams(body)),
          }
        : { credentials: 'same-origin' },
    );
    const data = (await res.json()) as unknown;
    if (!res.ok) throw new HttpError(`${url} answered ${res.status}`, res.status);
    return data && typeof data === 'object' && Object.keys(data).length > 0 ? (data as T) : null;
  } catch (error) {
    logError(ERROR_TEXTS.clientFetchError, { error, url });
    return null;
  }
}

/** The current session, or null (signed out, or not known: a session that cannot be read is logged). */
export async function getSession(): Promise<AuthSession | null> {
  try {
    const session = await authFetch<AuthSession>('session');
    if (session?.userInfo !== undefined && typeof session.userInfo?.userId !== 'string') {
      throw new Error('The session has userInfo without a user id');
    }
    return session;
  } catch (error) {
    logError(ERROR_TEXTS.clientSessionError, error);
    return null;
  }
}

export const getProviders = () => authFetch<Record<string, AuthProvider>>('providers');

export type SignInResult = { ok: true; url: string } | { ok: false; error: HttpError };

interface ErrorAnswer {
  url?: string;
  error?: { code?: string; message?: string; fields?: FieldError[] };
}

/**
 * Signs in with a provider (spec section 7): the provider list first; without it the visitor goes to the
 * sign-in error page, and a provider not in it sends them to the sign-in page (spec section 8), undefined
 * returned in both cases. Then the credentials, form-encoded with csrf_token and callbackUrl, to
 * callback/{provider} (credentials) or signin/{provider}.
 */
export async function signIn(
  provider: string,
  credentials: Record<string, string>,
  { callbackUrl, redirect }: { callbackUrl: string; redirect: (to: string) => void },
): Promise<SignInResult | undefined> {
  const providers = await getProviders();
  if (!providers) {
    redirect(ROUTES.authError);
    return undefined;
  }
  const chosen = Object.prototype.hasOwnProperty.call(providers, provider) ? providers[provider] : undefined;
  if (!chosen) {
    redirect(`${ROUTES.signIn}?callbackUrl=${encodeURIComponent(callbackUrl)}`);
    return undefined;
  }
  const kind = chosen.type === 'credentials' ? 'callback' : 'signin';
  try {
    const res = await fetch(`${AUTH_BASE_PATH}/${kind}/${encodeURIComponent(provider)}`, {
      method: 'POST',
      credentials: 'same-origin',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: await withCsrfToken(new URLSearchParams({ ...credentials, callbackUrl })),
    });
    const answer = (await res.json().catch(() => ({}))) as ErrorAnswer;
    if (res.ok) return { ok: true, url: answer.url ?? callbackUrl };
    const { code = null, message = '', fields = [] } = answer.error ?? {};
    return { ok: false, error: new HttpError(message, res.status, fields, code) };
  } catch {
    return { ok: false, error: new HttpError('', 0) };
  }
}
