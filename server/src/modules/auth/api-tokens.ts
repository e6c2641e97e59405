import { createHash, createHmac, randomBytes } from 'node:crypto';
import type { JwtPayload } from 'jsonwebtoken';
import { apiKeyExchangeSchema } from '../../../../domain/admin';
import { VALIDITY } from '../../../../domain/roles';
import { AppError } from '../../common/errors';
import { validate } from '../../common/validate';
import type { Ctx, Db } from '../../context';
import type { SessionUser } from './session-user';
import { hit } from './rate-limit';

declare module '../../context' {
  interface Ctx {
    /** Set when the request authenticated with a partner API token (Authorization: Bearer). */
    apiCaller: ApiCaller | null;
  }
}

/** What a partner key may do (decision 010). Catalogue reads are public; the others arrive with their issues. */
export { API_SCOPES, type ApiScope } from '../../../../domain/admin';

export const TOKEN_ISSUER = 'axisline-supply';
export const TOKEN_AUDIENCE = 'axisline-partner-api';
export const TOKEN_TTL_SECONDS = 15 * 60;

export interface ApiCaller {
  keyId: string;
  scopes: string[];
}

const sha256 = (text: string) => createHash('sha256').update(text).digest('hex');

/** The signing key: derived from the session secret, so no second secret has to be configured. */
export const tokenSecret = (sessionSecret: string) =>
  createHmac('sha256', sessionSecret).update('partner-api-jwt').digest();

/** Creates a key for `userId`; the secret is returned once and only its hash is stored. */
export async function createApiKey(
  db: Db,
  input: { userId: string; name: string; scopes: string[]; createdBy: string; ratePerMinute?: number },
): Promise<{ id: string; key: string; prefix: string }> {
  const key = `axl_${randomBytes(30).toString('base64url')}`;
  const prefix = key.slice(0, 12);
  const [row] = await db.execute<{ id: string }[]>(
    `insert into api_key (user_id, name, prefix, secret_hash, scopes, rate_per_minute, created_by_id)
     values (?, ?, ?, ?, array[?]::text[], ?, ?) returning id`,
    [
      input.userId,
      input.name,
      prefix,
      sha256(key),
      input.scopes,
      input.ratePerMinute ?? 600,
      input.createdBy,
    ],
  );
  return { id: row!.id, key, prefix };
}

async function limitKey(db: Db, keyId: string, perMinute: number): Promise<void> {
  const { allowed, retryAfterSeconds } = await hit(db, {
    key: `apikey:${keyId}`,
    max: perMinute,
    windowMs: 60_000,
  });
  if (!allowed)
    throw new AppError('TOO_MANY_REQUESTS', `Rate limit reached. Try again in ${retryAfterSeconds} s.`);
}

/** POST /api/auth/token, `{ apiKey }` as sent: a valid, unrevoked key of a valid user becomes a JWT for 15 minutes. */
export async function exchangeKey(ctx: Ctx, body: unknown) {
  const { apiKey: key } = validate(apiKeyExchangeSchema, body);
  const { db } = ctx;
  const secret = ctx.app.auth.tokenSecret;
  const [row] = await db.execute<{ id: string; userId: string; scopes: string[]; ratePerMinute: number }[]>(
    `select k.id, k.user_id as "userId", k.scopes, k.rate_per_minute as "ratePerMinute"
     from api_key k join app_user u on u.id = k.user_id
     where k.secret_hash = ? and k.revoked_at is null and u.validity = ?`,
    [sha256(key), VALIDITY.Valid],
  );
  if (!row) throw new AppError('UNAUTHENTICATED', 'This API key is not valid.');
  await limitKey(db, row.id, row.ratePerMinute);
  await db.execute('update api_key set last_used_at = now() where id = ?', [row.id]);
  const { default: jwt } = await import('jsonwebtoken');
  const accessToken = jwt.sign({ scope: row.scopes.join(' '), kid: row.id }, secret, {
    algorithm: 'HS256',
    issuer: TOKEN_ISSUER,
    audience: TOKEN_AUDIENCE,
    subject: row.userId,
    expiresIn: TOKEN_TTL_SECONDS,
  });
  return { accessToken, tokenType: 'Bearer', expiresIn: TOKEN_TTL_SECONDS, scope: row.scopes.join(' ') };
}

/**
 * The caller behind `Authorization: Bearer <jwt>`: algorithm, issuer and audience pinned, not expired, the key
 * not revoked and its user valid; each call counts against the key's rate limit. Anything else is 401.
 */
export async function bearerCaller(
  ctx: Ctx,
  secret: Buffer,
  token: string,
): Promise<{ user: SessionUser; caller: ApiCaller }> {
  const { default: jwt } = await import('jsonwebtoken');
  let claims: JwtPayload;
  try {
    claims = jwt.verify(token, secret, {
      algorithms: ['HS256'],
      issuer: TOKEN_ISSUER,
      audience: TOKEN_AUDIENCE,
    }) as JwtPayload;
  } catch {
    throw new AppError('UNAUTHENTICATED', 'The access token is not valid or has expired.');
  }
  const [row] = await ctx.db.execute<(SessionUser & { ratePerMinute: number; scopes: string[] })[]>(
    `select u.id, u.email, u.first_name as "firstName", u.last_name as "lastName", u.role, u.account_id as "accountId",
       k.rate_per_minute as "ratePerMinute", k.scopes
     from api_key k join app_user u on u.id = k.user_id
     where k.id = ? and k.user_id = ? and k.revoked_at is null and u.validity = ?`,
    [String(claims.kid), String(claims.sub), VALIDITY.Valid],
  );
  if (!row) throw new AppError('UNAUTHENTICATED', 'The access token is not valid or has expired.');
  await limitKey(ctx.db, String(claims.kid), row.ratePerMinute);
  const { ratePerMinute: _r, scopes, ...user } = row;
  return { user, caller: { keyId: String(claims.kid), scopes } };
}
