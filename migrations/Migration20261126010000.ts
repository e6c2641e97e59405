import { Migration } from '@mikro-orm/migrations';

/**
 * A site sells to its own country (decision 033): a saved address has a country (the US unless it is Canadian),
 * and an order keeps each tax it paid (a US state's sales tax, or GST/HST and PST or QST), as its invoice shows
 * them. Orders placed before keep an empty list: their one tax is their tax amount.
 */
export class Migration20261126010000 extends Migration {

  override async up(): Promise<void> {
    this.addSql(`alter table "address" add column "country" text not null default 'US';`);
    this.addSql(`alter table "customer_order" add column "taxes" jsonb not null default '[]';`);
  }

  override async down(): Promise<void> {
    this.addSql(`alter table "customer_order" drop column "taxes";`);
    this.addSql(`alter table "address" drop column "country";`);
  }

}
