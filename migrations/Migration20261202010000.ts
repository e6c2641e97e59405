import { Migration } from '@mikro-orm/migrations';

/**
 * Spending limits are kept in the company's currency (decision 052): the currency of the site the company was made
 * on (an application keeps the site's currency it was made on). The companies made so far were made on the US site.
 */
export class Migration20261202010000 extends Migration {

  override async up(): Promise<void> {
    this.addSql(`alter table "business_account" add column "currency_code" text not null default 'USD';`);
    this.addSql(`alter table "company_application" add column "currency_code" text not null default 'USD';`);
  }

  override async down(): Promise<void> {
    this.addSql(`alter table "business_account" drop column "currency_code";`);
    this.addSql(`alter table "company_application" drop column "currency_code";`);
  }

}
