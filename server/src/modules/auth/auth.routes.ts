import { Router } from 'express';
import { CSRF } from '../../../../domain/constants';
import { AppError } from '../../common/errors';
import type { CsrfTokens } from '../../rest/csrf';

const LOG_LEVELS = new Set(['error', 'warn', 'info', 'debug']);
const CODE_PATTERN = /^[A-Za-z0-9_.:-]{1,100}$/;

/** The auth base path (spec section 7): CSRF token and the client's beacon logs. Sign-in comes with accounts. */
export function authRoutes(tokens: CsrfTokens, secureCookies: boolean): Router {
  const router = Router();

  // Returns a fresh token and sets it as the `clientCsrfToken` cookie (path /, SameSite=Lax, readable by the client).
  router.get('/csrf', (_req, res) => {
    const csrfToken = tokens.issue();
    res.cookie(CSRF.cookieName, csrfToken, {
      path: '/',
      sameSite: 'lax',
      httpOnly: false,
      secure: secureCookies,
    });
    res.set('Cache-Control', 'no-store').json({ csrfToken });
  });

  // Clears the token cookie (the client helper calls it before fetching a fresh token, e.g. after sign-out).
  router.get('/csrf/clear', (_req, res) => {
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
        'level (error, warn, info or debug) and code (letters, digits, _.:-) are required',
        [
          ...(LOG_LEVELS.has(level)
            ? []
            : [{ field: 'level', message: 'level must be error, warn, info or debug' }]),
          ...(CODE_PATTERN.test(code)
            ? []
            : [{ field: 'code', message: 'code must be 1 to 100 letters, digits or _.:-' }]),
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
export const CSRF_EXEMPT_PATHS = new Set(['/api/auth/_log']);
