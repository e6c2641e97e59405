import {
  Check,
  DecimalType,
  Entity,
  Index,
  ManyToOne,
  PrimaryKey,
  PrimaryKeyProp,
  Property,
  Unique,
} from '@mikro-orm/core';
import { DEFAULT_CURRENCY } from '../../../../domain/constants';
import { User } from '../account';
import { Product } from '../catalog';
import { PromotionCode } from '../promotion';

/** A configuration as stored on a cart line (the option's id, the value, optional metadata and type). */
export interface StoredConfiguration {
  id: string;
  value: number;
  type: string | null;
  metadata: string | null;
}

/**
 * A shopper's cart. A signed-in user has one (user set); an anonymous visitor's cart is named by its session
 * (session.cartId) and merges into the user's at sign-in. Prices are never stored here: lines are priced when
 * read, so a cart always shows today's (and this customer's) prices.
 */
@Entity({ tableName: 'cart' })
export class Cart {
  @PrimaryKey({ type: 'uuid', defaultRaw: 'gen_random_uuid()' })
  id!: string;

  @Unique()
  @ManyToOne(() => User, { mapToPk: true, nullable: true, deleteRule: 'cascade' })
  user: string | null = null;

  @Property({ type: 'text' })
  site!: string;

  @Property({ type: 'text', default: DEFAULT_CURRENCY })
  currencyCode: string = DEFAULT_CURRENCY;

  @Property({ type: 'text', default: '' })
  note: string = '';

  /**
   * Bumped by every change to the cart's lines (added, quantity set, removed, emptied, taken by an order, merged
   * at sign-in). A browser's kept copy of the lines names the revision it last saw: a higher one here means
   * another device or an order changed the cart since, and the server's lines win (decision 055).
   */
  @Property({ type: 'integer', default: 0 })
  revision: number = 0;

  @Property({ type: 'timestamptz', defaultRaw: 'now()' })
  createdAt: Date = new Date();

  /** Anonymous carts untouched for the session lifetime are pruned. */
  @Index()
  @Property({ type: 'timestamptz', defaultRaw: 'now()' })
  updatedAt: Date = new Date();
}

/**
 * A code entered on a cart (issue 58): kept while the cart lives, evaluated each time the cart is priced (a kept code
 * that stops applying shows its reason). At most PROMOTION_LIMITS.codesPerCart.
 */
@Entity({ tableName: 'cart_promotion_code' })
export class CartPromotionCode {
  @ManyToOne(() => Cart, { mapToPk: true, primary: true, deleteRule: 'cascade' })
  cart!: string;

  @Index()
  @ManyToOne(() => PromotionCode, { mapToPk: true, primary: true, deleteRule: 'cascade' })
  code!: string;

  [PrimaryKeyProp]?: ['cart', 'code'];

  @Property({ type: 'timestamptz', defaultRaw: 'now()' })
  enteredAt: Date = new Date();
}

/** A line: a product, its configurations and a quantity. One line per product and configuration set. */
@Entity({ tableName: 'cart_line' })
@Check({ name: 'cart_line_quantity_check', expression: 'quantity > 0' })
@Unique({ properties: ['cart', 'product', 'configKey'] })
export class CartLine {
  @PrimaryKey({ type: 'uuid', defaultRaw: 'gen_random_uuid()' })
  id!: string;

  @ManyToOne(() => Cart, { mapToPk: true, deleteRule: 'cascade' })
  cart!: string;

  @Index()
  @ManyToOne(() => Product, { mapToPk: true, deleteRule: 'cascade' })
  product!: string;

  @Property({ type: 'integer' })
  quantity!: number;

  @Property({ type: 'jsonb', default: '[]' })
  configurations: StoredConfiguration[] = [];

  /** domain/cart.ts configurationKey: the line's identity within the cart with the product. */
  @Property({ type: 'text', default: '' })
  configKey: string = '';

  @Property({ type: 'timestamptz', defaultRaw: 'clock_timestamp()' })
  dateAdded: Date = new Date();
}

/**
 * An add to the cart already applied, by its Idempotency-Key (issue 55, item 7): a request a balancer or the shop
 * sends again adds nothing more. Kept a day (pruned with the sessions).
 */
@Entity({ tableName: 'cart_request' })
export class CartRequest {
  [PrimaryKeyProp]?: ['cart', 'idempotencyKey'];

  @ManyToOne(() => Cart, { primary: true, mapToPk: true, deleteRule: 'cascade' })
  cart!: string;

  @PrimaryKey({ type: 'text' })
  idempotencyKey!: string;

  @Index()
  @Property({ type: 'timestamptz', defaultRaw: 'now()' })
  createdAt: Date = new Date();
}

/**
 * A customer price list's price for a product (business_account.price_list_id names the list). For that account's
 * users it is offered beside the list price, and the lower one applies (decision 048); a site's own list (pay-ca)
 * is its only price.
 */
@Entity({ tableName: 'price_list_item' })
export class PriceListItem {
  @PrimaryKey({ type: 'text' })
  priceListId!: string;

  @ManyToOne(() => Product, { mapToPk: true, deleteRule: 'cascade', primary: true })
  product!: string;

  [PrimaryKeyProp]?: ['priceListId', 'product'];

  @Property({ type: new DecimalType('number'), precision: 12, scale: 2 })
  price!: number;

  @Property({ type: new DecimalType('number'), precision: 12, scale: 2, nullable: true })
  basePrice: number | null = null;
}

/**
 * A volume price break (decision 048): from `minQuantity` units (packs, where sold by the pack) a product costs
 * `price` on a price list; `price_list_id` '' is the catalogue's own prices. A configured product's break is a
 * discount on its whole configured piece (domain/price-breaks.ts).
 */
@Entity({ tableName: 'price_break' })
@Check({ name: 'price_break_quantity_check', expression: 'min_quantity >= 2' })
@Check({ name: 'price_break_price_check', expression: 'price >= 0' })
export class PriceBreak {
  @PrimaryKey({ type: 'text' })
  priceListId!: string;

  @ManyToOne(() => Product, { mapToPk: true, deleteRule: 'cascade', primary: true })
  product!: string;

  @PrimaryKey({ type: 'integer' })
  minQuantity!: number;

  [PrimaryKeyProp]?: ['priceListId', 'product', 'minQuantity'];

  @Property({ type: new DecimalType('number'), precision: 12, scale: 2 })
  price!: number;
}
