import { Migration } from '@mikro-orm/migrations';

/**
 * The catalogue's text in the shop's other languages (decision 034): category names, specification attribute and
 * configuration option labels, by kind, key and locale. The demo's translations are seeded at start.
 */
export class Migration20261126020000 extends Migration {

  override async up(): Promise<void> {
    this.addSql(`create table "translation" ("kind" text not null, "key" text not null, "locale" text not null,
      "text" text not null, constraint "translation_pkey" primary key ("kind", "key", "locale"));`);
  }

  override async down(): Promise<void> {
    this.addSql(`drop table if exists "translation";`);
  }

}
