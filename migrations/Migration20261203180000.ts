import { Migration } from '@mikro-orm/migrations';

/**
 * Punchout (issue 57, decision 072): a company's credential, the sessions, the documents in and out, the carts
 * transferred; and each category's UNSPSC code, seeded for the demo's categories (the longest handle prefix wins;
 * the demo seed writes the same codes, domain/punchout.ts unspscOfCategory).
 */

export class Migration20261203180000 extends Migration {

  override async up(): Promise<void> {
    this.addSql(`create table "punchout_credential" ("id" uuid not null default gen_random_uuid(), "company_id" uuid not null, "system_name" text not null, "from_domain" text not null, "from_identity" text not null, "sender_domain" text not null, "sender_identity" text not null, "secret_hash" text null, "previous_secret_hash" text null, "previous_secret_until" timestamptz null, "return_urls" jsonb not null default '[]', "acting_user_id" uuid null, "oci_username" text null, "oci_password_hash" text null, "status_url" text null, "status_credential_sealed" text null, "enabled" boolean not null default true, "created_at" timestamptz not null default now(), "updated_at" timestamptz not null default now(), "version" int not null default 1, constraint "punchout_credential_pkey" primary key ("id"));`);
    this.addSql(`alter table "punchout_credential" add constraint "punchout_credential_company_id_unique" unique ("company_id");`);
    this.addSql(`alter table "punchout_credential" add constraint "punchout_credential_oci_username_unique" unique ("oci_username");`);
    this.addSql(`create index "punchout_credential_from_domain_from_identity_index" on "punchout_credential" ("from_domain", "from_identity");`);

    this.addSql(`create table "punchout_session" ("id" uuid not null default gen_random_uuid(), "token_hash" text not null, "company_id" uuid not null, "credential_id" uuid not null, "user_id" uuid not null, "protocol" text not null, "operation" text not null default 'create', "buyer_cookie" text not null default '', "return_url" text not null, "oci_target" text null, "oci_ok_code" text null, "oci_caller" text null, "cart_id" uuid null, "locale" text not null default 'en-US', "start_expires_at" timestamptz not null, "opened_at" timestamptz null, "last_seen_at" timestamptz null, "ended_at" timestamptz null, "framed" boolean not null default false, "created_at" timestamptz not null default now(), constraint "punchout_session_pkey" primary key ("id"));`);
    this.addSql(`alter table "punchout_session" add constraint "punchout_session_token_hash_unique" unique ("token_hash");`);
    this.addSql(`create index "punchout_session_company_id_created_at_index" on "punchout_session" ("company_id", "created_at");`);

    this.addSql(`create table "punchout_transfer" ("id" uuid not null default gen_random_uuid(), "session_id" uuid not null, "company_id" uuid not null, "buyer_cookie" text not null default '', "lines" jsonb not null default '[]', "total" numeric(12,2) not null, "currency" text not null default 'USD', "created_at" timestamptz not null default now(), constraint "punchout_transfer_pkey" primary key ("id"));`);
    this.addSql(`create index "punchout_transfer_session_id_index" on "punchout_transfer" ("session_id");`);
    this.addSql(`create index "punchout_transfer_company_id_buyer_cookie_index" on "punchout_transfer" ("company_id", "buyer_cookie");`);

    this.addSql(`create table "punchout_message" ("id" uuid not null default gen_random_uuid(), "company_id" uuid not null, "session_id" uuid null, "direction" text not null, "kind" text not null, "payload_id" text null, "document" text not null, "http_status" smallint null, "created_at" timestamptz not null default now(), constraint "punchout_message_pkey" primary key ("id"));`);
    this.addSql(`create index "punchout_message_session_id_index" on "punchout_message" ("session_id");`);
    this.addSql(`create index "punchout_message_company_id_created_at_index" on "punchout_message" ("company_id", "created_at");`);

    this.addSql(`alter table "punchout_credential" add constraint "punchout_credential_company_id_foreign" foreign key ("company_id") references "business_account" ("id") on update cascade on delete cascade;`);
    this.addSql(`alter table "punchout_credential" add constraint "punchout_credential_acting_user_id_foreign" foreign key ("acting_user_id") references "app_user" ("id") on update cascade on delete set null;`);

    this.addSql(`alter table "punchout_session" add constraint "punchout_session_company_id_foreign" foreign key ("company_id") references "business_account" ("id") on update cascade on delete cascade;`);
    this.addSql(`alter table "punchout_session" add constraint "punchout_session_credential_id_foreign" foreign key ("credential_id") references "punchout_credential" ("id") on update cascade on delete cascade;`);
    this.addSql(`alter table "punchout_session" add constraint "punchout_session_user_id_foreign" foreign key ("user_id") references "app_user" ("id") on update cascade on delete cascade;`);
    this.addSql(`alter table "punchout_session" add constraint "punchout_session_cart_id_foreign" foreign key ("cart_id") references "cart" ("id") on update cascade on delete set null;`);

    this.addSql(`alter table "punchout_transfer" add constraint "punchout_transfer_session_id_foreign" foreign key ("session_id") references "punchout_session" ("id") on update cascade on delete cascade;`);
    this.addSql(`alter table "punchout_transfer" add constraint "punchout_transfer_company_id_foreign" foreign key ("company_id") references "business_account" ("id") on update cascade on delete cascade;`);

    this.addSql(`alter table "punchout_message" add constraint "punchout_message_company_id_foreign" foreign key ("company_id") references "business_account" ("id") on update cascade on delete cascade;`);
    this.addSql(`alter table "punchout_message" add constraint "punchout_message_session_id_foreign" foreign key ("session_id") references "punchout_session" ("id") on update cascade on delete set null;`);

    this.addSql(`alter table "category" add column "unspsc" text null;`);
    // Shortest prefix first: a longer one overwrites it for its own categories.
    this.addSql(`update "category" set "unspsc" = '31171500' where "handle" = 'bearings' or "handle" like 'bearings/%';`);
    this.addSql(`update "category" set "unspsc" = '31161500' where "handle" = 'fasteners' or "handle" like 'fasteners/%';`);
    this.addSql(`update "category" set "unspsc" = '31171500' where "handle" = 'linear-motion' or "handle" like 'linear-motion/%';`);
    this.addSql(`update "category" set "unspsc" = '26101700' where "handle" = 'motion-control' or "handle" like 'motion-control/%';`);
    this.addSql(`update "category" set "unspsc" = '30102200' where "handle" = 't-slot-extrusion' or "handle" like 't-slot-extrusion/%';`);
    this.addSql(`update "category" set "unspsc" = '31161700' where "handle" = 'fasteners/t-nuts' or "handle" like 'fasteners/t-nuts/%';`);
    this.addSql(`update "category" set "unspsc" = '30103600' where "handle" = 'panels-enclosures' or "handle" like 'panels-enclosures/%';`);
    this.addSql(`update "category" set "unspsc" = '31162400' where "handle" = 'brackets-connectors' or "handle" like 'brackets-connectors/%';`);
    this.addSql(`update "category" set "unspsc" = '26111700' where "handle" = 'motion-control/couplings' or "handle" like 'motion-control/couplings/%';`);
    this.addSql(`update "category" set "unspsc" = '31171800' where "handle" = 'linear-motion/linear-rails' or "handle" like 'linear-motion/linear-rails/%';`);
    this.addSql(`update "category" set "unspsc" = '31171504' where "handle" = 'linear-motion/linear-bearings' or "handle" like 'linear-motion/linear-bearings/%';`);
    this.addSql(`update "category" set "unspsc" = '26101600' where "handle" = 'motion-control/stepper-motors' or "handle" like 'motion-control/stepper-motors/%';`);
    this.addSql(`update "category" set "unspsc" = '39121000' where "handle" = 'motion-control/stepper-drivers' or "handle" like 'motion-control/stepper-drivers/%';`);
    this.addSql(`update "category" set "unspsc" = '31162900' where "handle" = 't-slot-extrusion/end-caps-covers' or "handle" like 't-slot-extrusion/end-caps-covers/%';`);
    this.addSql(`update "category" set "unspsc" = '31162200' where "handle" = 'panels-enclosures/doors-hardware' or "handle" like 'panels-enclosures/doors-hardware/%';`);
    this.addSql(`update "category" set "unspsc" = '31171900' where "handle" = 'motion-control/ballscrews-accessories' or "handle" like 'motion-control/ballscrews-accessories/%';`);
  }

  override async down(): Promise<void> {
    this.addSql(`alter table "punchout_session" drop constraint "punchout_session_credential_id_foreign";`);

    this.addSql(`alter table "punchout_transfer" drop constraint "punchout_transfer_session_id_foreign";`);

    this.addSql(`alter table "punchout_message" drop constraint "punchout_message_session_id_foreign";`);

    this.addSql(`drop table if exists "punchout_credential" cascade;`);

    this.addSql(`drop table if exists "punchout_session" cascade;`);

    this.addSql(`drop table if exists "punchout_transfer" cascade;`);

    this.addSql(`drop table if exists "punchout_message" cascade;`);

    this.addSql(`alter table "category" drop column "unspsc";`);
  }

}
