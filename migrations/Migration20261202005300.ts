import { Migration } from '@mikro-orm/migrations';

/**
 * Back-in-stock requests are confirmed (decision 053): a signed-out request waits for its address's owner to open
 * the e-mailed link (only the link's hash is kept, minted at delivery: decision 026); a signed-in buyer's own
 * address is confirmed at once. Requests made before this are kept only when their address is a customer's: the
 * others were never confirmed by anyone, so they stay unconfirmed and are never mailed (the person may ask again).
 */
export class Migration20261202005300 extends Migration {

  override async up(): Promise<void> {
    this.addSql(`alter table "back_in_stock_request" add column "confirmed_at" timestamptz null, add column "token_hash" text null, add column "token_expires_at" timestamptz null;`);
    this.addSql(`update "back_in_stock_request" r set "confirmed_at" = r."created_at" where exists (select 1 from "app_user" u where lower(u."email") = r."email");`);
    this.addSql(`create unique index "back_in_stock_request_token_hash_unique" on "back_in_stock_request" ("token_hash") where "token_hash" is not null;`);
  }

  override async down(): Promise<void> {
    this.addSql(`drop index "back_in_stock_request_token_hash_unique";`);
    this.addSql(`alter table "back_in_stock_request" drop column "confirmed_at", drop column "token_hash", drop column "token_expires_at";`);
  }

}
