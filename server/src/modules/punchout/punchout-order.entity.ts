import { Entity, Index, ManyToOne, Property } from '@mikro-orm/core';
import { BusinessAccount } from '../account';
import { CustomerOrder } from '../order';
import { PunchoutCredential } from './punchout.entity';

/**
 * The store order a procurement system's OrderRequest became (decision 073): its status updates go back to that
 * system (the credential's status URL) referring to the OrderRequest's payloadID.
 */
@Entity({ tableName: 'punchout_order' })
export class PunchoutOrder {
  @ManyToOne(() => CustomerOrder, {
    mapToPk: true,
    fieldName: 'order_id',
    primary: true,
    deleteRule: 'cascade',
  })
  order!: string;

  @Index()
  @ManyToOne(() => BusinessAccount, { mapToPk: true, fieldName: 'company_id', deleteRule: 'cascade' })
  company!: string;

  @ManyToOne(() => PunchoutCredential, { mapToPk: true, deleteRule: 'cascade' })
  credential!: string;

  @Property({ type: 'text' })
  payloadId!: string;

  /** The buyer's orderID (the order's PO number, up to 40 characters of it). */
  @Property({ type: 'text' })
  buyerOrderId!: string;

  @Property({ type: 'timestamptz', defaultRaw: 'now()' })
  createdAt: Date = new Date();
}
