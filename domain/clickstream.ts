import { array, boolean, number, object, string, type InferType } from 'yup';

/* Click-stream events (spec sections 3, 7 and 9), validated the same way by the browser and the collector. */

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

const text = (max = CLICKSTREAM_LIMITS.maxText) => string().max(max, `at most ${max} characters`);

export const clickstreamEventSchema = object({
  eventType: string()
    .required('eventType is required')
    .oneOf(CLICKSTREAM_EVENT_TYPES, `eventType must be one of ${CLICKSTREAM_EVENT_TYPES.join(', ')}`),
  visitorId: string().required('visitorId is required').uuid('visitorId must be a UUID'),
  eventTime: string().required('eventTime is required').datetime('eventTime must be an ISO date-time'),
  uri: text().optional(),
  referrerUri: text().optional(),
  userInfo: object({
    userId: text(320).optional(),
    ipAddress: text(64).optional(),
    userAgent: text(512).optional(),
    directUserRequest: boolean().oneOf([false], 'directUserRequest must be false').optional(),
  })
    .default(undefined)
    .optional(),
  productDetails: array()
    .of(
      object({
        id: text(200).required('product id is required'),
        priceInfo: object({
          price: number().min(0).max(1e9).required(),
          currencyCode: string()
            .matches(/^[A-Za-z]{3}$/, 'currencyCode must be 3 letters')
            .required(),
        })
          .default(undefined)
          .optional(),
        quantity: number().integer().min(0).max(1e6).optional(),
      }),
    )
    .max(CLICKSTREAM_LIMITS.maxProducts, `at most ${CLICKSTREAM_LIMITS.maxProducts} products`)
    .optional(),
  purchaseTransaction: object({
    revenue: number().min(0).max(1e9).required(),
    currencyCode: string()
      .matches(/^[A-Za-z]{3}$/, 'currencyCode must be 3 letters')
      .required(),
  })
    .default(undefined)
    .optional(),
  searchQuery: text(500).optional(),
  pageCategories: text(1000).optional(),
  attributionToken: string().uuid('attributionToken must be a UUID').optional(),
});
export type ClickstreamEvent = InferType<typeof clickstreamEventSchema>;

/** A beacon carries one event; a batch carries `{ events: [...] }` (or a bare array), all stored or none. */
export const clickstreamBatchSchema = object({
  events: array()
    .of(clickstreamEventSchema)
    .min(1, 'no events')
    .max(CLICKSTREAM_LIMITS.maxBatch, `at most ${CLICKSTREAM_LIMITS.maxBatch} events a request`)
    .required(),
});

/** The events of a request body: `{ events }`, a bare array, or one event. */
export const eventsOf = (body: unknown): unknown[] =>
  Array.isArray(body)
    ? body
    : typeof body === 'object' && body !== null && Array.isArray((body as { events?: unknown }).events)
      ? (body as { events: unknown[] }).events
      : [body];
