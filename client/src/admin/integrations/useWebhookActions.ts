import { useMutation } from '@apollo/client/react';
import {
  CreateWebhookEndpointDocument,
  DeleteWebhookEndpointDocument,
  ReplayWebhookDeliveryDocument,
  RotateWebhookSecretDocument,
  SendTestWebhookDocument,
  UpdateWebhookEndpointDocument,
  type UpdateWebhookEndpointMutationVariables,
} from './integrations.generated';

export interface EndpointInput {
  url: string;
  events: string[];
  description: string;
}

/** The list and a deliveries page read again after a change (their health, the delivery a test or replay added). */
const ENDPOINTS = { refetchQueries: ['WebhookEndpoints'] };
const DELIVERIES = { refetchQueries: ['WebhookEndpoints', 'WebhookDeliveries'] };
/**
 * An answer that carries a signing secret is never written to Apollo's cache (no-cache): the secret lives only in
 * the dialog that shows it once, and `forget` clears the mutation's own copy when that dialog closes.
 */
const SECRET = { ...ENDPOINTS, fetchPolicy: 'no-cache' as const };

/**
 * Console → Integrations: register an endpoint (its secret is in the answer, shown once), change it, rotate its
 * secret (the new one shown once), delete it, send it a test message.
 */
export function useWebhookActions() {
  const [create, created] = useMutation(CreateWebhookEndpointDocument, SECRET);
  const [rotate, rotated] = useMutation(RotateWebhookSecretDocument, SECRET);
  const [update] = useMutation(UpdateWebhookEndpointDocument, ENDPOINTS);
  const [remove] = useMutation(DeleteWebhookEndpointDocument, ENDPOINTS);
  const [sendTest, testing] = useMutation(SendTestWebhookDocument, DELIVERIES);
  return {
    /** The new endpoint's secret. */
    create: async (input: EndpointInput) =>
      (await create({ variables: { input } })).data!.createWebhookEndpoint.secret,
    /** The endpoint's new secret, and until when the previous one keeps signing beside it (24 hours). */
    rotate: async (id: string) => {
      const { endpoint, secret } = (await rotate({ variables: { id } })).data!.rotateWebhookSecret;
      return { secret, previousUntil: endpoint.previousSecretExpiresAt };
    },
    /** Forgets the secret the last create or rotate answered. */
    forget: () => {
      created.reset();
      rotated.reset();
    },
    update: (id: string, input: UpdateWebhookEndpointMutationVariables['input']) =>
      update({ variables: { id, input } }),
    remove: (id: string) => remove({ variables: { id } }),
    /** Queues a webhook.test message; answers the delivery it created. */
    sendTest: async (endpointId: string) =>
      (await sendTest({ variables: { endpointId } })).data!.sendTestWebhook,
    testing: testing.loading,
  };
}

/** A delivery's message sent again, with the same webhook-id: a new delivery on the endpoint's page. */
export function useReplayDelivery() {
  const [replay, call] = useMutation(ReplayWebhookDeliveryDocument, DELIVERIES);
  return {
    replay: async (id: string) => (await replay({ variables: { id } })).data!.replayWebhookDelivery,
    replaying: call.loading,
  };
}
