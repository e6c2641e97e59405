import { Arg, Authorized, Ctx, Field, ID, Int, Mutation, ObjectType, Query, Resolver } from 'type-graphql';
import { CONSOLE_ACCESS } from '../../../../domain/admin';
import type { Ctx as RequestCtx } from '../../context';
import { apiKeysService } from './api-keys.service';

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

@Resolver()
export class ApiKeysResolver {
  @Authorized(...CONSOLE_ACCESS.apiKeys)
  @Query(() => [ApiKeyGql], { description: 'Partner API keys, newest first' })
  apiKeys(@Ctx() ctx: RequestCtx): Promise<ApiKeyGql[]> {
    return apiKeysService.list(ctx);
  }

  @Authorized(...CONSOLE_ACCESS.apiKeys)
  @Mutation(() => CreatedApiKeyGql, { description: 'Issues a key for a partner or Supplier user' })
  createApiKey(
    @Arg('userId', () => ID) userId: string,
    @Arg('name', () => String) name: string,
    @Arg('scopes', () => [String]) scopes: string[],
    @Arg('ratePerMinute', () => Int, { nullable: true }) ratePerMinute: number | null,
    @Ctx() ctx: RequestCtx,
  ): Promise<CreatedApiKeyGql> {
    return apiKeysService.create(ctx, { userId, name, scopes, ratePerMinute: ratePerMinute ?? undefined });
  }

  @Authorized(...CONSOLE_ACCESS.apiKeys)
  @Mutation(() => Boolean, {
    description: 'Revokes a key at once: its tokens stop working on their next call',
  })
  revokeApiKey(@Arg('id', () => ID) id: string, @Ctx() ctx: RequestCtx): Promise<boolean> {
    return apiKeysService.revoke(ctx, { id });
  }
}
