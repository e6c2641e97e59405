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

  /** Set when the notice went out (stock arrives through the admin work). */
  @Property({ type: 'timestamptz', nullable: true })
  notifiedAt: Date | null = null;
}
