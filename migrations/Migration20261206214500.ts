import { Migration } from '@mikro-orm/migrations';

/**
 * Promotions and discount codes (issue 58, decision 079): promotions, their lock row, codes and batches, redemptions,
 * the codes on a cart, the promotions applied to an order, and each order line's discount and price source. Orders
 * placed before read as having no promotion (every new column defaults to none).
 */
export class Migration20261206214500 extends Migration {

  override async up(): Promise<void> {
    this.addSql(`create table "promotion" ("id" uuid not null default gen_random_uuid(), "name" text not null, "note" text not null default '', "automatic" boolean not null default false, "priority" int not null default 100, "exclusive" boolean not null default false, "starts_at" timestamptz null, "ends_at" timestamptz null, "ended_at" timestamptz null, "ended_by_id" uuid null, "sites" text[] not null, "currency" text null, "conditions" jsonb not null, "action" jsonb not null, "max_discount" numeric(12,2) null, "limit_total" int null, "limit_per_customer" int null, "limit_per_company" int null, "budget" numeric(12,2) null, "demo" boolean not null default false, "version" int not null default 1, "created_by_id" uuid null, "created_at" timestamptz not null default now(), "updated_at" timestamptz not null default now(), constraint "promotion_pkey" primary key ("id"), constraint promotion_window_check check (ends_at is null or starts_at is null or ends_at > starts_at));`);

    this.addSql(`create table "promotion_lock" ("promotion_id" uuid not null, constraint "promotion_lock_pkey" primary key ("promotion_id"));`);

    this.addSql(`create table "promotion_code_batch" ("id" uuid not null default gen_random_uuid(), "promotion_id" uuid not null, "prefix" text not null default '', "count" int not null, "created_by_id" uuid null, "created_at" timestamptz not null default now(), constraint "promotion_code_batch_pkey" primary key ("id"));`);
    this.addSql(`create index "promotion_code_batch_promotion_id_index" on "promotion_code_batch" ("promotion_id");`);

    this.addSql(`create table "promotion_code" ("id" uuid not null default gen_random_uuid(), "promotion_id" uuid not null, "code" text not null, "batch_id" uuid null, "single_use" boolean not null default false, "used_order_id" uuid null, "used_at" timestamptz null, constraint "promotion_code_pkey" primary key ("id"));`);
    this.addSql(`create index "promotion_code_promotion_id_index" on "promotion_code" ("promotion_id");`);
    this.addSql(`create index "promotion_code_batch_id_index" on "promotion_code" ("batch_id");`);
    this.addSql(`create unique index "promotion_code_upper_code_unique" on "promotion_code" (upper("code"));`);

    this.addSql(`create table "promotion_redemption" ("id" uuid not null default gen_random_uuid(), "promotion_id" uuid not null, "order_id" uuid not null, "code_id" uuid null, "user_id" uuid null, "email" text not null, "account_id" uuid null, "amount" numeric(12,2) not null, "freight_amount" numeric(12,2) not null default 0, "created_at" timestamptz not null default now(), "released_at" timestamptz null, constraint "promotion_redemption_pkey" primary key ("id"));`);
    this.addSql(`create index "promotion_redemption_order_id_index" on "promotion_redemption" ("order_id");`);
    this.addSql(`create index "promotion_redemption_promotion_id_account_id_index" on "promotion_redemption" ("promotion_id", "account_id");`);
    this.addSql(`create index "promotion_redemption_promotion_id_email_index" on "promotion_redemption" ("promotion_id", "email");`);
    this.addSql(`create index "promotion_redemption_promotion_id_user_id_index" on "promotion_redemption" ("promotion_id", "user_id");`);

    this.addSql(`create table "order_promotion" ("id" uuid not null default gen_random_uuid(), "order_id" uuid not null, "promotion_id" uuid null, "position" smallint not null, "code" text null, "name" text not null, "rule" jsonb not null, "amount" numeric(12,2) not null, "freight_amount" numeric(12,2) not null default 0, "dropped_at" timestamptz null, "dropped_by_id" uuid null, constraint "order_promotion_pkey" primary key ("id"));`);
    this.addSql(`create index "order_promotion_promotion_id_index" on "order_promotion" ("promotion_id");`);
    this.addSql(`alter table "order_promotion" add constraint "order_promotion_order_id_position_unique" unique ("order_id", "position");`);

    this.addSql(`create table "cart_promotion_code" ("cart_id" uuid not null, "code_id" uuid not null, "entered_at" timestamptz not null default now(), constraint "cart_promotion_code_pkey" primary key ("cart_id", "code_id"));`);
    this.addSql(`create index "cart_promotion_code_code_id_index" on "cart_promotion_code" ("code_id");`);

    this.addSql(`alter table "promotion" add constraint "promotion_ended_by_id_foreign" foreign key ("ended_by_id") references "app_user" ("id") on update cascade on delete set null;`);
    this.addSql(`alter table "promotion" add constraint "promotion_created_by_id_foreign" foreign key ("created_by_id") references "app_user" ("id") on update cascade on delete set null;`);

    this.addSql(`alter table "promotion_lock" add constraint "promotion_lock_promotion_id_foreign" foreign key ("promotion_id") references "promotion" ("id") on update cascade on delete cascade;`);

    this.addSql(`alter table "promotion_code_batch" add constraint "promotion_code_batch_promotion_id_foreign" foreign key ("promotion_id") references "promotion" ("id") on update cascade on delete cascade;`);
    this.addSql(`alter table "promotion_code_batch" add constraint "promotion_code_batch_created_by_id_foreign" foreign key ("created_by_id") references "app_user" ("id") on update cascade on delete set null;`);

    this.addSql(`alter table "promotion_code" add constraint "promotion_code_promotion_id_foreign" foreign key ("promotion_id") references "promotion" ("id") on update cascade on delete cascade;`);
    this.addSql(`alter table "promotion_code" add constraint "promotion_code_batch_id_foreign" foreign key ("batch_id") references "promotion_code_batch" ("id") on update cascade on delete cascade;`);

    this.addSql(`alter table "promotion_redemption" add constraint "promotion_redemption_promotion_id_foreign" foreign key ("promotion_id") references "promotion" ("id") on update cascade on delete cascade;`);
    this.addSql(`alter table "promotion_redemption" add constraint "promotion_redemption_order_id_foreign" foreign key ("order_id") references "customer_order" ("id") on update cascade on delete cascade;`);
    this.addSql(`alter table "promotion_redemption" add constraint "promotion_redemption_code_id_foreign" foreign key ("code_id") references "promotion_code" ("id") on update cascade on delete set null;`);
    this.addSql(`alter table "promotion_redemption" add constraint "promotion_redemption_user_id_foreign" foreign key ("user_id") references "app_user" ("id") on update cascade on delete set null;`);
    this.addSql(`alter table "promotion_redemption" add constraint "promotion_redemption_account_id_foreign" foreign key ("account_id") references "business_account" ("id") on update cascade on delete set null;`);

    this.addSql(`alter table "order_promotion" add constraint "order_promotion_order_id_foreign" foreign key ("order_id") references "customer_order" ("id") on update cascade on delete cascade;`);
    this.addSql(`alter table "order_promotion" add constraint "order_promotion_promotion_id_foreign" foreign key ("promotion_id") references "promotion" ("id") on update cascade on delete set null;`);
    this.addSql(`alter table "order_promotion" add constraint "order_promotion_dropped_by_id_foreign" foreign key ("dropped_by_id") references "app_user" ("id") on update cascade on delete set null;`);

    this.addSql(`alter table "cart_promotion_code" add constraint "cart_promotion_code_cart_id_foreign" foreign key ("cart_id") references "cart" ("id") on update cascade on delete cascade;`);
    this.addSql(`alter table "cart_promotion_code" add constraint "cart_promotion_code_code_id_foreign" foreign key ("code_id") references "promotion_code" ("id") on update cascade on delete cascade;`);

    this.addSql(`alter table "customer_order" add column "discount_total" numeric(12,2) not null default 0, add column "freight_discount" numeric(12,2) not null default 0;`);

    this.addSql(`alter table "order_line" add column "discount_amount" numeric(12,2) not null default 0, add column "discounts" jsonb not null default '[]', add column "price_source" text not null default 'catalogue', add column "price_list_id" text null;`);
  }

