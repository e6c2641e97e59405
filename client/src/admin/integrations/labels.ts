import { WEBHOOK_TEST_TYPE, type WebhookDeliveryStatus, type WebhookEventType } from '@domain/webhooks';
import { ROUTES } from '@domain/routes';
import type { MessageId } from '../../i18n';
import { TONES } from '../shared/tones';

/** Each event type an endpoint may ask for, as the console names it (the type itself is shown beside it). */
export const EVENT_LABELS: Record<WebhookEventType | typeof WEBHOOK_TEST_TYPE, MessageId> = {
  'order.placed': 'admin.integrations.ev.orderPlaced',
  'order.status_changed': 'admin.integrations.ev.orderStatusChanged',
  'order.paid': 'admin.integrations.ev.orderPaid',
  'order.shipped': 'admin.integrations.ev.orderShipped',
  'order.cancelled': 'admin.integrations.ev.orderCancelled',
  'order.edited': 'admin.integrations.ev.orderEdited',
  'order.acknowledged': 'admin.integrations.ev.orderAcknowledged',
  'quote.sent': 'admin.integrations.ev.quoteSent',
  'quote.accepted': 'admin.integrations.ev.quoteAccepted',
  'inventory.changed': 'admin.integrations.ev.inventoryChanged',
  'price.changed': 'admin.integrations.ev.priceChanged',
  'product.changed': 'admin.integrations.ev.productChanged',
  'company.changed': 'admin.integrations.ev.companyChanged',
  'company.member_changed': 'admin.integrations.ev.companyMemberChanged',
  [WEBHOOK_TEST_TYPE]: 'admin.integrations.ev.test',
};

/** An event type's label, or the type as it is when the console does not know it. */
export function eventLabel(t: (id: MessageId) => string, type: string): string {
  const id = (EVENT_LABELS as Record<string, MessageId | undefined>)[type];
  return id ? t(id) : type;
}

export const STATUS_LABELS: Record<WebhookDeliveryStatus, MessageId> = {
  pending: 'admin.integrations.delivery.pending',
  succeeded: 'admin.integrations.delivery.succeeded',
  failed: 'admin.integrations.delivery.failed',
};

export const STATUS_TONES: Record<WebhookDeliveryStatus, (typeof TONES)[keyof typeof TONES]> = {
  pending: TONES.info,
  succeeded: TONES.success,
  failed: TONES.danger,
};

export const isStatus = (value: string | null | undefined): value is WebhookDeliveryStatus =>
  value === 'pending' || value === 'succeeded' || value === 'failed';

/** An endpoint's deliveries page. */
export const deliveriesPath = (id: string) => `${ROUTES.admin}/integrations/${id}`;

/** A secret to show once: a new endpoint's, or a rotation's (with when the previous one stops signing). */
export interface ShownSecret {
  secret: string;
  previousUntil?: string | null;
}
