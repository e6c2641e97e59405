import { beforeEach, describe, expect, it } from '@jest/globals';
import type { MockedResponse } from '@apollo/client/testing';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { meAnswer, signedInUser } from '../../testing/auth';
import { recordedMutation, refusal } from '../../testing/mutations';
import { renderRoute } from '../../testing/render';
import { CompanyPage } from './CompanyPages';
import {
  InviteCompanyMemberDocument,
  MyCompanyDocument,
  UpdateCompanyMemberDocument,
  type CompanyFieldsFragment,
} from './graphql/company.generated';

/* The company page's members as its admin uses them (issue 54, item 4): invite someone, change a member's role, the
 * refusal to leave the company without an admin, and a refused invitation; after a change the company is read again
 * (useCompanyActions.ts). */

type Member = CompanyFieldsFragment['members'][number] & { __typename: 'CompanyMember' };
const member = (over: Partial<Member>): Member => ({
  __typename: 'CompanyMember',
  userId: 'u1',
  email: 'ada@plant.example',
  firstName: 'Ada',
  lastName: 'Ng',
  role: 'Admin',
  orderLimit: null,
  monthlyLimit: null,
  ...over,
});
const ada = member({});
const bea = member({
  userId: 'u2',
  email: 'bea@plant.example',
  firstName: 'Bea',
  lastName: 'Buyer',
  role: 'Buyer',
  orderLimit: 500,
  monthlyLimit: 2000,
});
const me = meAnswer(signedInUser());

const company = (over: Partial<CompanyFieldsFragment> = {}): MockedResponse => ({
  request: { query: MyCompanyDocument },
  result: {
    data: {
      myCompany: {
        __typename: 'Company',
        id: 'c1',
        name: 'Plant Works',
        erpAccountId: null,
        me: ada,
        members: [ada, bea],
        invitations: [],
        spentThisMonth: 0,
        currency: 'USD',
        exchangeRate: 1,
        approvalsWaiting: 0,
        shipToLocationsOnly: false,
        addresses: [],
        ...over,
      },
    },
  },
});

beforeEach(() => {
  document.cookie = 'clientCsrfToken=c.t; path=/';
});

/** The member's row, found by name. */
async function row(name: string) {
  const rows = await screen.findAllByTestId('company-member');
  const found = rows.find((r) => r.textContent?.includes(name));
  if (!found) throw new Error(`no member ${name}`);
  return found;
}

