import { Arg, Authorized, Ctx, Field, ID, Int, Mutation, ObjectType, Query, Resolver } from 'type-graphql';
import { array, number, object, string } from 'yup';
import { CONSOLE_ACCESS } from '../../../../domain/admin';
import { AppError, notFound } from '../../common/errors';
import { validate } from '../../common/validate';
import type { Ctx as RequestCtx } from '../../context';
import { API_SCOPES, createApiKey } from '../auth/api-tokens';

@ObjectType('ApiKey', { description: 'A partner API key (the secret itself is never shown again)' })
class ApiKeyGql {
  @Field(() => ID)
  id!: string;

  @Field(() => ID)
  userId!: string;

  @Field(() => String)
  name!: string;

  @Field(() => String, { description: 'The first characters of the key, to recognise it' })
  prefix!: string;

  @Field(() => [String])
  scopes!: string[];

  @Field(() => Int)
  ratePerMinute!: number;

  @Field(() => String)
  createdAt!: string;

  @Field(() => String, { nullable: true })
  revokedAt!: string | null;

  @Field(() => String, { nullable: true })
  lastUsedAt!: string | null;
}

@ObjectType('CreatedApiKey', { description: 'A new key: copy `key` now, it is shown only once' })
class CreatedApiKeyGql {
  @Field(() => ID)
  id!: string;

  @Field(() => String)
  key!: string;

  @Field(() => String)
  prefix!: string;
}

const createSchema = object({
  userId: string().uuid('User not found').required('User not found'),
  name: string().trim().required('Name the key').max(100),
  scopes: array(
    string()
      .oneOf([...API_SCOPES], 'Unknown scope')
      .required(),
  )
    .min(1, 'Choose at least one scope')
    .required(),
  ratePerMinute: number().integer().min(1).max(100_000).default(600),
});

@Resolver()
export class ApiKeysResolver {
  @Authorized(...CONSOLE_ACCESS.apiKeys)
  @Query(() => [ApiKeyGql], { description: 'Partner API keys, newest first' })
  async apiKeys(@Ctx() ctx: RequestCtx): Promise<ApiKeyGql[]> {
    return ctx.db.execute<ApiKeyGql[]>(
      `select id, user_id as "userId", name, prefix, scopes, rate_per_minute as "ratePerMinute",
         created_at::text as "createdAt", revoked_at::text as "revokedAt", last_used_at::text as "lastUsedAt"
       from api_key order by created_at desc limit 500`,
    );
  }

  @Authorized(...CONSOLE_ACCESS.apiKeys)
  @Mutation(() => CreatedApiKeyGql, { description: 'Issues a key for a partner or Supplier user' })
  async createApiKey(
    @Arg('userId', () => ID) userId: string,
    @Arg('name', () => String) name: string,
    @Arg('scopes', () => [String]) scopes: string[],
    @Arg('ratePerMinute', () => Int, { nullable: true }) ratePerMinute: number | null,
    @Ctx() ctx: RequestCtx,
  ): Promise<CreatedApiKeyGql> {
    const input = validate(createSchema, { userId, name, scopes, ratePerMinute: ratePerMinute ?? undefined });
    const [user] = await ctx.db.execute<{ id: string }[]>('select id from app_user where id = ?', [
      input.userId,
    ]);
    if (!user)
      throw new AppError('BAD_USER_INPUT', 'User not found', [
        { field: 'userId', message: 'User not found' },
      ]);
    return createApiKey(ctx.db, { ...input, createdBy: ctx.user!.id });
  }

  @Authorized(...CONSOLE_ACCESS.apiKeys)
  @Mutation(() => Boolean, {
    description: 'Revokes a key at once: its tokens stop working on their next call',
  })
  async revokeApiKey(@Arg('id', () => ID) id: string, @Ctx() ctx: RequestCtx): Promise<boolean> {
    const { id: keyId } = validate(object({ id: string().uuid('Key not found').required() }), { id });
    const rows = await ctx.db.execute<{ id: string }[]>(
      'update api_key set revoked_at = now() where id = ? and revoked_at is null returning id',
      [keyId],
    );
    if (rows.length === 0) throw notFound('Key');
    return true;
  }
}
