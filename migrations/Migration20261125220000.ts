import { Migration } from '@mikro-orm/migrations';

/**
 * Every order has an ERP order id (the console's order form requires it, spec section 5): until an ERP
 * integration assigns its own, it is the store's order number, given at checkout. Orders placed before get theirs.
 */
export class Migration20261125220000 extends Migration {

  override async up(): Promise<void> {
    this.addSql(`update "customer_order" set "erp_order_id" = "order_number"::text where "erp_order_id" is null or "erp_order_id" = '';`);
  }

  override async down(): Promise<void> {
    this.addSql(`select 1;`);
  }

}
