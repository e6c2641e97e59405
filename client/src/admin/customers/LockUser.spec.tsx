import { describe, expect, it, jest } from '@jest/globals';
import type { MockedResponse } from '@apollo/client/testing';
import { GraphQLError } from 'graphql';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { App } from 'antd';
import { renderRoute } from '../../testing/render';
import {
  LockSuccessorsDocument,
  SetCompanyMemberRoleDocument,
  SetUserLockedDocument,
} from './customers.generated';
import { LockUserButton } from './LockUser';

const REFUSAL = 'Ada Marsh is the last active admin of Harbor Controls. Name another admin first.';
const ada = { id: 'u-ada', email: 'ada@harbor.example', company: 'Harbor Controls', companyId: 'c-harbor' };
const person = (userId: string, name: string, role: string | null, active: boolean) => ({
  __typename: 'AdminCompanyPerson' as const,
  userId,
  name,
  email: `${name.split(' ')[0]!.toLowerCase()}@harbor.example`,
  role,
  active,
});
const people = [
  person('u-ada', 'Ada Marsh', 'Admin', true),
  person('u-ben', 'Ben Ode', 'Admin', false),
  person('u-carol', 'Carol Reed', 'Buyer', true),
  person('u-dan', 'Dan Pike', 'Viewer', false),
];

const lockAda = { query: SetUserLockedDocument, variables: { userId: ada.id, locked: true } };
const refused: MockedResponse = {
  request: lockAda,
  result: { errors: [new GraphQLError(REFUSAL, { extensions: { code: 'CONFLICT' } })] },
};
const locked: MockedResponse = {
  request: lockAda,
  result: { data: { setUserLocked: { __typename: 'AdminUser', id: ada.id, validity: 1 } } },
};
const successors = (list = people): MockedResponse => ({
  request: { query: LockSuccessorsDocument, variables: { id: ada.companyId } },
  result: {
    data: {
      adminCompany: { __typename: 'AdminCompany', id: ada.companyId, name: 'Harbor Controls', people: list },
    },
  },
});
const promoted = jest.fn(() => ({
  data: {
    setCompanyMemberRole: {
      __typename: 'AdminCompany',
      id: ada.companyId,
      people: people.map((p) => (p.userId === 'u-carol' ? { ...p, role: 'Admin' } : p)),
    },
  },
}));
const promoteCarol: MockedResponse = {
  request: {
    query: SetCompanyMemberRoleDocument,
    variables: { companyId: ada.companyId, userId: 'u-carol', role: 'Admin' },
  },
  result: promoted,
};

const lockDialog = async () => {
  fireEvent.click(await screen.findByRole('button', { name: 'Lock' }));
  const dialog = await screen.findByRole('dialog', { name: `Lock ${ada.email}` });
  fireEvent.click(within(dialog).getByRole('button', { name: 'Lock' }));
  return dialog;
};

describe('Customers → Lock of a company’s last active admin (issue 52)', () => {
  it('shows the refusal, offers the company’s other active members, names one admin, then locks', async () => {
    renderRoute(
      <App>
        <LockUserButton user={ada} canNameAdmin />
      </App>,
      { mocks: [refused, successors(), promoteCarol, locked] },
    );
    const dialog = await lockDialog();
    expect((await within(dialog).findByRole('alert')).textContent).toBe(REFUSAL);
    const choices = await within(dialog).findByRole('radiogroup', {
      name: 'Name another admin of Harbor Controls, then lock:',
    });
    // Only members who can sign in, not the person being locked.
    expect(
      within(choices)
        .getAllByRole('radio')
        .map((r) => r.closest('label')!.textContent),
    ).toEqual(['Carol Reed · carol@harbor.example']);
    // Locking again without naming anyone would be refused again.
    expect(within(dialog).getByRole('button', { name: 'Lock' })).toHaveProperty('disabled', true);

    fireEvent.click(within(choices).getByRole('radio', { name: 'Carol Reed · carol@harbor.example' }));
    fireEvent.click(within(dialog).getByRole('button', { name: 'Make admin and lock' }));
    expect(await screen.findByText('Saved')).toBeTruthy();
    expect(promoted).toHaveBeenCalledTimes(1);
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
  });

  it('says so when no other member can sign in to become the admin', async () => {
    renderRoute(
      <App>
        <LockUserButton user={ada} canNameAdmin />
      </App>,
      { mocks: [refused, successors(people.filter((p) => p.userId !== 'u-carol'))] },
    );
    const dialog = await lockDialog();
    expect((await within(dialog).findByRole('alert')).textContent).toBe(REFUSAL);
    expect(
      await within(dialog).findByText('No other member of Harbor Controls can sign in to become its admin.'),
    ).toBeTruthy();
    expect(within(dialog).queryByRole('radio')).toBeNull();
    expect(within(dialog).getByRole('button', { name: 'Lock' })).toHaveProperty('disabled', true);
  });
});
