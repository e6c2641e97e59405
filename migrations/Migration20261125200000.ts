import { Migration } from '@mikro-orm/migrations';

/**
 * Sign-in failures counted where the password is checked (decision 027): per (account, address) with a doubling
 * delay, and per address. Replaces the sign-in keys of rate_limit, which GraphQL fragments could bypass.
 */
export class Migration20261125200000 extends Migration {

  override async up(): Promise<void> {
    this.addSql(`create table "sign_in_throttle" ("key" text not null, "failures" int not null, "first_at" timestamptz not null, "last_at" timestamptz not null, constraint "sign_in_throttle_pkey" primary key ("key"));`);
    this.addSql(`delete from "rate_limit" where "key" like 'signin:%';`);
  }

  override async down(): Promise<void> {
    this.addSql(`drop table if exists "sign_in_throttle" cascade;`);
  }

}
