import type { TaxLine } from '../../../../domain/tax';
import { Check, DecimalType, Entity, Index, ManyToOne, PrimaryKey, Property, Unique } from '@mikro-orm/core';
import { DEFAULT_CURRENCY } from '../../../../domain/constants';
import { BusinessAccount, User } from '../account';
import { Product } from '../catalog';
import { Promotion } from '../promotion';
import type { PromotionRule } from '../../../../domain/promotions';

const money = () => ({ type: new DecimalType('number'), precision: 12, scale: 2 }) as const;

/** The shipping address as ordered (spec: ShippingAddress). */
export interface OrderAddress {
  name: string;
  companyName: string | null;
  addressLine1: string;
  addressLine2: string | null;
  city: string;
  state: string;
  zip: string;
  country: string;
  isResidential: boolean;
  phone: string | null;
  email: string;
}

/** A configuration as ordered: the option, its value and unit price at the time of the order. */
export interface OrderedConfiguration {
  id: string;
  name: string | null;
  unit: string | null;
  value: number;
  price: number | null;
  metadata: string | null;
}

/**
 * An order (table customer_order: `order` is reserved). Prices, tax and addresses are copied at placement and
 * never recomputed from the catalogue. `version` guards staff edits (optimistic locking). The idempotency key
 * of the place-order call is unique per caller (user, or guest cart).
 */
@Entity({ tableName: 'customer_order' })
@Unique({ properties: ['idempotencyScope', 'idempotencyKey'] })
@Index({ properties: ['user', 'createdAt'] })
@Index({ properties: ['account', 'createdAt'] })
@Index({ properties: ['status', 'createdAt'] })
@Index({ properties: ['site', 'createdAt'] })
@Index({ properties: ['createdAt', 'orderNumber'] })
@Index({
  name: 'customer_order_unacknowledged_index',
  expression:
    'create index "customer_order_unacknowledged_index" on "customer_order" ("created_at", "order_number") where "acknowledged_at" is null',
})
@Index({
  name: 'customer_order_contact_email_prefix_index',
  expression:
    'create index "customer_order_contact_email_prefix_index" on "customer_order" (lower("contact_email") text_pattern_ops)',
})
export class CustomerOrder {
  @PrimaryKey({ type: 'uuid', defaultRaw: 'gen_random_uuid()' })
  id!: string;

  /** Shown as AXL-<number>; taken from the order_number_seq sequence when the order is placed. */
  @Unique()
  @Property({ type: 'string', columnType: 'bigint' })
  orderNumber!: string;

  @ManyToOne(() => User, { mapToPk: true, nullable: true, deleteRule: 'set null' })
  user: string | null = null;

  /** The company the buyer ordered for (decision 044): their company when they placed it, kept if they leave. */
  @ManyToOne(() => BusinessAccount, { mapToPk: true, nullable: true, deleteRule: 'set null' })
  account: string | null = null;

  @Index()
  @Property({ type: 'text' })
  contactEmail!: string;

  @Property({ type: 'text' })
  site!: string;

  @Property({ type: 'text', default: DEFAULT_CURRENCY })
  currencyCode: string = DEFAULT_CURRENCY;

  /** The language the order was placed in: its e-mails are written in it. */
  @Property({ type: 'text', default: 'en-US' })
  locale: string = 'en-US';

  /** domain/order-status.ts ORDER_STATUS. */
  @Property({ type: 'smallint', default: 0 })
  status: number = 0;

  @Property({ type: 'text', default: 'PENDING' })
  paymentStatus: string = 'PENDING';

  @Property({ type: 'text', default: 'UNSHIPPED' })
  shipmentStatus: string = 'UNSHIPPED';

  @Property({ type: 'text', default: 'NO_DELIVERY' })
  deliveryStatus: string = 'NO_DELIVERY';

  @Property({ type: 'text', default: 'NO_RETURN' })
  returnStatus: string = 'NO_RETURN';

  @Property(money())
  subTotal!: number;

  @Property(money())
  freightAmt!: number;

  @Property({ type: new DecimalType('number'), precision: 6, scale: 3 })
  taxPct!: number;

  @Property(money())
  taxAmount!: number;

  /** Promotions' discount on the goods (decision 079): total = subTotal − discountTotal + freightAmt + taxAmount. */
  @Property({ ...money(), default: 0 })
  discountTotal: number = 0;

  /** Promotions' discount on the freight: the freight table's amount was freightAmt + freightDiscount. */
  @Property({ ...money(), default: 0 })
  freightDiscount: number = 0;

  /** Each tax paid (decision 033): kind, rate and amount; empty for orders placed before it was kept. */
  @Property({ type: 'jsonb', default: '[]' })
  taxes: TaxLine[] = [];

  @Property({ type: 'text', default: '' })
  taxGeoCode: string = '';

  @Property(money())
  total!: number;

  @Property({ type: 'jsonb' })
  shippingAddress!: OrderAddress;

