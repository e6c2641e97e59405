import { beforeEach, describe, expect, it } from '@jest/globals';
import type { MockedResponse } from '@apollo/client/testing';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { Route, Routes } from 'react-router-dom';
import { meAnswer, signedInUser } from '../../testing/auth';
import { recordedMutation, refusal } from '../../testing/mutations';
import { renderRoute } from '../../testing/render';
import {
  AcceptQuoteDocument,
  QuoteDocument,
  RequestQuoteAgainDocument,
  SendQuoteMessageDocument,
  type QuoteFieldsFragment,
} from './graphql/quotes.generated';
import { QuotePage } from './QuotePages';

/* A quote's page as its buyer uses it (decision 049, issue 54 item 4): accept the revision read and go to its
 * checkout, a quote revised meanwhile (said, and the quote read again), a message to staff, and an expired quote asked
 * again (useQuoteActions.ts). */

const ID = '6f1d7d2e-3f4a-4b5c-8d9e-0a1b2c3d4e5f';
const line = (lineNo: number, unitPrice: number | null) => ({
  __typename: 'QuoteLine' as const,
  id: `l${lineNo}`,
  lineNo,
  itemId: `PART-${lineNo}`,
  description: `Part ${lineNo}`,
  quantity: 2,
  packSize: null,
  configurations: [],
  cataloguePrice: 40,
  unitPrice,
  lineTotal: unitPrice === null ? null : unitPrice * 2,
});
type Quote = QuoteFieldsFragment & { __typename: 'Quote' };
const sent = (revision: number, price: number) => ({
  __typename: 'QuoteRevision' as const,
  revision,
  freight: 15,
  subTotal: price * 2,
  total: price * 2 + 15,
  leadTimeDays: 4,
  expiresOn: '2030-01-31',
  note: '',
  sentAt: '2030-01-02T15:00:00.000Z',
  lines: [line(1, price)],
});
const quote = (over: Partial<Quote> = {}): Quote => ({
  __typename: 'Quote',
  id: ID,
  number: '100042',
  status: 'quoted',
  currency: 'USD',
  neededBy: null,
  note: '',
  source: 'cart',
  buyerName: 'Ada Ng',
  buyerEmail: 'ada@plant.example',
  companyName: null,
  phone: '',
  attachments: [],
  sentRevision: 2,
  acceptedRevision: null,
  orderId: null,
  version: 3,
  createdAt: '2030-01-01T15:00:00.000Z',
  declineNote: '',
  lines: [line(1, null)],
  messages: [],
  sent: sent(2, 30),
  ...over,
});
const me = meAnswer(signedInUser());
const read = (q: Quote): MockedResponse => ({
  request: { query: QuoteDocument, variables: { id: ID } },
  result: { data: { quote: q } },
});

function show(mocks: MockedResponse[]) {
  return renderRoute(
    <Routes>
      <Route path="/user/account/quotes/:id" element={<QuotePage />} />
      <Route path="/checkout" element={<p>checkout page</p>} />
    </Routes>,
    { path: `/user/account/quotes/${ID}`, mocks },
  );
}

beforeEach(() => {
  document.cookie = 'clientCsrfToken=c.t; path=/';
});

