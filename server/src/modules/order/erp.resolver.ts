import { Arg, Authorized, Ctx, Field, ID, Int, Mutation, ObjectType, Query, Resolver } from 'type-graphql';
import { CONSOLE_ACCESS } from '../../../../domain/admin';
import { ERP_ORDERS } from '../../../../domain/erp';
import type { Ctx as RequestCtx } from '../../context';
import { authorizedFor } from '../auth';
import { erpOrderService } from './erp-orders';
import { AdminOrderRowGql } from './order-admin.resolver';
import { OrderGql } from './order.types';

@ObjectType('UnacknowledgedOrder', {
  description: 'An order the ERP has not acknowledged, with how long it waits',
})
class UnacknowledgedOrderGql extends AdminOrderRowGql {
  @Field(() => Int, { description: 'Minutes since the order was placed' }) waitingMinutes!: number;
}

@ObjectType('UnacknowledgedOrderPage')
class UnacknowledgedOrderPageGql {
  @Field(() => [UnacknowledgedOrderGql]) items!: UnacknowledgedOrderGql[];
  @Field(() => Int) total!: number;
  @Field(() => Int) page!: number;
  @Field(() => Int) pageSize!: number;
  @Field(() => Int, { description: 'The age listed from (the argument, else ERP_ACKNOWLEDGE_MINUTES)' })
  olderThanMinutes!: number;
}

/** The ERP's acknowledgement of orders and the console's list of those it has not acknowledged (decision 071). */
@Resolver()
export class ErpOrderResolver {
  @Authorized(...authorizedFor(ERP_ORDERS))
  @Mutation(() => OrderGql, {
    description:
      'The ERP acknowledges an order with its own order number (a key with erp:orders, or an Admin): the same number again answers the same, another is a CONFLICT',
  })
  acknowledgeOrder(
    @Arg('id', () => ID) id: string,
    @Arg('erpOrderId', () => String) erpOrderId: string,
    @Ctx() ctx: RequestCtx,
  ) {
    return erpOrderService.acknowledge(ctx, id, { erpOrderId });
  }

  @Authorized(...CONSOLE_ACCESS.orders)
  @Query(() => UnacknowledgedOrderPageGql, {
    description: 'Orders not acknowledged by the ERP this many minutes after placement, oldest first',
  })
  unacknowledgedOrders(
    @Arg('olderThanMinutes', () => Int, { nullable: true }) olderThanMinutes: number | null,
    @Arg('page', () => Int, { nullable: true }) page: number | null,
    @Arg('pageSize', () => Int, { nullable: true }) pageSize: number | null,
    @Ctx() ctx: RequestCtx,
  ) {
    return erpOrderService.unacknowledged(ctx, {
      olderThanMinutes,
      page: page ?? undefined,
      pageSize: pageSize ?? undefined,
    });
  }
}
