import { Migration } from '@mikro-orm/migrations';

/**
 * Quotes (issue 32, decision 049): a buyer's request for prices (from the cart) and its lines; revision 0 is the
 * request, staff's priced answers are revisions 1, 2… (quote_revision, never changed once sent). Numbers from
 * quote_number_seq (Q-100001).
 */
export class Migration20261127064107 extends Migration {

  override async up(): Promise<void> {
    this.addSql(`create sequence if not exists "quote_number_seq" start 100001;`);
    this.addSql(`create table "quote" ("id" uuid not null default gen_random_uuid(), "number" bigint not null, "site" text not null, "currency" text not null, "user_id" uuid not null, "account_id" uuid null, "status" text not null default 'requested', "needed_by" date null, "note" text not null default '', "source" text not null default 'cart', "sent_revision" int null, "accepted_revision" int null, "order_id" uuid null, "decline_note" text not null default '', "version" int not null default 1, "created_at" timestamptz not null default now(), "updated_at" timestamptz not null default now(), constraint "quote_pkey" primary key ("id"));`);
    this.addSql(`alter table "quote" add constraint "quote_number_unique" unique ("number");`);
    this.addSql(`create index "quote_user_id_index" on "quote" ("user_id");`);
    this.addSql(`create index "quote_account_id_index" on "quote" ("account_id");`);
    this.addSql(`alter table "quote" add constraint "quote_order_id_unique" unique ("order_id");`);
    this.addSql(`create index "quote_status_created_at_index" on "quote" ("status", "created_at");`);

    this.addSql(`create table "quote_line" ("id" uuid not null default gen_random_uuid(), "quote_id" uuid not null, "revision" int not null default 0, "line_no" smallint not null, "product_id" text null, "description" text not null, "quantity" int not null, "pack_size" int null, "configurations" jsonb not null default '[]', "catalogue_price" numeric(12,2) null, "unit_price" numeric(12,2) null, "line_total" numeric(12,2) null, constraint "quote_line_pkey" primary key ("id"));`);
    this.addSql(`create index "quote_line_product_id_index" on "quote_line" ("product_id");`);
    this.addSql(`alter table "quote_line" add constraint "quote_line_quote_id_revision_line_no_unique" unique ("quote_id", "revision", "line_no");`);

    this.addSql(`alter table "quote" add constraint "quote_user_id_foreign" foreign key ("user_id") references "app_user" ("id") on update cascade on delete cascade;`);
    this.addSql(`alter table "quote" add constraint "quote_account_id_foreign" foreign key ("account_id") references "business_account" ("id") on update cascade on delete set null;`);
    this.addSql(`alter table "quote" add constraint "quote_order_id_foreign" foreign key ("order_id") references "customer_order" ("id") on update cascade on delete set null;`);

    this.addSql(`alter table "quote_line" add constraint "quote_line_quote_id_foreign" foreign key ("quote_id") references "quote" ("id") on update cascade on delete cascade;`);
    this.addSql(`alter table "quote_line" add constraint "quote_line_product_id_foreign" foreign key ("product_id") references "product" ("id") on update cascade on delete set null;`);

    this.addSql(`create table "quote_revision" ("quote_id" uuid not null, "revision" int not null, "freight" numeric(12,2) not null, "sub_total" numeric(12,2) not null, "total" numeric(12,2) not null, "lead_time_days" int not null, "expires_on" date not null, "note" text not null default '', "sent_by_id" uuid null, "sent_at" timestamptz not null default now(), constraint "quote_revision_pkey" primary key ("quote_id", "revision"));`);
    this.addSql(`alter table "quote_revision" add constraint "quote_revision_quote_id_foreign" foreign key ("quote_id") references "quote" ("id") on update cascade on delete cascade;`);
    this.addSql(`alter table "quote_revision" add constraint "quote_revision_sent_by_id_foreign" foreign key ("sent_by_id") references "app_user" ("id") on update cascade on delete set null;`);
  }

  override async down(): Promise<void> {
    this.addSql(`drop table if exists "quote_revision" cascade;`);

    this.addSql(`alter table "quote_line" drop constraint "quote_line_quote_id_foreign";`);

    this.addSql(`drop table if exists "quote" cascade;`);

    this.addSql(`drop table if exists "quote_line" cascade;`);

    this.addSql(`drop sequence if exists "quote_number_seq";`);
  }

}
