import { describe, expect, it, jest } from '@jest/globals';
import type { MockedResponse } from '@apollo/client/testing';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { App } from 'antd';
import { GraphQLError } from 'graphql';
import { Route, Routes } from 'react-router-dom';
import { recordedMutation } from '../../testing/mutations';
import { adminCompany } from '../../testing/adminCompany';
import { punchoutCardMock } from '../../testing/punchoutCard';
import { renderRoute } from '../../testing/render';
import { ONE_LINE_MESSAGE } from '@domain/text.schema';
import { CompanyView } from './CompanyView';
import {
  AdminCompanyDocument,
  DecideCompanyCreditDocument,
  SetLocationErpShipToDocument,
} from './companies.generated';
import { AdminPriceListsDocument } from '../shared/shared.generated';

/* Console → a company's purchase orders over its credit limit (issue 54, item 4): approve one, reject one with a
 * note for the buyer, and a refusal said in the dialog, which stays open (useCompanyActions.ts). */

const ID = '00000000-0000-4000-8000-00000000c0c0';
const ORDER = '00000000-0000-4000-8000-0000000000a1';
const hold = {
  __typename: 'CreditHold' as const,
  orderId: ORDER,
  orderNumber: '100042',
  buyerName: 'Bea Buyer',
  total: 12_000,
  currencyCode: 'USD',
  poNumber: 'PO-7',
  creditLimit: 10_000,
  openBalance: 4_000,
  alsoSpending: false,
  requestedAt: '2030-01-02T15:00:00.000Z',
};
const LOCATION = '00000000-0000-4000-8000-0000000000d1';
const dock = (erpShipToId: string | null) => ({
  __typename: 'AdminCompanyLocation' as const,
  id: LOCATION,
  label: 'Charlotte dock',
  addressLine1: '1 Main St',
  city: 'Charlotte',
  state: 'NC',
  zip: '28202',
  country: 'US',
  billTo: true,
  erpShipToId,
});
const company = (creditHolds: (typeof hold)[], locations = [dock(null)]) =>
  adminCompany(ID, { openBalance: 4_000, creditWaiting: creditHolds.length, creditHolds, locations });
const read: MockedResponse = {
  request: { query: AdminCompanyDocument, variables: { id: ID } },
  result: { data: { adminCompany: company([hold]) } },
};
const lists: MockedResponse = {
  request: { query: AdminPriceListsDocument },
  result: { data: { adminPriceLists: [] } },
  maxUsageCount: 5,
};

/** The decision's mock: the variables sent are recorded. */
const decide = (answer: () => unknown) => recordedMutation(DecideCompanyCreditDocument, answer);
/** The server's answer to a decision: the company, its hold gone (the cache takes it by its id). */
const decided = () => ({ data: { decideCompanyCredit: company([]) } });

function show(mocks: MockedResponse[]) {
  return renderRoute(
    <App>
      <Routes>
        <Route path="/admin/companies/:id" element={<CompanyView />} />
      </Routes>
    </App>,
    { path: `/admin/companies/${ID}`, mocks: [read, lists, punchoutCardMock(ID), ...mocks] },
  );
}

// antd's console renders for seconds under CI's load: the budget QuotesView.spec.tsx gives its quote page.
jest.setTimeout(60_000);

