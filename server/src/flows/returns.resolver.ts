import { Arg, Authorized, Ctx, ID, Int, Mutation, Resolver } from 'type-graphql';
import type { Ctx as RequestCtx } from '../context';
import { ReturnGql } from '../modules/returns';
import { advanceReturn } from './complete-return';

/** Staff follow an accepted return to its refund: the flow complete-return.ts. */
@Resolver()
export class ReturnFlowResolver {
  @Authorized('Admin', 'Service', 'CustomerService')
  @Mutation(() => ReturnGql, {
    description: 'Staff follow an accepted return: 8 shipped, 9 processing, 10 completed',
  })
  advanceReturn(
    @Arg('id', () => ID) id: string,
    @Arg('status', () => Int) status: number,
    @Ctx() ctx: RequestCtx,
  ) {
    return advanceReturn(ctx, id, { status });
  }
}
