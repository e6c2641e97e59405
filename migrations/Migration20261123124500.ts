import { Migration } from '@mikro-orm/migrations';

/** Sites get a logo and, for a site selling in its own currency, a price list (pay-ca sells in CAD). */
export class Migration20261123124500 extends Migration {

  override async up(): Promise<void> {
    this.addSql(`alter table "site" add column "logo" text not null default '/sites/axl.svg', add column "price_list_id" text null;`);
    this.addSql(`update "site" set "logo" = '/sites/' || "id" || '.svg';`);
    this.addSql(`update "site" set "price_list_id" = 'site:pay-ca' where "id" = 'pay-ca';`);
  }

  override async down(): Promise<void> {
    this.addSql(`alter table "site" drop column "logo", drop column "price_list_id";`);
  }

}
