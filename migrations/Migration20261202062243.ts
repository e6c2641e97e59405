import { Migration } from '@mikro-orm/migrations';

/**
 * Business events (decision 065): `domain_event` (one row per event, written in the change's transaction, with its
 * per-aggregate sequence number from `domain_event_stream`), the consumers the dispatcher delivers to and each
 * event's delivery to each of them.
 */
export class Migration20261202062243 extends Migration {

  override async up(): Promise<void> {
    this.addSql(`create table "domain_event" ("id" uuid not null, "type" text not null, "aggregate_type" text not null, "aggregate_id" text not null, "seq" bigint not null, "version" int null, "actor_id" text null, "payload" jsonb not null, "occurred_at" timestamptz not null default now(), constraint "domain_event_pkey" primary key ("id"));`);
    this.addSql(`create index "domain_event_occurred_at_index" on "domain_event" ("occurred_at");`);
    this.addSql(`alter table "domain_event" add constraint "domain_event_aggregate_type_aggregate_id_seq_unique" unique ("aggregate_type", "aggregate_id", "seq");`);

    this.addSql(`create table "domain_event_consumer" ("name" text not null, "created_at" timestamptz not null default now(), constraint "domain_event_consumer_pkey" primary key ("name"));`);

    this.addSql(`create table "domain_event_delivery" ("event_id" uuid not null, "consumer" text not null, "attempts" smallint not null default 0, "next_attempt_at" timestamptz not null default now(), "delivered_at" timestamptz null, "error" text null, constraint "domain_event_delivery_pkey" primary key ("event_id", "consumer"));`);
    this.addSql(`create index "domain_event_delivery_due_index" on "domain_event_delivery" ("consumer", "next_attempt_at") where "delivered_at" is null;`);

    this.addSql(`create table "domain_event_stream" ("aggregate_type" text not null, "aggregate_id" text not null, "last_seq" bigint not null, constraint "domain_event_stream_pkey" primary key ("aggregate_type", "aggregate_id"));`);
  }

  override async down(): Promise<void> {
    this.addSql(`drop table if exists "domain_event" cascade;`);

    this.addSql(`drop table if exists "domain_event_consumer" cascade;`);

    this.addSql(`drop table if exists "domain_event_delivery" cascade;`);

    this.addSql(`drop table if exists "domain_event_stream" cascade;`);
  }

}
