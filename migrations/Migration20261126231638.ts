import { Migration } from '@mikro-orm/migrations';

/**
 * Company buying, slice 4 (issue 31, decision 046): terms invoices paid by recorded payments, a company's credit
 * limit (a purchase order over it waits for staff), its tax certificate and expiry, and the verification of its ERP
 * number. A company with an ERP number before this was made by staff checking it (decision 028): it counts as
 * verified when it was made.
 */
export class Migration20261126231638 extends Migration {

  override async up(): Promise<void> {
    this.addSql(`create table "terms_payment" ("id" uuid not null default gen_random_uuid(), "order_id" uuid not null, "account_id" uuid null, "amount" numeric(12,2) not null, "paid_on" date not null, "reference" text not null, "recorded_by_id" uuid null, "created_at" timestamptz not null default now(), constraint "terms_payment_pkey" primary key ("id"));`);
    this.addSql(`create index "terms_payment_order_id_index" on "terms_payment" ("order_id");`);

    this.addSql(`alter table "terms_payment" add constraint "terms_payment_order_id_foreign" foreign key ("order_id") references "customer_order" ("id") on update cascade on delete cascade;`);
    this.addSql(`alter table "terms_payment" add constraint "terms_payment_account_id_foreign" foreign key ("account_id") references "business_account" ("id") on update cascade on delete set null;`);
    this.addSql(`alter table "terms_payment" add constraint "terms_payment_recorded_by_id_foreign" foreign key ("recorded_by_id") references "app_user" ("id") on update cascade on delete set null;`);

    this.addSql(`alter table "business_account" add column "erp_verified_at" timestamptz null, add column "erp_verified_by" uuid null, add column "tax_certificate" text not null default '', add column "tax_certificate_expires" date null, add column "credit_limit" numeric(12,2) null;`);
    this.addSql(`update "business_account" set "erp_verified_at" = "created_at" where "erp_account_id" is not null;`);

    this.addSql(`alter table "company_approval" add column "credit_hold" boolean not null default false, add column "open_balance" numeric(12,2) null;`);
  }

  override async down(): Promise<void> {
    this.addSql(`drop table if exists "terms_payment" cascade;`);

    this.addSql(`alter table "business_account" drop column "erp_verified_at", drop column "erp_verified_by", drop column "tax_certificate", drop column "tax_certificate_expires", drop column "credit_limit";`);

    this.addSql(`alter table "company_approval" drop column "credit_hold", drop column "open_balance";`);
  }

}
