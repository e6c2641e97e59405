import { Entity, PrimaryKey, Property } from '@mikro-orm/core';

/**
 * One row per named cache (cache-versions.ts, decision 078), created by its first change. Apart from
 * cache-versions.ts, which config/env.ts reads: jest's global set-up must not load MikroORM (prepare-template.ts).
 */
@Entity({ tableName: 'cache_version' })
export class CacheVersion {
  @PrimaryKey({ type: 'text' })
  name!: string;

  @Property({ type: 'bigint' })
  version!: string;
}
