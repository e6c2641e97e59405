import { array, boolean, number, object, string, type InferType } from 'yup';
import { ROLES, type RoleName } from './roles';
import { oneLine } from './text.schema';

/* Webhook endpoints (issue 56, decision 068): who keeps them, what they may ask for, the form's rules. */

/** Who keeps every webhook endpoint, signed in: Admin. */
export const WEBHOOKS_ACCESS: readonly RoleName[] = ['Admin'];

/**
 * The webhook operations' access (decision 070): Admins signed in (`WEBHOOKS_ACCESS`, every endpoint), or a partner
 * key with the `webhooks:manage` scope, whatever its user's role, which lists and changes only the endpoints it made.
 */
export const WEBHOOKS_MANAGE = {
  roles: Object.keys(ROLES) as RoleName[],
  scope: 'webhooks:manage',
} as const;

/** The event types an endpoint may subscribe to: the business events (docs/architecture.md "Events"). */
export const WEBHOOK_EVENT_TYPES = [
  'order.placed',
  'order.status_changed',
  'order.paid',
  'order.shipped',
  'order.cancelled',
  'order.edited',
  'order.acknowledged',
  'quote.sent',
  'quote.accepted',
  'inventory.changed',
  'price.changed',
  'product.changed',
  'company.changed',
  'company.member_changed',
] as const;
export type WebhookEventType = (typeof WEBHOOK_EVENT_TYPES)[number];

/** The type of `sendTestWebhook`'s message (no business event behind it). */
export const WEBHOOK_TEST_TYPE = 'webhook.test';

export const WEBHOOK_DELIVERY_STATUSES = ['pending', 'succeeded', 'failed'] as const;
export type WebhookDeliveryStatus = (typeof WEBHOOK_DELIVERY_STATUSES)[number];

export const WEBHOOK_MESSAGES = {
  urlRequired: 'Enter the address that receives the webhooks',
  urlInvalid: 'Enter a full address, like https://erp.example.com/hooks/axisline',
  urlHttps: 'Use an https:// address (http:// only to this machine, outside production)',
  urlTooLong: 'Addresses are limited to 2,000 characters',
  urlCredentials: 'Leave the user name and password out of the address',
  eventsRequired: 'Choose at least one event',
  eventUnknown: 'Unknown event type',
  descriptionTooLong: 'Descriptions are limited to 200 characters',
} as const;

const LOOPBACK_HOSTS = new Set(['localhost', '127.0.0.1', '[::1]']);

/**
 * The URL rule: https anywhere; http only to this machine (localhost, 127.0.0.1, ::1) and only outside production.
 * Returns the message for the field, or null when the address is acceptable.
 */
export function webhookUrlProblem(value: string, production: boolean): string | null {
  let url: URL;
  try {
    url = new URL(value);
  } catch {
    return WEBHOOK_MESSAGES.urlInvalid;
  }
  if (url.username || url.password) return WEBHOOK_MESSAGES.urlCredentials;
  if (url.protocol === 'https:') return null;
  if (url.protocol === 'http:' && !production && LOOPBACK_HOSTS.has(url.hostname)) return null;
  if (url.protocol === 'http:' || url.protocol === 'https:') return WEBHOOK_MESSAGES.urlHttps;
  return WEBHOOK_MESSAGES.urlInvalid;
}

const urlField = (production: boolean) =>
  string()
    .trim()
    .required(WEBHOOK_MESSAGES.urlRequired)
    .max(2000, WEBHOOK_MESSAGES.urlTooLong)
    .test('webhook-url', WEBHOOK_MESSAGES.urlHttps, function (value) {
      if (!value) return true;
      const problem = webhookUrlProblem(value, production);
      return problem ? this.createError({ message: problem }) : true;
    });

const eventsField = () =>
  array(
    string()
      .oneOf([...WEBHOOK_EVENT_TYPES], WEBHOOK_MESSAGES.eventUnknown)
      .required(),
  )
    .min(1, WEBHOOK_MESSAGES.eventsRequired)
    .required(WEBHOOK_MESSAGES.eventsRequired);

const descriptionField = () =>
  string().trim().max(200, WEBHOOK_MESSAGES.descriptionTooLong).test(oneLine).default('');

/** A new endpoint (the console's form and the API); `production` turns the http-to-loopback exception off. */
export const webhookEndpointSchema = (production: boolean) =>
  object({ url: urlField(production), events: eventsField(), description: descriptionField() });
export type WebhookEndpointInput = InferType<ReturnType<typeof webhookEndpointSchema>>;

/** A change to an endpoint: any of its fields. */
export const webhookEndpointUpdateSchema = (production: boolean) =>
  object({
    id: string().uuid('Endpoint not found').required('Endpoint not found'),
    url: urlField(production).optional().default(undefined),
    events: eventsField().optional().default(undefined),
    description: descriptionField().optional().default(undefined),
    enabled: boolean().optional(),
  });

export const webhookIdSchema = object({ id: string().uuid('Not found').required('Not found') });

export const webhookDeliveriesSchema = object({
  endpointId: string().uuid('Endpoint not found').required('Endpoint not found'),
  status: string()
    .oneOf([...WEBHOOK_DELIVERY_STATUSES], 'Unknown status')
    .nullable()
    .default(null),
  page: number().integer().min(1).default(1),
  pageSize: number().integer().min(1).max(100).default(20),
});

/** An endpoint whose every attempt has failed for this many days is turned off, and its keepers are e-mailed. */
export const WEBHOOK_FAILING_DAYS = 5;

/** Why the store turned an endpoint off (its `disabledReason`); staff turning it off leave none. */
export const WEBHOOK_DISABLED_REASONS = {
  gone: 'The receiver answered 410 Gone',
  failing: `Every attempt failed for ${WEBHOOK_FAILING_DAYS} days`,
} as const;

/** When a failed delivery is tried again, after the n-th attempt (Standard Webhooks' schedule; jitter added). */
export const WEBHOOK_RETRY_SCHEDULE_MS = [
  0,
  5_000,
  5 * 60_000,
  30 * 60_000,
  2 * 3600_000,
  5 * 3600_000,
  10 * 3600_000,
  14 * 3600_000,
  20 * 3600_000,
  24 * 3600_000,
] as const;
