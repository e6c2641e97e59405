import type { Db } from '../../context';
import type { DeliveredEvent, EventConsumer } from '../events';

/** The `webhook-id` of an event's message: the same for every endpoint, retry and replay. */
export const messageIdOf = (eventId: string) => `msg_${eventId}`;

/**
 * The body of an event's message (Standard Webhooks: `{type, timestamp, data}`). `data` is the event's own payload
 * with its ids, its aggregate's sequence number and version (decision 068: the partner API's full shapes come with
 * the partner endpoints); never the actor's user id (the order events' `actor`).
 */
export function messageBody(event: DeliveredEvent): string {
  const { actor: _actor, ...payload } = event.payload;
  return JSON.stringify({
    type: event.type,
    timestamp: new Date(event.occurredAt).toISOString(),
    data: {
      eventId: event.id,
      aggregateType: event.aggregateType,
      aggregateId: event.aggregateId,
      seq: event.seq,
      version: event.version,
      ...payload,
    },
  });
}

/**
 * The events dispatcher's consumer for webhooks: an event becomes one delivery for each enabled endpoint that
 * asked for its type, in one statement; a redelivered event adds none (unique per event and endpoint).
 */
export function webhookConsumer(db: Db): EventConsumer {
  return {
    name: 'webhooks',
    async handle(event) {
      await db.execute(
        `insert into webhook_delivery (endpoint_id, event_id, message_id, event_type, body, next_attempt_at)
         select e.id, ?, ?, ?, ?, now() from webhook_endpoint e where e.enabled and ? = any(e.events)
         on conflict (event_id, endpoint_id) where replay_of is null do nothing`,
        [event.id, messageIdOf(event.id), event.type, messageBody(event), event.type],
        'run',
      );
    },
  };
}