  /** The company's bill-to location when the order was placed (decision 045), printed on its invoice; or null. */
  @Property({ type: 'jsonb', nullable: true })
  billTo: OrderAddress | null = null;

  @Property({ type: 'text' })
  carrierId!: string;

  @Property({ type: 'text' })
  carrierMethod!: string;

  @Property({ type: 'text', default: '' })
  shippingNote: string = '';

  /** card or purchaseOrder (domain/checkout.ts). */
  @Property({ type: 'text' })
  paymentKind!: string;

  @Property({ type: 'text', nullable: true })
  cardBrand: string | null = null;

  @Property({ type: 'text', nullable: true })
  cardLast4: string | null = null;

  @Property({ type: 'text', nullable: true })
  poNumber: string | null = null;

  @Property({ type: 'text', nullable: true })
  paymentIntentId: string | null = null;

  /** The ERP's sales order number, set when the ERP acknowledges the order (decision 071); null: not yet. */
  @Index()
  @Property({ type: 'text', nullable: true })
  erpOrderId: string | null = null;

  /** When the ERP acknowledged the order (acknowledgeOrder, decision 071); null: not acknowledged. */
  @Property({ type: 'timestamptz', nullable: true })
  acknowledgedAt: Date | null = null;

  /** When the carrier confirmed delivery (the return window runs from it). */
  @Property({ type: 'timestamptz', nullable: true })
  deliveredAt: Date | null = null;

  /** When the buyer was told that payment did not go through (one reminder per unpaid order). */
  @Property({ type: 'timestamptz', nullable: true })
  paymentRemindedAt: Date | null = null;

  @Property({ type: 'integer', default: 1, version: true })
  version: number = 1;

  @Property({ type: 'text' })
  idempotencyScope!: string;

  @Property({ type: 'text' })
  idempotencyKey!: string;

  /** sha-256 of the place-order request: the same key with another body answers 409. */
  @Property({ type: 'text' })
  requestHash!: string;

  @Property({ type: 'timestamptz', defaultRaw: 'now()' })
  createdAt: Date = new Date();

  @Property({ type: 'timestamptz', defaultRaw: 'now()' })
  updatedAt: Date = new Date();
}

/**
 * An order line as ordered (spec: Order line), with the unit price and line total charged. Staff may set a
 * quantity to 0 in the console (a line taken off the order stays in its history).
 */
@Entity({ tableName: 'order_line' })
@Unique({ properties: ['order', 'lineNo'] })
@Check({ name: 'order_line_quantity_check', expression: 'quantity >= 0' })
export class OrderLine {
  @PrimaryKey({ type: 'uuid', defaultRaw: 'gen_random_uuid()' })
  id!: string;

  @ManyToOne(() => CustomerOrder, { mapToPk: true, deleteRule: 'cascade' })
  order!: string;

  @Property({ type: 'smallint' })
  lineNo!: number;

  /** The product ordered; a product with orders cannot be deleted (restrict). */
  @Index()
  @ManyToOne(() => Product, { mapToPk: true, deleteRule: 'no action' })
  product!: string;

  @Property({ type: 'text' })
  name!: string;

  @Property({ type: 'text', nullable: true })
  manufacturerPartNumber: string | null = null;

  @Property({ type: 'text', default: 'EA' })
  unitOfMeasure: string = 'EA';

  @Property({ type: 'text', nullable: true })
  image: string | null = null;

  @Property({ type: 'integer' })
  quantity!: number;

  @Property({ type: 'integer', default: 1 })
  minimumPurchaseQuantity: number = 1;

  @Property({ type: 'integer', default: 1 })
  minTransfer: number = 1;

  @Property(money())
  price!: number;

  @Property({ ...money(), nullable: true })
  basePrice: number | null = null;

  @Property({ type: 'jsonb', default: '[]' })
  configurations: OrderedConfiguration[] = [];

  /** Priced by an accepted quote (decision 049): its unit price is the quote's, edited as one price. */
  @Property({ type: 'boolean', default: false })
  quoted: boolean = false;

  /** The quantity tier the price came from (decision 048): 1 is the price for one. */
  @Property({ type: 'integer', default: 1 })
  tierMinQuantity: number = 1;

  /** The unit price for one at the time, when a tier lowered it (null otherwise): the saving the buyer saw. */
  @Property({ ...money(), nullable: true })
  unitPriceForOne: number | null = null;

  /**
   * The catalogue's unit price for the line when ordered (a quoted line: its quote's catalogue price; null when the
   * catalogue had none): a staff edit that lowers the price far below it needs a Service or Admin role (decision 054).
   */
  @Property({ ...money(), nullable: true })
  cataloguePrice: number | null = null;

  @Property(money())
  lineTotal!: number;

  /** Promotions' share of the line (decision 079): its net amount is lineTotal − discountAmount. */
  @Property({ ...money(), default: 0 })
  discountAmount: number = 0;

  /** Each promotion's share: the order_promotion's position and the amount. */
  @Property({ type: 'jsonb', default: '[]' })
  discounts: { position: number; amount: number }[] = [];

