import { Migration } from '@mikro-orm/migrations';

/**
 * Unpaid orders (issue 27): when the buyer was reminded that payment did not go through, and the links that open
 * a guest's order from an e-mail (sha256 of the token, minted at delivery).
 */
export class Migration20261125230000 extends Migration {

  override async up(): Promise<void> {
    this.addSql(`alter table "customer_order" add column "payment_reminded_at" timestamptz null;`);
    this.addSql(`create table "order_access" ("id" uuid not null default gen_random_uuid(), "order_id" uuid not null, "token_hash" text not null, "expires_at" timestamptz not null, "created_at" timestamptz not null default now(), constraint "order_access_pkey" primary key ("id"));`);
    this.addSql(`create index "order_access_order_id_index" on "order_access" ("order_id");`);
    this.addSql(`alter table "order_access" add constraint "order_access_token_hash_unique" unique ("token_hash");`);
    this.addSql(`alter table "order_access" add constraint "order_access_order_id_foreign" foreign key ("order_id") references "customer_order" ("id") on update cascade on delete cascade;`);
  }

  override async down(): Promise<void> {
    this.addSql(`drop table if exists "order_access" cascade;`);
    this.addSql(`alter table "customer_order" drop column "payment_reminded_at";`);
  }

}
