import { Migration } from '@mikro-orm/migrations';

/**
 * Company buying, slice 2 (issue 31, decision 044): the company an order is for, and the approvals of orders over a
 * buyer's spending limit. Of the orders placed before, those paid by purchase order on a company's terms were that
 * company's; a member's card orders from before may have been their own, and stay so.
 */
export class Migration20261126180840 extends Migration {

  override async up(): Promise<void> {
    this.addSql(`create table "company_approval" ("id" uuid not null default gen_random_uuid(), "order_id" uuid not null, "account_id" uuid not null, "buyer_id" uuid null, "reason" text not null, "spending_limit" numeric(12,2) not null, "payment_method_id" text null, "save_card" boolean not null default false, "requested_at" timestamptz not null default now(), "decision" text null, "decided_by_id" uuid null, "note" text not null default '', "decided_at" timestamptz null, constraint "company_approval_pkey" primary key ("id"));`);
    this.addSql(`alter table "company_approval" add constraint "company_approval_order_id_unique" unique ("order_id");`);
    this.addSql(`create index "company_approval_account_id_decided_at_index" on "company_approval" ("account_id", "decided_at");`);

    this.addSql(`alter table "company_approval" add constraint "company_approval_order_id_foreign" foreign key ("order_id") references "customer_order" ("id") on update cascade on delete cascade;`);
    this.addSql(`alter table "company_approval" add constraint "company_approval_account_id_foreign" foreign key ("account_id") references "business_account" ("id") on update cascade on delete cascade;`);
    this.addSql(`alter table "company_approval" add constraint "company_approval_buyer_id_foreign" foreign key ("buyer_id") references "app_user" ("id") on update cascade on delete set null;`);
    this.addSql(`alter table "company_approval" add constraint "company_approval_decided_by_id_foreign" foreign key ("decided_by_id") references "app_user" ("id") on update cascade on delete set null;`);

    this.addSql(`alter table "customer_order" add column "account_id" uuid null;`);
    this.addSql(`alter table "customer_order" add constraint "customer_order_account_id_foreign" foreign key ("account_id") references "business_account" ("id") on update cascade on delete set null;`);
    this.addSql(`create index "customer_order_account_id_created_at_index" on "customer_order" ("account_id", "created_at");`);
    this.addSql(`update "customer_order" o set "account_id" = u."account_id" from "app_user" u where u."id" = o."user_id" and u."account_id" is not null and o."payment_kind" = 'purchaseOrder';`);
  }

  override async down(): Promise<void> {
    this.addSql(`drop table if exists "company_approval" cascade;`);

    this.addSql(`alter table "customer_order" drop constraint "customer_order_account_id_foreign";`);

    this.addSql(`drop index "customer_order_account_id_created_at_index";`);
    this.addSql(`alter table "customer_order" drop column "account_id";`);
  }

}
