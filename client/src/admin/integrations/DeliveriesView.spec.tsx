import { describe, expect, it } from '@jest/globals';
import type { MockedResponse } from '@apollo/client/testing';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { App } from 'antd';
import { renderRoute } from '../../testing/render';
import {
  ReplayWebhookDeliveryDocument,
  WebhookDeliveriesDocument,
  WebhookEndpointsDocument,
} from './integrations.generated';
import { DeliveriesView } from './DeliveriesView';

/* Console → Integrations → an endpoint's deliveries: each opens to its attempts (the receiver's answer shown as
 * text, whatever it holds), Replay sends the same message again and the page shows the new delivery. */

const ID = '7f1c1f3e-2a0b-4c59-9d0e-5b7a1c2d3e4f';
const HOSTILE = '<img src=x onerror="window.__pwned=1"><script>window.__pwned=2</script>';
const ENDPOINTS: MockedResponse = {
  request: { query: WebhookEndpointsDocument },
  result: {
    data: {
      webhookEndpoints: [
        {
          __typename: 'WebhookEndpoint',
          id: ID,
          url: 'https://erp.piedmont.example/hooks/axisline',
          events: ['order.placed'],
          description: 'SAP sales orders',
          enabled: true,
          disabledReason: null,
          previousSecretExpiresAt: null,
          lastDeliveryStatus: 'succeeded',
          failingSince: null,
          createdAt: '2026-11-30 12:00:00+00',
        },
      ],
    },
  },
};
const attempt = (over: object) => ({
  __typename: 'WebhookAttempt',
  attemptedAt: '2026-12-02 10:00:00+00',
  responseCode: 200,
  responseBody: 'ok',
  error: null,
  durationMs: 42,
  ...over,
});
const delivery = (over: object) => ({
  __typename: 'WebhookDelivery',
  id: 'd-1',
  messageId: 'msg_0b7e',
  eventType: 'order.placed',
  status: 'succeeded',
  attempts: 2,
  nextAttemptAt: null,
  lastAttemptAt: '2026-12-02 10:00:05+00',
  lastResponseCode: 200,
  replayOf: null,
  createdAt: '2026-12-02 10:00:00+00',
  attemptLog: [
    attempt({ responseCode: 500, responseBody: HOSTILE, durationMs: 812 }),
    attempt({ attemptedAt: '2026-12-02 10:00:05+00', responseBody: 'acknowledged' }),
  ],
  ...over,
});
const page = (items: object[], variables: object = {}): MockedResponse => ({
  request: {
    query: WebhookDeliveriesDocument,
    variables: { endpointId: ID, status: null, page: 1, pageSize: 20, ...variables },
  },
  result: {
    data: {
      webhookDeliveries: {
        __typename: 'WebhookDeliveryPage',
        total: items.length,
        page: 1,
        pageSize: 20,
        items,
      },
    },
  },
});

const view = (mocks: MockedResponse[], path = `/admin/integrations/${ID}`) =>
  renderRoute(
    <App>
      <DeliveriesView />
    </App>,
    { mocks, path, route: '/admin/integrations/:id' },
  );

/** The row of a delivery (by its webhook-id), and its attempts once opened. */
const rowOf = async (messageId: string) => (await screen.findByText(messageId)).closest('tr')!;
const open = (row: HTMLElement) => fireEvent.click(row.querySelector('button.ant-table-row-expand-icon')!);

describe('Console → Integrations → deliveries', () => {
  it("shows each attempt, the receiver's hostile answer as plain text", async () => {
    view([ENDPOINTS, page([delivery({})])]);
    expect(await screen.findByText('Deliveries to https://erp.piedmont.example/hooks/axisline')).toBeTruthy();
    const row = await rowOf('msg_0b7e');
    expect(within(row).getByText('Order placed')).toBeTruthy();
    expect(within(row).getByText('Succeeded')).toBeTruthy();
    open(row);

    const attempts = (await screen.findByLabelText('Attempts of msg_0b7e')) as HTMLElement;
    const items = within(attempts).getAllByRole('listitem');
    expect(items).toHaveLength(2);
    expect(within(items[0]!).getByText('500')).toBeTruthy();
    expect(within(items[0]!).getByText('812 ms')).toBeTruthy();
    // The markup arrives as the characters it is: no element made of it, nothing run.
    const body = within(items[0]!).getByText(HOSTILE);
    expect(body.tagName).toBe('PRE');
    expect(body.textContent).toBe(HOSTILE);
    expect(attempts.querySelector('img, script')).toBeNull();
    expect((window as { __pwned?: number }).__pwned).toBeUndefined();
    expect(within(items[1]!).getByText('acknowledged')).toBeTruthy();
  });

  it('replays a delivery after a confirmation, and the page shows the replay', async () => {
    let replayed = false;
    const replay = delivery({
      id: 'd-2',
      status: 'pending',
      attempts: 0,
      replayOf: 'd-1',
      lastAttemptAt: null,
      lastResponseCode: null,
      nextAttemptAt: '2026-12-02 11:00:00+00',
      createdAt: '2026-12-02 11:00:00+00',
      attemptLog: [],
    });
    view([
      ENDPOINTS,
      page([delivery({})]),
      {
        request: { query: ReplayWebhookDeliveryDocument, variables: { id: 'd-1' } },
        result: () => (
          (replayed = true),
          {
            data: {
              replayWebhookDelivery: { __typename: 'WebhookMessage', id: 'd-2', messageId: 'msg_0b7e' },
            },
          }
        ),
      },
      ENDPOINTS,
      page([replay, delivery({})]),
    ]);
    const row = await rowOf('msg_0b7e');
    fireEvent.click(within(row).getByText('Replay', { selector: 'button, button *' }).closest('button')!);
    expect(await screen.findByText(/Send this message again, with the same webhook-id\?/)).toBeTruthy();
    expect(replayed).toBe(false);
    const confirm = document.querySelector('.ant-popconfirm') as HTMLElement;
    fireEvent.click(within(confirm).getByText('Replay', { selector: 'button, button *' }).closest('button')!);

    expect(await screen.findByText('Replay queued')).toBeTruthy();
    expect(replayed).toBe(true);
    expect(await screen.findByText('A replay')).toBeTruthy();
    await waitFor(() => expect(screen.getAllByText('msg_0b7e')).toHaveLength(2));
    expect(screen.getByText(/^Next attempt Dec 2, 2026/)).toBeTruthy();
  });

  it('reads the status filter and the page from the address, and filters by status', async () => {
    const failed = delivery({ status: 'failed', attempts: 10, lastResponseCode: 503 });
    const { location } = view(
      [ENDPOINTS, page([failed], { status: 'failed', page: 2 }), page([], { status: 'pending' })],
      `/admin/integrations/${ID}?status=failed&page=2`,
    );
    const row = await rowOf('msg_0b7e');
    expect(within(row).getByText('Failed')).toBeTruthy();
    expect(within(row).getByText('503')).toBeTruthy();

    fireEvent.click(within(screen.getByRole('radiogroup')).getByLabelText('Pending'));
    expect(
      await screen.findByText(
        'No delivery here. An endpoint gets one for each event it receives and each test sent to it.',
      ),
    ).toBeTruthy();
    expect(location().search).toBe('?status=pending');
  });
});
