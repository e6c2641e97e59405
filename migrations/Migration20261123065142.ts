import { Migration } from '@mikro-orm/migrations';

export class Migration20261123065142 extends Migration {

  override async up(): Promise<void> {
    this.addSql(`create sequence if not exists "order_number_seq" start 100001;`);
    this.addSql(`create table "test_payment_intent" ("id" text not null, "idempotency_key" text not null, "client_secret" text not null, "amount" numeric(12,2) not null, "currency" text not null, "status" text not null, "payment_method_id" text null, "last_error" text null, "created_at" timestamptz not null default now(), "updated_at" timestamptz not null default now(), constraint "test_payment_intent_pkey" primary key ("id"));`);
    this.addSql(`alter table "test_payment_intent" add constraint "test_payment_intent_idempotency_key_unique" unique ("idempotency_key");`);
    this.addSql(`create index "test_payment_intent_status_index" on "test_payment_intent" ("status");`);

    this.addSql(`create table "test_payment_method" ("id" text not null, "brand" text not null, "last4" text not null, "exp_month" smallint not null, "exp_year" smallint not null, "behaviour" text not null, "created_at" timestamptz not null default now(), constraint "test_payment_method_pkey" primary key ("id"));`);

    this.addSql(`create table "customer_order" ("id" uuid not null default gen_random_uuid(), "order_number" bigint not null, "user_id" uuid null, "contact_email" text not null, "site" text not null, "currency_code" text not null default 'usd', "status" smallint not null default 0, "payment_status" text not null default 'PENDING', "shipment_status" text not null default 'UNSHIPPED', "delivery_status" text not null default 'NO_DELIVERY', "return_status" text not null default 'NO_RETURN', "sub_total" numeric(12,2) not null, "freight_amt" numeric(12,2) not null, "tax_pct" numeric(6,3) not null, "tax_amount" numeric(12,2) not null, "tax_geo_code" text not null default '', "total" numeric(12,2) not null, "shipping_address" jsonb not null, "carrier_id" text not null, "carrier_method" text not null, "shipping_note" text not null default '', "payment_kind" text not null, "card_brand" text null, "card_last4" text null, "po_number" text null, "payment_intent_id" text null, "erp_order_id" text null, "version" int not null default 1, "idempotency_scope" text not null, "idempotency_key" text not null, "request_hash" text not null, "created_at" timestamptz not null default now(), "updated_at" timestamptz not null default now(), constraint "customer_order_pkey" primary key ("id"));`);
    this.addSql(`alter table "customer_order" add constraint "customer_order_order_number_unique" unique ("order_number");`);
    this.addSql(`create index "customer_order_contact_email_index" on "customer_order" ("contact_email");`);
    this.addSql(`create index "customer_order_status_created_at_index" on "customer_order" ("status", "created_at");`);
    this.addSql(`create index "customer_order_user_id_created_at_index" on "customer_order" ("user_id", "created_at");`);
    this.addSql(`alter table "customer_order" add constraint "customer_order_idempotency_scope_idempotency_key_unique" unique ("idempotency_scope", "idempotency_key");`);

    this.addSql(`create table "order_line" ("id" uuid not null default gen_random_uuid(), "order_id" uuid not null, "line_no" smallint not null, "product_id" text not null, "name" text not null, "manufacturer_part_number" text null, "unit_of_measure" text not null default 'EA', "image" text null, "quantity" int not null, "minimum_purchase_quantity" int not null default 1, "min_transfer" int not null default 1, "price" numeric(12,2) not null, "base_price" numeric(12,2) null, "configurations" jsonb not null default '[]', "line_total" numeric(12,2) not null, constraint "order_line_pkey" primary key ("id"), constraint order_line_quantity_check check (quantity > 0));`);
    this.addSql(`create index "order_line_product_id_index" on "order_line" ("product_id");`);
    this.addSql(`alter table "order_line" add constraint "order_line_order_id_line_no_unique" unique ("order_id", "line_no");`);

    this.addSql(`create table "order_event" ("id" bigserial primary key, "order_id" uuid not null, "at" timestamptz not null default clock_timestamp(), "actor_id" uuid null, "from_status" smallint null, "to_status" smallint null, "note" text not null default '');`);
    this.addSql(`create index "order_event_order_id_index" on "order_event" ("order_id");`);

    this.addSql(`alter table "customer_order" add constraint "customer_order_user_id_foreign" foreign key ("user_id") references "app_user" ("id") on update cascade on delete set null;`);

    this.addSql(`alter table "order_line" add constraint "order_line_order_id_foreign" foreign key ("order_id") references "customer_order" ("id") on update cascade on delete cascade;`);
    this.addSql(`alter table "order_line" add constraint "order_line_product_id_foreign" foreign key ("product_id") references "product" ("id") on update cascade on delete no action;`);

    this.addSql(`alter table "order_event" add constraint "order_event_order_id_foreign" foreign key ("order_id") references "customer_order" ("id") on update cascade on delete cascade;`);
    this.addSql(`alter table "order_event" add constraint "order_event_actor_id_foreign" foreign key ("actor_id") references "app_user" ("id") on update cascade on delete set null;`);

    this.addSql(`alter table "business_account" add column "net_terms_days" smallint null;`);
  }

  override async down(): Promise<void> {
    this.addSql(`drop sequence if exists "order_number_seq" cascade;`);
    this.addSql(`alter table "order_line" drop constraint "order_line_order_id_foreign";`);

    this.addSql(`alter table "order_event" drop constraint "order_event_order_id_foreign";`);

    this.addSql(`drop table if exists "test_payment_intent" cascade;`);

    this.addSql(`drop table if exists "test_payment_method" cascade;`);

    this.addSql(`drop table if exists "customer_order" cascade;`);

    this.addSql(`drop table if exists "order_line" cascade;`);

    this.addSql(`drop table if exists "order_event" cascade;`);

    this.addSql(`alter table "business_account" drop column "net_terms_days";`);
  }

}