describe('company members', () => {
  it('invites someone by e-mail, says so, and lists the open invitation', async () => {
    const { mock, sent } = recordedMutation(InviteCompanyMemberDocument, () => ({
      data: { inviteCompanyMember: { __typename: 'CompanyInvitation', id: 'i1' } },
    }));
    const invitation = {
      __typename: 'CompanyInvitation' as const,
      id: 'i1',
      email: 'cy@plant.example',
      role: 'Approver',
      orderLimit: null,
      monthlyLimit: 900,
      expiresAt: '2030-01-08T12:00:00.000Z',
    };
    renderRoute(<CompanyPage />, {
      path: '/user/account/company',
      mocks: [me, company(), mock, company({ invitations: [invitation] })],
    });
    const form = await screen.findByRole('form', { name: 'Invite someone' });
    fireEvent.change(within(form).getByLabelText('E-mail address'), {
      target: { value: ' Cy@Plant.example' },
    });
    fireEvent.change(within(form).getByLabelText('Role'), { target: { value: 'Approver' } });
    fireEvent.change(within(form).getByLabelText('Limit for a month'), { target: { value: '900' } });
    fireEvent.click(within(form).getByRole('button', { name: 'Send the invitation' }));

    expect(await screen.findByText('Invitation sent to cy@plant.example.')).toBeTruthy();
    expect(sent).toHaveBeenCalledWith({
      input: { email: 'cy@plant.example', role: 'Approver', orderLimit: null, monthlyLimit: 900 },
    });
    expect((await screen.findByTestId('company-invitation')).textContent).toMatch(
      /^cy@plant\.example · Approver · expires /,
    );
    expect((within(form).getByLabelText('E-mail address') as HTMLInputElement).value).toBe('');
  });

  it('puts a refused invitation’s message next to the e-mail field, keeps what was typed and focuses it', async () => {
    const { mock } = recordedMutation(
      InviteCompanyMemberDocument,
      refusal('BAD_USER_INPUT', 'This person already belongs to your company.', [
        { field: 'email', message: 'This person already belongs to your company.' },
      ]),
    );
    renderRoute(<CompanyPage />, { path: '/user/account/company', mocks: [me, company(), mock] });
    const form = await screen.findByRole('form', { name: 'Invite someone' });
    const email = within(form).getByLabelText('E-mail address');
    fireEvent.change(email, { target: { value: 'bea@plant.example' } });
    fireEvent.click(within(form).getByRole('button', { name: 'Send the invitation' }));

    await waitFor(() => expect(email.getAttribute('aria-invalid')).toBe('true'));
    const described = email
      .getAttribute('aria-describedby')!
      .split(' ')
      .map((id) => document.getElementById(id)?.textContent);
    expect(described).toContain('This person already belongs to your company.');
    // Shown once: next to its field, not again above the form.
    expect(within(form).queryByRole('alert')).toBeNull();
    expect((email as HTMLInputElement).value).toBe('bea@plant.example');
    await waitFor(() => expect(document.activeElement).toBe(email));
  });

  it('changes a member’s role, keeps their limits, and shows the company as saved', async () => {
    const { mock, sent } = recordedMutation(UpdateCompanyMemberDocument, () => ({
      data: { updateCompanyMember: { ...bea, role: 'Approver' } },
    }));
    renderRoute(<CompanyPage />, {
      path: '/user/account/company',
      mocks: [me, company(), mock, company({ members: [ada, { ...bea, role: 'Approver' }] })],
    });
    fireEvent.click(within(await row('Bea Buyer')).getByRole('button', { name: 'Change role or limits' }));
    const form = await screen.findByRole('form', { name: 'Role and limits of Bea Buyer' });
    expect((within(form).getByLabelText('Limit for one order') as HTMLInputElement).value).toBe('500');
    fireEvent.change(within(form).getByLabelText('Role'), { target: { value: 'Approver' } });
    fireEvent.click(within(form).getByRole('button', { name: 'Save' }));

    expect(await screen.findByText('Saved.')).toBeTruthy();
    expect(sent).toHaveBeenCalledWith({
      userId: 'u2',
      input: { role: 'Approver', orderLimit: 500, monthlyLimit: 2000 },
    });
    await waitFor(() =>
      expect(screen.queryByRole('form', { name: 'Role and limits of Bea Buyer' })).toBeNull(),
    );
    await waitFor(async () => expect((await row('Bea Buyer')).textContent).toContain('Approver · '));
  });

  it('refuses to leave the company without an admin: says so above the form and keeps it open', async () => {
    const { mock, sent } = recordedMutation(
      UpdateCompanyMemberDocument,
      refusal('CONFLICT', 'Your company must keep at least one active admin.'),
    );
    renderRoute(<CompanyPage />, { path: '/user/account/company', mocks: [me, company(), mock] });
    fireEvent.click(within(await row('Ada Ng')).getByRole('button', { name: 'Change role or limits' }));
    const form = await screen.findByRole('form', { name: 'Role and limits of Ada Ng' });
    fireEvent.change(within(form).getByLabelText('Role'), { target: { value: 'Buyer' } });
    // Toasts outlive a test (their container stays in the page): count this test's own.
    const savedBefore = screen.queryAllByText('Saved.').length;
    fireEvent.click(within(form).getByRole('button', { name: 'Save' }));

    expect((await within(form).findByRole('alert')).textContent).toBe(
      'Your company must keep at least one active admin.',
    );
    expect(sent).toHaveBeenCalledWith({
      userId: 'u1',
      input: { role: 'Buyer', orderLimit: null, monthlyLimit: null },
    });
    expect(screen.getByRole('form', { name: 'Role and limits of Ada Ng' })).toBe(form);
    expect(screen.queryAllByText('Saved.')).toHaveLength(savedBefore);
    expect((await row('Ada Ng')).textContent).toContain('Company admin · ');
  });
});
