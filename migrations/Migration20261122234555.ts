import { Migration } from '@mikro-orm/migrations';

export class Migration20261122234555 extends Migration {

  /**
   * product_search becomes a self-contained search row (docs/decisions/008). It is derived data: emptied here
   * and rebuilt at start-up (main.ts rebuilds the index when it does not cover every product).
   */
  override async up(): Promise<void> {
    this.addSql(`truncate table "product_search";`);
    this.addSql(`alter table "product_search" add column "name" text not null, add column "description" text not null, add column "image" text null, add column "brand_id" uuid not null, add column "category_id" uuid not null, add column "price" numeric(12,2) null, add column "sites" text[] not null, add column "popularity" int not null, add column "in_stock" boolean not null, add column "facets" text[] not null;`);
    this.addSql(`create index "product_search_category_id_index" on "product_search" ("category_id");`);
  }

  override async down(): Promise<void> {
    this.addSql(`truncate table "product_search";`);
    this.addSql(`drop index "product_search_category_id_index";`);
    this.addSql(`alter table "product_search" drop column "name", drop column "description", drop column "image", drop column "brand_id", drop column "category_id", drop column "price", drop column "sites", drop column "popularity", drop column "in_stock", drop column "facets";`);
  }
}
