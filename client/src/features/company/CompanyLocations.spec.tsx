import { beforeEach, describe, expect, it } from '@jest/globals';
import type { MockedResponse } from '@apollo/client/testing';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { meAnswer, signedInUser } from '../../testing/auth';
import { recordedMutation, refusal } from '../../testing/mutations';
import { renderRoute } from '../../testing/render';
import { CompanyPage } from './CompanyPages';
import {
  DeleteCompanyAddressDocument,
  MyCompanyDocument,
  SetCompanyShipToLocationsOnlyDocument,
  type CompanyFieldsFragment,
} from './graphql/company.generated';

/* The company's locations as its admin keeps them (decision 045, issue 54 item 4): remove one (the company read
 * again), a removal refused, and "ship only to these locations" set (the answer is the company, which the cache
 * takes) (useCompanyActions.ts). */

const ada = {
  __typename: 'CompanyMember' as const,
  userId: 'u1',
  email: 'ada@plant.example',
  firstName: 'Ada',
  lastName: 'Ng',
  role: 'Admin',
  orderLimit: null,
  monthlyLimit: null,
};
const location = (id: string, label: string, billTo = false) => ({
  __typename: 'CompanyAddress' as const,
  id,
  label,
  name: 'Receiving',
  addressLine1: '100 Main St',
  addressLine2: '',
  city: 'Dayton',
  state: 'OH',
  zip: '45402',
  country: 'US',
  email: 'receiving@plant.example',
  phone: '',
  billTo,
});
const plant1 = location('a1', 'Plant 1', true);
const plant2 = location('a2', 'Plant 2');
const company = (over: Partial<CompanyFieldsFragment> = {}) => ({
  __typename: 'Company' as const,
  id: 'c1',
  name: 'Plant Works',
  erpAccountId: null,
  me: ada,
  members: [ada],
  invitations: [],
  spentThisMonth: 0,
  currency: 'USD',
  exchangeRate: 1,
  approvalsWaiting: 0,
  shipToLocationsOnly: false,
  addresses: [plant1, plant2],
  ...over,
});
const read = (over: Partial<CompanyFieldsFragment> = {}): MockedResponse => ({
  request: { query: MyCompanyDocument },
  result: { data: { myCompany: company(over) } },
});
const me = meAnswer(signedInUser());

beforeEach(() => {
  document.cookie = 'clientCsrfToken=c.t; path=/';
});

const labels = async () =>
  (await screen.findAllByTestId('company-location')).map((l) => l.querySelector('strong')?.textContent);

describe('company locations', () => {
  it('removes a location; the company is read again and lists the others', async () => {
    const { mock, sent } = recordedMutation(DeleteCompanyAddressDocument, () => ({
      data: { deleteCompanyAddress: true },
    }));
    renderRoute(<CompanyPage />, {
      path: '/user/account/company',
      mocks: [me, read(), mock, read({ addresses: [plant1] })],
    });
    expect(await labels()).toEqual(['Plant 1', 'Plant 2']);
    fireEvent.click(screen.getByRole('button', { name: 'Remove Plant 2' }));

    await waitFor(async () => expect(await labels()).toEqual(['Plant 1']));
    expect(sent).toHaveBeenCalledWith({ id: 'a2' });
  });

  it('says why a location was not removed, and keeps it', async () => {
    const { mock } = recordedMutation(
      DeleteCompanyAddressDocument,
      refusal('CONFLICT', 'The bill-to address stays: mark another one first.'),
    );
    renderRoute(<CompanyPage />, { path: '/user/account/company', mocks: [me, read(), mock] });
    fireEvent.click(await screen.findByRole('button', { name: 'Remove Plant 1' }));

    expect(await screen.findByText('The bill-to address stays: mark another one first.')).toBeTruthy();
    expect(await labels()).toEqual(['Plant 1', 'Plant 2']);
  });

  it('sets "ship only to these locations": says so, and the box stays ticked with the answer', async () => {
    const { mock, sent } = recordedMutation(SetCompanyShipToLocationsOnlyDocument, () => ({
      data: { setCompanyShipToLocationsOnly: company({ shipToLocationsOnly: true }) },
    }));
    renderRoute(<CompanyPage />, { path: '/user/account/company', mocks: [me, read(), mock] });
    const only = within(await screen.findByTestId('company-locations')).getByRole('checkbox', {
      name: 'Buyers ship only to these locations',
    }) as HTMLInputElement;
    expect(only.checked).toBe(false);
    fireEvent.click(only);

    expect(await screen.findByText('Shipping choice saved.')).toBeTruthy();
    expect(sent).toHaveBeenCalledWith({ only: true });
    await waitFor(() => expect(only.checked).toBe(true));
  });
});
