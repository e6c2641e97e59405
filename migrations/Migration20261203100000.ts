import { Migration } from '@mikro-orm/migrations';

/**
 * The event feed (issue 56, decision 070): each event's feed position, given after its commit by the `feed`
 * consumer from a sequence; and the webhook endpoints' owner (null: made by staff).
 */

export class Migration20261203100000 extends Migration {

  override async up(): Promise<void> {
    this.addSql(`create sequence if not exists "domain_event_position_seq" as bigint;`);
    this.addSql(`alter table "domain_event" add column "position" bigint null;`);
    this.addSql(`alter table "domain_event" add constraint "domain_event_position_unique" unique ("position");`);
    // What the feed consumer claims: the events still without a position, oldest first.
    this.addSql(`create index "domain_event_unpositioned_index" on "domain_event" ("occurred_at", "id") where "position" is null;`);

    this.addSql(`alter table "webhook_endpoint" add column "owner_user_id" uuid null;`);
    this.addSql(`create index "webhook_endpoint_owner_user_id_index" on "webhook_endpoint" ("owner_user_id");`);
  }

  override async down(): Promise<void> {
    this.addSql(`drop index "webhook_endpoint_owner_user_id_index";`);
    this.addSql(`alter table "webhook_endpoint" drop column "owner_user_id";`);

    this.addSql(`drop index "domain_event_unpositioned_index";`);
    this.addSql(`alter table "domain_event" drop constraint "domain_event_position_unique";`);
    this.addSql(`alter table "domain_event" drop column "position";`);
    this.addSql(`drop sequence if exists "domain_event_position_seq";`);
  }

}
