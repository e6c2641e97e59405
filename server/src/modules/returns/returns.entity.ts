import { Check, DecimalType, Entity, Index, ManyToOne, PrimaryKey, Property, Unique } from '@mikro-orm/core';
import { User } from '../account';
import { CustomerOrder, OrderLine } from '../order';

/**
 * A return of delivered lines (spec: return statuses and reasons). `status` follows the order status codes of
 * a return (5 Requested, 6 Approved, 7 Rejected, 8 Shipped, 9 Processing, 10 Completed); `decision` is staff's
 * (RETURN_PENDING, RETURN_ACCEPTED, RETURN_REJECTED). An accepted return gets an RMA number.
 */
@Entity({ tableName: 'return_request' })
@Index({ properties: ['status', 'createdAt'] })
export class ReturnRequest {
  @PrimaryKey({ type: 'uuid', defaultRaw: 'gen_random_uuid()' })
  id!: string;

  @Index()
  @ManyToOne(() => CustomerOrder, { mapToPk: true, deleteRule: 'cascade' })
  order!: string;

  @ManyToOne(() => User, { mapToPk: true, nullable: true, deleteRule: 'set null' })
  user: string | null = null;

  @Unique()
  @Property({ type: 'text', nullable: true })
  rmaNumber: string | null = null;

  @Property({ type: 'smallint', default: 5 })
  status: number = 5;

  @Property({ type: 'text', default: 'RETURN_PENDING' })
  decision: string = 'RETURN_PENDING';

  @Property({ type: 'text' })
  reason!: string;

  @Property({ type: 'text', default: '' })
  comment: string = '';

  @Property({ type: new DecimalType('number'), precision: 12, scale: 2, nullable: true })
  refundAmount: number | null = null;

  @Property({ type: 'timestamptz', defaultRaw: 'now()' })
  createdAt: Date = new Date();

  @Property({ type: 'timestamptz', defaultRaw: 'now()' })
  updatedAt: Date = new Date();
}

/** A line of a return: which order line, how many. */
@Entity({ tableName: 'return_line' })
@Check({ name: 'return_line_quantity_check', expression: 'quantity > 0' })
export class ReturnLine {
  @PrimaryKey({ type: 'uuid', defaultRaw: 'gen_random_uuid()' })
  id!: string;

  @Index()
  @ManyToOne(() => ReturnRequest, { mapToPk: true, deleteRule: 'cascade' })
  returnRequest!: string;

  @Index()
  @ManyToOne(() => OrderLine, { mapToPk: true, deleteRule: 'cascade' })
  orderLine!: string;

  @Property({ type: 'integer' })
  quantity!: number;
}
