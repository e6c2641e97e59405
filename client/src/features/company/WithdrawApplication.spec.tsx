import { afterEach, beforeEach, describe, expect, it, jest } from '@jest/globals';
import type { MockedResponse } from '@apollo/client/testing';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { meAnswer, signedInUser } from '../../testing/auth';
import { recordedMutation, refusal } from '../../testing/mutations';
import { renderRoute } from '../../testing/render';
import { CompanyPage } from './CompanyPages';
import {
  MyCompanyApplicationDocument,
  MyCompanyDocument,
  MyCompanyInvitationsDocument,
  WithdrawCompanyApplicationDocument,
} from './graphql/company.generated';

/* The shop → my company page → an application being reviewed (issue 54, item 4; decision 047): Withdraw
 * application sends the withdrawal, and once the application is read again the page offers the form to apply
 * again; a refusal from the server (the application was decided meanwhile) is said with the server's reason. */

const application = (status: 'pending' | 'withdrawn') => ({
  __typename: 'CompanyApplication' as const,
  id: '00000000-0000-4000-8000-0000000000f1',
  status,
  name: 'Plant Works',
  erpAccountId: 'ERP-77',
  taxCertificate: '',
  taxCertificateExpires: null,
  certificateFilename: null,
  note: null,
  createdAt: '2030-01-02T15:00:00.000Z',
  decidedAt: status === 'withdrawn' ? '2030-01-03T15:00:00.000Z' : null,
  companyId: null,
});

/** The page's reads; the application is the server's as it stands (`withdrawn` once the withdrawal went through). */
function show(withdraw: MockedResponse, state: { withdrawn: boolean }) {
  const reads = jest.fn(() => ({
    data: { myCompanyApplication: application(state.withdrawn ? 'withdrawn' : 'pending') },
  }));
  renderRoute(<CompanyPage />, {
    path: '/user/account/company',
    mocks: [
      { ...meAnswer(signedInUser()), maxUsageCount: 5 },
      { request: { query: MyCompanyDocument }, result: { data: { myCompany: null } }, maxUsageCount: 5 },
      {
        request: { query: MyCompanyInvitationsDocument },
        result: { data: { myCompanyInvitations: [] } },
        maxUsageCount: 5,
      },
      { request: { query: MyCompanyApplicationDocument }, result: reads, maxUsageCount: 5 },
      withdraw,
    ],
  });
  return reads;
}

beforeEach(() => {
  document.cookie = 'clientCsrfToken=c.t; path=/';
});
afterEach(() => {
  jest.restoreAllMocks();
});

describe('The shop → withdrawing my company account application', () => {
  it('withdraws it: the withdrawal is sent, "Application withdrawn.", and the form to apply again', async () => {
    const state = { withdrawn: false };
    const { mock, sent } = recordedMutation(WithdrawCompanyApplicationDocument, () => {
      state.withdrawn = true;
      return { data: { withdrawCompanyApplication: true } };
    });
    show(mock, state);

    const pending = within(await screen.findByTestId('application-pending'));
    expect(pending.getByRole('status').textContent).toMatch(
      /Your application for Plant Works, .* is being reviewed/,
    );
    fireEvent.click(pending.getByRole('button', { name: 'Withdraw application' }));

    expect(await screen.findByText('Application withdrawn.')).toBeTruthy();
    expect(sent).toHaveBeenCalledTimes(1);
    // The application read again: no longer being reviewed, the form is offered, with its answers.
    const form = await screen.findByRole('form', { name: 'My company buys on account' });
    expect(screen.queryByTestId('application-pending')).toBeNull();
    expect((within(form).getByLabelText('Company') as HTMLInputElement).value).toBe('Plant Works');
  });

  it("says the server's refusal and leaves the application as it was", async () => {
    const state = { withdrawn: false };
    const { mock, sent } = recordedMutation(
      WithdrawCompanyApplicationDocument,
      refusal('NOT_FOUND', 'Application was not found'),
    );
    show(mock, state);

    const pending = within(await screen.findByTestId('application-pending'));
    fireEvent.click(pending.getByRole('button', { name: 'Withdraw application' }));

    expect(await screen.findByText('Application was not found')).toBeTruthy();
    expect(sent).toHaveBeenCalledTimes(1);
    // Still being reviewed, and Withdraw can be tried again.
    expect(screen.getByTestId('application-pending')).toBeTruthy();
    await waitFor(() =>
      expect(
        (pending.getByRole('button', { name: 'Withdraw application' }) as HTMLButtonElement).disabled,
      ).toBe(false),
    );
  });
});
