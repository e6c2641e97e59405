import { ArrayType, DecimalType, Entity, Index, PrimaryKey, Property } from '@mikro-orm/core';

/**
 * One click-stream event as collected (spec: Click-stream event). Append-only and read by time ranges: a BRIN
 * index on `received_at` stays tiny however many events arrive. The columns reports filter on are copied out of
 * the event; `payload` keeps the event as sent.
 */
@Entity({ tableName: 'clickstream_event' })
@Index({
  name: 'clickstream_event_received_at_brin',
  expression:
    'create index "clickstream_event_received_at_brin" on "clickstream_event" using brin ("received_at")',
})
@Index({ properties: ['visitorId', 'eventTime'] })
// Recommendations look up who viewed or bought a product (analytics/related.ts); only those events are indexed.
@Index({
  name: 'clickstream_event_product_ids_gin',
  expression: `create index "clickstream_event_product_ids_gin" on "clickstream_event" using gin ("product_ids")
    where "event_type" in ('detail-page-view', 'purchase-complete')`,
})
export class ClickstreamEventRow {
  @PrimaryKey({ type: 'bigint', autoincrement: true })
  id!: string;

  @Property({ type: 'timestamptz', defaultRaw: 'now()' })
  receivedAt: Date = new Date();

  @Property({ type: 'timestamptz' })
  eventTime!: Date;

  @Property({ type: 'text' })
  eventType!: string;

  @Property({ type: 'uuid' })
  visitorId!: string;

  /** The signed-in shopper's e-mail (spec: userInfo.userId), else null. */
  @Property({ type: 'text', nullable: true })
  userId: string | null = null;

  @Property({ type: 'text' })
  appName!: string;

  @Property({ type: 'text' })
  country!: string;

  @Property({ type: 'uuid', nullable: true })
  attributionToken: string | null = null;

  @Property({ type: 'text', nullable: true })
  searchQuery: string | null = null;

  @Property({ type: ArrayType, columnType: 'text[]', default: '{}' })
  productIds: string[] = [];

  @Property({ type: new DecimalType('number'), precision: 12, scale: 2, nullable: true })
  revenue: number | null = null;

  @Property({ type: 'jsonb' })
  payload!: Record<string, unknown>;
}
