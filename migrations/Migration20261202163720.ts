import { Migration } from '@mikro-orm/migrations';

/** Webhook endpoints, their deliveries and each attempt (issue 56, decision 068). */

export class Migration20261202163720 extends Migration {

  override async up(): Promise<void> {
    this.addSql(`create table "webhook_endpoint" ("id" uuid not null default gen_random_uuid(), "url" text not null, "events" text[] not null, "description" text not null default '', "enabled" boolean not null default true, "disabled_reason" text null, "secret" text not null, "previous_secret" text null, "previous_secret_expires_at" timestamptz null, "created_at" timestamptz not null default now(), "updated_at" timestamptz not null default now(), constraint "webhook_endpoint_pkey" primary key ("id"));`);

    this.addSql(`create table "webhook_delivery" ("id" uuid not null default gen_random_uuid(), "endpoint_id" uuid not null, "event_id" uuid null, "message_id" text not null, "event_type" text not null, "body" text not null, "status" text not null default 'pending', "attempts" smallint not null default 0, "next_attempt_at" timestamptz not null, "last_attempt_at" timestamptz null, "last_response_code" int null, "replay_of" uuid null, "created_at" timestamptz not null default now(), constraint "webhook_delivery_pkey" primary key ("id"));`);
    this.addSql(`create index "webhook_delivery_endpoint_id_created_at_index" on "webhook_delivery" ("endpoint_id", "created_at");`);
    this.addSql(`create index "webhook_delivery_due_index" on "webhook_delivery" ("next_attempt_at") where "status" = 'pending';`);
    this.addSql(`create unique index "webhook_delivery_event_endpoint_unique" on "webhook_delivery" ("event_id", "endpoint_id") where "replay_of" is null;`);

    this.addSql(`create table "webhook_attempt" ("id" uuid not null default gen_random_uuid(), "delivery_id" uuid not null, "attempted_at" timestamptz not null, "response_code" int null, "response_body" text null, "error" text null, "duration_ms" int not null, constraint "webhook_attempt_pkey" primary key ("id"));`);
    this.addSql(`create index "webhook_attempt_delivery_id_index" on "webhook_attempt" ("delivery_id");`);

    this.addSql(`alter table "webhook_delivery" add constraint "webhook_delivery_endpoint_id_foreign" foreign key ("endpoint_id") references "webhook_endpoint" ("id") on update cascade on delete cascade;`);

    this.addSql(`alter table "webhook_attempt" add constraint "webhook_attempt_delivery_id_foreign" foreign key ("delivery_id") references "webhook_delivery" ("id") on update cascade on delete cascade;`);
  }

  override async down(): Promise<void> {
    this.addSql(`alter table "webhook_delivery" drop constraint "webhook_delivery_endpoint_id_foreign";`);

    this.addSql(`alter table "webhook_attempt" drop constraint "webhook_attempt_delivery_id_foreign";`);

    this.addSql(`drop table if exists "webhook_endpoint" cascade;`);

    this.addSql(`drop table if exists "webhook_delivery" cascade;`);

    this.addSql(`drop table if exists "webhook_attempt" cascade;`);
  }

}
