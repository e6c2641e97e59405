import { randomUUID } from 'node:crypto';
import { onCommit, openTransactionKey } from '../../db/db';
import { prepared, type Prepared } from '../../db/prepared';
import type { Db } from '../../context';

/** Every business event the store writes (docs/architecture.md "Events" lists each one's payload and writer). */
export type EventType =
  | 'order.placed'
  | 'order.status_changed'
  | 'order.paid'
  | 'order.shipped'
  | 'order.cancelled'
  | 'order.edited'
  | 'order.acknowledged'
  | 'quote.sent'
  | 'quote.accepted'
  | 'inventory.changed'
  | 'price.changed'
  | 'product.changed'
  | 'company.changed'
  | 'company.member_changed';

export interface NewEvent {
  type: EventType;
  /** 'order' | 'quote' | 'inventory' | 'price' | 'product' | 'company' */
  aggregateType: string;
  /** The aggregate's id; inventory: `${productId}:${warehouseId}`, price: `${listId}:${productId}`. */
  aggregateId: string;
  /** The aggregate's version after the change, when it has one (orders, quotes, companies). */
  version: number | null;
  actorId?: string | null;
  payload: Record<string, unknown>;
  /**
   * A document added to the payload when the event is written, under this key, read by the attachment's SQL in the
   * same statement (decision 071: `salesOrder`, the order as the ERP needs it, as committed). Costs no statement.
   */
  attach?: string;
}

/** SQL of an attachment: a jsonb expression over the aggregate id's SQL (`i.aggregate_id`, text). */
export type AttachmentSql = (aggregateId: string) => string;

const attachments = new Map<string, AttachmentSql>();

/**
 * Registers what `attach: key` adds to an event's payload (the module whose events carry it, when it is loaded).
 * The SQL must hold no `?` (the statement's parameters are numbered from them).
 */
export function registerAttachment(key: string, sql: AttachmentSql): void {
  if (sql('x').includes('?')) throw new Error(`The attachment ${key}'s SQL may not hold a ?`);
  attachments.set(key, sql);
}

/** Called after a commit that wrote events (the dispatchers of this process wake). */
const listeners = new Set<() => void>();
export function onEventsCommitted(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/** The events published in each open transaction, written by one statement just before it commits. */
const pending = new WeakMap<object, NewEvent[]>();

/**
 * Publishes events with the change they tell (decision 065): they are kept until the transaction's work is done and
 * written by ONE statement just before COMMIT, so a rolled-back change leaves none and a transaction that publishes
 * nothing pays nothing. Must be called inside `ctx.db.transactional`; outside it throws.
 */
export function publish(ctx: { db: Db }, ...events: NewEvent[]): void {
  const transaction = openTransactionKey();
  if (!transaction)
    throw new Error(`publish(${events.map((e) => e.type).join(', ')}) outside ctx.db.transactional`);
  const buffered = pending.get(transaction);
  if (buffered) {
    buffered.push(...events);
    return;
  }
  const batch = [...events];
  pending.set(transaction, batch);
  onCommit({
    before: () => writeEvents(ctx.db, batch),
    after: () => listeners.forEach((listener) => listener()),
  });
}

/**
 * The statement, planned once per connection and text (a named prepared statement, decision 020): it runs in every
 * transaction that publishes. Its text depends on the attachments registered (the same in every process).
 */
function writeEventsStatement(): Prepared<unknown> {
  const attached = [...attachments].map(
    ([key, sql]) => `when '${key}' then jsonb_build_object('${key}', ${sql('i.aggregate_id')})`,
  );
  const payload = attached.length
    ? `i.payload || coalesce(case i.attach ${attached.join(' ')} end, '{}'::jsonb)`
    : 'i.payload';
  return prepared(
    `with input as (
       select * from jsonb_to_recordset(?::jsonb) as x(ord int, id uuid, type text, aggregate_type text,
         aggregate_id text, version int, actor_id text, payload jsonb, attach text)),
     counts as (select aggregate_type, aggregate_id, count(*) as n from input group by aggregate_type, aggregate_id),
     stream as (
       insert into domain_event_stream (aggregate_type, aggregate_id, last_seq)
       select aggregate_type, aggregate_id, n from counts order by aggregate_type, aggregate_id
       on conflict (aggregate_type, aggregate_id) do update set last_seq = domain_event_stream.last_seq + excluded.last_seq
       returning aggregate_type, aggregate_id, last_seq),
     written as (
       insert into domain_event (id, type, aggregate_type, aggregate_id, seq, version, actor_id, payload)
       select i.id, i.type, i.aggregate_type, i.aggregate_id,
         s.last_seq - c.n + row_number() over (partition by i.aggregate_type, i.aggregate_id order by i.ord),
         i.version, i.actor_id, ${payload}
       from input i join stream s using (aggregate_type, aggregate_id) join counts c using (aggregate_type, aggregate_id)
       returning id, type)
     insert into domain_event_delivery (event_id, consumer)
     select w.id, c.name from written w join domain_event_consumer c
       on c.active and (c.types is null or w.type = any(c.types))`,
  );
}

/**
 * One statement: the events, their per-aggregate sequence numbers (upserting each aggregate's stream row, locked
 * until COMMIT, so concurrent writers for one aggregate get consecutive numbers in commit order) and a delivery
 * per registered consumer that is active and takes the event's type.
 */
async function writeEvents(db: Db, events: NewEvent[]): Promise<void> {
  if (events.length === 0) return;
  const rows = events.map((e, ord) => ({
    ord,
    id: randomUUID(),
    type: e.type,
    aggregate_type: e.aggregateType,
    aggregate_id: e.aggregateId,
    version: e.version,
    actor_id: e.actorId ?? null,
    payload: e.payload,
    attach: e.attach ?? null,
  }));
  const unknown = events.find((e) => e.attach && !attachments.has(e.attach));
  if (unknown) throw new Error(`No attachment ${unknown.attach} is registered (${unknown.type})`);
  await writeEventsStatement().all(db, [JSON.stringify(rows)]);
}
