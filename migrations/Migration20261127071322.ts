import { Migration } from '@mikro-orm/migrations';

/** Quotes (issue 32, decision 049): messages between a quote's buyer and staff. */
export class Migration20261127071322 extends Migration {

  override async up(): Promise<void> {
    this.addSql(`create table "quote_message" ("id" uuid not null default gen_random_uuid(), "quote_id" uuid not null, "author_id" uuid null, "staff" boolean not null default false, "body" text not null, "created_at" timestamptz not null default now(), constraint "quote_message_pkey" primary key ("id"));`);
    this.addSql(`create index "quote_message_quote_id_created_at_index" on "quote_message" ("quote_id", "created_at");`);

    this.addSql(`alter table "quote_message" add constraint "quote_message_quote_id_foreign" foreign key ("quote_id") references "quote" ("id") on update cascade on delete cascade;`);
    this.addSql(`alter table "quote_message" add constraint "quote_message_author_id_foreign" foreign key ("author_id") references "app_user" ("id") on update cascade on delete set null;`);
  }

  override async down(): Promise<void> {
    this.addSql(`drop table if exists "quote_message" cascade;`);
  }

}
