import { Migration } from '@mikro-orm/migrations';

/**
 * The language a customer reads the store's e-mails in (issue 29, item 4): the one they last used when they
 * registered or signed in, and the one an order was placed in.
 */
export class Migration20261126050000 extends Migration {

  override async up(): Promise<void> {
    this.addSql(`alter table "app_user" add column "locale" text not null default 'en-US';`);
    this.addSql(`alter table "customer_order" add column "locale" text not null default 'en-US';`);
  }

  override async down(): Promise<void> {
    this.addSql(`alter table "app_user" drop column "locale";`);
    this.addSql(`alter table "customer_order" drop column "locale";`);
  }

}
