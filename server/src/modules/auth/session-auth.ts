import type { Request, RequestHandler, Response } from 'express';
import { CSRF, SEARCH_USER_ID_COOKIE } from '../../../../domain/constants';
import { isStaffRole, VALIDITY } from '../../../../domain/roles';
import { AppError } from '../../common/errors';
import type { Ctx } from '../../context';
import { CsrfTokens } from '../../rest/csrf';
import type { SessionUser } from './session-user';
import { bearerCaller } from './api-tokens';
import { ensureSession } from '../session';
import { assertAccess } from './permissions';

declare module '../../context' {
  interface AppServices {
    /**
     * Cookie settings for sign-in and sign-out, the public address for e-mailed links (and each site's: a buyer's
     * order or quote opens on the site it belongs to), the token secret.
     */
    auth: {
      cookies: AuthCookies;
      publicUrl: string;
      siteUrl: (site: string) => string;
      tokenSecret: Buffer;
      /** E-mails (registration, reset, invitation links) one address may make the store send an hour. */
      mailPerIp: number;
    };
  }
}

declare module 'express-session' {
  interface SessionData {
    userId?: string;
    /** When the user signed in (ms): sessions older than the user's last credential change end. */
    authAt?: number;
    /** The nonce of the one CSRF token this session accepts (rest/csrf.ts). */
    csrfNonce?: string;
  }
}

export interface AuthCookies {
  csrf: CsrfTokens;
  secureCookies: boolean;
  sessionCookie: string;
  /** How long a session lasts from its sign-in, however active (SESSION_MAX_HOURS_STAFF, SESSION_MAX_DAYS). */
  lifetime: SessionLifetime;
}

export interface SessionLifetime {
  staffMs: number;
  customerMs: number;
}

/** Defaults: staff sessions end 12 hours after sign-in, others 30 days after (decision 029). */
export const SESSION_LIFETIME: SessionLifetime = { staffMs: 12 * 3600_000, customerMs: 30 * 86_400_000 };

/** True while a session signed in at `authAt` by a user of `role` may still be used. */
export function withinLifetime(authAt: number, role: number, lifetime: SessionLifetime, now = Date.now()) {
  return now - authAt < (isStaffRole(role) ? lifetime.staffMs : lifetime.customerMs);
}

/** The signed-in user, or 401. */
export function requireUser(ctx: Ctx): SessionUser {
  assertAccess(ctx, 'signed-in');
  return ctx.user!;
}

/**
 * Loads the session's user on every request that has one. A user who was locked, expired, deleted or whose
 * password changed after this session signed in, or whose session outlived its lifetime from sign-in (sliding
 * activity does not extend it), is signed out here, and the request answers 401.
 */
export function sessionUser(cookies: AuthCookies): RequestHandler {
  return (req, res, next) => {
    const ctx = req.ctx!;
    ctx.user = null;
    const bearer = /^Bearer (.+)$/i.exec(req.get('authorization') ?? '')?.[1];
    if (bearer) {
      // A partner call: the token alone says who calls; any session cookie is ignored.
      return void bearerCaller(ctx, ctx.app.auth.tokenSecret, bearer.trim())
        .then(({ user, caller }) => {
          ctx.user = user;
          ctx.apiCaller = caller;
          next();
        })
        .catch(next);
    }
    const userId = req.session?.userId;
    if (!userId) return next();
    ctx.db
      .execute<(SessionUser & { validity: number; changedAt: Date })[]>(
        `select id, email, first_name as "firstName", last_name as "lastName", role, account_id as "accountId",
           validity, credentials_changed_at as "changedAt"
         from app_user where id = ?`,
        [userId],
      )
      .then(([row]) => {
        const authAt = req.session.authAt ?? 0;
        if (
          row &&
          row.validity === VALIDITY.Valid &&
          new Date(row.changedAt).getTime() <= authAt &&
          withinLifetime(authAt, row.role, cookies.lifetime)
        ) {
          const { validity: _v, changedAt: _c, ...user } = row;
          ctx.user = user;
          return next();
        }
        req.session.destroy(() => {
          clearAuthCookies(res, cookies);
          next(new AppError('UNAUTHENTICATED', 'Your session has ended. Please sign in again.'));
        });
      })
      .catch(next);
  };
}

/** Signs `user` in: a new session id (no fixation), a new CSRF token, the search user-id cookie. */
export async function startSession(req: Request, res: Response, user: SessionUser, cookies: AuthCookies) {
  // Guest quotes opened from their e-mailed links join the account signing in here (decision 061).
  const guestQuotes = req.session?.guestQuotes;
  const guestQuotesAt = req.session?.guestQuotesAt;
  await new Promise<void>((resolve, reject) =>
    ensureSession(req).regenerate((err) => (err ? reject(err) : resolve())),
  );
  req.session.userId = user.id;
  if (guestQuotes?.length) Object.assign(req.session, { guestQuotes, guestQuotesAt });
  // One millisecond of slack: credentials_changed_at is written by the database clock.
  req.session.authAt = Date.now() + 1;
  // The new session accepts only the token this response sets: a POST right after sign-in uses it.
  const token = cookies.csrf.issue();
  req.session.csrfNonce = CsrfTokens.nonceOf(token);
  await new Promise<void>((resolve, reject) => req.session.save((err) => (err ? reject(err) : resolve())));
  req.ctx!.user = user;
  res.cookie(CSRF.cookieName, token, {
    path: '/',
    sameSite: 'lax',
    httpOnly: false,
    secure: cookies.secureCookies,
  });
  res.cookie(SEARCH_USER_ID_COOKIE, user.email, {
    path: '/',
    sameSite: 'lax',
    httpOnly: false,
    secure: cookies.secureCookies,
  });
  return token;
}

/** Ends the session and removes the session, search user-id and CSRF cookies. */
export async function endSession(req: Request, res: Response, cookies: AuthCookies): Promise<void> {
  const session = req.session;
  if (session)
    await new Promise<void>((resolve, reject) => session.destroy((err) => (err ? reject(err) : resolve())));
  req.ctx!.user = null;
  clearAuthCookies(res, cookies);
}

function clearAuthCookies(res: Response, cookies: AuthCookies) {
  const options = { path: '/', sameSite: 'lax' as const, secure: cookies.secureCookies };
  res.clearCookie(cookies.sessionCookie, { ...options, httpOnly: true });
  res.clearCookie(SEARCH_USER_ID_COOKIE, options);
  res.clearCookie(CSRF.cookieName, options);
}
