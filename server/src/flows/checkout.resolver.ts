import { Arg, Ctx, ID, Int, Mutation, Resolver } from 'type-graphql';
import type { Ctx as RequestCtx } from '../context';
import { OrderGql, PlaceOrderInputGql, PlaceOrderResultGql } from '../modules/order';
import { cancelOrder } from './cancel-order';
import { payOrder } from './pay-order';
import { placeOrder } from './place-order';
import { checkOutQuote } from './quote-checkout';

const withoutNulls = <T extends object>(input: T) =>
  Object.fromEntries(Object.entries(input).filter(([, v]) => v !== null && v !== undefined));

/**
 * The checkout's mutations that span modules (issue 53): placing the cart or an accepted quote, paying an order
 * later and cancelling one run their flows, so they are the flows' transport, not the order module's.
 */
@Resolver()
export class CheckoutResolver {
  @Mutation(() => PlaceOrderResultGql, {
    description: 'Places the cart as an order; the same idempotencyKey returns the same order',
  })
  placeOrder(
    @Arg('input', () => PlaceOrderInputGql) input: PlaceOrderInputGql,
    @Arg('idempotencyKey', () => String) idempotencyKey: string,
    @Ctx() ctx: RequestCtx,
    @Arg('quoteId', () => ID, {
      nullable: true,
      description:
        'An accepted quote to order instead of the cart (its lines, prices and freight; the cart is left alone)',
    })
    quoteId?: string | null,
    @Arg('quoteRevision', () => Int, {
      nullable: true,
      description: 'The revision the buyer accepted and read: a quote changed since is refused',
    })
    quoteRevision?: number | null,
  ) {
    const body = {
      ...input,
      shippingAddress: withoutNulls(input.shippingAddress),
      shippingDetails: withoutNulls(input.shippingDetails),
      payment: withoutNulls(input.payment),
    };
    return quoteId
      ? checkOutQuote(ctx, body, idempotencyKey, { quoteId, revision: quoteRevision ?? -1 })
      : placeOrder(ctx, body, idempotencyKey);
  }

  @Mutation(() => PlaceOrderResultGql, {
    description:
      'Pays an order whose payment failed or waits for the bank: with another card (paymentMethodId), or by purchase order (poNumber, accounts on net terms)',
  })
  payOrder(
    @Arg('orderId', () => ID) orderId: string,
    @Arg('paymentMethodId', () => String, { nullable: true }) paymentMethodId: string | null,
    @Arg('poNumber', () => String, { nullable: true }) poNumber: string | null,
    @Arg('saveCard', () => Boolean, { nullable: true }) saveCard: boolean | null,
    @Ctx() ctx: RequestCtx,
  ) {
    return payOrder(ctx, orderId, { paymentMethodId, poNumber, saveCard });
  }

  @Mutation(() => OrderGql, {
    description: 'Cancels an order that has not shipped; its payment is released or refunded',
  })
  cancelOrder(@Arg('orderId', () => ID) orderId: string, @Ctx() ctx: RequestCtx) {
    return cancelOrder(ctx, orderId);
  }
}
