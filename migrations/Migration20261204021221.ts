import { Migration } from '@mikro-orm/migrations';

/**
 * An add to the cart applied once per Idempotency-Key (issue 55, item 7): a replay by a balancer, or a second send by
 * the shop, adds nothing more.
 */

export class Migration20261204021221 extends Migration {

  override async up(): Promise<void> {
    this.addSql(`create table "cart_request" ("cart_id" uuid not null, "idempotency_key" text not null, "created_at" timestamptz not null default now(), constraint "cart_request_pkey" primary key ("cart_id", "idempotency_key"));`);
    this.addSql(`create index "cart_request_created_at_index" on "cart_request" ("created_at");`);

    this.addSql(`alter table "cart_request" add constraint "cart_request_cart_id_foreign" foreign key ("cart_id") references "cart" ("id") on update cascade on delete cascade;`);
  }

  override async down(): Promise<void> {
    this.addSql(`drop table if exists "cart_request" cascade;`);
  }

}
