import { describe, expect, it, jest } from '@jest/globals';
import type { MockedResponse } from '@apollo/client/testing';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { App } from 'antd';
import { GraphQLError } from 'graphql';
import { proposedQuoteDay } from '@domain/quotes';
import { Route, Routes } from 'react-router-dom';
import { meAnswer, signedInUser } from '../../testing/auth';
import { renderRoute } from '../../testing/render';
import { recordedMutation, refusal } from '../../testing/mutations';
import {
  AdminQuoteDocument,
  DeclineQuoteDocument,
  ReviewQuoteDocument,
  SendQuoteDocument,
  SendQuoteDraftDocument,
  SendQuoteStaffMessageDocument,
} from './quotes.generated';
import { QuoteView } from './QuoteView';

/* The quote page's draft (decision 054): who saved it, the lines held, and Send for a Service or Admin user only. */

const ID = '6f1d7d2e-3f4a-4b5c-8d9e-0a1b2c3d4e5f';
const HELD = 'More than 15% below the catalogue price, or zero: this price needs a Service or Admin role.';

const line = (lineNo: number, cataloguePrice: number | null) => ({
  __typename: 'QuoteLine' as const,
  id: `l${lineNo}`,
  lineNo,
  itemId: `PART-${lineNo}`,
  description: `Part ${lineNo}`,
  quantity: 2,
  packSize: null,
  configurations: [],
  cataloguePrice,
  unitPrice: null,
  lineTotal: null,
});

const quote = (draft: boolean, status = 'quoted') => ({
  __typename: 'Quote' as const,
  id: ID,
  number: '100042',
  status: draft ? 'requested' : status,
  currency: 'USD',
  neededBy: null,
  note: '',
  source: 'cart',
  buyerName: 'Ada Ng',
  buyerEmail: 'ada@plant.example',
  companyName: null,
  phone: '',
  attachments: [],
  sentRevision: draft ? null : 1,
  acceptedRevision: null,
  orderId: null,
  version: 2,
  createdAt: '2026-11-30T15:00:00.000Z',
  declineNote: '',
  lines: [line(1, 40), line(2, null)],
  messages: [],
  sent: null,
  draft: draft
    ? {
        __typename: 'QuoteDraft' as const,
        lines: [
          { __typename: 'QuoteDraftLine' as const, lineNo: 1, unitPrice: 20, itemId: null },
          { __typename: 'QuoteDraftLine' as const, lineNo: 2, unitPrice: 0, itemId: null },
        ],
        freight: 15,
        leadTimeDays: 4,
        expiresOn: proposedQuoteDay(),
        note: 'Two lots.',
        savedBy: 'Casey Staff',
        savedAt: '2026-12-01T15:00:00.000Z',
        heldLines: [1, 2],
      }
    : null,
});

const me = (role: number) => meAnswer(signedInUser({ role }));
const adminQuote = (draft: boolean): MockedResponse => ({
  request: { query: AdminQuoteDocument, variables: { id: ID } },
  result: { data: { adminQuote: quote(draft) } },
});

function show(mocks: MockedResponse[]) {
  return renderRoute(
    <App>
      <Routes>
        <Route path="/admin/quotes/:id" element={<QuoteView />} />
      </Routes>
    </App>,
    { path: `/admin/quotes/${ID}`, mocks },
  );
}

// The console's quote page (antd, the whole form) renders for seconds under CI's load, next to the server suites:
// each test waits on what a person sees, within a budget above the default 20 s (CI of c09cdeb: 42 s for three).
jest.setTimeout(60_000);

describe('quote page: drafts (decision 054)', () => {
  it('shows CustomerService the draft, who saved it and the lines held, without a Send for it; the form holds its prices', async () => {
    show([me(300), adminQuote(true)]);
    expect(await screen.findByText(/Draft saved by Casey Staff/)).toBeTruthy();
    expect(screen.getByText('Draft')).toBeTruthy();
    expect(screen.getByText(/Lines 1, 2 are priced far below the catalogue price or at zero/)).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Send the draft' })).toBeNull();
    expect(screen.getByRole('button', { name: 'Save as draft' })).toBeTruthy();
    expect((screen.getByLabelText('Unit price, line 1') as HTMLInputElement).value).toBe('20.00');
  });

  it('lets a Service user send the draft', async () => {
    let sent = false;
    show([
      me(200),
      adminQuote(true),
      {
        request: { query: SendQuoteDraftDocument, variables: { id: ID, version: 2 } },
        result: () => {
          sent = true;
          return { data: { sendQuoteDraft: quote(false) } };
        },
      },
    ]);
    fireEvent.click(await screen.findByRole('button', { name: 'Send the draft' }));
    expect(await screen.findByText('Draft sent: the buyer was e-mailed.')).toBeTruthy();
    expect(sent).toBe(true);
  });

  it('shows CustomerService a refused Send next to the price, and the way on: a draft', async () => {
    show([
      me(300),
      adminQuote(true),
      {
        request: { query: SendQuoteDocument, variables: () => true },
        result: {
          errors: [
            new GraphQLError(HELD, {
              extensions: { code: 'FORBIDDEN', fields: [{ field: 'lines[1].unitPrice', message: HELD }] },
            }),
          ],
        },
      },
    ]);
    fireEvent.click(await screen.findByRole('button', { name: 'Send the quote' }));
    expect(await screen.findByText(HELD)).toBeTruthy();
    await waitFor(() => expect(screen.getByText(/save the quote as a draft for one of them/)).toBeTruthy());
  });
});

