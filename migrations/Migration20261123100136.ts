import { Migration } from '@mikro-orm/migrations';

export class Migration20261123100136 extends Migration {

  override async up(): Promise<void> {
    this.addSql(`create index "customer_order_erp_order_id_index" on "customer_order" ("erp_order_id");`);
    this.addSql(`create index "customer_order_contact_email_prefix_index" on "customer_order" (lower("contact_email") text_pattern_ops);`);
    this.addSql(`create index "customer_order_created_at_order_number_index" on "customer_order" ("created_at", "order_number");`);
    this.addSql(`create index "customer_order_site_created_at_index" on "customer_order" ("site", "created_at");`);

    this.addSql(`alter table "order_line" drop constraint order_line_quantity_check;`);

    this.addSql(`alter table "order_line" add constraint order_line_quantity_check check(quantity >= 0);`);
  }

  override async down(): Promise<void> {
    this.addSql(`drop index "customer_order_erp_order_id_index";`);
    this.addSql(`drop index "customer_order_contact_email_prefix_index";`);
    this.addSql(`drop index "customer_order_created_at_order_number_index";`);
    this.addSql(`drop index "customer_order_site_created_at_index";`);

    this.addSql(`alter table "order_line" drop constraint order_line_quantity_check;`);

    this.addSql(`alter table "order_line" add constraint order_line_quantity_check check(quantity > 0);`);
  }

}
