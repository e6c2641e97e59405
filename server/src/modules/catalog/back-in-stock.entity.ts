import { Entity, Index, PrimaryKey, Property, Unique } from '@mikro-orm/core';

/**
 * A shopper asked to hear when a backordered item is in stock again: one per e-mail and item. Mailed only once
 * confirmed (decision 053): at once for a signed-in buyer's own address, otherwise from the e-mailed link.
 */
@Entity({ tableName: 'back_in_stock_request' })
@Unique({ properties: ['email', 'productId'] })
@Index({
  name: 'back_in_stock_request_token_hash_unique',
  expression:
    'create unique index "back_in_stock_request_token_hash_unique" on "back_in_stock_request" ("token_hash") where "token_hash" is not null',
})
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

  /** When the address's owner confirmed it (signed in, or the e-mailed link); null: never mailed. */
  @Property({ type: 'timestamptz', nullable: true })
  confirmedAt: Date | null = null;

  /** SHA-256 of the confirmation link's token, stored when the e-mail is delivered (decision 026). */
  @Property({ type: 'text', nullable: true, hidden: true })
  tokenHash: string | null = null;

  @Property({ type: 'timestamptz', nullable: true })
  tokenExpiresAt: Date | null = null;
}
