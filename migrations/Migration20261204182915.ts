import { Migration } from '@mikro-orm/migrations';

/**
 * A version per per-process cache (issue 55, item 5; decision 078): raised with each change, polled by every
 * process, so a change on one reaches every process's caches within CACHE_POLL_MS.
 */

export class Migration20261204182915 extends Migration {

  override async up(): Promise<void> {
    this.addSql(`create table "cache_version" ("name" text not null, "version" bigint not null, constraint "cache_version_pkey" primary key ("name"));`);
  }

  override async down(): Promise<void> {
    this.addSql(`drop table if exists "cache_version" cascade;`);
  }

}
