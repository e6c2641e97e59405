import { afterEach, beforeEach, describe, expect, it, jest } from '@jest/globals';
import type { MockedResponse } from '@apollo/client/testing';
import { MockedProvider } from '@apollo/client/testing/react';
import { act, renderHook, waitFor } from '@testing-library/react';
import { GraphQLError } from 'graphql';
import { CSRF } from '@domain/constants';
import type { ReactNode } from 'react';
import {
  ConfirmOrderPaymentDocument,
  PayOrderDocument,
  PlaceOrderDocument,
  type PlaceOrderFieldsFragment,
  type PlaceOrderInput,
} from './graphql/checkout.generated';
import { usePlaceOrder } from './usePlaceOrder';

const order: PlaceOrderFieldsFragment['order'] & { __typename: 'Order' } = {
  __typename: 'Order',
  id: 'o1',
  orderNumber: '1001',
  status: 1,
  statusLabel: 'Awaiting Payment',
  paymentStatus: 'PENDING',
  shipmentStatus: 'NOT_SHIPPED',
  deliveryStatus: 'NOT_DELIVERED',
  returnStatus: 'NO_RETURN',
  contactEmail: 'buyer@example.com',
  currencyCode: 'usd',
  subTotal: 100,
  freightAmt: 10,
  taxPct: 0,
  taxAmount: 0,
  taxes: [],
  discountTotal: 0,
  freightDiscount: 0,
  promotions: [],
  total: 110,
  carrierId: 'ups',
  carrierMethod: 'Ground',
  shippingNote: '',
  paymentKind: 'card',
  cardBrand: null,
  cardLast4: null,
  poNumber: null,
  erpOrderId: null,
  deliveredAt: null,
  payBy: null,
  approval: null,
  createdAt: '2026-11-26T09:00:00.000Z',
  shippingAddress: {
    name: 'Dana Buyer',
    companyName: null,
    addressLine1: '1 Main St',
    addressLine2: null,
    city: 'Raleigh',
    state: 'NC',
    zip: '27601',
    country: 'US',
    phone: null,
    email: 'buyer@example.com',
  },
  lines: [],
  shipments: [],
  events: [],
};

const result = (
  over: Partial<Omit<PlaceOrderFieldsFragment, 'order'>> = {},
): PlaceOrderFieldsFragment & { __typename: 'PlaceOrderResult' } => ({
  __typename: 'PlaceOrderResult',
  paymentError: null,
  nextAction: null,
  order,
  ...over,
});

const input: PlaceOrderInput = {
  contactEmail: 'buyer@example.com',
  shippingAddress: {
    name: 'Dana Buyer',
    addressLine1: '1 Main St',
    city: 'Raleigh',
    state: 'NC',
    zip: '27601',
    email: 'buyer@example.com',
  },
  shippingDetails: { carrierId: 'ups', carrierMethod: 'Ground', note: '' },
  payment: { kind: 'card', paymentMethodId: 'pm_1' },
};

/** A placeOrder answer for the attempt with `key` (the mock only matches that key). */
const placing = (
  key: string,
  answer: MockedResponse['result'] | undefined,
  error?: Error,
): MockedResponse => ({
  request: { query: PlaceOrderDocument, variables: { idempotencyKey: key, input } },
  ...(error ? { error } : { result: answer }),
});

let keys: string[];
beforeEach(() => {
  keys = ['key-1', 'key-2', 'key-3'];
  jest
    .spyOn(crypto, 'randomUUID')
    .mockImplementation(() => keys.shift() as ReturnType<typeof crypto.randomUUID>);
});
afterEach(() => {
  jest.restoreAllMocks();
});

function setUp(mocks: MockedResponse[], order: PlaceOrderFieldsFragment['order'] | null = null) {
  const paid: string[] = [];
  const wrapper = ({ children }: { children: ReactNode }) => (
    <MockedProvider mocks={mocks}>{children}</MockedProvider>
  );
  const hook = renderHook(
    () => usePlaceOrder({ order, failedMessage: 'Something went wrong.', onDone: (o) => paid.push(o.id) }),
    { wrapper },
  );
  return { hook, paid };
}

