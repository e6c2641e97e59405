import { Migration } from '@mikro-orm/migrations';

export class Migration20261123073737 extends Migration {

  override async up(): Promise<void> {
    this.addSql(`create table "saved_list" ("id" uuid not null default gen_random_uuid(), "user_id" uuid not null, "name" text not null, "description" text not null default '', "created_at" timestamptz not null default now(), "updated_at" timestamptz not null default now(), constraint "saved_list_pkey" primary key ("id"));`);
    this.addSql(`create unique index "saved_list_user_name_unique" on "saved_list" ("user_id", lower("name"));`);

    this.addSql(`create table "saved_list_item" ("id" uuid not null default gen_random_uuid(), "list_id" uuid not null, "product_id" text not null, "quantity" int not null, "configurations" jsonb not null default '[]', "config_key" text not null default '', "date_added" timestamptz not null default clock_timestamp(), constraint "saved_list_item_pkey" primary key ("id"), constraint saved_list_item_quantity_check check (quantity > 0));`);
    this.addSql(`create index "saved_list_item_product_id_index" on "saved_list_item" ("product_id");`);
    this.addSql(`alter table "saved_list_item" add constraint "saved_list_item_list_id_product_id_config_key_unique" unique ("list_id", "product_id", "config_key");`);

    this.addSql(`alter table "saved_list" add constraint "saved_list_user_id_foreign" foreign key ("user_id") references "app_user" ("id") on update cascade on delete cascade;`);

    this.addSql(`alter table "saved_list_item" add constraint "saved_list_item_list_id_foreign" foreign key ("list_id") references "saved_list" ("id") on update cascade on delete cascade;`);
    this.addSql(`alter table "saved_list_item" add constraint "saved_list_item_product_id_foreign" foreign key ("product_id") references "product" ("id") on update cascade on delete cascade;`);
  }

  override async down(): Promise<void> {
    this.addSql(`alter table "saved_list_item" drop constraint "saved_list_item_list_id_foreign";`);

    this.addSql(`drop table if exists "saved_list" cascade;`);

    this.addSql(`drop table if exists "saved_list_item" cascade;`);
  }

}
