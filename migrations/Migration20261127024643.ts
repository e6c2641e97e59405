import { Migration } from '@mikro-orm/migrations';

/**
 * Company buying, slice 4 (issue 31, decision 047): a shopper's application for a company account, with its tax
 * certificate's file, which staff approve (making the company) or decline with a note.
 */
export class Migration20261127024643 extends Migration {

  override async up(): Promise<void> {
    this.addSql(`create table "company_application" ("id" uuid not null default gen_random_uuid(), "user_id" uuid not null, "company_name" text not null, "erp_account_id" text null, "tax_certificate" text not null default '', "tax_certificate_expires" date null, "certificate_filename" text null, "certificate_kind" text null, "certificate_data" bytea null, "status" text not null default 'pending', "note" text not null default '', "decided_by_id" uuid null, "decided_at" timestamptz null, "account_id" uuid null, "created_at" timestamptz not null default now(), constraint "company_application_pkey" primary key ("id"));`);
    this.addSql(`create unique index "company_application_pending_unique" on "company_application" ("user_id") where "status" = 'pending';`);
    this.addSql(`create index "company_application_status_created_at_index" on "company_application" ("status", "created_at");`);

    this.addSql(`alter table "company_application" add constraint "company_application_user_id_foreign" foreign key ("user_id") references "app_user" ("id") on update cascade on delete cascade;`);
    this.addSql(`alter table "company_application" add constraint "company_application_decided_by_id_foreign" foreign key ("decided_by_id") references "app_user" ("id") on update cascade on delete set null;`);
    this.addSql(`alter table "company_application" add constraint "company_application_account_id_foreign" foreign key ("account_id") references "business_account" ("id") on update cascade on delete set null;`);
  }

  override async down(): Promise<void> {
    this.addSql(`drop table if exists "company_application" cascade;`);
  }

}
