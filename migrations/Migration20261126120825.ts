import { Migration } from '@mikro-orm/migrations';

/**
 * Bounded search (issue 30, decision 041): each search reads its candidates in its sort's order by an index —
 * popularity for relevance, price both ways — and reads the matches of the part number and name (`title`) first.
 * The search rows are derived data: emptied here, rebuilt at start-up in the relevance order (searchIndexIsComplete).
 */
export class Migration20261126120825 extends Migration {

  override async up(): Promise<void> {
    this.addSql(`truncate "product_search";`);
    this.addSql(`alter table "product_search" add column "title" tsvector not null;`);
    this.addSql(`create index "product_search_price_desc_index" on "product_search" ("price" desc nulls last, "product_id");`);
    this.addSql(`create index "product_search_price_asc_index" on "product_search" ("price" asc nulls last, "product_id");`);
    this.addSql(`create index "product_search_static_order_index" on "product_search" ("popularity" desc, "in_stock" desc, "product_id");`);
    this.addSql(`create index "product_search_title_index" on "product_search" using gin ("title");`);
  }

  override async down(): Promise<void> {
    this.addSql(`drop index "product_search_price_desc_index";`);
    this.addSql(`drop index "product_search_price_asc_index";`);
    this.addSql(`drop index "product_search_static_order_index";`);
    this.addSql(`drop index "product_search_title_index";`);
    this.addSql(`alter table "product_search" drop column "title";`);
  }

}
