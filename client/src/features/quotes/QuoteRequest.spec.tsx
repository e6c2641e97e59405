import { beforeEach, describe, expect, it } from '@jest/globals';
import type { MockedResponse } from '@apollo/client/testing';
import { QUOTE_MESSAGES } from '@domain/quotes';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { Route, Routes } from 'react-router-dom';
import { meAnswer, signedInUser } from '../../testing/auth';
import { recordedMutation, refusal } from '../../testing/mutations';
import { renderRoute } from '../../testing/render';
import { RequestQuoteDocument } from './graphql/quotes.generated';
import { QuoteRequestPanel } from './QuoteRequest';

/* "Ask for a quote" under the cart (decision 049, issue 54 item 4): the lines chosen sent, and the request's page
 * opens; no line chosen is refused before anything is sent; a refusal is said above the form (useRequestQuote.ts). */

const LINE_1 = '00000000-0000-4000-8000-0000000000d1';
const LINE_2 = '00000000-0000-4000-8000-0000000000d2';
const QUOTE = '6f1d7d2e-3f4a-4b5c-8d9e-0a1b2c3d4e5f';
const lines = [
  { cartLineId: LINE_1, itemId: 'SFU1605-500', name: 'Ball screw', quantity: 2, price: 120 },
  { cartLineId: LINE_2, itemId: '2020-C-1000', name: 'Extrusion', quantity: 4, price: null },
];

function show(mocks: MockedResponse[]) {
  return renderRoute(
    <Routes>
      <Route path="/cart" element={<QuoteRequestPanel lines={lines} />} />
      <Route path="/user/account/quotes/:id" element={<p>quote page</p>} />
    </Routes>,
    { path: '/cart', mocks: [meAnswer(signedInUser()), ...mocks] },
  );
}

beforeEach(() => {
  document.cookie = 'clientCsrfToken=c.t; path=/';
});

describe('asking for a quote from the cart', () => {
  it('sends the lines chosen with a note, and opens the request’s page', async () => {
    const { mock, sent } = recordedMutation(RequestQuoteDocument, () => ({
      data: { requestQuote: { __typename: 'Quote', id: QUOTE } },
    }));
    const { location } = show([mock]);
    const form = within(await screen.findByRole('form', { name: 'Ask for a quote' }));
    fireEvent.click(form.getByLabelText('4 × Extrusion (2020-C-1000)'));
    fireEvent.change(form.getByLabelText('Note (quantities, tolerances, finish…)'), {
      target: { value: 'Anodised black' },
    });
    fireEvent.click(form.getByRole('button', { name: 'Send the request' }));

    expect(await screen.findByText('quote page')).toBeTruthy();
    expect(location().pathname).toBe(`/user/account/quotes/${QUOTE}`);
    expect(sent).toHaveBeenCalledWith({
      input: { cartLineIds: [LINE_1], neededBy: '', note: 'Anodised black' },
    });
  });

  it('refuses a request with no line chosen, and sends nothing', async () => {
    const { mock, sent } = recordedMutation(RequestQuoteDocument, () => ({
      data: { requestQuote: { __typename: 'Quote', id: QUOTE } },
    }));
    show([mock]);
    const form = within(await screen.findByRole('form', { name: 'Ask for a quote' }));
    fireEvent.click(form.getByLabelText('2 × Ball screw (SFU1605-500)'));
    fireEvent.click(form.getByLabelText('4 × Extrusion (2020-C-1000)'));
    fireEvent.click(form.getByRole('button', { name: 'Send the request' }));

    expect(await form.findByText(QUOTE_MESSAGES.noLines)).toBeTruthy();
    expect(sent).not.toHaveBeenCalled();
  });

  it('says a refusal above the form and stays on the cart', async () => {
    const { mock } = recordedMutation(
      RequestQuoteDocument,
      refusal('UNPROCESSABLE', 'Quotes are for signed-in company buyers.'),
    );
    const { location } = show([mock]);
    const form = within(await screen.findByRole('form', { name: 'Ask for a quote' }));
    fireEvent.click(form.getByRole('button', { name: 'Send the request' }));

    await waitFor(() =>
      expect(form.getByRole('alert').textContent).toBe('Quotes are for signed-in company buyers.'),
    );
    expect(location().pathname).toBe('/cart');
  });
});
