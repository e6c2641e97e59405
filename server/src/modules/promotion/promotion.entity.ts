import { Check, DecimalType, Entity, Index, ManyToOne, PrimaryKey, Property } from '@mikro-orm/core';
import type { PromotionAction, PromotionConditions } from '../../../../domain/promotions';

const money = () => ({ type: new DecimalType('number'), precision: 12, scale: 2 }) as const;

/**
 * A promotion kept by staff (issue 58, decision 079): when and where it runs, its conditions and its action, how it
 * stacks, and its limits. Orders, users, accounts and carts are named by entity name, not imported: promotion lies
 * below the cart and order modules, which use it through its door.
 */
@Entity({ tableName: 'promotion' })
@Check({
  name: 'promotion_window_check',
  expression: 'ends_at is null or starts_at is null or ends_at > starts_at',
})
export class Promotion {
  @PrimaryKey({ type: 'uuid', defaultRaw: 'gen_random_uuid()' })
  id!: string;

  @Property({ type: 'text' })
  name!: string;

  /** Staff's internal note, never shown to shoppers. */
  @Property({ type: 'text', default: '' })
  note: string = '';

  /** Applies without a code. */
  @Property({ type: 'boolean', default: false })
  automatic: boolean = false;

  /** Lower applies first. */
  @Property({ type: 'integer', default: 100 })
  priority: number = 100;

  @Property({ type: 'boolean', default: false })
  exclusive: boolean = false;

  @Property({ type: 'timestamptz', nullable: true })
  startsAt: Date | null = null;

  @Property({ type: 'timestamptz', nullable: true })
  endsAt: Date | null = null;

  /** Set when staff ended it now (endPromotion): ends_at is that instant. */
  @Property({ type: 'timestamptz', nullable: true })
  endedAt: Date | null = null;

  @ManyToOne('User', { mapToPk: true, nullable: true, deleteRule: 'set null' })
  endedBy: string | null = null;

  @Property({ type: 'text[]' })
  sites!: string[];

  /** The currency of its amounts (minimum subtotal, fixed amounts, maximum, budget); null: percentages only. */
  @Property({ type: 'text', nullable: true })
  currency: string | null = null;

  @Property({ type: 'jsonb' })
  conditions!: PromotionConditions;

  @Property({ type: 'jsonb' })
  action!: PromotionAction;

  @Property({ ...money(), nullable: true })
  maxDiscount: number | null = null;

  @Property({ type: 'integer', nullable: true })
  limitTotal: number | null = null;

  @Property({ type: 'integer', nullable: true })
  limitPerCustomer: number | null = null;

  @Property({ type: 'integer', nullable: true })
  limitPerCompany: number | null = null;

  @Property({ ...money(), nullable: true })
  budget: number | null = null;

  /** Made by the demo seed (moved to the current month at each start while untouched). */
  @Property({ type: 'boolean', default: false })
  demo: boolean = false;

  @Property({ type: 'integer', default: 1, version: true })
  version: number = 1;

  @ManyToOne('User', { mapToPk: true, nullable: true, deleteRule: 'set null' })
  createdBy: string | null = null;

  @Property({ type: 'timestamptz', defaultRaw: 'now()' })
  createdAt: Date = new Date();

  @Property({ type: 'timestamptz', defaultRaw: 'now()' })
  updatedAt: Date = new Date();
}

/**
 * The row that serializes a limited promotion's redemptions (decision 079): written with its promotion and never
 * missing, so `for update` always finds it, and locked last in decision 050's order, from the last statement of an
 * order's transaction to its commit. What a promotion has given is counted from its redemptions, never kept here.
 */
@Entity({ tableName: 'promotion_lock' })
export class PromotionLock {
  @ManyToOne(() => Promotion, { mapToPk: true, primary: true, deleteRule: 'cascade' })
  promotion!: string;
}

/** A batch of single-use codes staff generated (the codes themselves are never in the audit trail). */
@Entity({ tableName: 'promotion_code_batch' })
export class PromotionCodeBatch {
  @PrimaryKey({ type: 'uuid', defaultRaw: 'gen_random_uuid()' })
  id!: string;

  @Index()
  @ManyToOne(() => Promotion, { mapToPk: true, deleteRule: 'cascade' })
  promotion!: string;

  @Property({ type: 'text', default: '' })
  prefix: string = '';

  @Property({ type: 'integer' })
  count!: number;

  @ManyToOne('User', { mapToPk: true, nullable: true, deleteRule: 'set null' })
  createdBy: string | null = null;

  @Property({ type: 'timestamptz', defaultRaw: 'now()' })
  createdAt: Date = new Date();
}

/**
 * A code that reaches a promotion: its shared code (one row, not single-use) or one of a batch (single-use, taken
 * by the order that used it). Codes are unique across the store whatever their case (`upper(code)`).
 */
@Entity({ tableName: 'promotion_code' })
@Index({
  name: 'promotion_code_upper_code_unique',
  expression: 'create unique index "promotion_code_upper_code_unique" on "promotion_code" (upper("code"))',
})
export class PromotionCode {
  @PrimaryKey({ type: 'uuid', defaultRaw: 'gen_random_uuid()' })
  id!: string;

  @Index()
  @ManyToOne(() => Promotion, { mapToPk: true, deleteRule: 'cascade' })
  promotion!: string;

  @Property({ type: 'text' })
  code!: string;

  @Index()
  @ManyToOne(() => PromotionCodeBatch, { mapToPk: true, nullable: true, deleteRule: 'cascade' })
  batch: string | null = null;

  @Property({ type: 'boolean', default: false })
  singleUse: boolean = false;

  /** The order that took a single-use code (no foreign key: a new demo catalogue empties the orders, not the codes). */
  @Property({ type: 'uuid', nullable: true })
  usedOrderId: string | null = null;

  @Property({ type: 'timestamptz', nullable: true })
  usedAt: Date | null = null;
}

/**
 * One promotion given to one order (decision 079): who (user, lower-cased e-mail, company), how much off the goods
 * and the freight, and when a cancellation gave it back. The limits count the rows not released.
 */
@Entity({ tableName: 'promotion_redemption' })
@Index({ properties: ['promotion', 'user'] })
@Index({ properties: ['promotion', 'email'] })
@Index({ properties: ['promotion', 'account'] })
export class PromotionRedemption {
  @PrimaryKey({ type: 'uuid', defaultRaw: 'gen_random_uuid()' })
  id!: string;

  @ManyToOne(() => Promotion, { mapToPk: true, deleteRule: 'cascade' })
  promotion!: string;

  @Index()
  @ManyToOne('CustomerOrder', { mapToPk: true, deleteRule: 'cascade' })
  order!: string;

  @ManyToOne(() => PromotionCode, { mapToPk: true, nullable: true, deleteRule: 'set null' })
  code: string | null = null;

  @ManyToOne('User', { mapToPk: true, nullable: true, deleteRule: 'set null' })
  user: string | null = null;

  /** Lower-cased. */
  @Property({ type: 'text' })
  email!: string;

  @ManyToOne('BusinessAccount', { mapToPk: true, nullable: true, deleteRule: 'set null' })
  account: string | null = null;

  @Property(money())
  amount!: number;

  @Property({ ...money(), default: 0 })
  freightAmount: number = 0;

  @Property({ type: 'timestamptz', defaultRaw: 'now()' })
  createdAt: Date = new Date();

  @Property({ type: 'timestamptz', nullable: true })
  releasedAt: Date | null = null;
}
