import { Migration } from '@mikro-orm/migrations';

/**
 * Links minted at delivery that open one thing (decision 061): `access_link` keeps the purpose, the thing it opens and
 * the SHA-256 of the token, never the token. A guest's quote form makes a quote with no user: its contact's e-mail,
 * name and language, until the guest opens the e-mailed link signed in and the quote joins that account.
 */
export class Migration20261202061000 extends Migration {

  override async up(): Promise<void> {
    this.addSql(`create table "access_link" (
      "id" uuid not null default gen_random_uuid() primary key,
      "purpose" text not null,
      "target_id" uuid not null,
      "token_hash" text not null,
      "expires_at" timestamptz not null,
      "created_at" timestamptz not null default now(),
      constraint "access_link_token_hash_unique" unique ("token_hash"));`);
    this.addSql(`create index "access_link_target_idx" on "access_link" ("purpose", "target_id");`);
    this.addSql(`alter table "quote" alter column "user_id" drop not null;`);
    this.addSql(`alter table "quote" add column "contact_email" text null, add column "contact_name" text not null default '',
      add column "contact_locale" text null;`);
  }

  override async down(): Promise<void> {
    this.addSql(`delete from "quote" where "user_id" is null;`);
    this.addSql(`alter table "quote" drop column "contact_email", drop column "contact_name", drop column "contact_locale";`);
    this.addSql(`alter table "quote" alter column "user_id" set not null;`);
    this.addSql(`drop table "access_link";`);
  }

}
