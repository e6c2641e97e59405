/**
 * The webhooks module's door (decision 068): what app.ts wires. Other modules, the flows and the rest of server/src
 * import this file, never the files behind it; it never exports the module's manifest.
 */
export { messageData, syncWebhooksConsumer, webhookConsumer } from './consumer';
export { WebhookSender, type WebhookSenderOptions } from './sender';
export { type WebhookResolver } from './addresses';
