import type { Request, RequestHandler, Response } from 'express';
import type { Ctx } from '../../context';
import { tokenHash } from '../../common/tokens';
import { LOCALE_COOKIE } from '../../../../domain/constants';
import { PUNCHOUT_IDLE_HOURS, punchoutMessage, parseHttpUrl } from '../../../../domain/punchout';
import { ensureSession } from '../session';
import { startSession, type SessionUser } from '../auth';

/*
 * The punchout session in the shop (decision 072). GET /punchout/start/:token signs the acting user in (a new
 * session) once, before the StartPage expires; the express session then carries `punchout` and the cart module's
 * `ownCart` (the session's own cart, not the user's everyday one). Every request of such a session: the idle limit,
 * the CSP for the procurement system's origin, and when framed every cookie SameSite=None; Secure; Partitioned.
 */

declare module 'express-session' {
  interface SessionData {
    /** A punchout session: its row, the procurement system's return origin, whether framed, last request (ms). */
    punchout?: { id: string; origin: string; framed: boolean; seenAt: number; locale: string };
  }
}

const IDLE_MS = PUNCHOUT_IDLE_HOURS * 60 * 60 * 1000;
/** last_seen_at is written at most this often (a request's session save otherwise). */
const SEEN_EVERY_MS = 60 * 1000;

const escapeHtml = (s: string) =>
  s.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!);

/**
 * A small page of the store's own (no script): a message and, when the procurement system is known, a button that
 * returns to it with no items (an empty transfer). Status as given.
 */
export function messagePage(
  res: Response,
  status: number,
  locale: string,
  message: string,
  back?: { action: string; fields: { name: string; value: string }[]; label: string },
): void {
  const form = back
    ? `<form method="post" action="${escapeHtml(back.action)}">${back.fields
        .map((f) => `<input type="hidden" name="${escapeHtml(f.name)}" value="${escapeHtml(f.value)}">`)
        .join('')}<button type="submit">${escapeHtml(back.label)}</button></form>`
    : '';
  res
    .status(status)
    .set('Content-Type', 'text/html; charset=utf-8')
    .set('Cache-Control', 'no-store')
    .send(
      `<!doctype html><html lang="${locale === 'fr-CA' ? 'fr-CA' : 'en-US'}"><head><meta charset="utf-8">` +
        `<meta name="viewport" content="width=device-width, initial-scale=1"><title>Axisline Supply</title>` +
        `<style>body{font-family:system-ui,sans-serif;max-width:40rem;margin:3rem auto;padding:0 1rem;color:#1f2933}` +
        `button{font:inherit;padding:.6rem 1.2rem;border-radius:4px;border:1px solid #1d4ed8;background:#1d4ed8;color:#fff;cursor:pointer}</style>` +
        `</head><body><h1>Axisline Supply</h1><p role="alert">${escapeHtml(message)}</p>${form}</body></html>`,
    );
}

interface StartRow {
  id: string;
  userId: string;
  operation: string;
  cartId: string;
  returnUrl: string;
  locale: string;
  usable: boolean;
}

/** GET /punchout/start/:token: the session opened once, the buyer signed in, into the shop. */
export async function startPunchout(ctx: Ctx, req: Request, res: Response, token: string): Promise<void> {
  const framed = req.get('sec-fetch-dest') === 'iframe';
  const row = await ctx.db.transactional(async () => {
    const [found] = await ctx.db.execute<StartRow[]>(
      `select id, user_id as "userId", operation, cart_id as "cartId", return_url as "returnUrl", locale,
         (opened_at is null and ended_at is null and start_expires_at > now() and cart_id is not null) as usable
       from punchout_session where token_hash = ? for update`,
      [tokenHash(token)],
    );
    if (!found?.usable) return found ?? null;
    await ctx.db.execute(
      'update punchout_session set opened_at = now(), last_seen_at = now(), framed = ? where id = ?',
      [framed, found.id],
    );
    return found;
  });
  const locale = row?.locale ?? ctx.locale;
  if (!row?.usable) return messagePage(res, 410, locale, punchoutMessage('startExpired', locale));
  const [user] = await ctx.db.execute<(SessionUser & { validity: number })[]>(
    `select id, email, first_name as "firstName", last_name as "lastName", role, account_id as "accountId", validity
     from app_user where id = ?`,
    [row.userId],
  );
  if (!user || user.validity !== 0)
    return messagePage(res, 403, locale, punchoutMessage('badCredential', locale));
  const { validity: _v, ...sessionUser } = user;
  const origin = parseHttpUrl(row.returnUrl)?.origin ?? '';
  // Framed: the cookies this answer sets (the new session's first) are already the kind a frame keeps.
  if (framed) frameCookies(res);
  await startSession(req, res, sessionUser, ctx.app.auth.cookies);
  const session = ensureSession(req);
  session.punchout = { id: row.id, origin, framed, seenAt: Date.now(), locale: row.locale };
  session.ownCart = { id: row.cartId, readOnly: row.operation === 'inspect' };
  await new Promise<void>((resolve, reject) => session.save((err) => (err ? reject(err) : resolve())));
  res.cookie(LOCALE_COOKIE, row.locale, {
    path: '/',
    sameSite: 'lax',
    secure: ctx.app.auth.cookies.secureCookies,
  });
  res.set('Cache-Control', 'no-store');
  res.redirect(303, row.operation === 'create' ? '/' : '/cart');
}

