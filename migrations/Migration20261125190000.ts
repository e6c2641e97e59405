import { Migration } from '@mikro-orm/migrations';

/**
 * E-mails with a one-time link keep no secret (decision 026): the outbox row names the link to make (its kind, the
 * user or registration it opens, until when) and the sender mints the token when it delivers. Links already in
 * the outbox are removed from their text: staff could read them.
 */
export class Migration20261125190000 extends Migration {

  override async up(): Promise<void> {
    this.addSql(`alter table "email_outbox" add column "link_kind" text null, add column "link_ref" uuid null, add column "link_expires_at" timestamptz null;`);
    this.addSql(`update "email_outbox" set "text_body" = regexp_replace("text_body", 'token=[A-Za-z0-9_%-]+', 'token=[removed]', 'g') where "text_body" like '%token=%';`);
    this.addSql(`create index "email_outbox_sent_at_index" on "email_outbox" ("sent_at") where "sent_at" is not null;`);
  }

  override async down(): Promise<void> {
    this.addSql(`drop index "email_outbox_sent_at_index";`);
    this.addSql(`alter table "email_outbox" drop column "link_kind", drop column "link_ref", drop column "link_expires_at";`);
  }

}
