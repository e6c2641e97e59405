import { beforeEach, describe, expect, it } from '@jest/globals';
import type { MockedResponse } from '@apollo/client/testing';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { GraphQLError } from 'graphql';
import { meAnswer, signedInUser } from '../../testing/auth';
import { recordedMutation } from '../../testing/mutations';
import { renderRoute } from '../../testing/render';
import { ApprovalsPage } from './ApprovalsPage';
import { CompanyApprovalsDocument, DecideCompanyOrderDocument } from './graphql/company.generated';

/* The approvals queue (decision 044, issue 54 item 4): an approver approves an order, rejects one with a note for
 * the buyer, learns that another approver decided first, and sees a failure; after a decision the queue is read
 * again (useApprovalActions.ts). */

const ORDER = '00000000-0000-4000-8000-0000000000a1';
const me = meAnswer(signedInUser({ emailAddress: 'dana@plant.example' }));
const approval = {
  __typename: 'CompanyApproval' as const,
  orderId: ORDER,
  orderNumber: 100042,
  buyerName: 'Bea Buyer',
  buyerEmail: 'bea@plant.example',
  total: 1250,
  currencyCode: 'USD',
  reason: 'order',
  spendingLimit: 500,
  limitCurrency: 'USD',
  paymentKind: 'purchaseOrder',
  poNumber: 'PO-7',
  shipTo: 'Plant 2, Dayton OH',
  requestedAt: '2030-01-02T15:00:00.000Z',
  lines: [
    {
      __typename: 'CompanyApprovalLine' as const,
      itemId: 'SFU1605-500',
      name: 'Ball screw 1605, 500 mm',
      manufacturerPartNumber: null,
      quantity: 5,
      lineTotal: 1250,
    },
  ],
};
const queue = (approvals: (typeof approval)[]): MockedResponse => ({
  request: { query: CompanyApprovalsDocument },
  result: { data: { companyApprovals: approvals } },
});
const decided = (decision: 'approved' | 'rejected', note: string) => ({
  data: {
    decideCompanyOrder: { __typename: 'OrderApproval' as const, decision, decidedBy: 'Ada Ng', note },
  },
});

/** The decision's mock: the variables sent are recorded. */
const decide = (answer: () => unknown) => recordedMutation(DecideCompanyOrderDocument, answer);

beforeEach(() => {
  document.cookie = 'clientCsrfToken=c.t; path=/';
});

async function card() {
  const form = await screen.findByRole('form', { name: 'Approve or reject order AXL-100042' });
  return {
    form,
    note: within(form).getByLabelText(/Note to the buyer/),
    approve: within(form).getByRole('button', { name: 'Approve' }),
    reject: within(form).getByRole('button', { name: 'Reject' }),
  };
}

describe('approvals queue', () => {
  it('approves an order without a note, says so, and reads the queue again', async () => {
    const { mock, sent } = decide(() => decided('approved', ''));
    renderRoute(<ApprovalsPage />, {
      path: '/user/account/company/approvals',
      mocks: [me, queue([approval]), mock, queue([])],
    });
    const { approve } = await card();
    expect(screen.getByRole('table', { name: 'Items of order AXL-100042' })).toBeTruthy();
    fireEvent.click(approve);
    expect(await screen.findByText('Order AXL-100042 is approved. The buyer was told.')).toBeTruthy();
    expect(sent).toHaveBeenCalledWith({ orderId: ORDER, approve: true, note: null });
    // The queue as it now stands: the decided order has left it.
    expect((await screen.findByTestId('approvals-empty')).textContent).toBe(
      'No order is waiting for your approval.',
    );
  });

  it('asks for a note before it rejects, then rejects with it', async () => {
    const { mock, sent } = decide(() => decided('rejected', 'Over the project budget'));
    renderRoute(<ApprovalsPage />, {
      path: '/user/account/company/approvals',
      mocks: [me, queue([approval]), mock, queue([])],
    });
    const { note, reject } = await card();
    fireEvent.click(reject);
    await waitFor(() => expect(note.getAttribute('aria-invalid')).toBe('true'));
    const described = note
      .getAttribute('aria-describedby')!
      .split(' ')
      .map((id) => document.getElementById(id)?.textContent);
    expect(described).toContain('Tell the buyer why the order is rejected.');
    expect(sent).not.toHaveBeenCalled();

    fireEvent.change(note, { target: { value: '  Over the project budget ' } });
    fireEvent.click(reject);
    expect(await screen.findByText('Order AXL-100042 is rejected. The buyer was told.')).toBeTruthy();
    expect(sent).toHaveBeenCalledWith({ orderId: ORDER, approve: false, note: 'Over the project budget' });
    expect(await screen.findByTestId('approvals-empty')).toBeTruthy();
  });

  it('says when another approver decided first, and shows the queue as it now is', async () => {
    const { mock } = decide(() => ({
      errors: [
        new GraphQLError('This order was already approved, rejected or cancelled.', {
          extensions: { code: 'CONFLICT' },
        }),
      ],
    }));
    renderRoute(<ApprovalsPage />, {
      path: '/user/account/company/approvals',
      mocks: [me, queue([approval]), mock, queue([])],
    });
    fireEvent.click((await card()).approve);
    expect(await screen.findByText('This order was already approved, rejected or cancelled.')).toBeTruthy();
    expect(await screen.findByTestId('approvals-empty')).toBeTruthy();
  });

  it('keeps the order and says so above the form when the decision fails', async () => {
    const { mock } = decide(() => ({
      errors: [new GraphQLError('Payment service unavailable.', { extensions: { code: 'INTERNAL' } })],
    }));
    renderRoute(<ApprovalsPage />, {
      path: '/user/account/company/approvals',
      mocks: [me, queue([approval]), mock],
    });
    const { form, approve } = await card();
    fireEvent.click(approve);
    expect((await within(form).findByRole('alert')).textContent).toBe('Payment service unavailable.');
    expect(screen.queryByTestId('approvals-empty')).toBeNull();
    expect(within(form).getByRole('button', { name: 'Approve' }).hasAttribute('disabled')).toBe(false);
  });
});
