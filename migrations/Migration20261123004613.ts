import { Migration } from '@mikro-orm/migrations';

export class Migration20261123004613 extends Migration {

  override async up(): Promise<void> {
    this.addSql(`create table "audit_log" ("id" bigserial primary key, "actor_user_id" uuid null, "action" text not null, "target_type" text not null, "target_id" text not null, "before" jsonb null, "after" jsonb null, "ip" text null, "created_at" timestamptz not null default now());`);
    this.addSql(`create index "audit_log_created_at_index" on "audit_log" ("created_at");`);
    this.addSql(`create index "audit_log_target_type_target_id_index" on "audit_log" ("target_type", "target_id");`);

    this.addSql(`create table "business_account" ("id" uuid not null default gen_random_uuid(), "company" text not null, "erp_account_id" text null, "price_list_id" text null, "tax_exempt" boolean not null default false, "created_at" timestamptz not null default now(), constraint "business_account_pkey" primary key ("id"));`);
    this.addSql(`alter table "business_account" add constraint "business_account_erp_account_id_unique" unique ("erp_account_id");`);

    this.addSql(`create table "email_outbox" ("id" uuid not null default gen_random_uuid(), "to_address" text not null, "kind" text not null, "subject" text not null, "text_body" text not null, "created_at" timestamptz not null default now(), "sent_at" timestamptz null, "error" text null, constraint "email_outbox_pkey" primary key ("id"));`);
    this.addSql(`create index "email_outbox_to_address_index" on "email_outbox" ("to_address");`);
    this.addSql(`create index "email_outbox_created_at_index" on "email_outbox" ("created_at");`);

    this.addSql(`create table "rate_limit" ("key" text not null, "window_start" timestamptz not null, "count" int not null, constraint "rate_limit_pkey" primary key ("key", "window_start"));`);

    this.addSql(`create table "registration" ("id" uuid not null default gen_random_uuid(), "token_hash" text not null, "email" text not null, "first_name" text not null, "last_name" text not null, "erp_account_id" text null, "expires_at" timestamptz not null, "completed_at" timestamptz null, "created_at" timestamptz not null default now(), constraint "registration_pkey" primary key ("id"));`);
    this.addSql(`alter table "registration" add constraint "registration_token_hash_unique" unique ("token_hash");`);

    this.addSql(`create table "app_user" ("id" uuid not null default gen_random_uuid(), "email" text not null, "password_hash" text null, "first_name" text not null, "last_name" text not null, "title" text not null default '', "phone" text not null default '', "role" smallint not null default 500, "validity" smallint not null default 0, "account_id" uuid null, "primary_address_id" uuid null, "credentials_changed_at" timestamptz not null default now(), "last_sign_in_at" timestamptz null, "created_at" timestamptz not null default now(), "updated_at" timestamptz not null default now(), constraint "app_user_pkey" primary key ("id"));`);
    this.addSql(`create index "app_user_account_id_index" on "app_user" ("account_id");`);
    this.addSql(`create unique index "app_user_email_unique" on "app_user" (lower("email"));`);

    this.addSql(`create table "password_reset" ("id" uuid not null default gen_random_uuid(), "user_id" uuid not null, "token_hash" text not null, "expires_at" timestamptz not null, "used_at" timestamptz null, "created_at" timestamptz not null default now(), constraint "password_reset_pkey" primary key ("id"));`);
    this.addSql(`create index "password_reset_user_id_index" on "password_reset" ("user_id");`);
    this.addSql(`alter table "password_reset" add constraint "password_reset_token_hash_unique" unique ("token_hash");`);

    this.addSql(`create table "address" ("id" uuid not null default gen_random_uuid(), "user_id" uuid not null, "name" text not null, "address_line1" text not null, "address_line2" text not null default '', "city" text not null, "state" text not null, "zip" text not null, "email" text not null, "phone" text not null default '', "created_at" timestamptz not null default now(), constraint "address_pkey" primary key ("id"));`);
    this.addSql(`create index "address_user_id_index" on "address" ("user_id");`);

    this.addSql(`alter table "app_user" add constraint "app_user_account_id_foreign" foreign key ("account_id") references "business_account" ("id") on update cascade on delete set null;`);
    this.addSql(`alter table "app_user" add constraint "app_user_primary_address_id_foreign" foreign key ("primary_address_id") references "address" ("id") on update cascade on delete set null;`);

    this.addSql(`alter table "password_reset" add constraint "password_reset_user_id_foreign" foreign key ("user_id") references "app_user" ("id") on update cascade on delete cascade;`);

    this.addSql(`alter table "address" add constraint "address_user_id_foreign" foreign key ("user_id") references "app_user" ("id") on update cascade on delete cascade;`);
  }

  override async down(): Promise<void> {
    this.addSql(`alter table "app_user" drop constraint "app_user_account_id_foreign";`);

    this.addSql(`alter table "password_reset" drop constraint "password_reset_user_id_foreign";`);

    this.addSql(`alter table "address" drop constraint "address_user_id_foreign";`);

    this.addSql(`alter table "app_user" drop constraint "app_user_primary_address_id_foreign";`);

    this.addSql(`drop table if exists "audit_log" cascade;`);

    this.addSql(`drop table if exists "business_account" cascade;`);

    this.addSql(`drop table if exists "email_outbox" cascade;`);

    this.addSql(`drop table if exists "rate_limit" cascade;`);

    this.addSql(`drop table if exists "registration" cascade;`);

    this.addSql(`drop table if exists "app_user" cascade;`);

    this.addSql(`drop table if exists "password_reset" cascade;`);

    this.addSql(`drop table if exists "address" cascade;`);
  }

}
