import { Entity, PrimaryKey, Property } from '@mikro-orm/core';

/** A storefront site (tenant): its own name, currency and catalogue visibility. */
@Entity({ tableName: 'site' })
export class Site {
  @PrimaryKey({ type: 'text' })
  id!: string;

  @Property({ type: 'text' })
  name!: string;

  /** ISO 4217 code in lower case, as the spec's currencyCode (default usd). */
  @Property({ type: 'text' })
  currency!: string;

  /** true: every product is visible; false: only products listing this site in `Product.sites`. */
  @Property({ type: 'boolean', default: true })
  showAllProducts: boolean = true;

  @Property({ type: 'timestamptz', defaultRaw: 'now()' })
  createdAt: Date = new Date();
}
