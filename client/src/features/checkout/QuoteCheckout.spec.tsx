import { afterEach, beforeEach, describe, expect, it, jest } from '@jest/globals';
import type { MockedResponse } from '@apollo/client/testing';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { confirmationPath, quotePagePath } from '@domain/routes';
import { QUOTE_MESSAGES } from '@domain/quotes';
import { meAnswer, signedInUser } from '../../testing/auth';
import { recordedMutation, refusal } from '../../testing/mutations';
import { renderRoute } from '../../testing/render';
import { MyCompanyDocument } from '../company';
import { CheckoutPage } from './CheckoutPage';
import { CHECKOUT_DRAFT_KEY } from './checkoutDraft';
import {
  PlaceOrderDocument,
  QuoteCheckoutDocument,
  type PlaceOrderFieldsFragment,
} from './graphql/checkout.generated';

/* The shop → an accepted quote's checkout (issue 54, item 4; decision 049): /checkout?quote=…&revision=… shows the
 * quote's lines at its prices (not the cart's), Place order sends the quote and its revision, and the server's
 * refusal of a quote that expired or was declined is said to the buyer. */

const QUOTE = '00000000-0000-4000-8000-00000000a0a1';
const REVISION = 2;

const line = {
  __typename: 'CartLine' as const,
  cartLineId: 'ql1',
  cartId: QUOTE,
  itemId: 'SFU1605',
  name: 'Ball screw SFU1605',
  // The quote's price, below the catalogue's 10.00.
  price: 8.25,
  lineTotal: 330,
  discount: 0,
  netLineTotal: 330,
  priceSource: 'catalogue',
  priceListId: null,
  brandId: null,
  categoryHandle: null,
  quantity: 40,
  image: null,
  inStock: true,
  stock: {
    __typename: 'PartStock' as const,
    backorderAllowed: true,
    leadTimeDays: 10,
    warehouses: [
      { __typename: 'WarehouseStock' as const, warehouseId: 'MOO', name: 'Mooresville, NC', available: 400 },
    ],
  },
  manufacturerPartNumber: null,
  minimumPurchaseQuantity: 1,
  minTransfer: 1,
  maxOrderQuantity: null,
  unitOfMeasure: 'EA',
  allowedStates: [],
  categories: ['Motion Control'],
  configurations: [],
  priceTiers: [],
};
const quoteAsCart = {
  __typename: 'Cart' as const,
  cartId: QUOTE,
  revision: REVISION,
  currencyCode: 'usd',
  subTotal: 330,
  freightAmt: 42.5,
  freightRule: '',
  taxPct: 0,
  taxAmount: 0,
  taxes: [],
  taxState: 'NC',
  total: 372.5,
  totalQuantity: 40,
  hasUnpricedItem: false,
  discountTotal: 0,
  freightDiscount: 0,
  promotions: [],
  codes: [],
  promotionRules: [],
  orderLines: [line],
};

const address = {
  contactEmail: '',
  name: 'Ada Ng',
  companyName: 'Plant Works',
  addressLine1: '1 Main St',
  addressLine2: '',
  city: 'Raleigh',
  state: 'NC',
  zip: '27601',
  email: 'ada@plant.example',
  phone: '',
  isResidential: false,
};
const shipping = { carrierId: 'ups', carrierMethod: 'Ground', note: '' };

const ORDER = '00000000-0000-4000-8000-0000000000e1';
const placed: PlaceOrderFieldsFragment & { __typename: 'PlaceOrderResult' } = {
  __typename: 'PlaceOrderResult',
  paymentError: null,
  nextAction: null,
  order: {
    __typename: 'Order',
    id: ORDER,
    orderNumber: '100077',
    status: 1,
    statusLabel: 'Processing',
    paymentStatus: 'PENDING',
    shipmentStatus: 'NOT_SHIPPED',
    deliveryStatus: 'NOT_DELIVERED',
    returnStatus: 'NO_RETURN',
    contactEmail: 'ada@plant.example',
    currencyCode: 'usd',
    subTotal: 330,
    freightAmt: 42.5,
    taxPct: 0,
    taxAmount: 0,
    taxes: [],
    discountTotal: 0,
    freightDiscount: 0,
    promotions: [],
    total: 372.5,
    carrierId: 'ups',
    carrierMethod: 'Ground',
    shippingNote: '',
    paymentKind: 'purchaseOrder',
    cardBrand: null,
    cardLast4: null,
    poNumber: 'PO-88',
    erpOrderId: null,
    deliveredAt: null,
    payBy: null,
    approval: null,
    createdAt: '2026-11-26T09:00:00.000Z',
    shippingAddress: {
      __typename: 'Address',
      name: 'Ada Ng',
      companyName: 'Plant Works',
      addressLine1: '1 Main St',
      addressLine2: null,
      city: 'Raleigh',
      state: 'NC',
      zip: '27601',
      country: 'US',
      phone: null,
      email: 'ada@plant.example',
    },
    lines: [],
    shipments: [],
    events: [],
  } as PlaceOrderFieldsFragment['order'],
};

