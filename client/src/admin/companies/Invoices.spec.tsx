import { describe, expect, it, jest } from '@jest/globals';
import type { MockedResponse } from '@apollo/client/testing';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { App } from 'antd';
import { Route, Routes } from 'react-router-dom';
import { storeDay } from '@domain/company';
import { ORDER_STATUS_CODE } from '@domain/order-status';
import { recordedMutation } from '../../testing/mutations';
import { adminCompany } from '../../testing/adminCompany';
import { punchoutCardMock } from '../../testing/punchoutCard';
import { renderRoute } from '../../testing/render';
import { CompanyView } from './CompanyView';
import { AdminCompanyDocument, RecordTermsPaymentDocument } from './companies.generated';
import { AdminPriceListsDocument } from '../shared/shared.generated';

/* Console → a company's terms invoices (issue 54, item 4; decision 046): Record payment checks the amount before
 * sending (more than nothing, dollars and cents), sends what staff typed, and the invoice's paid and balance
 * columns show the server's answer once it comes. */

const ID = '00000000-0000-4000-8000-00000000c0c2';
const ORDER = '00000000-0000-4000-8000-0000000000b7';
const invoice = (paid: number, payments: { amount: number; paidOn: string; reference: string }[]) => ({
  __typename: 'TermsInvoice' as const,
  orderId: ORDER,
  orderNumber: '100051',
  poNumber: 'PO-51',
  currencyCode: 'USD',
  placedAt: '2030-01-02T15:00:00.000Z',
  dueOn: '2030-02-01',
  total: 1200,
  paid,
  balance: 1200 - paid,
  overdue: false,
  status: ORDER_STATUS_CODE.Delivered,
  statusLabel: 'Delivered',
  payments: payments.map((p) => ({ __typename: 'TermsPayment' as const, recordedBy: 'Sam Staff', ...p })),
});
const company = (inv: ReturnType<typeof invoice>) =>
  adminCompany(ID, { openBalance: inv.balance, invoices: [inv] });

const read: MockedResponse = {
  request: { query: AdminCompanyDocument, variables: { id: ID } },
  result: { data: { adminCompany: company(invoice(0, [])) } },
};
const lists: MockedResponse = {
  request: { query: AdminPriceListsDocument },
  result: { data: { adminPriceLists: [] } },
  maxUsageCount: 5,
};

function show(record: MockedResponse) {
  return renderRoute(
    <App>
      <Routes>
        <Route path="/admin/companies/:id" element={<CompanyView />} />
      </Routes>
    </App>,
    { path: `/admin/companies/${ID}`, mocks: [read, lists, record, punchoutCardMock(ID)] },
  );
}

/** The invoice's payment dialog, opened from its row. */
async function openPayment() {
  const invoices = within(await screen.findByTestId('terms-invoices'));
  fireEvent.click(invoices.getByRole('button', { name: 'Record payment AXL-100051' }));
  return within(await screen.findByRole('dialog', { name: 'Record a payment for AXL-100051' }));
}

/** The message under a field of the dialog (antd's form item around its input). */
const messageOf = (field: HTMLElement) =>
  field.closest('.ant-form-item')!.querySelector('.ant-form-item-explain')?.textContent ?? '';

jest.setTimeout(60_000);

describe('Console → recording a terms payment', () => {
  it('refuses an amount of nothing or of fractions of a cent, before sending', async () => {
    const { mock, sent } = recordedMutation(RecordTermsPaymentDocument, () => ({
      data: { recordTermsPayment: company(invoice(500, [])) },
    }));
    show(mock);
    const dialog = await openPayment();
    const amount = dialog.getByLabelText('Amount received');
    // The balance is offered.
    expect((amount as HTMLInputElement).value).toBe('1200.00');
    fireEvent.change(dialog.getByLabelText('Reference (cheque or transfer number)'), {
      target: { value: 'CHQ-881' },
    });

    fireEvent.change(amount, { target: { value: '0' } });
    fireEvent.click(dialog.getByRole('button', { name: 'Record payment' }));
    await waitFor(() => expect(messageOf(amount)).toBe('Enter the amount paid.'));

    fireEvent.change(amount, { target: { value: '12.345' } });
    fireEvent.click(dialog.getByRole('button', { name: 'Record payment' }));
    await waitFor(() => expect(messageOf(amount)).toBe('Enter the amount in dollars and cents.'));
    expect(sent).not.toHaveBeenCalled();
  });

  it('sends the amount typed, and the invoice shows what was paid and its new balance', async () => {
    const today = storeDay();
    const { mock, sent } = recordedMutation(RecordTermsPaymentDocument, () => ({
      data: {
        recordTermsPayment: company(invoice(500, [{ amount: 500, paidOn: today, reference: 'CHQ-881' }])),
      },
    }));
    show(mock);
    const invoices = within(await screen.findByTestId('terms-invoices'));
    // The one invoice: its total, and its balance.
    expect(invoices.getAllByText('$1,200.00')).toHaveLength(2);

    const dialog = await openPayment();
    fireEvent.change(dialog.getByLabelText('Amount received'), { target: { value: '500' } });
    fireEvent.change(dialog.getByLabelText('Reference (cheque or transfer number)'), {
      target: { value: 'CHQ-881' },
    });
    fireEvent.click(dialog.getByRole('button', { name: 'Record payment' }));

    expect(await screen.findByText('Payment recorded.')).toBeTruthy();
    expect(sent).toHaveBeenCalledWith({
      orderId: ORDER,
      input: { amount: 500, paidOn: today, reference: 'CHQ-881' },
    });
    await waitFor(() => expect(invoices.getByText('$700.00')).toBeTruthy());
    expect(invoices.getAllByText('$1,200.00')).toHaveLength(1);
    expect(invoices.getByText(`$500.00 on ${today}, CHQ-881`)).toBeTruthy();
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
  });
});
