import { Migration } from '@mikro-orm/migrations';

/**
 * A site's legal identity (issue 51 item 7, decision 058): its legal name, postal address and copyright holder,
 * printed by the footer and the invoice and quote PDFs, edited by Admin in Console → Sites. The store's own sites
 * are Axisline Supply's (spec/brand.md); pay-ca is sold by its Canadian company. And a quote keeps the language it
 * was requested in (its PDF is written in it); quotes from before were English.
 */
export class Migration20261202015800 extends Migration {

  override async up(): Promise<void> {
    this.addSql(`alter table "site"
      add column "legal_name" text not null default 'Axisline Supply',
      add column "postal_address" text not null default '1200 Industrial Park Drive, Mooresville, NC 28115, USA',
      add column "copyright_holder" text not null default 'Axisline Supply';`);
    this.addSql(`update "site" set "legal_name" = 'Axisline Payments Canada Inc.',
      "postal_address" = '2300 Boulevard Industriel, Laval, QC H7S 2E5, Canada',
      "copyright_holder" = 'Axisline Payments Canada Inc.' where "id" = 'pay-ca';`);
    this.addSql(`alter table "quote" add column "locale" text not null default 'en-US';`);
  }

  override async down(): Promise<void> {
    this.addSql(`alter table "quote" drop column "locale";`);
    this.addSql(`alter table "site" drop column "legal_name", drop column "postal_address", drop column "copyright_holder";`);
  }

}
