import { Entity, Index, PrimaryKey, PrimaryKeyProp, Property, Unique } from '@mikro-orm/core';

/**
 * One business event (decision 065), written in the transaction of the change it tells: its type, the aggregate
 * it is about, that aggregate's sequence number (1, 2, 3… per aggregate, for a consumer to order and de-duplicate)
 * and version (when the aggregate has one), who did it and what changed.
 */
@Entity({ tableName: 'domain_event' })
@Unique({ properties: ['aggregateType', 'aggregateId', 'seq'] })
@Index({
  name: 'domain_event_unpositioned_index',
  expression:
    'create index "domain_event_unpositioned_index" on "domain_event" ("occurred_at", "id") where "position" is null',
})
export class DomainEvent {
  @PrimaryKey({ type: 'uuid' })
  id!: string;

  @Property({ type: 'text' })
  type!: string;

  @Property({ type: 'text' })
  aggregateType!: string;

  @Property({ type: 'text' })
  aggregateId!: string;

  @Property({ type: 'bigint' })
  seq!: string;

  @Property({ type: 'integer', nullable: true })
  version: number | null = null;

  @Property({ type: 'text', nullable: true })
  actorId: string | null = null;

  @Property({ type: 'jsonb' })
  payload!: Record<string, unknown>;

  @Index()
  @Property({ type: 'timestamptz', defaultRaw: 'now()' })
  occurredAt: Date = new Date();

  /**
   * Its place in the event feed (decision 070): null until the `feed` consumer numbers it after its commit, from
   * `domain_event_position_seq` under one advisory lock, so positions become visible in order.
   */
  @Property({ type: 'bigint', nullable: true, unique: 'domain_event_position_unique' })
  position: string | null = null;
}

/** The last sequence number given to an aggregate's events (upserted by the statement that writes them). */
@Entity({ tableName: 'domain_event_stream' })
export class DomainEventStream {
  @PrimaryKey({ type: 'text' })
  aggregateType!: string;

  @PrimaryKey({ type: 'text' })
  aggregateId!: string;

  [PrimaryKeyProp]?: ['aggregateType', 'aggregateId'];

  @Property({ type: 'bigint' })
  lastSeq!: string;
}

/**
 * A consumer the dispatcher delivers to: every event written after its row exists, while it is active, gets a
 * delivery for it.
 */
@Entity({ tableName: 'domain_event_consumer' })
export class DomainEventConsumer {
  @PrimaryKey({ type: 'text' })
  name!: string;

  /**
   * Whether events written now get a delivery for it: a consumer with nothing to do turns itself off (webhooks with
   * no endpoint enabled, `setConsumerActive`), so the store's writes pay nothing for it.
   */
  @Property({ type: 'boolean', default: true })
  active: boolean = true;

  /**
   * The event types it takes (null: every type), kept by `EventDispatcher.register` from the consumer's `types`:
   * events of other types get no delivery for it, so a consumer of catalogue changes costs an order nothing.
   */
  @Property({ type: 'text[]', nullable: true })
  types: string[] | null = null;

  @Property({ type: 'timestamptz', defaultRaw: 'now()' })
  createdAt: Date = new Date();
}

/** One event's delivery to one consumer: claimed with `skip locked`, retried with backoff, its last error kept. */
@Entity({ tableName: 'domain_event_delivery' })
@Index({
  name: 'domain_event_delivery_due_index',
  expression:
    'create index "domain_event_delivery_due_index" on "domain_event_delivery" ("consumer", "next_attempt_at") where "delivered_at" is null',
})
export class DomainEventDelivery {
  @PrimaryKey({ type: 'uuid' })
  eventId!: string;

  @PrimaryKey({ type: 'text' })
  consumer!: string;

  [PrimaryKeyProp]?: ['eventId', 'consumer'];

  @Property({ type: 'smallint', default: 0 })
  attempts: number = 0;

  @Property({ type: 'timestamptz', defaultRaw: 'now()' })
  nextAttemptAt: Date = new Date();

  @Property({ type: 'timestamptz', nullable: true })
  deliveredAt: Date | null = null;

  @Property({ type: 'text', nullable: true })
  error: string | null = null;
}

/**
 * A periodic job of the fleet (issue 55, item 4; decision 076): when it may next run. Every process keeps its timer
 * and claims the run first (`oncePerFleet`), so the job runs once per interval for the whole fleet, not once per
 * process.
 */
@Entity({ tableName: 'periodic_run' })
export class PeriodicRun {
  @PrimaryKey({ type: 'text' })
  name!: string;

  @Property({ type: 'timestamptz' })
  nextRunAt!: Date;

  @Property({ type: 'timestamptz', defaultRaw: 'now()' })
  lastClaimedAt: Date = new Date();
}