  /** Which offer priced the line (catalogue, siteList, priceList, quote): a contract list's lines take no promotion. */
  @Property({ type: 'text', default: 'catalogue' })
  priceSource: string = 'catalogue';

  @Property({ type: 'text', nullable: true })
  priceListId: string | null = null;
}

/**
 * A promotion as applied to an order (decision 079): its name, code, rule and amounts as at placement, so a later
 * change of the promotion never changes a placed order. Staff may drop one in the console's edit.
 */
@Entity({ tableName: 'order_promotion' })
@Unique({ properties: ['order', 'position'] })
export class OrderPromotion {
  @PrimaryKey({ type: 'uuid', defaultRaw: 'gen_random_uuid()' })
  id!: string;

  @ManyToOne(() => CustomerOrder, { mapToPk: true, deleteRule: 'cascade' })
  order!: string;

  @Index()
  @ManyToOne(() => Promotion, { mapToPk: true, nullable: true, deleteRule: 'set null' })
  promotion: string | null = null;

  /** In the order applied, from 1. */
  @Property({ type: 'smallint' })
  position!: number;

  @Property({ type: 'text', nullable: true })
  code: string | null = null;

  @Property({ type: 'text' })
  name!: string;

  @Property({ type: 'jsonb' })
  rule!: PromotionRule;

  @Property(money())
  amount!: number;

  @Property({ ...money(), default: 0 })
  freightAmount: number = 0;

  @Property({ type: 'timestamptz', nullable: true })
  droppedAt: Date | null = null;

  @ManyToOne(() => User, { mapToPk: true, nullable: true, deleteRule: 'set null' })
  droppedBy: string | null = null;
}

/** The order's history: every status change (and staff edit), who and when. */
@Entity({ tableName: 'order_event' })
export class OrderEvent {
  @PrimaryKey({ type: 'bigint', autoincrement: true })
  id!: string;

  @Index()
  @ManyToOne(() => CustomerOrder, { mapToPk: true, deleteRule: 'cascade' })
  order!: string;

  @Property({ type: 'timestamptz', defaultRaw: 'clock_timestamp()' })
  at: Date = new Date();

  @ManyToOne(() => User, { mapToPk: true, nullable: true, deleteRule: 'set null' })
  actor: string | null = null;

  @Property({ type: 'smallint', nullable: true })
  fromStatus: number | null = null;

  @Property({ type: 'smallint', nullable: true })
  toStatus: number | null = null;

  @Property({ type: 'text', default: '' })
  note: string = '';
}

/**
 * A link from an e-mail that opens a guest's order in whatever browser follows it (the order joins that session's
 * guest orders): sha256 of its token, minted at delivery, valid until it expires (several clicks allowed).
 */
@Entity({ tableName: 'order_access' })
export class OrderAccess {
  @PrimaryKey({ type: 'uuid', defaultRaw: 'gen_random_uuid()' })
  id!: string;

  @Index()
  @ManyToOne(() => CustomerOrder, { mapToPk: true, deleteRule: 'cascade' })
  order!: string;

  @Unique()
  @Property({ type: 'text' })
  tokenHash!: string;

  @Property({ type: 'timestamptz' })
  expiresAt!: Date;

  @Property({ type: 'timestamptz', defaultRaw: 'now()' })
  createdAt: Date = new Date();
}

/**
 * A shipment of an order (decision 035): the carrier, its tracking number, the day it left and the day it was
 * delivered; its lines say which quantities of which order lines it carries.
 */
@Entity({ tableName: 'shipment' })
export class Shipment {
  @PrimaryKey({ type: 'uuid', defaultRaw: 'gen_random_uuid()' })
  id!: string;

  @Index()
  @ManyToOne(() => CustomerOrder, { mapToPk: true, deleteRule: 'cascade' })
  order!: string;

  /** domain/fulfilment.ts SHIPPING_CARRIERS. */
  @Property({ type: 'text' })
  carrier!: string;

  @Property({ type: 'text' })
  trackingNumber!: string;

  @Property({ type: 'date' })
  shippedOn!: string;

  @Property({ type: 'date', nullable: true })
  deliveredOn: string | null = null;

  @ManyToOne(() => User, { mapToPk: true, nullable: true, deleteRule: 'set null' })
  createdBy: string | null = null;

  @Property({ type: 'timestamptz', defaultRaw: 'now()' })
  createdAt: Date = new Date();
}

/** A quantity of an order line in a shipment. */
@Entity({ tableName: 'shipment_line' })
@Check({ name: 'shipment_line_quantity_check', expression: 'quantity > 0' })
export class ShipmentLine {
  @ManyToOne(() => Shipment, { mapToPk: true, primary: true, deleteRule: 'cascade' })
  shipment!: string;

  @Index()
  @ManyToOne(() => OrderLine, { mapToPk: true, primary: true, deleteRule: 'cascade' })
  orderLine!: string;

  @Property({ type: 'integer' })
  quantity!: number;
}
