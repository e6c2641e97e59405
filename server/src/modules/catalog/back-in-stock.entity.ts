import { Entity, PrimaryKey, Property, Unique } from '@mikro-orm/core';

/** A shopper asked to hear when a backordered item is in stock again: one per e-mail and item. */
@Entity({ tableName: 'back_in_stock_request' })
@Unique({ properties: ['email', 'productId'] })
export class BackInStockRequest {
  @PrimaryKey({ type: 'uuid', defaultRaw: 'gen_random_uuid()' })
  id!: string;

  /** Lower case. */
  @Property({ type: 'text' })
  email!: string;

  @Property({ type: 'text' })
  productId!: string;

  @Property({ type: 'timestamptz', defaultRaw: 'now()' })
  createdAt: Date = new Date();

  /** The language and site the request was made in: the notice is written in it and links to that site. */
  @Property({ type: 'text', default: 'en-US' })
  locale: string = 'en-US';

  @Property({ type: 'text', default: 'axl' })
  site: string = 'axl';

  /** Set when the notice went out, once (decision 050): a new request after it arms it again. */
  @Property({ type: 'timestamptz', nullable: true })
  notifiedAt: Date | null = null;
}
