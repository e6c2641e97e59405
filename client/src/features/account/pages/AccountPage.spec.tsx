import { afterEach, beforeEach, describe, expect, it, jest } from '@jest/globals';
import type { MockedResponse } from '@apollo/client/testing';
import { MockedProvider } from '@apollo/client/testing/react';
import { act, fireEvent, renderHook, screen, within } from '@testing-library/react';
import type { ReactNode } from 'react';
import { renderRoute } from '../../../testing/render';
import { ChangePasswordDocument, SaveAddressDocument } from '../graphql/account.generated';
import { signedInUser } from '../../../testing/auth';
import { MeDocument } from '../graphql/session.generated';
import { useAccountActions } from '../useAccountActions';
import { AccountPage } from './AccountPage';

const address = {
  __typename: 'Address' as const,
  id: 'a1',
  name: 'Plant 2',
  addressLine1: '1200 Industrial Park Drive',
  addressLine2: '',
  city: 'Mooresville',
  state: 'NC',
  zip: '28115',
  country: 'US',
  email: 'ada@plant.example',
  phone: '',
  primary: true,
  lastUsedAt: null,
};
const user = signedInUser({ primaryAddress: 'a1', addresses: [address] });

const me: MockedResponse = { request: { query: MeDocument }, result: { data: { me: user } } };
const anyVariables = () => true;
/** The address save answered without a user (spec section 8: Address save returns no user). */
const saveWithoutUser: MockedResponse = {
  request: { query: SaveAddressDocument, variables: anyVariables },
  result: { data: { saveAddress: null } },
};
/** The password change answered with nothing (spec section 8: Change-password response empty). */
const changeAnsweredEmpty: MockedResponse = {
  request: { query: ChangePasswordDocument, variables: anyVariables },
  result: { data: { changePassword: null } },
};

beforeEach(() => {
  document.cookie = 'clientCsrfToken=c.t; path=/';
  // The server-side address check passes.
  jest
    .spyOn(globalThis, 'fetch')
    .mockImplementation(
      async () => new Response(JSON.stringify({ success: true, data: {} }), { status: 200 }),
    );
});
afterEach(() => {
  jest.restoreAllMocks();
});

describe('account page: empty answers are failures (spec section 8)', () => {
  it('keeps the address form open with a message when the save answers without a user', async () => {
    renderRoute(<AccountPage />, { path: '/user/account', mocks: [me, saveWithoutUser] });
    fireEvent.click(await screen.findByRole('button', { name: 'Edit the address Plant 2' }));
    const form = screen.getByRole('form', { name: 'Edit the address Plant 2' });
    fireEvent.click(within(form).getByRole('button', { name: 'Save Address' }));
    expect(await within(form).findByRole('alert')).toHaveProperty(
      'textContent',
      'The address could not be saved. Please try again.',
    );
    expect(screen.queryByText('Address saved.')).toBeNull();
    expect(screen.getByRole('form', { name: 'Edit the address Plant 2' })).toBeTruthy();
  });

  it('says the password was not changed when the change answers with nothing', async () => {
    renderRoute(<AccountPage />, { path: '/user/account', mocks: [me, changeAnsweredEmpty] });
    const section = await screen.findByRole('region', { name: 'Password' });
    fireEvent.change(within(section).getByLabelText('Current password'), {
      target: { value: 'Old-Rail-2020!' },
    });
    fireEvent.change(within(section).getByLabelText('New password'), { target: { value: 'New-Rail-2026!' } });
    fireEvent.change(within(section).getByLabelText('Confirm password'), {
      target: { value: 'New-Rail-2026!' },
    });
    fireEvent.click(within(section).getByRole('button', { name: 'Change Password' }));
    expect(await within(section).findByRole('alert')).toHaveProperty(
      'textContent',
      'We could not change your password. Please try again.',
    );
    expect(screen.queryByText('Your password was changed. Other devices were signed out.')).toBeNull();
  });
});

describe('useAccountActions: the errors of spec section 8, verbatim', () => {
  const wrapper =
    (mocks: MockedResponse[]) =>
    ({ children }: { children: ReactNode }) => <MockedProvider mocks={mocks}>{children}</MockedProvider>;
  const { __typename: _t, primary: _p, lastUsedAt: _l, ...input } = address;

  /** What an action settles with: its value, or the error it threw. */
  async function settle(action: () => Promise<unknown>): Promise<unknown> {
    let outcome: unknown;
    await act(async () => {
      outcome = await action().catch((error: unknown) => error);
    });
    return outcome;
  }

  it('Address save returns no user: Error "Empty response data"', async () => {
    const { result } = renderHook(() => useAccountActions(), { wrapper: wrapper([saveWithoutUser]) });
    expect(await settle(() => result.current.saveAddress(input))).toEqual(new Error('Empty response data'));
  });

  it('Change-password response empty: Error "Issue updating password"', async () => {
    const { result } = renderHook(() => useAccountActions(), { wrapper: wrapper([changeAnsweredEmpty]) });
    const outcome = await settle(() =>
      result.current.changePassword({
        oldPassword: 'Old-Rail-2020!',
        newPassword: 'New-Rail-2026!',
        confirmPassword: 'New-Rail-2026!',
      }),
    );
    expect(outcome).toEqual(new Error('Issue updating password'));
  });

  it('returns the saved user when the answer holds one', async () => {
    const saved: MockedResponse = {
      request: { query: SaveAddressDocument, variables: anyVariables },
      result: { data: { saveAddress: user } },
    };
    const { result } = renderHook(() => useAccountActions(), { wrapper: wrapper([saved]) });
    expect(await settle(() => result.current.saveAddress(input))).toMatchObject({ id: 'u1' });
  });
});
