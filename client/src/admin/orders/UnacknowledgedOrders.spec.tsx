import { describe, expect, it, jest } from '@jest/globals';
import type { MockedResponse } from '@apollo/client/testing';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { App } from 'antd';
import { renderRoute } from '../../testing/render';
import { OrdersView } from './OrdersView';
import { UnacknowledgedOrdersDocument } from './orders.generated';

/* Console → Orders → "Not acknowledged by the ERP" (decision 071): the orders the ERP has not acknowledged after the
 * store's minutes, oldest first, with how long each has waited; staff ask for another age. */

const row = (n: number, waitingMinutes: number) => ({
  __typename: 'UnacknowledgedOrder' as const,
  id: `00000000-0000-4000-8000-00000000000${n}`,
  orderNumber: `10012${n}`,
  createdAt: '2030-01-02T15:00:00.000Z',
  contactEmail: `buyer${n}@plant.example`,
  customerName: n === 1 ? 'Bea Buyer' : null,
  status: 18,
  statusLabel: 'Payment Received',
  total: 125.5,
  currencyCode: 'usd',
  waitingMinutes,
});

const page = (olderThanMinutes: number, items: ReturnType<typeof row>[]) => ({
  data: {
    unacknowledgedOrders: {
      __typename: 'UnacknowledgedOrderPage' as const,
      total: items.length,
      page: 1,
      pageSize: 25,
      olderThanMinutes,
      items,
    },
  },
});

const read = (olderThanMinutes: number | null, answer: ReturnType<typeof page>, onRead?: () => void) =>
  ({
    request: {
      query: UnacknowledgedOrdersDocument,
      variables: { olderThanMinutes, page: 1, pageSize: 25 },
    },
    result: () => (onRead?.(), answer),
  }) as MockedResponse;

function show(mocks: MockedResponse[]) {
  return renderRoute(
    <App>
      <OrdersView />
    </App>,
    { path: '/admin/orders?view=erp', mocks },
  );
}

// antd's console renders for seconds under CI's load: the budget QuotesView.spec.tsx gives its quote page.
jest.setTimeout(60_000);

describe('Console → Orders: not acknowledged by the ERP', () => {
  it('lists the waiting orders oldest first with their wait, from the store’s minutes', async () => {
    show([read(null, page(30, [row(1, 1505), row(2, 185), row(3, 42)]))]);
    expect(
      await screen.findByText('3 orders wait for the ERP more than 30 minutes after it was placed.'),
    ).toBeTruthy();
    expect(screen.getByRole('tab', { name: 'Not acknowledged by the ERP', selected: true })).toBeTruthy();
    // One card per order (the console's table reads as cards at this width).
    const links = screen.getAllByRole('link', { name: /^AXL-/ });
    const rows = links.map((l) => l.closest('.ant-card') as HTMLElement);
    expect(links.map((l) => l.textContent)).toEqual(['AXL-100121', 'AXL-100122', 'AXL-100123']);
    expect(within(rows[0]!).getByText('1 d 1 h')).toBeTruthy();
    expect(within(rows[1]!).getByText('3 h 5 min')).toBeTruthy();
    expect(within(rows[2]!).getByText('42 min')).toBeTruthy();
    expect(within(rows[0]!).getByText('Bea Buyer')).toBeTruthy();
    expect((screen.getByLabelText('Placed more than (minutes) ago') as HTMLInputElement).value).toBe('30');
  });

  it('asks for another age and keeps it in the address', async () => {
    const asked = jest.fn();
    const { location } = show([
      read(null, page(30, [row(1, 1505), row(2, 185)])),
      read(120, page(120, [row(1, 1505), row(2, 185)]), asked),
    ]);
    const minutes = await screen.findByLabelText('Placed more than (minutes) ago');
    await waitFor(() => expect((minutes as HTMLInputElement).value).toBe('30'));
    fireEvent.change(minutes, { target: { value: '120' } });
    fireEvent.click(screen.getByRole('button', { name: 'Show' }));

    await waitFor(() => expect(asked).toHaveBeenCalled());
    expect(
      await screen.findByText('2 orders wait for the ERP more than 120 minutes after it was placed.'),
    ).toBeTruthy();
    expect(new URLSearchParams(location().search).get('minutes')).toBe('120');
  });

  it('says when no order waits', async () => {
    show([read(null, page(30, []))]);
    expect(
      await screen.findByText('No order waits for the ERP more than 30 minutes after it was placed.'),
    ).toBeTruthy();
  });
});
