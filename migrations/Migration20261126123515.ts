import { Migration } from '@mikro-orm/migrations';

/**
 * Bounded search (issue 30, decision 041): each search reads its candidates most popular first (the static score),
 * alone or within a brand or a category, by an index, and reads the matches in the part number and name (`title`)
 * first. The search rows are derived data: emptied here, rebuilt at start-up in that order (searchIndexIsComplete).
 */
export class Migration20261126123515 extends Migration {

  override async up(): Promise<void> {
    this.addSql(`drop index "product_search_category_id_index";`);

    this.addSql(`truncate "product_search";`);
    this.addSql(`alter table "product_search" add column "title" tsvector not null;`);
    this.addSql(`create index "product_search_category_static_order_index" on "product_search" ("category_id", "popularity" desc, "in_stock" desc, "product_id");`);
    this.addSql(`create index "product_search_brand_static_order_index" on "product_search" ("brand_id", "popularity" desc, "in_stock" desc, "product_id");`);
    this.addSql(`create index "product_search_static_order_index" on "product_search" ("popularity" desc, "in_stock" desc, "product_id");`);
    this.addSql(`create index "product_search_title_index" on "product_search" using gin ("title");`);
  }

  override async down(): Promise<void> {
    this.addSql(`drop index "product_search_category_static_order_index";`);
    this.addSql(`drop index "product_search_brand_static_order_index";`);
    this.addSql(`drop index "product_search_static_order_index";`);
    this.addSql(`drop index "product_search_title_index";`);
    this.addSql(`alter table "product_search" drop column "title";`);

    this.addSql(`create index "product_search_category_id_index" on "product_search" ("category_id");`);
  }

}
