import { Migration } from '@mikro-orm/migrations';

/** Foundation: extensions for search, the catalogue, sessions and the sites. */
export class Migration20261122162334 extends Migration {
  override async up(): Promise<void> {
    this.addSql(`create extension if not exists "pg_trgm";`);
    this.addSql(`create extension if not exists "unaccent";`);

    this.addSql(`create table "brand" ("id" uuid not null, "handle" text not null, "name" text not null, constraint "brand_pkey" primary key ("id"));`);
    this.addSql(`alter table "brand" add constraint "brand_handle_unique" unique ("handle");`);

    this.addSql(`create table "category" ("id" uuid not null, "handle" text not null, "name" text not null, "subtitle" text null, "image" text null, "position" int not null default 0, "parent_id" uuid null, constraint "category_pkey" primary key ("id"));`);
    this.addSql(`alter table "category" add constraint "category_handle_unique" unique ("handle");`);
    this.addSql(`create index "category_parent_id_index" on "category" ("parent_id");`);

    this.addSql(`create table "product" ("id" text not null, "name" text not null, "description" text not null default '', "brand_id" uuid not null, "category_id" uuid not null, "price" numeric(12,2) null, "base_price" numeric(12,2) null, "market_price" numeric(12,2) null, "manufacturer_part_number" text null, "minimum_purchase_quantity" int not null default 1, "min_transfer" int not null default 1, "unit_of_measure" text not null default 'EA', "in_stock" boolean not null default true, "allowed_states" text[] not null default '{}', "images" text[] not null default '{}', "cad_files" jsonb not null default '[]', "display_kind" text not null default 'regular', "measure_kind" text null, "attributes" jsonb not null default '[]', "weight_kg" numeric(10,3) null, "sites" text[] not null default '{}', "popularity" int not null default 0, "created_at" timestamptz not null default now(), "updated_at" timestamptz not null default now(), constraint "product_pkey" primary key ("id"));`);
    this.addSql(`create index "product_brand_id_index" on "product" ("brand_id");`);
    this.addSql(`create index "product_category_id_index" on "product" ("category_id");`);
    this.addSql(`create index "product_sites_index" on "product" using gin ("sites");`);

    this.addSql(`create table "product_configuration_option" ("id" uuid not null, "product_id" text not null, "code" text not null, "name" text not null, "kind" text not null, "unit" text null, "unit_price" numeric(12,4) not null, "min_value" numeric(12,3) null, "max_value" numeric(12,3) null, "step" numeric(12,3) null, "default_value" numeric(12,3) null, "required" boolean not null default false, "position" int not null default 0, constraint "product_configuration_option_pkey" primary key ("id"));`);
    this.addSql(`alter table "product_configuration_option" add constraint "product_configuration_option_product_id_code_unique" unique ("product_id", "code");`);

    this.addSql(`create table "session" ("sid" text not null, "sess" jsonb not null, "expire" timestamptz not null, constraint "session_pkey" primary key ("sid"));`);
    this.addSql(`create index "session_expire_index" on "session" ("expire");`);

    this.addSql(`create table "site" ("id" text not null, "name" text not null, "currency" text not null, "show_all_products" boolean not null default true, "created_at" timestamptz not null default now(), constraint "site_pkey" primary key ("id"));`);

    this.addSql(`alter table "category" add constraint "category_parent_id_foreign" foreign key ("parent_id") references "category" ("id") on update cascade on delete restrict;`);

    this.addSql(`alter table "product" add constraint "product_brand_id_foreign" foreign key ("brand_id") references "brand" ("id") on update cascade on delete restrict;`);
    this.addSql(`alter table "product" add constraint "product_category_id_foreign" foreign key ("category_id") references "category" ("id") on update cascade on delete restrict;`);

    this.addSql(`alter table "product_configuration_option" add constraint "product_configuration_option_product_id_foreign" foreign key ("product_id") references "product" ("id") on update cascade on delete cascade;`);

    // The sites are reference data: the store's own (default) and the partner and payment-region sites.
    this.addSql(`insert into "site" ("id", "name", "currency", "show_all_products") values
      ('axl', 'Axisline Supply', 'usd', true),
      ('foodgrade', 'Axisline Food Grade', 'usd', false),
      ('mai', 'Axisline MAI', 'usd', false),
      ('aos', 'Axisline AOS', 'usd', false),
      ('miv2', 'Axisline MIV2', 'usd', false),
      ('pay-us', 'Axisline Payments US', 'usd', true),
      ('pay-ca', 'Axisline Payments Canada', 'cad', true);`);
  }

  override async down(): Promise<void> {
    this.addSql(`alter table "product" drop constraint "product_brand_id_foreign";`);

    this.addSql(`alter table "category" drop constraint "category_parent_id_foreign";`);

    this.addSql(`alter table "product" drop constraint "product_category_id_foreign";`);

    this.addSql(`alter table "product_configuration_option" drop constraint "product_configuration_option_product_id_foreign";`);

    this.addSql(`drop table if exists "brand" cascade;`);

    this.addSql(`drop table if exists "category" cascade;`);

    this.addSql(`drop table if exists "product" cascade;`);

    this.addSql(`drop table if exists "product_configuration_option" cascade;`);

    this.addSql(`drop table if exists "session" cascade;`);

    this.addSql(`drop table if exists "site" cascade;`);
  }
}
