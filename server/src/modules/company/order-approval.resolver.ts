import { Ctx, FieldResolver, Resolver, Root } from 'type-graphql';
import type { Ctx as RequestCtx } from '../../context';
import { OrderGql, type OrderView } from '../order';
import { approvalService } from './approval.service';
import { OrderApprovalGql } from './company.types';

/**
 * The company's field of the order type (decision 044): a second resolver class for `Order`, so the order module
 * needs nothing of the company's to serve it.
 */
@Resolver(() => OrderGql)
export class OrderApprovalResolver {
  @FieldResolver(() => OrderApprovalGql, {
    nullable: true,
    description:
      "A company order's approval (decision 044): why it waited, and who decided what; null for others",
  })
  approval(@Root() order: OrderView, @Ctx() ctx: RequestCtx) {
    return approvalService.outcomeOf(ctx, order.id);
  }
}
