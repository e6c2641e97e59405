import { Arg, Authorized, Ctx, ID, Mutation, Resolver } from 'type-graphql';
import type { Ctx as RequestCtx } from '../context';
import { COMPANY_ORDERS, authorizedFor } from '../modules/auth';
import { OrderApprovalGql } from '../modules/company';
import { decideApproval } from './decide-approval';

/** A company's approver decides an order of their company (decision 044): the flow decide-approval.ts. */
@Resolver()
export class ApprovalResolver {
  @Authorized(...authorizedFor(COMPANY_ORDERS))
  @Mutation(() => OrderApprovalGql, {
    description:
      'An approver approves an order of their company (it is then paid, or its purchase order taken) or rejects it with a note',
  })
  decideCompanyOrder(
    @Arg('orderId', () => ID) orderId: string,
    @Arg('approve', () => Boolean) approve: boolean,
    @Arg('note', () => String, { nullable: true }) note: string | null,
    @Ctx() ctx: RequestCtx,
  ) {
    return decideApproval(ctx, orderId, { approve, note: note ?? undefined });
  }
}
