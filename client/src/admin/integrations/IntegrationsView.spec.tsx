import { afterEach, describe, expect, it, jest } from '@jest/globals';
import { InMemoryCache } from '@apollo/client';
import type { MockedResponse } from '@apollo/client/testing';
import { WEBHOOK_MESSAGES } from '@domain/webhooks';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { App } from 'antd';
import { GraphQLError } from 'graphql';
import { renderRoute } from '../../testing/render';
import {
  CreateWebhookEndpointDocument,
  DeleteWebhookEndpointDocument,
  RotateWebhookSecretDocument,
  SendTestWebhookDocument,
  UpdateWebhookEndpointDocument,
  WebhookEndpointsDocument,
  type WebhookEndpointFieldsFragment,
} from './integrations.generated';
import { IntegrationsView } from './IntegrationsView';

/* Console → Integrations (issue 56, decision 068): an Admin registers a webhook endpoint and copies its secret,
 * shown once; the store's refusal of an address shows next to it; rotating shows the new secret once. */

const SECRET = 'whsec_c2VjcmV0LW9mLXRoZS1lcnAtcmVjZWl2ZXI=';
type Endpoint = WebhookEndpointFieldsFragment & { __typename: 'WebhookEndpoint' };
const ENDPOINT: Endpoint = {
  __typename: 'WebhookEndpoint',
  id: '7f1c1f3e-2a0b-4c59-9d0e-5b7a1c2d3e4f',
  url: 'https://erp.piedmont.example/hooks/axisline',
  events: ['order.placed', 'order.shipped'],
  description: 'SAP sales orders',
  enabled: true,
  disabledReason: null,
  previousSecretExpiresAt: null,
  lastDeliveryStatus: 'failed',
  failingSince: '2026-12-01 09:30:00+00',
  createdAt: '2026-11-30 12:00:00+00',
};
const list = (endpoints: Endpoint[]): MockedResponse => ({
  request: { query: WebhookEndpointsDocument },
  result: { data: { webhookEndpoints: endpoints } },
});

/* Role queries walk antd's whole tree (seconds each in jsdom); text and label queries find the same things fast. */
const button = (name: string, inside: HTMLElement = document.body) =>
  within(inside).getByText(name, { selector: 'button, button *' }).closest('button')!;
const findDialog = async (title: string) =>
  (await screen.findByText(title, { selector: '.ant-modal-title' })).closest(
    '[role="dialog"]',
  ) as HTMLElement;

function view(mocks: MockedResponse[], cache = new InMemoryCache()) {
  return renderRoute(
    <App>
      <IntegrationsView />
    </App>,
    { mocks, cache },
  );
}

/** Fills the new-endpoint form and registers it. */
async function register(url: string) {
  fireEvent.click(await screen.findByText('New endpoint'));
  const dialog = await findDialog('New endpoint');
  fireEvent.change(within(dialog).getByLabelText('Address (URL)'), { target: { value: `  ${url} ` } });
  fireEvent.click(within(dialog).getByLabelText(/Order placed/));
  fireEvent.change(within(dialog).getByLabelText('Description'), { target: { value: 'SAP sales orders' } });
  fireEvent.click(button('Register the endpoint', dialog));
  return dialog;
}

