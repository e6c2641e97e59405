import { describe, expect, it, jest } from '@jest/globals';
import type { MockedResponse } from '@apollo/client/testing';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { App } from 'antd';
import { GraphQLError } from 'graphql';
import { recordedMutation } from '../../testing/mutations';
import { renderRoute } from '../../testing/render';
import { DecideReturnDocument, ReturnQueueDocument } from './returns.generated';
import { ReturnsView } from './ReturnsView';

/* Console → Returns, the decision (issue 54, item 4): accept a requested return with a note for the customer,
 * reject one without, and a refusal said while the return stays in the queue; after a decision the queue is read
 * again (useReturnActions.ts). */

const ID = '00000000-0000-4000-8000-0000000000f1';
const requested = {
  __typename: 'Return' as const,
  id: ID,
  orderId: '00000000-0000-4000-8000-0000000000a1',
  orderNumber: '100042',
  rmaNumber: null,
  status: 5,
  statusLabel: 'Return Requested',
  decision: null,
  reason: 'DEFECTIVE_PRODUCT',
  comment: 'The thread is damaged.',
  refundAmount: null,
  createdAt: '2030-01-02T15:00:00.000Z',
  lines: [
    {
      __typename: 'ReturnLine' as const,
      orderLineId: 'ol1',
      itemId: 'SFU1605-500',
      name: 'Ball screw 1605, 500 mm',
      quantity: 1,
      price: 120,
    },
  ],
};
const queue = (returns: (typeof requested)[]): MockedResponse => ({
  request: { query: ReturnQueueDocument, variables: { status: 5 } },
  result: { data: { returnQueue: returns } },
});

/** The decision's mock: the variables sent are recorded. */
const decide = (answer: () => unknown) => recordedMutation(DecideReturnDocument, answer);
const decided = (decision: string) => () => ({
  data: {
    decideReturn: {
      __typename: 'Return',
      id: ID,
      status: decision === 'RETURN_ACCEPTED' ? 6 : 7,
      statusLabel: decision === 'RETURN_ACCEPTED' ? 'Return Approved' : 'Return Rejected',
      rmaNumber: decision === 'RETURN_ACCEPTED' ? 'RMA-100042-1' : null,
      decision,
    },
  },
});

function show(mocks: MockedResponse[]) {
  return renderRoute(
    <App>
      <ReturnsView />
    </App>,
    { path: '/admin/returns', mocks },
  );
}

/** The requested return's row, once the queue is read. */
async function row() {
  const cell = await screen.findByRole('link', { name: 'AXL-100042' });
  return within(cell.closest('tr') as HTMLElement);
}

// antd's console renders for seconds under CI's load: the budget QuotesView.spec.tsx gives its quote page.
jest.setTimeout(60_000);

describe('Console → Returns: the decision', () => {
  it('accepts a return with a note for the customer, says "Saved" and reads the queue again', async () => {
    const { mock, sent } = decide(decided('RETURN_ACCEPTED'));
    show([queue([requested]), mock, queue([])]);
    fireEvent.click((await row()).getByRole('button', { name: 'Accept' }));
    const dialog = await screen.findByRole('dialog');
    expect(within(dialog).getByText('Accept the return of AXL-100042?')).toBeTruthy();
    fireEvent.change(within(dialog).getByLabelText('Note to the customer (optional)'), {
      target: { value: '  Send it back with the label. ' },
    });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Accept' }));

    expect(await screen.findByText('Saved')).toBeTruthy();
    expect(sent).toHaveBeenCalledWith({
      id: ID,
      decision: 'RETURN_ACCEPTED',
      note: 'Send it back with the label.',
    });
    // The queue of requested returns as it now is: this one has left it.
    await waitFor(() => expect(screen.queryByRole('link', { name: 'AXL-100042' })).toBeNull());
  });

  it('rejects a return without a note (none is sent)', async () => {
    const { mock, sent } = decide(decided('RETURN_REJECTED'));
    show([queue([requested]), mock, queue([])]);
    fireEvent.click((await row()).getByRole('button', { name: 'Reject' }));
    const dialog = await screen.findByRole('dialog');
    expect(within(dialog).getByText('Reject the return of AXL-100042?')).toBeTruthy();
    fireEvent.click(within(dialog).getByRole('button', { name: 'Reject' }));

    expect(await screen.findByText('Saved')).toBeTruthy();
    expect(sent).toHaveBeenCalledWith({ id: ID, decision: 'RETURN_REJECTED', note: null });
  });

  it('says the server’s refusal, and the return stays in the queue', async () => {
    const { mock } = decide(() => ({
      errors: [
        new GraphQLError('This return was decided already.', { extensions: { code: 'UNPROCESSABLE' } }),
      ],
    }));
    show([queue([requested]), mock]);
    fireEvent.click((await row()).getByRole('button', { name: 'Accept' }));
    fireEvent.click(within(await screen.findByRole('dialog')).getByRole('button', { name: 'Accept' }));

    expect(await screen.findByText('This return was decided already.')).toBeTruthy();
    expect(screen.queryByText('Saved')).toBeNull();
    expect((await row()).getByText('Return Requested')).toBeTruthy();
  });
});
