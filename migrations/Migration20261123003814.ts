import { Migration } from '@mikro-orm/migrations';

export class Migration20261123003814 extends Migration {

  override async up(): Promise<void> {
    this.addSql(`create table "search_index_state" ("id" int not null default 1, "version" bigint not null, "refreshed_at" timestamptz not null default now(), constraint "search_index_state_pkey" primary key ("id"));`);
    this.addSql(`insert into "search_index_state" ("id", "version") values (1, 1);`);
  }

  override async down(): Promise<void> {
    this.addSql(`drop table if exists "search_index_state" cascade;`);
  }
}
