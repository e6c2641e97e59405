import { Migration } from '@mikro-orm/migrations';

/** E-mail attachments made when an e-mail is delivered (a quote's PDF: decision 049), never stored. */
export class Migration20261127072546 extends Migration {

  override async up(): Promise<void> {
    this.addSql(`alter table "email_outbox" add column "attachment_kind" text null, add column "attachment_ref" text null;`);
  }

  override async down(): Promise<void> {
    this.addSql(`alter table "email_outbox" drop column "attachment_kind", drop column "attachment_ref";`);
  }

}
