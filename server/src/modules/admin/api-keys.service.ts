import { apiKeyIdSchema, apiKeySchema, CONSOLE_ACCESS } from '../../../../domain/admin';
import { AppError, notFound } from '../../common/errors';
import { validate } from '../../common/validate';
import type { Ctx } from '../../context';
import { createApiKey, assertAccess } from '../auth';

export interface ApiKeyView {
  id: string;
  userId: string;
  name: string;
  prefix: string;
  scopes: string[];
  ratePerMinute: number;
  createdAt: string;
  revokedAt: string | null;
  lastUsedAt: string | null;
}

/** Partner API keys in the console (Admin): the list, a new key (its secret shown once), revoking one. */
export const apiKeysService = {
  async list(ctx: Ctx): Promise<ApiKeyView[]> {
    assertAccess(ctx, CONSOLE_ACCESS.apiKeys);
    return ctx.db.execute<ApiKeyView[]>(
      `select id, user_id as "userId", name, prefix, scopes, rate_per_minute as "ratePerMinute",
         created_at::text as "createdAt", revoked_at::text as "revokedAt", last_used_at::text as "lastUsedAt"
       from api_key order by created_at desc limit 500`,
    );
  },

  async create(ctx: Ctx, body: unknown) {
    assertAccess(ctx, CONSOLE_ACCESS.apiKeys);
    const input = validate(apiKeySchema, body);
    const [user] = await ctx.db.execute<{ id: string }[]>('select id from app_user where id = ?', [
      input.userId,
    ]);
    if (!user) {
      throw new AppError('BAD_USER_INPUT', 'User not found', [
        { field: 'userId', message: 'User not found' },
      ]);
    }
    return createApiKey(ctx.db, { ...input, createdBy: ctx.user!.id });
  },

  /** Revokes a key at once: its bearer tokens stop working on their next call. */
  async revoke(ctx: Ctx, body: unknown): Promise<true> {
    assertAccess(ctx, CONSOLE_ACCESS.apiKeys);
    const { id } = validate(apiKeyIdSchema, body);
    const rows = await ctx.db.execute<{ id: string }[]>(
      'update api_key set revoked_at = now() where id = ? and revoked_at is null returning id',
      [id],
    );
    if (rows.length === 0) throw notFound('Key');
    return true;
  },
};
