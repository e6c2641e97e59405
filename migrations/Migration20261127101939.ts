import { Migration } from '@mikro-orm/migrations';

/** Quotes asked on the quote form (decision 049): its drawings, and the phone and company it gave. */
export class Migration20261127101939 extends Migration {

  override async up(): Promise<void> {
    this.addSql(`create table "quote_attachment" ("id" uuid not null default gen_random_uuid(), "quote_id" uuid not null, "filename" text not null, "kind" text not null, "size" int not null, "data" bytea not null, "created_at" timestamptz not null default now(), constraint "quote_attachment_pkey" primary key ("id"));`);
    this.addSql(`create index "quote_attachment_quote_id_index" on "quote_attachment" ("quote_id");`);

    this.addSql(`alter table "quote_attachment" add constraint "quote_attachment_quote_id_foreign" foreign key ("quote_id") references "quote" ("id") on update cascade on delete cascade;`);

    this.addSql(`alter table "quote" add column "phone" text not null default '', add column "company_name" text not null default '';`);
  }

  override async down(): Promise<void> {
    this.addSql(`drop table if exists "quote_attachment" cascade;`);

    this.addSql(`alter table "quote" drop column "phone", drop column "company_name";`);
  }

}