describe('usePlaceOrder', () => {
  it('goes from ready through placing to done, and calls onDone once with the order', async () => {
    const { hook, paid } = setUp([placing('key-1', { data: { placeOrder: result() } })]);
    expect(hook.result.current.state).toEqual({ step: 'ready', order: null });
    let sent: Promise<unknown> = Promise.resolve();
    act(() => {
      sent = hook.result.current.place(input);
    });
    expect(hook.result.current.state.step).toBe('placing');
    await act(() => sent);
    expect(hook.result.current.state).toMatchObject({ step: 'done', order: { id: 'o1' } });
    expect(paid).toEqual(['o1']);
  });

  it('keeps the saved order when the card is declined, and pays it with another card', async () => {
    const { hook, paid } = setUp([
      placing('key-1', { data: { placeOrder: result({ paymentError: 'Your card was declined.' }) } }),
      {
        request: { query: PayOrderDocument, variables: { orderId: 'o1', paymentMethodId: 'pm_2' } },
        result: { data: { payOrder: result() } },
      },
    ]);
    await act(() => hook.result.current.place(input));
    expect(hook.result.current.state).toMatchObject({
      step: 'declined',
      reason: 'Your card was declined.',
      order: { id: 'o1' },
    });
    expect(paid).toEqual([]);
    await act(() => hook.result.current.pay({ paymentMethodId: 'pm_2' }));
    expect(hook.result.current.state.step).toBe('done');
    expect(paid).toEqual(['o1']);
  });

  it("shows the bank's check, and once approved confirms the payment", async () => {
    const { hook, paid } = setUp([
      placing('key-1', {
        data: {
          placeOrder: result({
            nextAction: {
              __typename: 'PaymentNextAction',
              type: 'three_d_secure',
              intentId: 'pi_1',
              clientSecret: 'secret',
            } as PlaceOrderFieldsFragment['nextAction'],
          }),
        },
      }),
      {
        request: { query: ConfirmOrderPaymentDocument, variables: { orderId: 'o1' } },
        result: { data: { confirmOrderPayment: result() } },
      },
    ]);
    document.cookie = `${CSRF.cookieName}=token; path=/`;
    const sent: { url: string; body: unknown }[] = [];
    jest.spyOn(globalThis, 'fetch').mockImplementation(async (url, init) => {
      sent.push({ url: String(url), body: JSON.parse(String(init?.body)) });
      return new Response('{}', { status: 200, headers: { 'content-type': 'application/json' } });
    });
    await act(() => hook.result.current.place(input));
    expect(hook.result.current.state).toMatchObject({ step: 'challenge', challenge: { intentId: 'pi_1' } });
    await act(() => hook.result.current.answer(true));
    expect(sent).toEqual([
      {
        url: '/api/payments/test/intents/pi_1/authenticate',
        body: { csrf_token: 'token', clientSecret: 'secret', approve: true },
      },
    ]);
    expect(hook.result.current.state.step).toBe('done');
    expect(paid).toEqual(['o1']);
  });

  it('retries with the same key when no answer came, so the order cannot be doubled', async () => {
    const { hook, paid } = setUp([
      placing('key-1', undefined, new Error('Failed to fetch')),
      placing('key-1', { data: { placeOrder: result() } }),
    ]);
    await act(() => hook.result.current.place(input));
    expect(hook.result.current.state).toEqual({
      step: 'failed',
      message: 'Something went wrong.',
      blocked: false,
    });
    await act(() => hook.result.current.place(input));
    expect(hook.result.current.state.step).toBe('done');
    expect(paid).toEqual(['o1']);
  });

  it("takes a new key after the server's refusal, and says when an item may not ship to the state", async () => {
    const refusal = new GraphQLError('Some items cannot ship to AK.', {
      extensions: { code: 'VALIDATION', fields: [{ field: 'shippingAddress.state', message: 'Not to AK.' }] },
    });
    const { hook } = setUp([
      placing('key-1', { errors: [refusal] }),
      placing('key-2', { data: { placeOrder: result() } }),
    ]);
    await act(() => hook.result.current.place(input));
    expect(hook.result.current.state).toMatchObject({
      step: 'failed',
      message: 'Some items cannot ship to AK.',
      blocked: true,
    });
    await act(() => hook.result.current.place(input));
    await waitFor(() => expect(hook.result.current.state.step).toBe('done'));
  });

  it('pays a saved order from Pay now by purchase order', async () => {
    const { hook, paid } = setUp(
      [
        {
          request: { query: PayOrderDocument, variables: { orderId: 'o1', poNumber: 'PO-77' } },
          result: { data: { payOrder: result() } },
        },
      ],
      order,
    );
    expect(hook.result.current.state).toMatchObject({ step: 'ready', order: { id: 'o1' } });
    await act(() => hook.result.current.pay({ poNumber: 'PO-77' }));
    expect(paid).toEqual(['o1']);
  });
});
