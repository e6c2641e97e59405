import { Migration } from '@mikro-orm/migrations';

export class Migration20261123000659 extends Migration {

  override async up(): Promise<void> {
    this.addSql(`create table "back_in_stock_request" ("id" uuid not null default gen_random_uuid(), "email" text not null, "product_id" text not null, "created_at" timestamptz not null default now(), "notified_at" timestamptz null, constraint "back_in_stock_request_pkey" primary key ("id"));`);
    this.addSql(`alter table "back_in_stock_request" add constraint "back_in_stock_request_email_product_id_unique" unique ("email", "product_id");`);

    this.addSql(`create table "search_click" ("id" uuid not null default gen_random_uuid(), "token" uuid not null, "product_id" text not null, "position" int not null, "created_at" timestamptz not null default now(), constraint "search_click_pkey" primary key ("id"));`);
    this.addSql(`create index "search_click_token_index" on "search_click" ("token");`);
  }

  override async down(): Promise<void> {
    this.addSql(`drop table if exists "back_in_stock_request" cascade;`);

    this.addSql(`drop table if exists "search_click" cascade;`);
  }

}
