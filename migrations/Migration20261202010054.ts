import { Migration } from '@mikro-orm/migrations';

/**
 * Prices below the catalogue's (decision 054): a quote keeps one draft answer (saved, not sent) with who saved it
 * and when; a sent revision names who drafted it; an order line keeps the catalogue's unit price it was ordered at
 * (a quoted line: its quote's catalogue price), against which a staff edit that lowers it is held. Lines ordered
 * before keep their price as placed (a quoted line its quote's), the nearest record there is.
 */
export class Migration20261202010054 extends Migration {

  override async up(): Promise<void> {
    this.addSql(`alter table "quote" add column "draft" jsonb null, add column "draft_by_id" uuid null, add column "draft_at" timestamptz null;`);
    this.addSql(`alter table "quote" add constraint "quote_draft_by_id_foreign" foreign key ("draft_by_id") references "app_user" ("id") on update cascade on delete set null;`);
    this.addSql(`alter table "quote_revision" add column "drafted_by_id" uuid null;`);
    this.addSql(`alter table "quote_revision" add constraint "quote_revision_drafted_by_id_foreign" foreign key ("drafted_by_id") references "app_user" ("id") on update cascade on delete set null;`);
    this.addSql(`alter table "order_line" add column "catalogue_price" numeric(12,2) null;`);
    this.addSql(`update "order_line" set "catalogue_price" = "price" where not "quoted";`);
    this.addSql(`update "order_line" ol set "catalogue_price" = ql."catalogue_price"
      from "quote" q join "quote_line" ql on ql."quote_id" = q."id" and ql."revision" = q."accepted_revision"
      where q."order_id" = ol."order_id" and ql."line_no" = ol."line_no" and ol."quoted";`);
  }

  override async down(): Promise<void> {
    this.addSql(`alter table "order_line" drop column "catalogue_price";`);
    this.addSql(`alter table "quote_revision" drop constraint "quote_revision_drafted_by_id_foreign";`);
    this.addSql(`alter table "quote_revision" drop column "drafted_by_id";`);
    this.addSql(`alter table "quote" drop constraint "quote_draft_by_id_foreign";`);
    this.addSql(`alter table "quote" drop column "draft", drop column "draft_by_id", drop column "draft_at";`);
  }

}
