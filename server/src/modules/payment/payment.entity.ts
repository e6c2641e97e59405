import { DecimalType, Entity, Index, ManyToOne, PrimaryKey, Property, Unique } from '@mikro-orm/core';

/**
 * A customer of the test provider (a card processor's customer object): the store's `payment_key` for a user.
 * Made once per user, under the merchant's idempotency key `customer:<userId>`.
 */
@Entity({ tableName: 'test_payment_customer' })
export class TestPaymentCustomer {
  @PrimaryKey({ type: 'text' })
  id!: string;

  @Unique()
  @Property({ type: 'text' })
  idempotencyKey!: string;

  @Property({ type: 'text' })
  email!: string;

  @Property({ type: 'timestamptz', defaultRaw: 'now()' })
  createdAt: Date = new Date();
}

/**
 * The built-in test payment provider's own records (docs/decisions/011): what a card processor keeps on its
 * side. A payment method holds the brand and last four digits only; the number is never stored.
 */
@Entity({ tableName: 'test_payment_method' })
export class TestPaymentMethod {
  @PrimaryKey({ type: 'text' })
  id!: string;

  @Property({ type: 'text' })
  brand!: string;

  @Property({ type: 'text' })
  last4!: string;

  @Property({ type: 'smallint' })
  expMonth!: number;

  @Property({ type: 'smallint' })
  expYear!: number;

  /** What the test card does when charged: authorise, decline or require authentication. */
  @Property({ type: 'text' })
  behaviour!: string;

  /** The customer the card is saved to: only that customer's payments may use it. */
  @Index()
  @ManyToOne(() => TestPaymentCustomer, { mapToPk: true, nullable: true, deleteRule: 'set null' })
  customer: string | null = null;

  @Property({ type: 'timestamptz', defaultRaw: 'now()' })
  createdAt: Date = new Date();
}

/** A payment intent of the test provider: amount, status, client secret, the merchant's idempotency key. */
@Entity({ tableName: 'test_payment_intent' })
export class TestPaymentIntent {
  @PrimaryKey({ type: 'text' })
  id!: string;

  @Unique()
  @Property({ type: 'text' })
  idempotencyKey!: string;

  @Property({ type: 'text' })
  clientSecret!: string;

  @Property({ type: new DecimalType('number'), precision: 12, scale: 2 })
  amount!: number;

  @Property({ type: 'text' })
  currency!: string;

  /** requires_payment_method, requires_action, requires_capture (authorised), succeeded, canceled. */
  @Index()
  @Property({ type: 'text' })
  status!: string;

  @Property({ type: 'text', nullable: true })
  paymentMethodId: string | null = null;

  /** The customer paying, when the merchant names one: needed to pay with that customer's saved card. */
  @Property({ type: 'text', nullable: true })
  customerId: string | null = null;

  /** Save the card to the customer once it authorises (a processor's "setup future usage"). */
  @Property({ type: 'boolean', default: false })
  saveMethod: boolean = false;

  @Property({ type: 'text', nullable: true })
  lastError: string | null = null;

  @Property({ type: new DecimalType('number'), precision: 12, scale: 2, default: 0 })
  amountRefunded: number = 0;

  /** The merchant's key of the last refund: the same refund asked again is not paid twice. */
  @Property({ type: 'text', nullable: true })
  lastRefundKey: string | null = null;

  @Property({ type: 'timestamptz', defaultRaw: 'now()' })
  createdAt: Date = new Date();

  @Property({ type: 'timestamptz', defaultRaw: 'now()' })
  updatedAt: Date = new Date();
}