/**
 * Every cookie this response sets made usable inside the procurement system's frame: SameSite=None; Secure;
 * Partitioned (CHIPS), whatever its code asked for.
 */
function frameCookies(res: Response): void {
  const setHeader = res.setHeader.bind(res);
  const rewrite = (cookie: string) =>
    cookie
      .split(/;\s*/)
      .filter((part) => !/^(samesite|secure|partitioned)(=|$)/i.test(part))
      .concat(['SameSite=None', 'Secure', 'Partitioned'])
      .join('; ');
  res.setHeader = (name: string, value: number | string | readonly string[]) => {
    if (name.toLowerCase() !== 'set-cookie') return setHeader(name, value);
    const list = Array.isArray(value) ? (value as string[]) : [String(value)];
    return setHeader(name, list.map(rewrite));
  };
}

/** The store's CSP with the procurement system's origin allowed to frame the shop and to receive its forms. */
function sessionCsp(res: Response, origin: string): void {
  const csp = res.getHeader('Content-Security-Policy');
  if (typeof csp !== 'string' || !origin) return;
  const directives = csp
    .split(';')
    .map((d) => d.trim())
    .filter((d) => d && !/^(frame-ancestors|form-action)\b/.test(d));
  directives.push(`frame-ancestors 'self' ${origin}`, `form-action 'self' ${origin}`);
  res.setHeader('Content-Security-Policy', directives.join(';'));
  // frame-ancestors decides framing; the older header would refuse every other origin.
  res.removeHeader('X-Frame-Options');
}

/**
 * Runs on every request after the session and context (app.ts): for a punchout session, its idle limit (ended
 * after PUNCHOUT_IDLE_HOURS: a page that says so and returns to the procurement system, or a 401 for a call), its
 * CSP and cookies, and its last request noted.
 */
export function punchoutRequest(
  ended: (ctx: Ctx, sessionId: string) => Promise<EndedBack | null>,
): RequestHandler {
  return (req, res, next) => {
    const state = req.session?.punchout;
    if (state?.framed) frameCookies(res);
    if (!state) return next();
    const now = Date.now();
    const ctx = req.ctx as Ctx;
    if (now - state.seenAt > IDLE_MS) {
      void ended(ctx, state.id)
        .then(
          (back) =>
            new Promise<EndedBack | null>((resolve, reject) =>
              req.session.destroy((err) => (err ? reject(err) : resolve(back))),
            ),
        )
        .then((back) => {
          const message = punchoutMessage('sessionEnded', state.locale);
          res.clearCookie(ctx.app.auth.cookies.sessionCookie, { path: '/' });
          const path = req.originalUrl.split('?')[0]!;
          if (
            req.method === 'GET' &&
            req.accepts('html') &&
            !path.startsWith('/api/') &&
            path !== '/graphql'
          ) {
            sessionCsp(res, state.origin);
            return messagePage(res, 401, state.locale, message, back ?? undefined);
          }
          res.status(401).json({ error: { code: 'UNAUTHENTICATED', message } });
        })
        .catch(next);
      return;
    }
    sessionCsp(res, state.origin);
    if (now - state.seenAt < SEEN_EVERY_MS) return next();
    state.seenAt = now;
    ctx.db
      .execute('update punchout_session set last_seen_at = now() where id = ?', [state.id], 'run')
      .then(() => next(), next);
  };
}

/** The way back to the procurement system from an ended session: an empty transfer's form. */
export interface EndedBack {
  action: string;
  fields: { name: string; value: string }[];
  label: string;
}
