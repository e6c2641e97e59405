import { Migration } from '@mikro-orm/migrations';

/**
 * A site sells only the parts it can ship within its country (decision 057): the search rows keep the product's
 * state restriction, so listings, search and recommendations on pay-ca leave out the parts restricted to US states.
 */
export class Migration20261202060057 extends Migration {

  override async up(): Promise<void> {
    this.addSql(`alter table "product_search" add column "allowed_states" text[] not null default '{}';`);
    this.addSql(`update "product_search" s set "allowed_states" = p."allowed_states" from "product" p
      where p."id" = s."product_id" and p."allowed_states" <> '{}';`);
  }

  override async down(): Promise<void> {
    this.addSql(`alter table "product_search" drop column "allowed_states";`);
  }

}