describe('Console → a company’s credit holds', () => {
  it('approves a purchase order over the limit: "Saved", and the hold leaves the list', async () => {
    const { mock, sent } = decide(decided);
    show([mock]);
    const holds = within(await screen.findByTestId('credit-holds'));
    expect(holds.getByText('Bea Buyer')).toBeTruthy();
    fireEvent.click(holds.getByRole('button', { name: 'Approve credit AXL-100042' }));

    expect(await screen.findByText('Saved')).toBeTruthy();
    expect(sent).toHaveBeenCalledWith({ orderId: ORDER, approve: true });
    await waitFor(() => expect(screen.queryByTestId('credit-holds')).toBeNull());
  });

  it('rejects one with a note for the buyer, and closes the dialog', async () => {
    const { mock, sent } = decide(decided);
    show([mock]);
    fireEvent.click(
      within(await screen.findByTestId('credit-holds')).getByRole('button', { name: 'Reject AXL-100042' }),
    );
    const dialog = await screen.findByRole('dialog');
    fireEvent.change(within(dialog).getByLabelText('Why (the buyer reads this)'), {
      target: { value: 'Pay the open invoices first.' },
    });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Reject' }));

    await waitFor(() =>
      expect(sent).toHaveBeenCalledWith({
        orderId: ORDER,
        approve: false,
        note: 'Pay the open invoices first.',
      }),
    );
    await waitFor(() => expect(screen.queryByTestId('credit-holds')).toBeNull());
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
  });

  it('says a refusal in the dialog, keeps it open, and keeps the hold', async () => {
    const { mock } = decide(() => ({
      errors: [
        new GraphQLError('Tell the buyer why the order is rejected.', {
          extensions: { code: 'BAD_USER_INPUT' },
        }),
      ],
    }));
    show([mock]);
    fireEvent.click(
      within(await screen.findByTestId('credit-holds')).getByRole('button', { name: 'Reject AXL-100042' }),
    );
    const dialog = await screen.findByRole('dialog');
    fireEvent.click(within(dialog).getByRole('button', { name: 'Reject' }));

    expect((await within(dialog).findByRole('alert')).textContent).toContain(
      'Tell the buyer why the order is rejected.',
    );
    expect(screen.getByRole('dialog')).toBe(dialog);
    expect(screen.getByTestId('credit-holds')).toBeTruthy();
  });
});

/* A location's ERP ship-to id (decision 071): what the order events give the ERP for orders shipped there. */
describe('Console → a company’s locations', () => {
  it('saves a location’s ERP ship-to id; the answer shows it', async () => {
    const { mock, sent } = recordedMutation(SetLocationErpShipToDocument, () => ({
      data: { setLocationErpShipTo: company([hold], [dock('ST-CLT-01')]) },
    }));
    show([mock]);
    const location = within(await screen.findByRole('region', { name: 'Charlotte dock' }));
    expect(location.getByText('1 Main St, Charlotte, NC 28202, US')).toBeTruthy();
    expect(location.getByText('Bill-to')).toBeTruthy();
    fireEvent.change(location.getByLabelText('ERP ship-to ID'), { target: { value: 'ST-CLT-01 ' } });
    fireEvent.click(location.getByRole('button', { name: 'Save ship-to ID' }));

    expect(await screen.findByText('Saved')).toBeTruthy();
    expect(sent).toHaveBeenCalledWith({ locationId: LOCATION, erpShipToId: 'ST-CLT-01' });
    await waitFor(() =>
      expect((location.getByLabelText('ERP ship-to ID') as HTMLInputElement).value).toBe('ST-CLT-01'),
    );
  });

  it('puts the server’s refusal next to the field', async () => {
    const { mock } = recordedMutation(SetLocationErpShipToDocument, () => ({
      errors: [
        new GraphQLError(ONE_LINE_MESSAGE, {
          extensions: {
            code: 'BAD_USER_INPUT',
            fields: [{ field: 'erpShipToId', message: ONE_LINE_MESSAGE }],
          },
        }),
      ],
    }));
    show([mock]);
    const location = within(await screen.findByRole('region', { name: 'Charlotte dock' }));
    fireEvent.change(location.getByLabelText('ERP ship-to ID'), { target: { value: 'ST' } });
    fireEvent.click(location.getByRole('button', { name: 'Save ship-to ID' }));

    const field = location.getByLabelText('ERP ship-to ID').closest('.ant-form-item') as HTMLElement;
    expect(await within(field).findByText(ONE_LINE_MESSAGE)).toBeTruthy();
    expect(screen.queryByText('Saved')).toBeNull();
  });
});
