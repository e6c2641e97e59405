import { Migration } from '@mikro-orm/migrations';

/**
 * Typeahead answers computed ahead (issue 30, decision 042). Derived data: start-up fills the keys when the table is
 * empty (searchIndexIsComplete), and the warmer computes the answers.
 */
export class Migration20261126144740 extends Migration {

  override async up(): Promise<void> {
    this.addSql(`create table "typeahead_answer" ("key" text not null, "answer" jsonb null, "stale" boolean not null default false, "match" tsquery null, "part_patterns" text[] not null default '{}', "fuzzy_key" text null, "computed_at" timestamptz null, constraint "typeahead_answer_pkey" primary key ("key"));`);
  }

  override async down(): Promise<void> {
    this.addSql(`drop table if exists "typeahead_answer" cascade;`);
  }

}
