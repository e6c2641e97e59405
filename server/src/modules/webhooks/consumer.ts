import type { Db } from '../../context';
import {
  brandOfUserSql,
  eventVisibleTo,
  setConsumerActive,
  type DeliveredEvent,
  type EventConsumer,
} from '../events';

const CONSUMER = 'webhooks';

/**
 * The consumer is on only while some endpoint is enabled (run with every change of an endpoint's state, in its
 * transaction, and now and then by the sender): with none, the store's writes make no delivery for it. Events
 * written while it is off are not sent to an endpoint enabled later.
 */
export const syncWebhooksConsumer = (db: Db) =>
  setConsumerActive(db, CONSUMER, 'exists (select 1 from webhook_endpoint where enabled)');

/** The `webhook-id` of an event's message: the same for every endpoint, retry and replay. */
export const messageIdOf = (eventId: string) => `msg_${eventId}`;

/**
 * An event's `data`, as webhooks and the event feed (decision 070) carry it: the event's own payload with its ids,
 * its aggregate's sequence number and version (decision 068: the partner API's full shapes come with the partner
 * endpoints); never the actor's user id (the order events' `actor`).
 */
export function messageData(event: DeliveredEvent): Record<string, unknown> {
  const { actor: _actor, ...payload } = event.payload;
  return {
    eventId: event.id,
    aggregateType: event.aggregateType,
    aggregateId: event.aggregateId,
    seq: event.seq,
    version: event.version,
    ...payload,
  };
}

/** The body of an event's message (Standard Webhooks: `{type, timestamp, data}`). */
export function messageBody(event: DeliveredEvent): string {
  return JSON.stringify({
    type: event.type,
    timestamp: new Date(event.occurredAt).toISOString(),
    data: messageData(event),
  });
}

/**
 * The events dispatcher's consumer for webhooks: an event becomes one delivery for each enabled endpoint that
 * asked for its type and may see it, in one statement for a dispatcher pass's events; a redelivered event adds none
 * (unique per event and endpoint). Staff's endpoints (no owner) see every event; an owned one (decision 070) what its owner's company
 * and brand may see, by the events module's one rule (`eventVisibleTo`).
 */
export function webhookConsumer(db: Db): EventConsumer {
  const handleAll = async (events: DeliveredEvent[]) => {
    const rows = events.map((event) => ({
      id: event.id,
      message_id: messageIdOf(event.id),
      type: event.type,
      body: messageBody(event),
    }));
    await db.execute(
      `insert into webhook_delivery (endpoint_id, event_id, message_id, event_type, body, next_attempt_at)
       select e.id, x.id, x.message_id, x.type, x.body, now()
       from jsonb_to_recordset(?::jsonb) as x(id uuid, message_id text, type text, body text)
         join domain_event ev on ev.id = x.id
         join webhook_endpoint e on e.enabled and x.type = any(e.events)
         cross join lateral (
           select e.owner_user_id is null as sees_all,
             (select ou.account_id from app_user ou where ou.id = e.owner_user_id) as company_id,
             ${brandOfUserSql('e.owner_user_id')} as brand_id) v
       where ${eventVisibleTo('ev', 'v')}
       on conflict (event_id, endpoint_id) where replay_of is null do nothing`,
      [JSON.stringify(rows)],
      'run',
    );
  };
  return { name: CONSUMER, handle: (event) => handleAll([event]), handleAll };
}
