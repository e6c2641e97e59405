import { Entity, Index, ManyToOne, PrimaryKey, Property } from '@mikro-orm/core';

/**
 * A receiver of webhooks (decision 068): where, which event types, and its signing secret, sealed with SECRETS_KEY
 * (common/secret-box.ts). After a rotation the previous secret keeps signing beside the new one until it expires.
 */
@Entity({ tableName: 'webhook_endpoint' })
export class WebhookEndpoint {
  @PrimaryKey({ type: 'uuid', defaultRaw: 'gen_random_uuid()' })
  id!: string;

  @Property({ type: 'text' })
  url!: string;

  @Property({ type: 'text[]', columnType: 'text[]' })
  events!: string[];

  @Property({ type: 'text', default: '' })
  description: string = '';

  @Property({ type: 'boolean', default: true })
  enabled: boolean = true;

  /** Why the store turned it off (a 410, or failing for 5 days); null when staff did, or when it is on. */
  @Property({ type: 'text', nullable: true })
  disabledReason: string | null = null;

  /** The first failed attempt since its last success (null: its last attempt succeeded, or none yet). */
  @Property({ type: 'timestamptz', nullable: true })
  failingSince: Date | null = null;

  /** The signing secret, sealed (never shown after its creation or rotation). */
  @Property({ type: 'text' })
  secret!: string;

  @Property({ type: 'text', nullable: true })
  previousSecret: string | null = null;

  @Property({ type: 'timestamptz', nullable: true })
  previousSecretExpiresAt: Date | null = null;

  @Property({ type: 'timestamptz', defaultRaw: 'now()' })
  createdAt: Date = new Date();

  @Property({ type: 'timestamptz', defaultRaw: 'now()' })
  updatedAt: Date = new Date();

  /**
   * The partner user whose key (scope `webhooks:manage`) made it, or null when staff did (decision 070): an owned
   * endpoint gets only the events its owner may see (events' `eventVisibleTo`).
   */
  @Index()
  @Property({ type: 'uuid', nullable: true })
  ownerUserId: string | null = null;
}

/**
 * One message to one endpoint: an event's (one per event and endpoint), a test's, or a replay's (a new row with the
 * original's message id and body). Its body is fixed at creation, so every retry sends the same bytes and id.
 */
@Entity({ tableName: 'webhook_delivery' })
@Index({
  name: 'webhook_delivery_event_endpoint_unique',
  expression:
    'create unique index "webhook_delivery_event_endpoint_unique" on "webhook_delivery" ("event_id", "endpoint_id") where "replay_of" is null',
})
@Index({
  name: 'webhook_delivery_due_index',
  expression:
    'create index "webhook_delivery_due_index" on "webhook_delivery" ("next_attempt_at") where "status" = \'pending\'',
})
@Index({ properties: ['endpoint', 'createdAt'] })
export class WebhookDelivery {
  @PrimaryKey({ type: 'uuid', defaultRaw: 'gen_random_uuid()' })
  id!: string;

  @ManyToOne(() => WebhookEndpoint, { mapToPk: true, deleteRule: 'cascade' })
  endpoint!: string;

  /** The business event (null for a test message). */
  @Property({ type: 'uuid', nullable: true })
  eventId: string | null = null;

  /** `webhook-id`: the same on every retry and replay. */
  @Property({ type: 'text' })
  messageId!: string;

  @Property({ type: 'text' })
  eventType!: string;

  /** The JSON body as sent, `{type, timestamp, data}`. */
  @Property({ type: 'text' })
  body!: string;

  /** pending, succeeded, failed. */
  @Property({ type: 'text', default: 'pending' })
  status: string = 'pending';

  @Property({ type: 'smallint', default: 0 })
  attempts: number = 0;

  @Property({ type: 'timestamptz' })
  nextAttemptAt!: Date;

  @Property({ type: 'timestamptz', nullable: true })
  lastAttemptAt: Date | null = null;

  @Property({ type: 'integer', nullable: true })
  lastResponseCode: number | null = null;

  /** The delivery this one replays. */
  @Property({ type: 'uuid', nullable: true })
  replayOf: string | null = null;

  @Property({ type: 'timestamptz', defaultRaw: 'now()' })
  createdAt: Date = new Date();
}

/** One try of a delivery: when, what the receiver answered (code and first 512 bytes) or why it did not. */
@Entity({ tableName: 'webhook_attempt' })
export class WebhookAttempt {
  @PrimaryKey({ type: 'uuid', defaultRaw: 'gen_random_uuid()' })
  id!: string;

  @Index()
  @ManyToOne(() => WebhookDelivery, { mapToPk: true, deleteRule: 'cascade' })
  delivery!: string;

  @Property({ type: 'timestamptz' })
  attemptedAt!: Date;

  @Property({ type: 'integer', nullable: true })
  responseCode: number | null = null;

  @Property({ type: 'text', nullable: true })
  responseBody: string | null = null;

  @Property({ type: 'text', nullable: true })
  error: string | null = null;

  @Property({ type: 'integer' })
  durationMs!: number;
}
