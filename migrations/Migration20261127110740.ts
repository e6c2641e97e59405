import { Migration } from '@mikro-orm/migrations';

/** Back-in-stock requests keep their language and site: the notice a restock sends is written in it (decision 050). */
export class Migration20261127110740 extends Migration {

  override async up(): Promise<void> {
    this.addSql(`alter table "back_in_stock_request" add column "locale" text not null default 'en-US', add column "site" text not null default 'axl';`);
  }

  override async down(): Promise<void> {
    this.addSql(`alter table "back_in_stock_request" drop column "locale", drop column "site";`);
  }

}
