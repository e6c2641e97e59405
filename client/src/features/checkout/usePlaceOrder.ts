import { useApolloClient, useMutation } from '@apollo/client/react';
import { useRef, useState } from 'react';
import { failureOf, errorMessage } from '../../lib/failure';
import { post } from '../../lib/http';
import {
  ConfirmOrderPaymentDocument,
  PayOrderDocument,
  PlaceOrderDocument,
  type PlaceOrderFieldsFragment,
  type PlaceOrderInput,
} from './graphql/checkout.generated';

type Order = PlaceOrderFieldsFragment['order'];
export type Challenge = NonNullable<PlaceOrderFieldsFragment['nextAction']>;

/**
 * Where a payment stands, from Place order (or Pay now on a saved order) to paid:
 * - `ready`: nothing sent; `order` is the saved order to pay, or null before the order exists;
 * - `placing`: the order is on its way (its Idempotency-Key is held until an answer comes);
 * - `failed`: the order was not placed (`blocked`: an item may not ship to the address's state);
 * - `declined`: the order is saved, its payment was refused — another card or a purchase order;
 * - `challenge`: the order is saved, the bank asks its check (3-D Secure);
 * - `done`: paid, or its purchase order accepted.
 */
export type PaymentState =
  | { step: 'ready'; order: Order | null }
  | { step: 'placing' }
  | { step: 'failed'; message: string; blocked: boolean }
  | { step: 'declined'; order: Order; reason: string }
  | { step: 'challenge'; order: Order; challenge: Challenge }
  | { step: 'done'; order: Order };

/**
 * A payment of a saved order: a card's payment method from the provider (saved to the buyer once it authorises
 * when `saveCard`), or a purchase order number.
 */
export type PayWith = { paymentMethodId: string; saveCard?: boolean } | { poNumber: string };

/** What a provider's answer about an order makes of the payment. */
export function settled(result: PlaceOrderFieldsFragment): PaymentState {
  if (result.nextAction) return { step: 'challenge', order: result.order, challenge: result.nextAction };
  if (result.paymentError) return { step: 'declined', order: result.order, reason: result.paymentError };
  return { step: 'done', order: result.order };
}

/**
 * The payment state machine of checkout and of Pay now. `place` sends the order once per attempt (the key is
 * reused only when an attempt got no answer, so a retry cannot double the order); `pay` pays the saved order
 * again; `answer` gives the bank's answer to its check. `onDone` runs once the order is paid. A failure of
 * `pay` or `answer` is thrown to the form that sent it, the state staying where it was.
 */
export function usePlaceOrder({
  order = null,
  quote = null,
  failedMessage,
  onDone,
}: {
  /** A saved order waiting for its payment (Pay now). */
  order?: Order | null;
  /** An accepted quote checked out instead of the cart (decision 049). */
  quote?: { quoteId: string; revision: number } | null;
  /** The message when an attempt fails without the server's reason (the network). */
  failedMessage: string;
  onDone: (order: Order) => void;
}) {
  const client = useApolloClient();
  const [placeOrder] = useMutation(PlaceOrderDocument);
  const [payOrder] = useMutation(PayOrderDocument);
  const [confirmPayment] = useMutation(ConfirmOrderPaymentDocument);
  const [state, setState] = useState<PaymentState>({ step: 'ready', order });
  // One key per attempt, made when the first is sent: renewed once the server has answered.
  const key = useRef<string | null>(null);

  const settle = (result: PlaceOrderFieldsFragment): PaymentState => {
    const next = settled(result);
    setState(next);
    if (next.step === 'done') onDone(next.order);
    return next;
  };

  const place = async (input: PlaceOrderInput): Promise<PaymentState> => {
    setState({ step: 'placing' });
    key.current ??= crypto.randomUUID();
    try {
      const { data } = await placeOrder({
        variables: {
          idempotencyKey: key.current,
          input,
          ...(quote ? { quoteId: quote.quoteId, quoteRevision: quote.revision } : {}),
        },
      });
      if (!data) throw new Error(failedMessage);
      // The ordered lines have left the cart: the header's count follows.
      void client.refetchQueries({ include: ['Cart'] });
      return settle(data.placeOrder);
    } catch (err) {
      const answered = Boolean((err as { errors?: unknown[] }).errors?.length);
      if (answered) key.current = null;
      const failed: PaymentState = {
        step: 'failed',
        message: errorMessage(err, failedMessage),
        // The address cannot be used (an item may not ship to its state, or the company ships only to its
        // locations): the buyer is sent back to it.
        blocked: ['shippingAddress.state', 'shippingAddress.addressLine1'].some(
          (f) => failureOf(err).fields[f],
        ),
      };
      setState(failed);
      return failed;
    }
  };

  const orderOf = (s: PaymentState): Order => {
    if ('order' in s && s.order) return s.order;
    throw new Error('There is no saved order to pay.');
  };

  const pay = async (payWith: PayWith) => {
    const { data } = await payOrder({ variables: { orderId: orderOf(state).id, ...payWith } });
    if (data) settle(data.payOrder);
  };

  const answer = async (approve: boolean) => {
    if (state.step !== 'challenge') return;
    await post(`/api/payments/test/intents/${state.challenge.intentId}/authenticate`, {
      clientSecret: state.challenge.clientSecret,
      approve,
    });
    const { data } = await confirmPayment({ variables: { orderId: state.order.id } });
    if (data) settle(data.confirmOrderPayment);
  };

  return { state, place, pay, answer };
}

export type PaymentControls = ReturnType<typeof usePlaceOrder>;
