import { Migration } from '@mikro-orm/migrations';

export class Migration20261123074956 extends Migration {

  override async up(): Promise<void> {
    this.addSql(`create table "form_submission" ("id" uuid not null default gen_random_uuid(), "kind" text not null, "email" text not null, "payload" jsonb not null, "user_id" uuid null, "created_at" timestamptz not null default now(), "handled_at" timestamptz null, constraint "form_submission_pkey" primary key ("id"));`);
    this.addSql(`create index "form_submission_kind_created_at_index" on "form_submission" ("kind", "created_at");`);

    this.addSql(`create table "form_attachment" ("id" uuid not null default gen_random_uuid(), "submission_id" uuid not null, "filename" text not null, "kind" text not null, "size" int not null, "data" bytea not null, constraint "form_attachment_pkey" primary key ("id"));`);
    this.addSql(`create index "form_attachment_submission_id_index" on "form_attachment" ("submission_id");`);

    this.addSql(`alter table "form_submission" add constraint "form_submission_user_id_foreign" foreign key ("user_id") references "app_user" ("id") on update cascade on delete set null;`);

    this.addSql(`alter table "form_attachment" add constraint "form_attachment_submission_id_foreign" foreign key ("submission_id") references "form_submission" ("id") on update cascade on delete cascade;`);
  }

  override async down(): Promise<void> {
    this.addSql(`alter table "form_attachment" drop constraint "form_attachment_submission_id_foreign";`);

    this.addSql(`drop table if exists "form_submission" cascade;`);

    this.addSql(`drop table if exists "form_attachment" cascade;`);
  }

}
