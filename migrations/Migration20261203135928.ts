import { Migration } from '@mikro-orm/migrations';

/**
 * Order export for the ERP (issue 56 item 6, decision 071): a product's ERP item number, a company location's ERP
 * ship-to id, and when the ERP acknowledged an order. Orders placed before this filled `erp_order_id` with their own
 * number at placement and were keyed into the ERP by hand: they count as acknowledged when placed, so the console's
 * "Not acknowledged by the ERP" starts empty.
 */

export class Migration20261203135928 extends Migration {

  override async up(): Promise<void> {
    this.addSql(`alter table "company_address" add column "erp_ship_to_id" text null;`);

    this.addSql(`alter table "product" add column "erp_item_id" text null;`);

    this.addSql(`alter table "customer_order" add column "acknowledged_at" timestamptz null;`);
    this.addSql(`update "customer_order" set "acknowledged_at" = "created_at" where "erp_order_id" is not null;`);
    this.addSql(`create index "customer_order_unacknowledged_index" on "customer_order" ("created_at", "order_number") where "acknowledged_at" is null;`);
  }

  override async down(): Promise<void> {
    this.addSql(`alter table "company_address" drop column "erp_ship_to_id";`);

    this.addSql(`drop index "customer_order_unacknowledged_index";`);
    this.addSql(`alter table "customer_order" drop column "acknowledged_at";`);

    this.addSql(`alter table "product" drop column "erp_item_id";`);
  }

}
