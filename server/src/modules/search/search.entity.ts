import { ArrayType, DecimalType, Entity, Index, PrimaryKey, Property } from '@mikro-orm/core';

/**
 * The search row of a product, kept beside it (rebuilt by `refreshSearchIndex`): a weighted tsvector over
 * part number, name, brand, category path, spec attributes and description; the normalised part number
 * (`SFU1605` = `sfu-1605` = `sfu 1605` -> `sfu1605`) for exact, prefix and typo matches; and a copy of every
 * column a search filters, ranks, facets or shows, so one index scan of this narrow table answers a search
 * without touching `product` (docs/decisions/008). Candidates are read most popular first (the static score), alone
 * or within a brand or a category, by the `*static_order_index` indexes (decision 041).
 */
@Entity({ tableName: 'product_search' })
@Index({
  name: 'product_search_document_index',
  expression: 'create index "product_search_document_index" on "product_search" using gin ("document")',
})
@Index({
  name: 'product_search_part_key_trgm_index',
  expression:
    'create index "product_search_part_key_trgm_index" on "product_search" using gin ("part_key" gin_trgm_ops)',
})
@Index({
  name: 'product_search_part_key_prefix_index',
  expression:
    'create index "product_search_part_key_prefix_index" on "product_search" ("part_key" text_pattern_ops)',
})
@Index({
  name: 'product_search_title_index',
  expression: 'create index "product_search_title_index" on "product_search" using gin ("title")',
})
@Index({
  name: 'product_search_static_order_index',
  expression:
    'create index "product_search_static_order_index" on "product_search" ("popularity" desc, "in_stock" desc, "product_id")',
})
@Index({
  name: 'product_search_brand_static_order_index',
  expression:
    'create index "product_search_brand_static_order_index" on "product_search" ("brand_id", "popularity" desc, "in_stock" desc, "product_id")',
})
@Index({
  name: 'product_search_category_static_order_index',
  expression:
    'create index "product_search_category_static_order_index" on "product_search" ("category_id", "popularity" desc, "in_stock" desc, "product_id")',
})
export class ProductSearch {
  @PrimaryKey({ type: 'text', fieldName: 'product_id' })
  productId!: string;

  @Property({ type: 'text' })
  partKey!: string;

  @Property({ type: 'tsvector', columnType: 'tsvector' })
  document!: string;

  /**
   * The document's part number and name alone (weight A): the matches a search reads first, whatever their
   * popularity (decision 041).
   */
  @Property({ type: 'tsvector', columnType: 'tsvector' })
  title!: string;

  @Property({ type: 'text' })
  name!: string;

  /** The name in lower case, kept by PostgreSQL: ranking's name tier compares it with every matching row. */
  @Property({ type: 'text', fieldName: 'name_lower', generated: '(lower(name)) stored' })
  nameLower!: string;

  @Property({ type: 'text' })
  description!: string;

  @Property({ type: 'text', nullable: true })
  image: string | null = null;

  @Property({ type: 'uuid' })
  brandId!: string;

  @Property({ type: 'uuid' })
  categoryId!: string;

  @Property({ type: new DecimalType('number'), precision: 12, scale: 2, nullable: true })
  price: number | null = null;

  @Property({ type: ArrayType, columnType: 'text[]' })
  sites!: string[];

  /** The product's state restriction (empty: anywhere), for the sites whose country it leaves out (decision 057). */
  @Property({ type: ArrayType, columnType: 'text[]', default: '{}' })
  allowedStates: string[] = [];

  @Property({ type: 'integer' })
  popularity!: number;

  @Property({ type: 'boolean' })
  inStock!: boolean;

  /** Facet values as `Name=value` (`Series=20 Series`), for the attribute facets and their filters. */
  @Property({ type: ArrayType, columnType: 'text[]' })
  facets!: string[];
}

/** Words of the catalogue with their frequencies: the dictionary for spelling correction. */
@Entity({ tableName: 'search_term' })
@Index({
  name: 'search_term_term_trgm_index',
  expression: 'create index "search_term_term_trgm_index" on "search_term" using gin ("term" gin_trgm_ops)',
})
export class SearchTerm {
  @PrimaryKey({ type: 'text' })
  term!: string;

  @Property({ type: 'integer' })
  frequency!: number;
}

/** One row per search or typeahead answer, so a later click can be attributed to it. */
@Entity({ tableName: 'search_attribution' })
export class SearchAttribution {
  @PrimaryKey({ type: 'uuid' })
  token!: string;

  @Property({ type: 'text' })
  kind!: 'typeahead' | 'search';

  @Property({ type: 'text' })
  query!: string;

  @Property({ type: 'text', nullable: true })
  correctedQuery: string | null = null;

  @Property({ type: 'integer' })
  resultCount!: number;

  @Index()
  @Property({ type: 'timestamptz', defaultRaw: 'now()' })
  createdAt: Date = new Date();
}

/** A shopper picked a product from a search answer: the click the attribution token exists for. */
@Entity({ tableName: 'search_click' })
export class SearchClick {
  @PrimaryKey({ type: 'uuid', defaultRaw: 'gen_random_uuid()' })
  id!: string;

  @Index()
  @Property({ type: 'uuid' })
  token!: string;

  @Property({ type: 'text' })
  productId!: string;

  @Property({ type: 'integer' })
  position!: number;

  @Property({ type: 'timestamptz', defaultRaw: 'now()' })
  createdAt: Date = new Date();
}

/**
 * One row: the search index's version, raised by every rebuild, so every process can tell its cached answers are
 * stale.
 */
@Entity({ tableName: 'search_index_state' })
export class SearchIndexState {
  @PrimaryKey({ type: 'integer', autoincrement: false })
  id: number = 1;

  @Property({ type: 'bigint' })
  version!: string;

  @Property({ type: 'timestamptz', defaultRaw: 'now()' })
  refreshedAt: Date = new Date();
}

/**
 * A typeahead answer computed ahead (decision 042): one row per key, the words of a prefix of 1–8 characters of a
 * catalogue word or part number as `parseQuery` reads them (`sfu1605`, `lhcs m3x`). `answer` is null until the
 * warmer computes it, and again as soon as a product it may show changes (then the live search answers); `stale`
 * answers (after a popularity refresh) are still served while they are recomputed. `match`, `partPatterns` and
 * `fuzzyKey` are what the statements behind the answer matched: a product changing in a way they match is a
 * product the answer may show.
 */
@Entity({ tableName: 'typeahead_answer' })
export class TypeaheadAnswer {
  @PrimaryKey({ type: 'text' })
  key!: string;

  @Property({ type: 'jsonb', nullable: true })
  answer: unknown = null;

  @Property({ type: 'boolean', default: false })
  stale: boolean = false;

  @Property({ type: 'tsquery', columnType: 'tsquery', nullable: true })
  match: string | null = null;

  @Property({ type: ArrayType, columnType: 'text[]', default: '{}' })
  partPatterns: string[] = [];

  @Property({ type: 'text', nullable: true })
  fuzzyKey: string | null = null;

  @Property({ type: 'timestamptz', nullable: true })
  computedAt: Date | null = null;
}
