import { describe, expect, it } from '@jest/globals';
import type { MockedResponse } from '@apollo/client/testing';
import { screen, within } from '@testing-library/react';
import { ORDER_STATUS_CODE } from '@domain/order-status';
import { renderRoute } from '../../testing/render';
import { meAnswer, signedInUser } from '../../testing/auth';
import { OrdersDocument } from './graphql/orders.generated';
import { OrdersPage } from './OrderPages';

const order = (id: string, orderNumber: string, status: number, statusLabel: string) => ({
  __typename: 'OrderSummary' as const,
  id,
  orderNumber,
  status,
  statusLabel,
  total: 120,
  currencyCode: 'USD',
  itemCount: 2,
  createdAt: '2026-11-30T15:00:00.000Z',
});

const orders = (items: ReturnType<typeof order>[]): MockedResponse => ({
  request: { query: OrdersDocument, variables: () => true },
  result: {
    data: { orders: { __typename: 'OrderPage', total: items.length, page: 1, pageSize: 10, items } },
  },
});

describe('orders list (issue 51 item 8)', () => {
  it('offers Pay Now on each order waiting for a payment, opening its payment; Previous and Next are disabled on Page 1 of 1', async () => {
    renderRoute(<OrdersPage />, {
      path: '/user/account/orders',
      mocks: [
        meAnswer(signedInUser()),
        orders([
          order('o1', '1001', ORDER_STATUS_CODE.PaymentFailed, 'Payment Failed'),
          order('o2', '1002', ORDER_STATUS_CODE.PaymentRequiresAction, 'Payment Requires Action'),
          order('o3', '1003', ORDER_STATUS_CODE.Authorized, 'Payment Received'),
        ]),
      ],
    });
    const rows = await screen.findAllByTestId('order-row');
    expect(rows).toHaveLength(3);
    expect(within(rows[0]!).getByRole('link', { name: 'Pay for order AXL-1001' }).getAttribute('href')).toBe(
      '/user/account/orders/o1?pay=1',
    );
    expect(within(rows[1]!).getByRole('link', { name: 'Pay for order AXL-1002' }).getAttribute('href')).toBe(
      '/user/account/orders/o2?pay=1',
    );
    expect(within(rows[2]!).queryByRole('link', { name: /Pay/ })).toBeNull();
    const pager = screen.getByRole('navigation', { name: /page/i });
    expect(within(pager).getByText('Page 1 of 1')).toBeTruthy();
    expect((within(pager).getByRole('button', { name: 'Previous' }) as HTMLButtonElement).disabled).toBe(
      true,
    );
    expect((within(pager).getByRole('button', { name: 'Next' }) as HTMLButtonElement).disabled).toBe(true);
  });
});
