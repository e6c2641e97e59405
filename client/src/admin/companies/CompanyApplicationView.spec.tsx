import { describe, expect, it, jest } from '@jest/globals';
import type { MockedResponse } from '@apollo/client/testing';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { App } from 'antd';
import { Route, Routes } from 'react-router-dom';
import { recordedMutation, refusal } from '../../testing/mutations';
import { renderRoute } from '../../testing/render';
import { CompanyApplicationView } from './CompanyApplicationsView';
import {
  AdminCompanyApplicationDocument,
  ApproveCompanyApplicationDocument,
  DeclineCompanyApplicationDocument,
} from './companies.generated';
import { AdminPriceListsDocument } from '../shared/shared.generated';

/* Console → a company application (issue 54, item 4): approved into a company (staff land on it), declined with a
 * note for the applicant (asked for first), and a refusal of the approval next to its field (useCompanyActions.ts). */

const ID = '00000000-0000-4000-8000-0000000000b1';
const COMPANY = '00000000-0000-4000-8000-0000000000c1';
const application = (over: Record<string, unknown> = {}) => ({
  __typename: 'CompanyApplication' as const,
  id: ID,
  status: 'pending',
  name: 'Northwind Fabrication',
  erpAccountId: 'C-1001',
  taxCertificate: '',
  taxCertificateExpires: null,
  certificateFilename: null,
  note: '',
  createdAt: '2030-01-02T15:00:00.000Z',
  decidedAt: null,
  decidedBy: null,
  companyId: null,
  applicant: {
    __typename: 'CompanyApplicant' as const,
    userId: 'u9',
    name: 'Dana Reyes',
    email: 'dana@northwind.example',
    erpAccountClaim: null,
  },
  ...over,
});
const read: MockedResponse = {
  request: { query: AdminCompanyApplicationDocument, variables: { id: ID } },
  result: { data: { adminCompanyApplication: application() } },
};
const lists: MockedResponse = {
  request: { query: AdminPriceListsDocument },
  result: { data: { adminPriceLists: [] } },
  maxUsageCount: 5,
};

function show(mocks: MockedResponse[]) {
  return renderRoute(
    <App>
      <Routes>
        <Route path="/admin/companies/applications/:id" element={<CompanyApplicationView />} />
        <Route path="/admin/companies/:id" element={<p>company page</p>} />
      </Routes>
    </App>,
    { path: `/admin/companies/applications/${ID}`, mocks: [read, lists, ...mocks] },
  );
}

// antd's console renders for seconds under CI's load: the budget QuotesView.spec.tsx gives its quote page.
jest.setTimeout(60_000);

describe('Console → a company application', () => {
  it('approves it into a company with the record filled from the application, and opens the company', async () => {
    const { mock, sent } = recordedMutation(ApproveCompanyApplicationDocument, () => ({
      data: { approveCompanyApplication: application({ status: 'approved', companyId: COMPANY }) },
    }));
    const { location } = show([mock]);
    fireEvent.click(await screen.findByRole('button', { name: 'Approve and make the company' }));

    expect(await screen.findByText('company page')).toBeTruthy();
    expect(location().pathname).toBe(`/admin/companies/${COMPANY}`);
    expect(sent).toHaveBeenCalledWith({
      id: ID,
      input: expect.objectContaining({ name: 'Northwind Fabrication', erpAccountId: 'C-1001' }),
    });
  });

  it('puts a refusal of the approval next to its field and stays', async () => {
    const taken = 'Another company has this ERP account number.';
    const { mock } = recordedMutation(
      ApproveCompanyApplicationDocument,
      refusal('BAD_USER_INPUT', taken, [{ field: 'erpAccountId', message: taken }]),
    );
    const { location } = show([mock]);
    fireEvent.click(await screen.findByRole('button', { name: 'Approve and make the company' }));

    const erp = await screen.findByLabelText('ERP account number');
    await waitFor(() =>
      expect(
        (erp.closest('.ant-form-item') as HTMLElement).querySelector('.ant-form-item-explain')?.textContent,
      ).toBe(taken),
    );
    expect(location().pathname).toBe(`/admin/companies/applications/${ID}`);
  });

  it('declines it with a note for the applicant, asked for first', async () => {
    const { mock, sent } = recordedMutation(DeclineCompanyApplicationDocument, () => ({
      data: { declineCompanyApplication: application({ status: 'declined', note: 'No tax number.' }) },
    }));
    show([mock]);
    fireEvent.click(await screen.findByRole('button', { name: 'Decline' }));
    const dialog = within(await screen.findByRole('dialog'));
    const note = dialog.getByLabelText('Why (the applicant reads this)');
    fireEvent.click(dialog.getByRole('button', { name: 'Decline' }));
    await waitFor(() =>
      expect(
        (note.closest('.ant-form-item') as HTMLElement).querySelector('.ant-form-item-explain')?.textContent,
      ).toBe('Tell the applicant why the application is declined.'),
    );
    expect(sent).not.toHaveBeenCalled();

    fireEvent.change(note, { target: { value: 'No tax number.' } });
    fireEvent.click(dialog.getByRole('button', { name: 'Decline' }));
    expect(await screen.findByText('Application declined.')).toBeTruthy();
    expect(sent).toHaveBeenCalledWith({ id: ID, note: 'No tax number.' });
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
  });
});
