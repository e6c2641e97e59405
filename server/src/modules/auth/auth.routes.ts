import { Router } from 'express';
import { CSRF } from '../../../../domain/constants';
import { AppError } from '../../common/errors';
import { ctxOf } from '../../rest/ctx';
import { exchangeKey } from './api-tokens';
import { endSession } from './session-auth';
import { safeReturnPath } from '../../../../domain/routes';
import { CsrfTokens } from '../../rest/csrf';

const LOG_LEVELS = new Set(['error', 'warn', 'info', 'debug']);
/** A code (CSRF_FETCH_FAILED) or a line of the error catalogue (Failed to fetch user data): words, no markup. */
const CODE_PATTERN = /^[A-Za-z0-9_.:-](?:[A-Za-z0-9_.:\- ]{0,98}[A-Za-z0-9_.:-])?$/;

/** Only paths of this site: `/orders`, never `//evil.example` or `https://...` (no open redirect). */
export const safeCallback = (value: unknown): string => safeReturnPath(value, '/');

const PROVIDERS = {
  credentials: {
    id: 'credentials',
    name: 'Credentials',
    type: 'credentials',
    signinUrl: '/api/auth/signin/credentials',
    callbackUrl: '/api/auth/callback/credentials',
  },
};

/**
 * The auth base path (spec section 7, modelled on the session client): CSRF token, providers, the sign-in page,
 * partner tokens, sign-out, and the client's beacon logs. The session and the credentials sign-in (form-encoded)
 * call the account module, so they are its routes (account/sign-in.routes.ts), mounted at the same prefix.
 */
export function authRoutes(): Router {
  const router = Router();

  // The sign-in page of the session client: credentials sign in on the shop's page; an unknown provider too.
  router.get(['/signin', '/signin/:provider'], (req, res) => {
    const callbackUrl = safeCallback(req.query.callbackUrl);
    const provider = req.params.provider;
    const error = provider && provider !== 'credentials' ? '&error=OAuthSignin' : '';
    res.redirect(302, `/user/login?callbackUrl=${encodeURIComponent(callbackUrl)}${error}`);
  });

  router.get('/providers', (_req, res) => {
    res.json(PROVIDERS);
  });

  // Partners exchange an API key for a 15-minute bearer token (no cookies involved, hence no CSRF token).
  router.post('/token', async (req, res) => {
    res.set('Cache-Control', 'no-store').json(await exchangeKey(ctxOf(req), req.body));
  });

  router.post('/signout', async (req, res) => {
    await endSession(req, res, ctxOf(req).app.auth.cookies);
    res.json({ url: safeCallback((req.body as Record<string, unknown> | undefined)?.callbackUrl) });
  });

  // Returns a fresh token and sets it as the `clientCsrfToken` cookie (path /, SameSite=Lax, readable by the client).
  router.get('/csrf', (req, res) => {
    const { csrf, secureCookies } = ctxOf(req).app.auth.cookies;
    const csrfToken = csrf.issue();
    // A signed-in (or any existing) session now accepts this token instead of its previous one.
    if (req.session) req.session.csrfNonce = CsrfTokens.nonceOf(csrfToken);
    res.cookie(CSRF.cookieName, csrfToken, {
      path: '/',
      sameSite: 'lax',
      httpOnly: false,
      secure: secureCookies,
    });
    res.set('Cache-Control', 'no-store').json({ csrfToken });
  });

  // Clears the token cookie (the client helper calls it before fetching a fresh token, e.g. after sign-out).
  router.get('/csrf/clear', (req, res) => {
    const { secureCookies } = ctxOf(req).app.auth.cookies;
    res.clearCookie(CSRF.cookieName, { path: '/', sameSite: 'lax', secure: secureCookies });
    res.set('Cache-Control', 'no-store').status(204).end();
  });

  // Beacon logs (navigator.sendBeacon cannot send a CSRF token; the route only writes a log line).
  router.post('/_log', (req, res) => {
    const body = (req.body ?? {}) as Record<string, unknown>;
    const level = typeof body.level === 'string' ? body.level : '';
    const code = typeof body.code === 'string' ? body.code : '';
    if (!LOG_LEVELS.has(level) || !CODE_PATTERN.test(code)) {
      throw new AppError(
        'BAD_USER_INPUT',
        'level (error, warn, info or debug) and code (letters, digits, spaces, _.:-) are required',
        [
          ...(LOG_LEVELS.has(level)
            ? []
            : [{ field: 'level', message: 'level must be error, warn, info or debug' }]),
          ...(CODE_PATTERN.test(code)
            ? []
            : [{ field: 'code', message: 'code must be 1 to 100 letters, digits, spaces or _.:-' }]),
        ],
      );
    }
    req.log[level as 'error' | 'warn' | 'info' | 'debug'](
      { clientCode: code, source: 'client-beacon' },
      'client log',
    );
    res.status(204).end();
  });

  return router;
}

/** Paths (relative to the app) that accept non-GET calls without a CSRF token. */
export const CSRF_EXEMPT_PATHS = new Set(['/api/auth/_log', '/api/auth/token']);
