import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto';
import type { Request, RequestHandler } from 'express';
import { CSRF } from '../../../domain/constants';
import { readCookieFrom } from '../../../domain/cookies';
import { AppError } from '../common/errors';

declare module 'express-serve-static-core' {
  interface Request {
    /** The nonce of the CSRF token this request passed with (a session made during it accepts that token). */
    csrfNonce?: string;
    /**
     * A multipart request whose token is a form field: the check its route runs once multer has read the fields
     * (verifyMultipartCsrf); unset for every other request.
     */
    csrfPending?: () => AppError | null;
  }
}

const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);
const VERIFIED_KEPT = 20_000;

/**
 * Signed double-submit CSRF tokens (docs/decisions/003-csrf-signed-double-submit.md).
 * A token is `nonce.hmac(secret, nonce)`: the server can check it without storing it, every process with the
 * same secret accepts it, and a token set by an attacker on a sibling domain fails the signature.
 */
export class CsrfTokens {
  /** Tokens this process has checked (an HMAC costs more than the rest of a small request's checks). */
  private readonly verified = new Set<string>();

  constructor(private readonly secret: string) {}

  issue(): string {
    const nonce = randomBytes(24).toString('base64url');
    return `${nonce}.${this.sign(nonce)}`;
  }

  /** The part of a token a session remembers to accept it (and no other). */
  static nonceOf(token: string): string {
    return token.split('.')[0] ?? '';
  }

  verify(token: unknown): boolean {
    if (typeof token !== 'string' || token.length > 200) return false;
    const [nonce, signature, extra] = token.split('.');
    if (!nonce || !signature || extra !== undefined) return false;
    if (this.verified.has(token)) return true;
    const expected = Buffer.from(this.sign(nonce));
    const given = Buffer.from(signature);
    if (expected.length !== given.length || !timingSafeEqual(expected, given)) return false;
    if (this.verified.size >= VERIFIED_KEPT) this.verified.delete(this.verified.values().next().value!);
    this.verified.add(token);
    return true;
  }

  private sign(nonce: string): string {
    return createHmac('sha256', this.secret).update(`csrf:${nonce}`).digest('base64url');
  }
}

/** The `csrf_token` field of a parsed body, taken out of it (services never see the token). */
function takeBodyToken(req: Request): unknown {
  const body = req.body as unknown;
  if (!body || typeof body !== 'object' || Array.isArray(body)) return undefined;
  const fields = body as Record<string, unknown>;
  if (!Object.prototype.hasOwnProperty.call(fields, CSRF.bodyField)) return undefined;
  const token = fields[CSRF.bodyField];
  delete fields[CSRF.bodyField];
  return token;
}

const invalidToken = () =>
  new AppError(
    'CSRF_TOKEN_INVALID',
    'Missing or invalid CSRF token: fetch GET /api/auth/csrf and send it back',
  );

/** The check of the token a request sent: it is the cookie's, signed by us, and its session's own. */
function checkToken(tokens: CsrfTokens, req: Request, sent: unknown): AppError | null {
  const cookie = readCookieFrom(req.headers.cookie, CSRF.cookieName);
  if (!cookie || sent !== cookie || !tokens.verify(sent)) return invalidToken();
  const nonce = CsrfTokens.nonceOf(sent);
  const session = req.session;
  if (session) {
    // A session from before tokens were bound adopts the first valid token it is used with.
    if (session.csrfNonce === undefined) session.csrfNonce = nonce;
    else if (session.csrfNonce !== nonce) return invalidToken();
  }
  req.csrfNonce = nonce;
  return null;
}

/**
 * Every call other than GET/HEAD/OPTIONS (GraphQL mutations included) must carry the token from the
 * `clientCsrfToken` cookie as `csrf_token` in the body (JSON, form-encoded or multipart) or the `x-csrf-token`
 * header; otherwise 403. The body field is removed once read.
 * A request with a session must carry that session's token (decision 029): the session keeps its token's nonce,
 * set when the session is made (ensureSession, from the token this request passed with), at sign-in and by
 * GET /api/auth/csrf. A valid token fetched by someone else and planted beside the victim's session cookie fails.
 * A multipart body is read by its route (multer), after this check: on the paths `readsMultipart` names, a
 * multipart request without the header leaves the check to its route (verifyMultipartCsrf); anywhere else it
 * fails here.
 */
export function csrfProtection(
  tokens: CsrfTokens,
  exempt: (path: string, req: Request) => boolean,
  readsMultipart: (path: string) => boolean = () => false,
): RequestHandler {
  return (req, _res, next) => {
    if (SAFE_METHODS.has(req.method)) return next();
    const path = req.originalUrl.split('?')[0] ?? '';
    if (exempt(path, req)) return next();
    const header = req.get(CSRF.header);
    const bodyToken = takeBodyToken(req);
    const sent = header ?? bodyToken;
    if (sent === undefined && req.is('multipart/form-data') && readsMultipart(path)) {
      req.csrfPending = () => checkToken(tokens, req, takeBodyToken(req));
      return next();
    }
    next(checkToken(tokens, req, sent) ?? undefined);
  };
}

/**
 * The CSRF check of a multipart request whose token is its `csrf_token` field (csrfProtection left it to the
 * route): run as soon as the field is read, before the first file is kept, and again once the body is read
 * (a form without files). Null when the request passed, or had passed already (header, earlier check).
 */
export function verifyMultipartCsrf(req: Request): AppError | null {
  const pending = req.csrfPending;
  if (!pending) return null;
  req.csrfPending = undefined;
  return pending();
}