describe('Console → Integrations', () => {
  afterEach(() => {
    jest.restoreAllMocks();
  });

  it('says what an endpoint is for when there is none, and refuses an empty form next to its fields', async () => {
    view([list([])]);
    expect(
      await screen.findByText(/No endpoint is registered\. Register the address of your ERP/),
    ).toBeTruthy();
    fireEvent.click(button('New endpoint'));
    const dialog = await findDialog('New endpoint');
    fireEvent.click(button('Register the endpoint', dialog));
    expect(await within(dialog).findByText(WEBHOOK_MESSAGES.urlRequired)).toBeTruthy();
    expect(within(dialog).getByText(WEBHOOK_MESSAGES.eventsRequired)).toBeTruthy();
  });

  it('shows the new secret once, with a copy button, and keeps it nowhere once the dialog is closed', async () => {
    const writeText = jest.fn(async (_text: string) => undefined);
    Object.defineProperty(navigator, 'clipboard', { value: { writeText }, configurable: true });
    const cache = new InMemoryCache();
    view(
      [
        list([]),
        {
          request: {
            query: CreateWebhookEndpointDocument,
            variables: {
              input: { url: ENDPOINT.url, events: ['order.placed'], description: 'SAP sales orders' },
            },
          },
          result: {
            data: {
              createWebhookEndpoint: {
                __typename: 'WebhookEndpointWithSecret',
                endpoint: { __typename: 'WebhookEndpoint', id: ENDPOINT.id },
                secret: SECRET,
              },
            },
          },
        },
        list([{ ...ENDPOINT, events: ['order.placed'], lastDeliveryStatus: null, failingSince: null }]),
      ],
      cache,
    );
    await register(ENDPOINT.url);

    const shown = await findDialog("The endpoint's signing secret");
    expect(within(shown).getByText(SECRET)).toBeTruthy();
    expect(within(shown).getByText(/you will not see it again/)).toBeTruthy();
    fireEvent.click(button('Copy the secret', shown));
    expect(await within(shown).findByText('Copied')).toBeTruthy();
    expect(writeText).toHaveBeenCalledWith(SECRET);
    // The list behind it has the new endpoint, without its secret.
    expect((await screen.findByText(ENDPOINT.url)).closest('a')).toBeTruthy();

    fireEvent.click(button('I have copied it', shown));
    await waitFor(() => expect(screen.queryByText(SECRET)).toBeNull());
    expect(JSON.stringify(cache.extract())).not.toContain('whsec_');
    expect(screen.getByText('Order placed')).toBeTruthy();
  });

  it("puts the store's refusal of the address next to the address field", async () => {
    const loopback = 'http://127.0.0.1:9400/hooks';
    view([
      list([]),
      {
        request: {
          query: CreateWebhookEndpointDocument,
          variables: { input: { url: loopback, events: ['order.placed'], description: 'SAP sales orders' } },
        },
        result: {
          errors: [
            new GraphQLError(WEBHOOK_MESSAGES.urlHttps, {
              extensions: {
                code: 'BAD_USER_INPUT',
                fields: [{ field: 'url', message: WEBHOOK_MESSAGES.urlHttps }],
              },
            }),
          ],
        },
      },
    ]);
    const dialog = await register(loopback);
    const input = within(dialog).getByLabelText('Address (URL)');
    const field = input.closest('.ant-form-item') as HTMLElement;
    await waitFor(() => expect(within(field).getByText(WEBHOOK_MESSAGES.urlHttps)).toBeTruthy());
    expect(screen.queryByText("The endpoint's signing secret")).toBeNull();
  });

  it("lists an endpoint's health; a rotation shows the new secret once and the old one's 24 hours; a test says its delivery", async () => {
    const expires = '2026-12-04 15:00:00+00';
    view([
      list([ENDPOINT]),
      {
        request: { query: RotateWebhookSecretDocument, variables: { id: ENDPOINT.id } },
        result: {
          data: {
            rotateWebhookSecret: {
              __typename: 'WebhookEndpointWithSecret',
              endpoint: { __typename: 'WebhookEndpoint', id: ENDPOINT.id, previousSecretExpiresAt: expires },
              secret: SECRET,
            },
          },
        },
      },
      list([{ ...ENDPOINT, previousSecretExpiresAt: expires }]),
      {
        request: { query: SendTestWebhookDocument, variables: { endpointId: ENDPOINT.id } },
        result: {
          data: { sendTestWebhook: { __typename: 'WebhookMessage', id: 'd-1', messageId: 'msg_test_1' } },
        },
      },
      list([{ ...ENDPOINT, lastDeliveryStatus: 'pending' }]),
    ]);
    const row = (await screen.findByText(ENDPOINT.url)).closest('.ant-list-item') as HTMLElement;
    expect(within(row).getByText('Order placed, Order shipped')).toBeTruthy();
    expect(within(row).getByText(/^Failing since Dec 1, 2026/)).toBeTruthy();
    expect(within(row).getByText('Failed')).toBeTruthy();

    fireEvent.click(button('Rotate secret', row));
    expect(await screen.findByText(/keeps signing beside the new one for 24 hours/)).toBeTruthy();
    fireEvent.click(button('Yes'));
    const shown = await findDialog("The endpoint's signing secret");
    expect(within(shown).getByText(SECRET)).toBeTruthy();
    expect(
      within(shown).getByText(
        /The previous secret keeps signing beside this one for 24 hours, until Dec 4, 2026/,
      ),
    ).toBeTruthy();
    fireEvent.click(button('I have copied it', shown));
    await waitFor(() => expect(screen.queryByText(SECRET)).toBeNull());

    fireEvent.click(button('Send test', row));
    expect(
      await screen.findByText('Test message msg_test_1 queued: it is sent within seconds.'),
    ).toBeTruthy();
    expect(screen.getByText('See its deliveries').closest('a')!.getAttribute('href')).toBe(
      `/admin/integrations/${ENDPOINT.id}`,
    );
  });

  it('turns an endpoint off with a new description, then deletes it after a confirmation', async () => {
    const off = { ...ENDPOINT, enabled: false, description: 'SAP sales orders (paused)' };
    view([
      list([ENDPOINT]),
      {
        request: {
          query: UpdateWebhookEndpointDocument,
          variables: {
            id: ENDPOINT.id,
            input: {
              url: ENDPOINT.url,
              events: ENDPOINT.events,
              description: off.description,
              enabled: false,
            },
          },
        },
        result: { data: { updateWebhookEndpoint: off } },
      },
      list([off]),
      {
        request: { query: DeleteWebhookEndpointDocument, variables: { id: ENDPOINT.id } },
        result: { data: { deleteWebhookEndpoint: true } },
      },
      list([]),
    ]);
    const row = (await screen.findByText(ENDPOINT.url)).closest('.ant-list-item') as HTMLElement;
    expect(within(row).getByText('On')).toBeTruthy();
    fireEvent.click(button('Edit', row));
    const dialog = await findDialog('Edit the endpoint');
    expect((within(dialog).getByLabelText('Address (URL)') as HTMLInputElement).value).toBe(ENDPOINT.url);
    fireEvent.click(within(dialog).getByLabelText('Send events to this endpoint'));
    fireEvent.change(within(dialog).getByLabelText('Description'), { target: { value: off.description } });
    fireEvent.click(button('Save the endpoint', dialog));
    expect(await screen.findByText('Saved')).toBeTruthy();
    expect(await screen.findByText('Off')).toBeTruthy();
    expect(screen.getByText(off.description)).toBeTruthy();

    fireEvent.click(
      button('Delete', (await screen.findByText(ENDPOINT.url)).closest('.ant-list-item') as HTMLElement),
    );
    expect(await screen.findByText(/its deliveries are deleted with it/)).toBeTruthy();
    fireEvent.click(button('Yes'));
    expect(await screen.findByText('Endpoint deleted')).toBeTruthy();
    expect(await screen.findByText(/No endpoint is registered/)).toBeTruthy();
  });
});
