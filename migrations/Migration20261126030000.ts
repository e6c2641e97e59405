import { Migration } from '@mikro-orm/migrations';

/**
 * Shipments (decision 035): an order ships in one or more shipments (carrier, tracking number, the day it left,
 * the day it was delivered), each carrying quantities of the order's lines.
 */
export class Migration20261126030000 extends Migration {

  override async up(): Promise<void> {
    this.addSql(`create table "shipment" ("id" uuid not null default gen_random_uuid(), "order_id" uuid not null, "carrier" text not null, "tracking_number" text not null, "shipped_on" date not null, "delivered_on" date null, "created_by_id" uuid null, "created_at" timestamptz not null default now(), constraint "shipment_pkey" primary key ("id"));`);
    this.addSql(`create index "shipment_order_id_index" on "shipment" ("order_id");`);
    this.addSql(`alter table "shipment" add constraint "shipment_order_id_foreign" foreign key ("order_id") references "customer_order" ("id") on update cascade on delete cascade;`);
    this.addSql(`alter table "shipment" add constraint "shipment_created_by_id_foreign" foreign key ("created_by_id") references "app_user" ("id") on update cascade on delete set null;`);

    this.addSql(`create table "shipment_line" ("shipment_id" uuid not null, "order_line_id" uuid not null, "quantity" int not null, constraint "shipment_line_pkey" primary key ("shipment_id", "order_line_id"), constraint shipment_line_quantity_check check (quantity > 0));`);
    this.addSql(`create index "shipment_line_order_line_id_index" on "shipment_line" ("order_line_id");`);
    this.addSql(`alter table "shipment_line" add constraint "shipment_line_shipment_id_foreign" foreign key ("shipment_id") references "shipment" ("id") on update cascade on delete cascade;`);
    this.addSql(`alter table "shipment_line" add constraint "shipment_line_order_line_id_foreign" foreign key ("order_line_id") references "order_line" ("id") on update cascade on delete cascade;`);
  }

  override async down(): Promise<void> {
    this.addSql(`drop table if exists "shipment_line" cascade;`);
    this.addSql(`drop table if exists "shipment" cascade;`);
  }

}
