import { Migration } from '@mikro-orm/migrations';

/**
 * Company buying, slice 3 (issue 31, decision 045): a company's locations (ship-to addresses its members pick at
 * checkout, one bill-to printed on its orders' invoices), the choice to ship only there, the bill-to kept on each
 * order, and saved lists shared with the owner's company.
 */
export class Migration20261126225323 extends Migration {

  override async up(): Promise<void> {
    this.addSql(`create table "company_address" ("id" uuid not null default gen_random_uuid(), "account_id" uuid not null, "label" text not null, "name" text not null, "address_line1" text not null, "address_line2" text not null default '', "city" text not null, "state" text not null, "zip" text not null, "country" text not null default 'US', "email" text not null, "phone" text not null default '', "bill_to" boolean not null default false, "created_at" timestamptz not null default now(), constraint "company_address_pkey" primary key ("id"));`);
    this.addSql(`create unique index "company_address_bill_to_unique" on "company_address" ("account_id") where "bill_to";`);
    this.addSql(`create unique index "company_address_label_unique" on "company_address" ("account_id", lower("label"));`);

    this.addSql(`alter table "company_address" add constraint "company_address_account_id_foreign" foreign key ("account_id") references "business_account" ("id") on update cascade on delete cascade;`);

    this.addSql(`alter table "business_account" add column "ship_to_locations_only" boolean not null default false;`);

    this.addSql(`alter table "saved_list" add column "sharing" text not null default 'private';`);

    this.addSql(`alter table "customer_order" add column "bill_to" jsonb null;`);
  }

  override async down(): Promise<void> {
    this.addSql(`drop table if exists "company_address" cascade;`);

    this.addSql(`alter table "business_account" drop column "ship_to_locations_only";`);

    this.addSql(`alter table "customer_order" drop column "bill_to";`);

    this.addSql(`alter table "saved_list" drop column "sharing";`);
  }

}
