import type { Request, RequestHandler } from 'express';
import type { Session, SessionData } from 'express-session';
import { readCookieFrom } from '../../../../domain/cookies';

const CREATE = Symbol('createSession');
type LazyRequest = Request & { [CREATE]?: () => void };

/**
 * express-session for the requests that carry the session cookie; the others (most catalogue and search
 * traffic) get no session until a handler writes one through `ensureSession` — no id generated, no hash, no
 * response hooks for a session that would be thrown away (saveUninitialized is off). Until then `req.session`
 * is undefined: read it with `?.`.
 */
export function lazySession(middleware: RequestHandler, cookieName: string): RequestHandler {
  return (req, res, next) => {
    if (readCookieFrom(req.headers.cookie, cookieName) !== undefined) return middleware(req, res, next);
    // Without a cookie express-session only generates a new session, synchronously: safe to run later.
    (req as LazyRequest)[CREATE] = () => void middleware(req, res, () => undefined);
    next();
  };
}

/** The request's session, created now (saved and its cookie set with the response) when it has none yet. */
export function ensureSession(req: Request): Session & Partial<SessionData> {
  if (!req.session) {
    const create = (req as LazyRequest)[CREATE];
    delete (req as LazyRequest)[CREATE];
    create?.();
    const made = req.session as (Session & Partial<SessionData>) | undefined;
    if (!made) throw new Error('No session middleware ran for this request');
    // The new session accepts the CSRF token this request passed with (rest/csrf.ts), and only that one.
    if (req.csrfNonce) made.csrfNonce = req.csrfNonce;
  }
  return req.session;
}
