import { Arg, Authorized, Ctx, FieldResolver, ID, Mutation, Query, Resolver, Root } from 'type-graphql';
import { AWAITING_PAYMENT } from '../../../../domain/order-status';
import { unpaidCancelAt } from '../../../../domain/checkout';
import type { Ctx as RequestCtx } from '../../context';
import { cartGql } from '../cart';
import { ORDERS_OWN, authorizedFor } from '../auth';
import { checkoutService } from './checkout.service';
import { orderService, type OrderView } from './order.service';
import {
  OrderGql,
  OrderListInputGql,
  OrderPageGql,
  PlaceOrderResultGql,
  ReorderResultGql,
} from './order.types';

const withoutNulls = <T extends object>(input: T) =>
  Object.fromEntries(Object.entries(input).filter(([, v]) => v !== null && v !== undefined));

/** When an order waiting for a payment is cancelled if still unpaid, or null. */
export const payByOf = (order: Pick<OrderView, 'status' | 'unpaidSince'>, cancelAfterDays: number) =>
  AWAITING_PAYMENT.includes(order.status) && order.unpaidSince
    ? unpaidCancelAt(order.unpaidSince, { cancelAfterDays }).toISOString()
    : null;

/**
 * The caller's orders. Guests read the orders they placed in this session. Placing, paying later and cancelling
 * run flows: their mutations are the flows' (flows/checkout.resolver.ts).
 */
@Resolver(() => OrderGql)
export class OrderResolver {
  @Authorized(...authorizedFor(ORDERS_OWN))
  @Query(() => OrderPageGql, { description: "The signed-in user's orders, newest first" })
  orders(
    @Arg('filter', () => OrderListInputGql, { nullable: true }) filter: OrderListInputGql | null,
    @Ctx() ctx: RequestCtx,
  ) {
    return orderService.mine(ctx, withoutNulls(filter ?? {}));
  }

  @Query(() => OrderGql, { description: "One of the caller's orders (404 for anyone else's)" })
  order(@Arg('id', () => ID) id: string, @Ctx() ctx: RequestCtx) {
    return orderService.get(ctx, id);
  }

  @Query(() => [OrderGql], {
    description:
      "The caller's orders waiting for a payment (Payment Failed, Payment Requires Action), newest first",
  })
  ordersAwaitingPayment(@Ctx() ctx: RequestCtx) {
    return orderService.awaitingPayment(ctx);
  }

  @Mutation(() => PlaceOrderResultGql, { description: "Records the payment after the bank's authentication" })
  confirmOrderPayment(@Arg('orderId', () => ID) orderId: string, @Ctx() ctx: RequestCtx) {
    return checkoutService.confirmPayment(ctx, orderId);
  }

  @FieldResolver(() => String, {
    nullable: true,
    description: 'For an order waiting for a payment: when it is cancelled if still unpaid (ISO 8601)',
  })
  payBy(@Root() order: OrderView, @Ctx() ctx: RequestCtx): string | null {
    return payByOf(order, ctx.app.unpaidOrders.cancelAfterDays);
  }

  @Mutation(() => ReorderResultGql, { description: 'Puts every line of an order back in the cart' })
  async reorder(@Arg('orderId', () => ID) orderId: string, @Ctx() ctx: RequestCtx) {
    const { cart, skipped } = await orderService.reorder(ctx, orderId);
    return { cart: cartGql(cart), skipped };
  }
}
