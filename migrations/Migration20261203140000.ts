import { Migration } from '@mikro-orm/migrations';

/**
 * Webhooks that stay quiet when unused and stop when a receiver stays down (issue 56, decision 068): a consumer may
 * be off (events written meanwhile get no delivery for it), and an endpoint keeps when it started failing.
 */

export class Migration20261203140000 extends Migration {

  override async up(): Promise<void> {
    this.addSql(`alter table "domain_event_consumer" add column "active" boolean not null default true;`);
    this.addSql(`alter table "webhook_endpoint" add column "failing_since" timestamptz null;`);
    // With no endpoint enabled, the webhooks consumer has nothing to do.
    this.addSql(`update "domain_event_consumer" set "active" = exists (select 1 from "webhook_endpoint" where "enabled") where "name" = 'webhooks';`);
  }

  override async down(): Promise<void> {
    this.addSql(`alter table "webhook_endpoint" drop column "failing_since";`);
    this.addSql(`alter table "domain_event_consumer" drop column "active";`);
  }

}
