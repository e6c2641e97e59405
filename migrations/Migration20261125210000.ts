import { Migration } from '@mikro-orm/migrations';

/**
 * An ERP account number typed at registration is an unverified claim (decision 028). Users whom registration
 * attached to a company by that number alone are detached, their number kept as a claim for staff to verify.
 */
export class Migration20261125210000 extends Migration {

  override async up(): Promise<void> {
    this.addSql(`alter table "app_user" add column "erp_account_claim" text null;`);
    this.addSql(`update "app_user" u set "erp_account_claim" = a."erp_account_id", "account_id" = null
      from "business_account" a, "registration" r
      where a."id" = u."account_id" and r."completed_at" is not null and r."erp_account_id" = a."erp_account_id"
        and lower(r."email") = lower(u."email");`);
  }

  override async down(): Promise<void> {
    this.addSql(`alter table "app_user" drop column "erp_account_claim";`);
  }

}
