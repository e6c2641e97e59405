import { afterEach, beforeEach, describe, expect, it, jest } from '@jest/globals';
import type { MockedResponse } from '@apollo/client/testing';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { ONE_LINE_MESSAGE } from '@domain/text.schema';
import { renderRoute } from '../../testing/render';
import { meAnswer, signedInUser } from '../../testing/auth';
import {
  AcceptMyCompanyInvitationDocument,
  MyCompanyApplicationDocument,
  MyCompanyDocument,
  MyCompanyInvitationsDocument,
} from './graphql/company.generated';
import { CompanyPage } from './CompanyPages';

/* The company page of a person without a company (issue 52, item 4): invitations to their own address, checked
 * without the e-mail's link; the application form refuses a name that is not one line, next to the field. */

const me = meAnswer(signedInUser());
const noCompany: MockedResponse = {
  request: { query: MyCompanyDocument },
  result: { data: { myCompany: null } },
  maxUsageCount: 5,
};
const noApplication: MockedResponse = {
  request: { query: MyCompanyApplicationDocument },
  result: { data: { myCompanyApplication: null } },
  maxUsageCount: 5,
};
const invitation = {
  __typename: 'CompanyInvitationToMe' as const,
  id: '00000000-0000-4000-8000-000000000001',
  company: 'Northwind Fabrication',
  role: 'Buyer',
  invitedBy: 'Dana Reyes',
  expiresAt: '2030-01-08T12:00:00.000Z',
};
const invited: MockedResponse = {
  request: { query: MyCompanyInvitationsDocument },
  result: { data: { myCompanyInvitations: [invitation] } },
};

beforeEach(() => {
  document.cookie = 'clientCsrfToken=c.t; path=/';
});
afterEach(() => {
  jest.restoreAllMocks();
});

describe('company page without a company', () => {
  it('lists the invitations to the signed-in address and joins one without the link', async () => {
    const accept = jest.fn(() => ({ data: { acceptMyCompanyInvitation: null } }));
    const accepted: MockedResponse = {
      request: { query: AcceptMyCompanyInvitationDocument, variables: { id: invitation.id } },
      result: accept,
    };
    renderRoute(<CompanyPage />, {
      path: '/user/account/company',
      mocks: [me, noCompany, noApplication, invited, accepted, invited],
    });
    const section = await screen.findByRole('region', { name: 'Invitations to your address' });
    expect(within(section).getByTestId('invitation-to-me').textContent).toContain(
      'Dana Reyes invites you to buy for Northwind Fabrication as Buyer.',
    );
    fireEvent.click(within(section).getByRole('button', { name: 'Join Northwind Fabrication' }));
    expect(await screen.findByText('You now buy for Northwind Fabrication.')).toBeTruthy();
    expect(accept).toHaveBeenCalled();
  });

  it('refuses a company name with a hidden bidi override next to the field, before sending', async () => {
    const fetch = jest.spyOn(globalThis, 'fetch');
    renderRoute(<CompanyPage />, {
      path: '/user/account/company',
      mocks: [me, noCompany, noApplication, { ...invited, result: { data: { myCompanyInvitations: [] } } }],
    });
    const form = await screen.findByRole('form', { name: 'My company buys on account' });
    const name = within(form).getByLabelText('Company');
    fireEvent.change(name, { target: { value: 'Acme \u202eCorp' } });
    fireEvent.click(within(form).getByRole('button', { name: 'Send application' }));
    await waitFor(() => expect(name.getAttribute('aria-invalid')).toBe('true'));
    const described = document.getElementById(name.getAttribute('aria-describedby')!.split(' ')[0]!);
    expect(described?.textContent).toBe(ONE_LINE_MESSAGE);
    expect(fetch).not.toHaveBeenCalled();
  });
});

describe('company page: limits in the company’s currency (issue 52, item 3)', () => {
  const member = {
    __typename: 'CompanyMember' as const,
    userId: 'u1',
    email: 'buyer@plant.example',
    firstName: 'Bea',
    lastName: 'Buyer',
    role: 'Buyer',
    orderLimit: 500,
    monthlyLimit: 2000,
  };
  const company = (over: Record<string, unknown>): MockedResponse => ({
    request: { query: MyCompanyDocument },
    result: {
      data: {
        myCompany: {
          __typename: 'Company',
          id: 'c1',
          name: 'Euro Works',
          erpAccountId: null,
          me: member,
          members: [member],
          invitations: [],
          spentThisMonth: 120,
          currency: 'EUR',
          exchangeRate: 0.9,
          approvalsWaiting: 0,
          shipToLocationsOnly: false,
          addresses: [],
          ...over,
        },
      },
    },
    maxUsageCount: 5,
  });

  it('formats the limits in the company’s currency and shows the rate this site’s orders count at', async () => {
    renderRoute(<CompanyPage />, { path: '/user/account/company', mocks: [me, company({})] });
    expect((await screen.findByTestId('spent-this-month')).textContent).toBe('Placed this month: €120.00');
    expect(screen.getByText(/Up to €500\.00 an order/)).toBeTruthy();
    expect(screen.getByTestId('exchange-rate').textContent).toBe(
      'Limits are in EUR: your orders on this site count at 1 USD = 0.9000 EUR.',
    );
  });

  it('says when nothing can be counted: no rate for this site’s currency', async () => {
    renderRoute(<CompanyPage />, {
      path: '/user/account/company',
      mocks: [me, company({ spentThisMonth: null, exchangeRate: null })],
    });
    expect((await screen.findByTestId('spent-this-month')).textContent).toMatch(/not counted/);
    expect(screen.getByTestId('exchange-rate').textContent).toBe(
      'Limits are in EUR: no exchange rate is set for USD, so your orders on this site wait for approval.',
    );
  });

  it('shows no rate when the company buys in this site’s currency', async () => {
    renderRoute(<CompanyPage />, {
      path: '/user/account/company',
      mocks: [me, company({ currency: 'USD', exchangeRate: 1 })],
    });
    expect((await screen.findByTestId('spent-this-month')).textContent).toBe('Placed this month: $120.00');
    expect(screen.queryByTestId('exchange-rate')).toBeNull();
  });
});
