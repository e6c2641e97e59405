import type { ModuleManifest } from '../../common/module-manifest';
import { WebhookAttempt, WebhookDelivery, WebhookEndpoint } from './webhooks.entity';
import { WebhooksResolver } from './webhooks.resolver';

export const manifest: ModuleManifest = {
  name: 'webhooks',
  entities: [WebhookEndpoint, WebhookDelivery, WebhookAttempt],
  resolvers: [WebhooksResolver],
};