/* Review, messages and decline (issue 54, item 4: the view's mutations are useQuoteActions.ts). */
describe('quote page: review, messages, decline', () => {
  const requested: MockedResponse = {
    request: { query: AdminQuoteDocument, variables: { id: ID } },
    result: { data: { adminQuote: quote(false, 'requested') } },
  };

  it('takes a requested quote into review (the answer in the cache)', async () => {
    const { mock, sent } = recordedMutation(ReviewQuoteDocument, () => ({
      data: { reviewQuote: quote(false, 'in_review') },
    }));
    show([me(200), requested, mock]);
    fireEvent.click(await screen.findByRole('button', { name: 'Take into review' }));
    await waitFor(() => expect(sent).toHaveBeenCalledWith({ id: ID, version: 2 }));
    // In review, the quote has no Take into review (its button's text, whatever its loading icon).
    await waitFor(() => expect(screen.queryByText('Take into review')).toBeNull());
  });

  it('says a refused review, and the quote stays requested', async () => {
    const { mock } = recordedMutation(
      ReviewQuoteDocument,
      refusal('CONFLICT', 'Someone else changed this quote: reload it.'),
    );
    show([me(200), requested, mock]);
    fireEvent.click(await screen.findByRole('button', { name: 'Take into review' }));
    expect(await screen.findByText('Someone else changed this quote: reload it.')).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Take into review' })).toBeTruthy();
  });

  it('sends the buyer a message and empties the box; a refusal is said under the box, which keeps it', async () => {
    const { mock, sent } = recordedMutation(SendQuoteStaffMessageDocument, () => ({
      data: { sendQuoteStaffMessage: quote(false, 'requested') },
    }));
    const { mock: down } = recordedMutation(
      SendQuoteStaffMessageDocument,
      refusal('INTERNAL', 'Mail is down.'),
    );
    show([me(200), requested, mock, down]);
    const box = (await screen.findByLabelText(
      'Message to the buyer (e-mailed to them)',
    )) as HTMLTextAreaElement;
    const card = within(box.closest('.ant-card') as HTMLElement);
    fireEvent.change(box, { target: { value: 'Two lots, two weeks apart?' } });
    fireEvent.click(card.getByRole('button', { name: 'Send' }));
    expect(await screen.findByText('Message sent.')).toBeTruthy();
    expect(sent).toHaveBeenCalledWith({ id: ID, body: 'Two lots, two weeks apart?' });
    await waitFor(() => expect(box.value).toBe(''));

    fireEvent.change(box, { target: { value: 'Or one?' } });
    fireEvent.click(card.getByRole('button', { name: 'Send' }));
    expect(await card.findByText('Mail is down.')).toBeTruthy();
    expect(box.value).toBe('Or one?');
  });

  it('declines the request with a note for the buyer, asked for first, and closes the dialog', async () => {
    const { mock, sent } = recordedMutation(DeclineQuoteDocument, () => ({
      data: { declineQuote: { ...quote(false, 'declined'), declineNote: 'We do not make this size.' } },
    }));
    show([me(200), requested, mock]);
    fireEvent.click(await screen.findByRole('button', { name: 'Decline' }));
    const dialog = within(await screen.findByRole('dialog'));
    const note = dialog.getByLabelText('Why it is declined (the buyer reads this)');
    fireEvent.click(dialog.getByRole('button', { name: 'Decline' }));
    await waitFor(() =>
      expect(
        (note.closest('.ant-form-item') as HTMLElement).querySelector('.ant-form-item-explain'),
      ).toBeTruthy(),
    );
    expect(sent).not.toHaveBeenCalled();

    fireEvent.change(note, { target: { value: 'We do not make this size.' } });
    fireEvent.click(dialog.getByRole('button', { name: 'Decline' }));
    expect(await screen.findByText('Declined: the buyer was e-mailed.')).toBeTruthy();
    expect(sent).toHaveBeenCalledWith({ id: ID, version: 2, note: 'We do not make this size.' });
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
  });
});