  override async down(): Promise<void> {
    this.addSql(`alter table "promotion_lock" drop constraint "promotion_lock_promotion_id_foreign";`);

    this.addSql(`alter table "promotion_code_batch" drop constraint "promotion_code_batch_promotion_id_foreign";`);

    this.addSql(`alter table "promotion_code" drop constraint "promotion_code_promotion_id_foreign";`);

    this.addSql(`alter table "promotion_redemption" drop constraint "promotion_redemption_promotion_id_foreign";`);

    this.addSql(`alter table "order_promotion" drop constraint "order_promotion_promotion_id_foreign";`);

    this.addSql(`alter table "promotion_code" drop constraint "promotion_code_batch_id_foreign";`);

    this.addSql(`alter table "promotion_redemption" drop constraint "promotion_redemption_code_id_foreign";`);

    this.addSql(`alter table "cart_promotion_code" drop constraint "cart_promotion_code_code_id_foreign";`);

    this.addSql(`drop table if exists "promotion" cascade;`);

    this.addSql(`drop table if exists "promotion_lock" cascade;`);

    this.addSql(`drop table if exists "promotion_code_batch" cascade;`);

    this.addSql(`drop table if exists "promotion_code" cascade;`);

    this.addSql(`drop table if exists "promotion_redemption" cascade;`);

    this.addSql(`drop table if exists "order_promotion" cascade;`);

    this.addSql(`drop table if exists "cart_promotion_code" cascade;`);

    this.addSql(`alter table "customer_order" drop column "discount_total", drop column "freight_discount";`);

    this.addSql(`alter table "order_line" drop column "discount_amount", drop column "discounts", drop column "price_source", drop column "price_list_id";`);
  }

}
