import { Migration } from '@mikro-orm/migrations';

/**
 * Click-stream use (docs/decisions/016): the product's popularity remembers the events' share of it, and the events
 * that recommendations look up by product are indexed.
 */
export class Migration20261123124600 extends Migration {

  override async up(): Promise<void> {
    this.addSql(`create index "clickstream_event_product_ids_gin" on "clickstream_event" using gin ("product_ids")
    where "event_type" in ('detail-page-view', 'purchase-complete');`);

    this.addSql(`alter table "product" add column "event_popularity" int not null default 0;`);
    this.addSql(`create index "product_event_popularity_index" on "product" ("id") where "event_popularity" <> 0;`);
  }

  override async down(): Promise<void> {
    this.addSql(`drop index "clickstream_event_product_ids_gin";`);

    this.addSql(`drop index "product_event_popularity_index";`);
    this.addSql(`alter table "product" drop column "event_popularity";`);
  }

}
