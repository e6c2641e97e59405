import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto';
import type { Request, RequestHandler } from 'express';
import { CSRF } from '../../../domain/constants';
import { readCookieFrom } from '../../../domain/cookies';
import { AppError } from '../common/errors';

declare module 'express-serve-static-core' {
  interface Request {
    /** The nonce of the CSRF token this request passed with (a session made during it accepts that token). */
    csrfNonce?: string;
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

/**
 * Every call other than GET/HEAD/OPTIONS (GraphQL mutations included) must carry the token from the
 * `clientCsrfToken` cookie as `csrf_token` in the body or the `x-csrf-token` header; otherwise 403.
 * A request with a session must carry that session's token (decision 029): the session keeps its token's nonce,
 * set when the session is made (ensureSession, from the token this request passed with), at sign-in and by
 * GET /api/auth/csrf. A valid token fetched by someone else and planted beside the victim's session cookie fails.
 */
export function csrfProtection(
  tokens: CsrfTokens,
  exempt: (path: string, req: Request) => boolean,
): RequestHandler {
  return (req, _res, next) => {
    if (SAFE_METHODS.has(req.method) || exempt(req.originalUrl.split('?')[0] ?? '', req)) return next();
    const cookie = readCookieFrom(req.headers.cookie, CSRF.cookieName);
    const sent = req.get(CSRF.header) ?? (req.body as Record<string, unknown> | undefined)?.[CSRF.bodyField];
    const invalid = () =>
      next(
        new AppError(
          'CSRF_TOKEN_INVALID',
          'Missing or invalid CSRF token: fetch GET /api/auth/csrf and send it back',
        ),
      );
    if (!cookie || sent !== cookie || !tokens.verify(sent)) return invalid();
    const nonce = CsrfTokens.nonceOf(sent);
    const session = req.session;
    if (session) {
      // A session from before tokens were bound adopts the first valid token it is used with.
      if (session.csrfNonce === undefined) session.csrfNonce = nonce;
      else if (session.csrfNonce !== nonce) return invalid();
    }
    req.csrfNonce = nonce;
    return next();
  };
}
