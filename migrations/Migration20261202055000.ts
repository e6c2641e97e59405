import { Migration } from '@mikro-orm/migrations';

/**
 * A cart's revision, bumped by every change to its lines: a browser's kept copy of the lines that saw an older
 * revision gives way to the server's lines instead of bringing ordered or removed lines back (decision 055).
 */
export class Migration20261202055000 extends Migration {

  override async up(): Promise<void> {
    this.addSql(`alter table "cart" add column "revision" int not null default 0;`);
  }

  override async down(): Promise<void> {
    this.addSql(`alter table "cart" drop column "revision";`);
  }

}
