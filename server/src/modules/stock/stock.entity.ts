import { Check, Entity, Index, ManyToOne, PrimaryKey, PrimaryKeyProp, Property } from '@mikro-orm/core';

/**
 * A product's stock at one warehouse (decision 050): pieces on hand, and those reserved by orders not yet shipped.
 * Available to buyers: on hand less reserved. Rows are locked in (product, warehouse) order by every writer.
 * Products, orders and order lines are named by entity name, not imported: stock lies below the catalog and order
 * modules (issue 53), and the relations map to the key alone, so no class of theirs is needed here.
 */
@Entity({ tableName: 'stock_level' })
@Check({ name: 'stock_level_quantities_check', expression: 'on_hand >= 0 and reserved >= 0' })
export class StockLevel {
  @ManyToOne('Product', { mapToPk: true, deleteRule: 'cascade', primary: true })
  product!: string;

  /** A warehouse of domain/warehouses.ts. */
  @PrimaryKey({ type: 'text' })
  warehouseId!: string;

  [PrimaryKeyProp]?: ['product', 'warehouseId'];

  @Property({ type: 'integer', default: 0 })
  onHand: number = 0;

  @Property({ type: 'integer', default: 0 })
  reserved: number = 0;

  @Property({ type: 'timestamptz', defaultRaw: 'now()' })
  updatedAt: Date = new Date();
}

/**
 * What an order line holds (decision 050): pieces reserved at a warehouse, or on backorder there, and the day they
 * ship. `reserved` until shipped (`shipped`) or given back (`released`: cancelled, edited, unpaid).
 */
@Entity({ tableName: 'stock_reservation' })
@Index({ properties: ['product', 'status'] })
export class StockReservation {
  @PrimaryKey({ type: 'uuid', defaultRaw: 'gen_random_uuid()' })
  id!: string;

  @Index()
  @ManyToOne('CustomerOrder', { mapToPk: true, deleteRule: 'cascade' })
  order!: string;

  @Index()
  @ManyToOne('OrderLine', { mapToPk: true, deleteRule: 'cascade' })
  orderLine!: string;

  @ManyToOne('Product', { mapToPk: true, deleteRule: 'no action' })
  product!: string;

  @Property({ type: 'text' })
  warehouseId!: string;

  /** In the part's selling unit (packs for a part sold by the pack), as stock and cart quantities count. */
  @Property({ type: 'integer' })
  quantity!: number;

  @Property({ type: 'boolean', default: false })
  backordered: boolean = false;

  @Property({ type: 'date' })
  shipOn!: string;

  /** Work-centre cuts it booked, by day (given back when released). */
  @Property({ type: 'jsonb', default: '[]' })
  cuts: { day: string; cuts: number }[] = [];

  /** reserved, shipped or released. */
  @Property({ type: 'text', default: 'reserved' })
  status: string = 'reserved';

  @Property({ type: 'timestamptz', defaultRaw: 'now()' })
  createdAt: Date = new Date();
}

/** Cuts booked at a warehouse's work centre on a day (cut-to-length, tapping), against its daily capacity. */
@Entity({ tableName: 'work_centre_day' })
export class WorkCentreDay {
  @PrimaryKey({ type: 'text' })
  warehouseId!: string;

  @PrimaryKey({ type: 'date' })
  day!: string;

  [PrimaryKeyProp]?: ['warehouseId', 'day'];

  @Property({ type: 'integer', default: 0 })
  cuts: number = 0;
}
