import type { WebhookDeliveryStatus } from '../../../../domain/webhooks';

/* What the webhooks service answers (decision 068): endpoints without their secret, deliveries with attempts. */

export interface WebhookEndpointView {
  id: string;
  url: string;
  events: string[];
  description: string;
  enabled: boolean;
  disabledReason: string | null;
  createdAt: string;
  updatedAt: string;
  /** Until when the previous secret still signs (after a rotation), or null. */
  previousSecretExpiresAt: string | null;
  /** Its newest delivery's status, or null before any. */
  lastDeliveryStatus: WebhookDeliveryStatus | null;
  /** Its first failed attempt since its last successful one (kept by the sender), or null when it is not failing. */
  failingSince: string | null;
}

export interface WebhookAttemptView {
  attemptedAt: string;
  responseCode: number | null;
  responseBody: string | null;
  error: string | null;
  durationMs: number;
}

export interface WebhookDeliveryView {
  id: string;
  endpointId: string;
  eventId: string | null;
  messageId: string;
  eventType: string;
  status: WebhookDeliveryStatus;
  attempts: number;
  nextAttemptAt: string | null;
  lastAttemptAt: string | null;
  lastResponseCode: number | null;
  replayOf: string | null;
  createdAt: string;
  body: string;
  attemptLog: WebhookAttemptView[];
}
