import { Migration } from '@mikro-orm/migrations';

/**
 * Periodic jobs run once per interval for the fleet (issue 55, item 4; decision 076): each process claims the run
 * in `periodic_run` before doing it.
 */

export class Migration20261204010000 extends Migration {

  override async up(): Promise<void> {
    this.addSql(`create table "periodic_run" ("name" text not null, "next_run_at" timestamptz not null, "last_claimed_at" timestamptz not null default now(), constraint "periodic_run_pkey" primary key ("name"));`);
  }

  override async down(): Promise<void> {
    this.addSql(`drop table if exists "periodic_run" cascade;`);
  }

}
