import { Migration } from '@mikro-orm/migrations';

/**
 * Volume price breaks (issue 32, decision 048): quantity tiers per price list and product ('' is the catalogue's own
 * prices), and on each order line the tier its price came from and the price for one it was lowered from.
 */
export class Migration20261127061616 extends Migration {

  override async up(): Promise<void> {
    this.addSql(`create table "price_break" ("price_list_id" text not null, "product_id" text not null, "min_quantity" int not null, "price" numeric(12,2) not null, constraint "price_break_pkey" primary key ("price_list_id", "product_id", "min_quantity"), constraint price_break_price_check check (price >= 0), constraint price_break_quantity_check check (min_quantity >= 2));`);

    this.addSql(`alter table "price_break" add constraint "price_break_product_id_foreign" foreign key ("product_id") references "product" ("id") on update cascade on delete cascade;`);

    this.addSql(`alter table "order_line" add column "tier_min_quantity" int not null default 1, add column "unit_price_for_one" numeric(12,2) null;`);
  }

  override async down(): Promise<void> {
    this.addSql(`drop table if exists "price_break" cascade;`);

    this.addSql(`alter table "order_line" drop column "tier_min_quantity", drop column "unit_price_for_one";`);
  }

}
