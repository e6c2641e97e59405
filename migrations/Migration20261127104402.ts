import { Migration } from '@mikro-orm/migrations';

/**
 * Stock per warehouse, reservations at place order, work-centre days, backorder rules (decision 050). Stock starts
 * empty: a store that upgrades counts its stock (supplier API, console) before lines ship from it.
 */
export class Migration20261127104402 extends Migration {

  override async up(): Promise<void> {
    this.addSql(`create table "stock_level" ("product_id" text not null, "warehouse_id" text not null, "on_hand" int not null default 0, "reserved" int not null default 0, "updated_at" timestamptz not null default now(), constraint "stock_level_pkey" primary key ("product_id", "warehouse_id"), constraint stock_level_quantities_check check (on_hand >= 0 and reserved >= 0));`);

    this.addSql(`create table "stock_reservation" ("id" uuid not null default gen_random_uuid(), "order_id" uuid not null, "order_line_id" uuid not null, "product_id" text not null, "warehouse_id" text not null, "quantity" int not null, "backordered" boolean not null default false, "ship_on" date not null, "cuts" jsonb not null default '[]', "status" text not null default 'reserved', "created_at" timestamptz not null default now(), constraint "stock_reservation_pkey" primary key ("id"));`);
    this.addSql(`create index "stock_reservation_order_id_index" on "stock_reservation" ("order_id");`);
    this.addSql(`create index "stock_reservation_order_line_id_index" on "stock_reservation" ("order_line_id");`);
    this.addSql(`create index "stock_reservation_product_id_status_index" on "stock_reservation" ("product_id", "status");`);

    this.addSql(`create table "work_centre_day" ("warehouse_id" text not null, "day" date not null, "cuts" int not null default 0, constraint "work_centre_day_pkey" primary key ("warehouse_id", "day"));`);

    this.addSql(`alter table "stock_level" add constraint "stock_level_product_id_foreign" foreign key ("product_id") references "product" ("id") on update cascade on delete cascade;`);

    this.addSql(`alter table "stock_reservation" add constraint "stock_reservation_order_id_foreign" foreign key ("order_id") references "customer_order" ("id") on update cascade on delete cascade;`);
    this.addSql(`alter table "stock_reservation" add constraint "stock_reservation_order_line_id_foreign" foreign key ("order_line_id") references "order_line" ("id") on update cascade on delete cascade;`);
    this.addSql(`alter table "stock_reservation" add constraint "stock_reservation_product_id_foreign" foreign key ("product_id") references "product" ("id") on update cascade on delete no action;`);

    this.addSql(`alter table "brand" add column "lead_time_days" int null;`);

    this.addSql(`alter table "product" add column "backorder_allowed" boolean not null default true, add column "lead_time_days" int null;`);
  }

  override async down(): Promise<void> {
    this.addSql(`drop table if exists "stock_level" cascade;`);

    this.addSql(`drop table if exists "stock_reservation" cascade;`);

    this.addSql(`drop table if exists "work_centre_day" cascade;`);

    this.addSql(`alter table "brand" drop column "lead_time_days";`);

    this.addSql(`alter table "product" drop column "backorder_allowed", drop column "lead_time_days";`);
  }

}
