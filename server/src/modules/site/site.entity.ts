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

  /** Path of the site's logo image (served with the shop). */
  @Property({ type: 'text', default: '/sites/axl.svg' })
  logo: string = '/sites/axl.svg';

  /**
   * A site selling in its own currency prices from this list (price_list_item): its products without a price
   * there are sold on quotation. Null: the list prices (and a signed-in account's price list).
   */
  @Property({ type: 'text', nullable: true })
  priceListId: string | null = null;

  /** The company selling on the site, its one-line postal address and the footer's copyright holder (decision 058). */
  @Property({ type: 'text', default: 'Axisline Supply' })
  legalName: string = 'Axisline Supply';

  @Property({ type: 'text', default: '1200 Industrial Park Drive, Mooresville, NC 28115, USA' })
  postalAddress: string = '1200 Industrial Park Drive, Mooresville, NC 28115, USA';

  @Property({ type: 'text', default: 'Axisline Supply' })
  copyrightHolder: string = 'Axisline Supply';

  @Property({ type: 'timestamptz', defaultRaw: 'now()' })
  createdAt: Date = new Date();
}
