import { Migration } from '@mikro-orm/migrations';

/** Quotes to orders (issue 32, decision 049): an order line priced by an accepted quote says so. */
export class Migration20261127070443 extends Migration {

  override async up(): Promise<void> {
    this.addSql(`alter table "order_line" add column "quoted" boolean not null default false;`);
  }

  override async down(): Promise<void> {
    this.addSql(`alter table "order_line" drop column "quoted";`);
  }

}
