import { Migration } from '@mikro-orm/migrations';

export class Migration20261123013954 extends Migration {

  override async up(): Promise<void> {
    this.addSql(`alter table "email_outbox" add column "attempts" smallint not null default 0, add column "next_attempt_at" timestamptz not null default now();`);
    this.addSql(`create index "email_outbox_next_attempt_at_index" on "email_outbox" ("next_attempt_at");`);
  }

  override async down(): Promise<void> {
    this.addSql(`drop index "email_outbox_next_attempt_at_index";`);
    this.addSql(`alter table "email_outbox" drop column "attempts", drop column "next_attempt_at";`);
  }

}
