/* Click-stream events (spec sections 3, 7 and 9), validated the same way by the browser and the collector. */
import { isUuid } from './ids';

export const CLICKSTREAM_EVENT_TYPES = [
  'home-page-view',
  'detail-page-view',
  'category-page-view',
  'add-to-cart',
  'remove-from-cart',
  'search',
  'purchase-complete',
  'shopping-cart-page-view',
] as const;
export type ClickstreamEventType = (typeof CLICKSTREAM_EVENT_TYPES)[number];

/** The collector's path under the store (spec section 7); the country defaults to US, the language is EN. */
export const clickstreamPath = (appName: string, country = 'US') =>
  `/userevents/v1/selling-systems/${encodeURIComponent(appName)}/countries/${country}/languages/EN/events`;

/** Bounds that keep one event small and a batch one statement. */
export const CLICKSTREAM_LIMITS = {
  maxBatch: 200,
  maxProducts: 100,
  maxText: 2048,
  maxBodyBytes: 512 * 1024,
};

/** A click-stream event (spec section 3). */
export interface ClickstreamEvent {
  eventType: ClickstreamEventType;
  visitorId: string;
  eventTime: string;
  uri?: string;
  referrerUri?: string;
  userInfo?: { userId?: string; ipAddress?: string; userAgent?: string; directUserRequest?: false };
  productDetails?: { id: string; priceInfo?: { price: number; currencyCode: string }; quantity?: number }[];
  purchaseTransaction?: { revenue: number; currencyCode: string };
  searchQuery?: string;
  pageCategories?: string;
  attributionToken?: string;
}

export interface EventProblem {
  field: string;
  message: string;
}

/* A plain validator, not yup: the collector checks thousands of events a second (about 1 µs an event here,
   against 70 µs with a schema), and the browser checks what it sends with the same function. */

const ISO = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(:\d{2}(\.\d{1,9})?)?(Z|[+-]\d{2}:?\d{2})$/;
const CURRENCY = /^[A-Za-z]{3}$/;
const TYPES = new Set<string>(CLICKSTREAM_EVENT_TYPES);

const isObject = (v: unknown): v is Record<string, unknown> =>
  typeof v === 'object' && v !== null && !Array.isArray(v);

/** The problems of one event (empty when it is valid), each with its field path under `at`. */
export function eventProblems(event: unknown, at = ''): EventProblem[] {
  const out: EventProblem[] = [];
  const bad = (field: string, message: string) => out.push({ field: `${at}${field}`, message });
  if (!isObject(event))
    return [{ field: at.replace(/\.$/, '') || 'event', message: 'an event must be an object' }];
  const text = (field: string, value: unknown, max: number) => {
    if (value === undefined || value === null) return;
    if (typeof value !== 'string') bad(field, `${field} must be text`);
    else if (value.length > max) bad(field, `at most ${max} characters`);
  };
  const amount = (field: string, value: unknown) => {
    if (typeof value !== 'number' || !Number.isFinite(value) || value < 0 || value > 1e9)
      bad(field, `${field} must be a number from 0 to 1000000000`);
  };
  if (typeof event.eventType !== 'string' || !event.eventType) bad('eventType', 'eventType is required');
  else if (!TYPES.has(event.eventType))
    bad('eventType', `eventType must be one of ${CLICKSTREAM_EVENT_TYPES.join(', ')}`);
  if (!event.visitorId) bad('visitorId', 'visitorId is required');
  else if (typeof event.visitorId !== 'string' || !isUuid(event.visitorId))
    bad('visitorId', 'visitorId must be a UUID');
  if (!event.eventTime) bad('eventTime', 'eventTime is required');
  else if (
    typeof event.eventTime !== 'string' ||
    !ISO.test(event.eventTime) ||
    Number.isNaN(Date.parse(event.eventTime))
  )
    bad('eventTime', 'eventTime must be an ISO date-time');
  text('uri', event.uri, CLICKSTREAM_LIMITS.maxText);
  text('referrerUri', event.referrerUri, CLICKSTREAM_LIMITS.maxText);
  text('searchQuery', event.searchQuery, 500);
  text('pageCategories', event.pageCategories, 1000);
  if (event.attributionToken !== undefined && event.attributionToken !== null)
    if (typeof event.attributionToken !== 'string' || !isUuid(event.attributionToken))
      bad('attributionToken', 'attributionToken must be a UUID');
  if (event.userInfo !== undefined && event.userInfo !== null) {
    const u = event.userInfo;
    if (!isObject(u)) bad('userInfo', 'userInfo must be an object');
    else {
      text('userInfo.userId', u.userId, 320);
      text('userInfo.ipAddress', u.ipAddress, 64);
      text('userInfo.userAgent', u.userAgent, 512);
      if (u.directUserRequest !== undefined && u.directUserRequest !== false)
        bad('userInfo.directUserRequest', 'directUserRequest must be false');
    }
  }
  if (event.productDetails !== undefined && event.productDetails !== null) {
    const list = event.productDetails;
    if (!Array.isArray(list)) bad('productDetails', 'productDetails must be a list');
    else if (list.length > CLICKSTREAM_LIMITS.maxProducts)
      bad('productDetails', `at most ${CLICKSTREAM_LIMITS.maxProducts} products`);
    else
      list.forEach((p, i) => {
        const f = `productDetails[${i}]`;
        if (!isObject(p)) return void bad(f, 'a product must be an object');
        if (typeof p.id !== 'string' || !p.id) bad(`${f}.id`, 'product id is required');
        else text(`${f}.id`, p.id, 200);
        if (
          p.quantity !== undefined &&
          (!Number.isInteger(p.quantity) || (p.quantity as number) < 0 || (p.quantity as number) > 1e6)
        )
          bad(`${f}.quantity`, 'quantity must be a whole number from 0 to 1000000');
        if (p.priceInfo !== undefined && p.priceInfo !== null) {
          if (!isObject(p.priceInfo)) bad(`${f}.priceInfo`, 'priceInfo must be an object');
          else {
            amount(`${f}.priceInfo.price`, p.priceInfo.price);
            if (typeof p.priceInfo.currencyCode !== 'string' || !CURRENCY.test(p.priceInfo.currencyCode))
              bad(`${f}.priceInfo.currencyCode`, 'currencyCode must be 3 letters');
          }
        }
      });
  }
  if (event.purchaseTransaction !== undefined && event.purchaseTransaction !== null) {
    const t = event.purchaseTransaction;
    if (!isObject(t)) bad('purchaseTransaction', 'purchaseTransaction must be an object');
    else {
      amount('purchaseTransaction.revenue', t.revenue);
      if (typeof t.currencyCode !== 'string' || !CURRENCY.test(t.currencyCode))
        bad('purchaseTransaction.currencyCode', 'currencyCode must be 3 letters');
    }
  }
  return out;
}

/** The problems of a request's events: the batch size, then every event's (all stored, or none). */
export function batchProblems(events: unknown[]): EventProblem[] {
  if (events.length === 0) return [{ field: 'events', message: 'no events' }];
  if (events.length > CLICKSTREAM_LIMITS.maxBatch)
    return [{ field: 'events', message: `at most ${CLICKSTREAM_LIMITS.maxBatch} events a request` }];
  return events.flatMap((e, i) => eventProblems(e, `events[${i}].`));
}

/** The events of a request body: `{ events }`, a bare array, or one event. */
export const eventsOf = (body: unknown): unknown[] =>
  Array.isArray(body)
    ? body
    : typeof body === 'object' && body !== null && Array.isArray((body as { events?: unknown }).events)
      ? (body as { events: unknown[] }).events
      : [body];
