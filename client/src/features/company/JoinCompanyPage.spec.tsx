import { beforeEach, describe, expect, it } from '@jest/globals';
import type { MockedResponse } from '@apollo/client/testing';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { Route, Routes } from 'react-router-dom';
import { meAnswer, signedInUser } from '../../testing/auth';
import { recordedMutation, refusal } from '../../testing/mutations';
import { renderRoute } from '../../testing/render';
import { JoinCompanyPage } from './CompanyPages';
import { AcceptCompanyInvitationDocument, CompanyInvitationDocument } from './graphql/company.generated';

/* /company/join?token=…, the e-mailed invitation (issue 54, item 4): accepted by the invited address, the person lands
 * on the company page; a refusal is said on the page; another account is told to sign in with the invited address
 * (useAcceptInvitation in useCompanyActions.ts). */

const TOKEN = 'tok-123';
const invitation: MockedResponse = {
  request: { query: CompanyInvitationDocument, variables: { token: TOKEN } },
  result: {
    data: {
      companyInvitation: {
        __typename: 'CompanyInvitationPreview',
        company: 'Northwind Fabrication',
        email: 'ada@plant.example',
        role: 'Buyer',
        invitedBy: 'Dana Reyes',
        expiresAt: '2030-01-08T12:00:00.000Z',
      },
    },
  },
};

function show(mocks: MockedResponse[], email = 'ada@plant.example') {
  return renderRoute(
    <Routes>
      <Route path="/company/join" element={<JoinCompanyPage />} />
      <Route path="/user/account/company" element={<p>company page</p>} />
    </Routes>,
    {
      path: `/company/join?token=${TOKEN}`,
      mocks: [meAnswer(signedInUser({ emailAddress: email })), ...mocks],
    },
  );
}

beforeEach(() => {
  document.cookie = 'clientCsrfToken=c.t; path=/';
});

describe('joining a company by its invitation', () => {
  it('accepts with the invited address and lands on the company page', async () => {
    const { mock, sent } = recordedMutation(AcceptCompanyInvitationDocument, () => ({
      data: { acceptCompanyInvitation: null },
    }));
    const { location } = show([invitation, mock]);
    expect((await screen.findByText(/Dana Reyes invites you/)).textContent).toContain(
      'Northwind Fabrication',
    );
    fireEvent.click(screen.getByRole('button', { name: 'Join Northwind Fabrication' }));

    expect(await screen.findByText('company page')).toBeTruthy();
    expect(location().pathname).toBe('/user/account/company');
    expect(sent).toHaveBeenCalledWith({ token: TOKEN });
    expect(await screen.findByText('You now buy for Northwind Fabrication.')).toBeTruthy();
  });

  it('says a refusal on the page and stays', async () => {
    const { mock } = recordedMutation(
      AcceptCompanyInvitationDocument,
      refusal('CONFLICT', 'You already belong to a company.'),
    );
    const { location } = show([invitation, mock]);
    fireEvent.click(await screen.findByRole('button', { name: 'Join Northwind Fabrication' }));

    // Toasts outlive a test (their container stays in the page): the page's own alert, by its text.
    expect((await screen.findByText('You already belong to a company.')).getAttribute('role')).toBe('alert');
    expect(location().pathname).toBe('/company/join');
    await waitFor(() =>
      expect(
        screen.getByRole('button', { name: 'Join Northwind Fabrication' }).hasAttribute('disabled'),
      ).toBe(false),
    );
  });

  it('tells another account to sign in with the invited address, and offers no button', async () => {
    show([invitation], 'sam@plant.example');
    const told = await screen.findByText(
      'This invitation is for ada@plant.example, and you are signed in as sam@plant.example. Sign out, then sign in with ada@plant.example.',
    );
    expect(told.getAttribute('role')).toBe('alert');
    expect(screen.queryByRole('button', { name: 'Join Northwind Fabrication' })).toBeNull();
  });
});
