import { Migration } from '@mikro-orm/migrations';

export class Migration20261123113226 extends Migration {

  override async up(): Promise<void> {
    this.addSql(`create table "clickstream_event" ("id" bigserial primary key, "received_at" timestamptz not null default now(), "event_time" timestamptz not null, "event_type" text not null, "visitor_id" uuid not null, "user_id" text null, "app_name" text not null, "country" text not null, "attribution_token" uuid null, "search_query" text null, "product_ids" text[] not null default '{}', "revenue" numeric(12,2) null, "payload" jsonb not null);`);
    this.addSql(`create index "clickstream_event_visitor_id_event_time_index" on "clickstream_event" ("visitor_id", "event_time");`);
    this.addSql(`create index "clickstream_event_received_at_brin" on "clickstream_event" using brin ("received_at");`);
  }

  override async down(): Promise<void> {
    this.addSql(`drop table if exists "clickstream_event" cascade;`);
  }

}
