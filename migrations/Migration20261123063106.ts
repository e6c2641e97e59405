import { Migration } from '@mikro-orm/migrations';

export class Migration20261123063106 extends Migration {

  override async up(): Promise<void> {
    this.addSql(`create table "price_list_item" ("price_list_id" text not null, "product_id" text not null, "price" numeric(12,2) not null, "base_price" numeric(12,2) null, constraint "price_list_item_pkey" primary key ("price_list_id", "product_id"));`);

    this.addSql(`create table "cart" ("id" uuid not null default gen_random_uuid(), "user_id" uuid null, "site" text not null, "currency_code" text not null default 'usd', "note" text not null default '', "created_at" timestamptz not null default now(), "updated_at" timestamptz not null default now(), constraint "cart_pkey" primary key ("id"));`);
    this.addSql(`alter table "cart" add constraint "cart_user_id_unique" unique ("user_id");`);
    this.addSql(`create index "cart_updated_at_index" on "cart" ("updated_at");`);

    this.addSql(`create table "cart_line" ("id" uuid not null default gen_random_uuid(), "cart_id" uuid not null, "product_id" text not null, "quantity" int not null, "configurations" jsonb not null default '[]', "config_key" text not null default '', "date_added" timestamptz not null default clock_timestamp(), constraint "cart_line_pkey" primary key ("id"));`);
    this.addSql(`create index "cart_line_product_id_index" on "cart_line" ("product_id");`);
    this.addSql(`alter table "cart_line" add constraint "cart_line_cart_id_product_id_config_key_unique" unique ("cart_id", "product_id", "config_key");`);
    this.addSql(`alter table "cart_line" add constraint "cart_line_quantity_check" check ("quantity" > 0);`);

    this.addSql(`alter table "price_list_item" add constraint "price_list_item_product_id_foreign" foreign key ("product_id") references "product" ("id") on update cascade on delete cascade;`);

    this.addSql(`alter table "cart" add constraint "cart_user_id_foreign" foreign key ("user_id") references "app_user" ("id") on update cascade on delete cascade;`);

    this.addSql(`alter table "cart_line" add constraint "cart_line_cart_id_foreign" foreign key ("cart_id") references "cart" ("id") on update cascade on delete cascade;`);
    this.addSql(`alter table "cart_line" add constraint "cart_line_product_id_foreign" foreign key ("product_id") references "product" ("id") on update cascade on delete cascade;`);
  }

  override async down(): Promise<void> {
    this.addSql(`alter table "cart_line" drop constraint "cart_line_cart_id_foreign";`);

    this.addSql(`drop table if exists "price_list_item" cascade;`);

    this.addSql(`drop table if exists "cart" cascade;`);

    this.addSql(`drop table if exists "cart_line" cascade;`);
  }

}
