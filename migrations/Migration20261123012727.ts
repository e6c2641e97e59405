import { Migration } from '@mikro-orm/migrations';

export class Migration20261123012727 extends Migration {

  override async up(): Promise<void> {
    this.addSql(`create table "api_key" ("id" uuid not null default gen_random_uuid(), "user_id" uuid not null, "name" text not null, "prefix" text not null, "secret_hash" text not null, "scopes" text[] not null, "rate_per_minute" int not null default 600, "created_by_id" uuid null, "created_at" timestamptz not null default now(), "revoked_at" timestamptz null, "last_used_at" timestamptz null, constraint "api_key_pkey" primary key ("id"));`);
    this.addSql(`create index "api_key_user_id_index" on "api_key" ("user_id");`);
    this.addSql(`alter table "api_key" add constraint "api_key_secret_hash_unique" unique ("secret_hash");`);

    this.addSql(`alter table "api_key" add constraint "api_key_user_id_foreign" foreign key ("user_id") references "app_user" ("id") on update cascade on delete cascade;`);
    this.addSql(`alter table "api_key" add constraint "api_key_created_by_id_foreign" foreign key ("created_by_id") references "app_user" ("id") on update cascade on delete set null;`);
  }

  override async down(): Promise<void> {
    this.addSql(`drop table if exists "api_key" cascade;`);
  }

}