const buyer = signedInUser({ accounts: [{ id: 'a1', company: 'Plant Works', netTermsDays: 30 }] });
const mocks = (quoteAnswer: MockedResponse['result']): MockedResponse[] => [
  { ...meAnswer(buyer), maxUsageCount: 10 },
  // No company record answers: the buyer may order, with no approval limit.
  { request: { query: MyCompanyDocument }, result: { data: { myCompany: null } }, maxUsageCount: 10 },
  {
    // Read first without a state (before the session, so the draft, is known), then for the draft's NC.
    request: { query: QuoteCheckoutDocument, variables: (v) => v.id === QUOTE && v.revision === REVISION },
    result: quoteAnswer,
    maxUsageCount: 5,
  },
];

function show(
  extra: MockedResponse[],
  quoteAnswer: MockedResponse['result'] = { data: { quoteCheckout: quoteAsCart } },
) {
  return renderRoute(<CheckoutPage />, {
    path: `/checkout?quote=${QUOTE}&revision=${REVISION}`,
    mocks: [...mocks(quoteAnswer), ...extra],
  });
}

/** The buyer pays the quote by purchase order and reaches the review. */
async function payByPurchaseOrder() {
  fireEvent.click(await screen.findByRole('radio', { name: 'Purchase order (net 30 days)' }));
  fireEvent.change(screen.getByLabelText(/Purchase order number/), { target: { value: 'PO-88' } });
  fireEvent.click(screen.getByRole('button', { name: 'Continue' }));
  return within(await screen.findByRole('region', { name: 'Review and Place Order' }));
}

jest.setTimeout(30_000);

beforeEach(() => {
  // The quote's checkout was left at the payment step (its own draft): address and shipping are given.
  sessionStorage.setItem(
    CHECKOUT_DRAFT_KEY,
    JSON.stringify({ owner: `u1:quote:${QUOTE}`, step: 'payment', address, shipping, typing: {} }),
  );
});
afterEach(() => sessionStorage.clear());

describe('The shop → checking out an accepted quote', () => {
  it("shows the quote's lines and prices, and Place order sends the quote and its revision", async () => {
    const { mock, sent } = recordedMutation(PlaceOrderDocument, () => ({ data: { placeOrder: placed } }));
    const { location } = show([mock]);

    // The summary is the quote's, at its prices.
    expect((await screen.findByTestId('checkout-subtotal')).textContent).toBe('$330.00');
    expect(screen.getByTestId('checkout-freight').textContent).toContain('$42.50');
    expect(screen.getByTestId('checkout-total').textContent).toBe('$372.50');

    const review = await payByPurchaseOrder();
    expect(review.getByText(/40 × Ball screw SFU1605/)).toBeTruthy();
    expect(review.getByText('$330.00')).toBeTruthy();
    fireEvent.click(review.getByRole('button', { name: 'Place Order' }));

    await waitFor(() => expect(location().pathname).toBe(confirmationPath(ORDER)));
    expect(sent).toHaveBeenCalledTimes(1);
    expect(sent.mock.calls[0][0]).toMatchObject({
      quoteId: QUOTE,
      quoteRevision: REVISION,
      input: { payment: { kind: 'purchaseOrder', poNumber: 'PO-88' }, shippingAddress: { state: 'NC' } },
    });
  });

  it('says so when the server refuses the quote at Place order (it expired meanwhile), and stays on the review', async () => {
    const { mock, sent } = recordedMutation(PlaceOrderDocument, refusal('CONFLICT', QUOTE_MESSAGES.expired));
    const { location } = show([mock]);

    const review = await payByPurchaseOrder();
    fireEvent.click(review.getByRole('button', { name: 'Place Order' }));

    expect((await screen.findByTestId('checkout-error')).textContent).toBe(QUOTE_MESSAGES.expired);
    expect(sent).toHaveBeenCalledTimes(1);
    expect(location().pathname).toBe('/checkout');
    expect(review.getByRole('button', { name: 'Place Order' })).toBeTruthy();
  });

  it('shows the refusal of a quote that can no longer be ordered, with the way back to it, and no steps', async () => {
    const reads: unknown[] = [];
    const refused = refusal('CONFLICT', QUOTE_MESSAGES.notQuoted);
    show([], (variables) => {
      reads.push(variables.state);
      return refused();
    });

    // Read for the draft's NC once the session is known (perhaps without a state before it): the refusal stays.
    await waitFor(() => expect(reads.at(-1)).toBe('NC'));
    const back = await screen.findByRole('link', { name: 'Back to the quote' });
    expect(back.getAttribute('href')).toBe(quotePagePath(QUOTE));
    expect(screen.getByRole('alert').textContent).toBe(QUOTE_MESSAGES.notQuoted);
    expect(screen.queryByRole('button', { name: 'Place Order' })).toBeNull();
    expect(screen.queryByRole('radio', { name: 'Purchase order (net 30 days)' })).toBeNull();
  });
});
