import { Migration } from '@mikro-orm/migrations';

/**
 * A part's maximum per order (decision 063): null, no maximum; else the most one order may take, counted like the
 * cart line's quantity (packs for a part sold in packs). Staff set it in the console.
 */
export class Migration20261202063000 extends Migration {

  override async up(): Promise<void> {
    this.addSql(`alter table "product" add column "max_order_quantity" int null,
      add constraint "product_max_order_quantity_check" check ("max_order_quantity" is null or "max_order_quantity" >= 1);`);
  }

  override async down(): Promise<void> {
    this.addSql(`alter table "product" drop column "max_order_quantity";`);
  }

}
