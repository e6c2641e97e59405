import { Migration } from '@mikro-orm/migrations';

/**
 * Punchout orders (issue 57, decision 073): which store order a procurement system's OrderRequest became (its
 * payloadID and the buyer's orderID), so its status updates go back to that system referring to that document.
 */

export class Migration20261203183000 extends Migration {

  override async up(): Promise<void> {
    this.addSql(`create table "punchout_order" ("order_id" uuid not null, "company_id" uuid not null, "credential_id" uuid not null, "payload_id" text not null, "buyer_order_id" text not null, "created_at" timestamptz not null default now(), constraint "punchout_order_pkey" primary key ("order_id"));`);
    this.addSql(`create index "punchout_order_company_id_index" on "punchout_order" ("company_id");`);
    this.addSql(`alter table "punchout_order" add constraint "punchout_order_order_id_foreign" foreign key ("order_id") references "customer_order" ("id") on update cascade on delete cascade;`);
    this.addSql(`alter table "punchout_order" add constraint "punchout_order_company_id_foreign" foreign key ("company_id") references "business_account" ("id") on update cascade on delete cascade;`);
    this.addSql(`alter table "punchout_order" add constraint "punchout_order_credential_id_foreign" foreign key ("credential_id") references "punchout_credential" ("id") on update cascade on delete cascade;`);
  }

  override async down(): Promise<void> {
    this.addSql(`drop table if exists "punchout_order" cascade;`);
  }

}
