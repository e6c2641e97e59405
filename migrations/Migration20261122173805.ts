import { Migration } from '@mikro-orm/migrations';

/**
 * Search: the `axl` text search configuration (English stemming over unaccented words), product search
 * documents, the catalogue dictionary for spelling correction, and search attribution tokens.
 */
export class Migration20261122173805 extends Migration {
  override async up(): Promise<void> {
    this.addSql(`create text search configuration "axl" (copy = english);`);
    this.addSql(
      `alter text search configuration "axl" alter mapping for hword, hword_part, word with unaccent, english_stem;`,
    );
    this.addSql(`create table "product_search" ("product_id" text not null, "part_key" text not null, "document" tsvector not null, constraint "product_search_pkey" primary key ("product_id"));`);
    this.addSql(`create index "product_search_part_key_prefix_index" on "product_search" ("part_key" text_pattern_ops);`);
    this.addSql(`create index "product_search_part_key_trgm_index" on "product_search" using gin ("part_key" gin_trgm_ops);`);
    this.addSql(`create index "product_search_document_index" on "product_search" using gin ("document");`);

    this.addSql(`create table "search_attribution" ("token" uuid not null, "kind" text not null, "query" text not null, "corrected_query" text null, "result_count" int not null, "created_at" timestamptz not null default now(), constraint "search_attribution_pkey" primary key ("token"));`);
    this.addSql(`create index "search_attribution_created_at_index" on "search_attribution" ("created_at");`);

    this.addSql(`create table "search_term" ("term" text not null, "frequency" int not null, constraint "search_term_pkey" primary key ("term"));`);
    this.addSql(`create index "search_term_term_trgm_index" on "search_term" using gin ("term" gin_trgm_ops);`);
  }

  override async down(): Promise<void> {
    this.addSql(`drop table if exists "product_search" cascade;`);

    this.addSql(`drop table if exists "search_attribution" cascade;`);

    this.addSql(`drop table if exists "search_term" cascade;`);

    this.addSql(`drop text search configuration if exists "axl";`);
  }
}
