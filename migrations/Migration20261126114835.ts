import { Migration } from '@mikro-orm/migrations';

/**
 * Saved cards (issue 35, item 3): the user's provider customer (`payment_key`), the cards saved to it
 * (`saved_card`: brand, last four and expiry only) and the primary one; the test provider's customers, which
 * customer a card and a payment belong to, and a payment that saves its card once it authorises.
 */
export class Migration20261126114835 extends Migration {

  override async up(): Promise<void> {
    this.addSql(`create table "test_payment_customer" ("id" text not null, "idempotency_key" text not null, "email" text not null, "created_at" timestamptz not null default now(), constraint "test_payment_customer_pkey" primary key ("id"));`);
    this.addSql(`alter table "test_payment_customer" add constraint "test_payment_customer_idempotency_key_unique" unique ("idempotency_key");`);

    this.addSql(`create table "saved_card" ("id" uuid not null default gen_random_uuid(), "user_id" uuid not null, "payment_method_id" text not null, "brand" text not null, "last4" text not null, "exp_month" smallint not null, "exp_year" smallint not null, "created_at" timestamptz not null default now(), constraint "saved_card_pkey" primary key ("id"));`);
    this.addSql(`create index "saved_card_user_id_index" on "saved_card" ("user_id");`);
    this.addSql(`alter table "saved_card" add constraint "saved_card_payment_method_id_unique" unique ("payment_method_id");`);

    this.addSql(`alter table "saved_card" add constraint "saved_card_user_id_foreign" foreign key ("user_id") references "app_user" ("id") on update cascade on delete cascade;`);

    this.addSql(`alter table "test_payment_intent" add column "customer_id" text null, add column "save_method" boolean not null default false;`);

    this.addSql(`alter table "test_payment_method" add column "customer_id" text null;`);
    this.addSql(`alter table "test_payment_method" add constraint "test_payment_method_customer_id_foreign" foreign key ("customer_id") references "test_payment_customer" ("id") on update cascade on delete set null;`);
    this.addSql(`create index "test_payment_method_customer_id_index" on "test_payment_method" ("customer_id");`);

    this.addSql(`alter table "app_user" add column "payment_key" text null, add column "primary_payment_id" uuid null;`);
    this.addSql(`alter table "app_user" add constraint "app_user_primary_payment_id_foreign" foreign key ("primary_payment_id") references "saved_card" ("id") on update cascade on delete set null;`);
    this.addSql(`alter table "app_user" add constraint "app_user_payment_key_unique" unique ("payment_key");`);
  }

  override async down(): Promise<void> {
    this.addSql(`alter table "test_payment_method" drop constraint "test_payment_method_customer_id_foreign";`);

    this.addSql(`alter table "app_user" drop constraint "app_user_primary_payment_id_foreign";`);

    this.addSql(`drop table if exists "test_payment_customer" cascade;`);

    this.addSql(`drop table if exists "saved_card" cascade;`);

    this.addSql(`alter table "app_user" drop constraint "app_user_payment_key_unique";`);
    this.addSql(`alter table "app_user" drop column "payment_key", drop column "primary_payment_id";`);

    this.addSql(`alter table "test_payment_intent" drop column "customer_id", drop column "save_method";`);

    this.addSql(`drop index "test_payment_method_customer_id_index";`);
    this.addSql(`alter table "test_payment_method" drop column "customer_id";`);
  }

}