describe('quote page: accept and check out', () => {
  it('accepts the revision the buyer read and goes to its checkout', async () => {
    const { mock, sent: accepted } = recordedMutation(AcceptQuoteDocument, () => ({
      data: { acceptQuote: quote({ status: 'accepted', acceptedRevision: 2 }) },
    }));
    const { location } = show([me, read(quote()), mock]);
    expect((await screen.findByTestId('quote-total')).textContent).toBe('$75.00');
    fireEvent.click(screen.getByRole('button', { name: 'Accept and check out' }));

    expect(await screen.findByText('checkout page')).toBeTruthy();
    expect(`${location().pathname}${location().search}`).toBe(`/checkout?quote=${ID}&revision=2`);
    expect(accepted).toHaveBeenCalledWith({ id: ID, revision: 2 });
  });

  it('says when the quote was revised meanwhile, stays, and shows the quote as it now stands', async () => {
    const { mock } = recordedMutation(
      AcceptQuoteDocument,
      refusal('CONFLICT', 'This quote was revised: read the new one before you accept it.'),
    );
    const { location } = show([me, read(quote()), mock, read(quote({ sentRevision: 3, sent: sent(3, 25) }))]);
    fireEvent.click(await screen.findByRole('button', { name: 'Accept and check out' }));

    const sentQuote = screen.getByTestId('sent-quote');
    expect((await within(sentQuote).findByRole('alert')).textContent).toBe(
      'This quote was revised: read the new one before you accept it.',
    );
    await waitFor(() => expect(screen.getByTestId('quote-total').textContent).toBe('$65.00'));
    expect(location().pathname).toBe(`/user/account/quotes/${ID}`);
  });
});

describe('quote page: messages and asking again', () => {
  it('sends a message to staff, says so and empties the box; a failure is said above the form', async () => {
    const written = {
      __typename: 'QuoteMessage' as const,
      id: 'm1',
      staff: false,
      author: 'Ada Ng',
      body: 'Can it ship Friday?',
      createdAt: '2030-01-03T15:00:00.000Z',
    };
    const { mock, sent: messaged } = recordedMutation(SendQuoteMessageDocument, () => ({
      data: { sendQuoteMessage: quote({ messages: [written] }) },
    }));
    const { mock: down } = recordedMutation(SendQuoteMessageDocument, refusal('INTERNAL', 'Mail is down.'));
    show([me, read(quote()), mock, down]);
    const form = await screen.findByRole('form', { name: 'Messages' });
    const box = within(form).getByLabelText('Your message') as HTMLTextAreaElement;
    fireEvent.change(box, { target: { value: 'Can it ship Friday?' } });
    fireEvent.click(within(form).getByRole('button', { name: 'Send' }));

    expect(await screen.findByText('Message sent.')).toBeTruthy();
    expect(messaged).toHaveBeenCalledWith({ id: ID, body: 'Can it ship Friday?' });
    await waitFor(() => expect(box.value).toBe(''));
    // The answer is the quote with the message: the cache takes it, and the page lists it.
    expect(within(screen.getByTestId('quote-messages')).getByText('Can it ship Friday?')).toBeTruthy();

    fireEvent.change(box, { target: { value: 'And Monday?' } });
    fireEvent.click(within(form).getByRole('button', { name: 'Send' }));
    expect((await within(form).findByRole('alert')).textContent).toBe('Mail is down.');
    expect(box.value).toBe('And Monday?');
  });

  it('asks an expired quote again and lands on the new request; a refusal is said on the page', async () => {
    const expired = quote({ status: 'expired' });
    const NEW = '7a2e8e3f-4a5b-4c6d-9e0f-1a2b3c4d5e6f';
    const { mock: refusedAgain } = recordedMutation(
      RequestQuoteAgainDocument,
      refusal('UNPROCESSABLE', 'Part PART-1 is no longer sold.'),
    );
    const { mock, sent: asked } = recordedMutation(RequestQuoteAgainDocument, () => ({
      data: {
        requestQuoteAgain: quote({
          id: NEW,
          number: '100043',
          status: 'requested',
          sent: null,
          sentRevision: null,
        }),
      },
    }));
    const { location } = show([me, read(expired), refusedAgain, mock]);
    const again = within(await screen.findByTestId('request-again'));
    fireEvent.click(again.getByRole('button', { name: 'Request again' }));
    expect((await again.findByRole('alert')).textContent).toBe('Part PART-1 is no longer sold.');

    fireEvent.click(again.getByRole('button', { name: 'Request again' }));
    expect(await screen.findByText('Asked again as Q-100043: we will send you a quote.')).toBeTruthy();
    expect(asked).toHaveBeenCalledWith({ id: ID });
    await waitFor(() => expect(location().pathname).toBe(`/user/account/quotes/${NEW}`));
  });
});
