import {
  Arg,
  Authorized,
  Ctx,
  Field,
  Float,
  ID,
  InputType,
  Int,
  Mutation,
  ObjectType,
  Query,
  Resolver,
} from 'type-graphql';
import type { Ctx as RequestCtx } from '../../context';
import { returnsService } from './returns.service';

@ObjectType('ReturnLine')
class ReturnLineGql {
  @Field(() => ID) orderLineId!: string;
  @Field(() => String) itemId!: string;
  @Field(() => String) name!: string;
  @Field(() => Int) quantity!: number;
  @Field(() => Float) price!: number;
}

@ObjectType('Return', { description: 'A return of delivered lines (status codes 5 to 10 of spec section 4)' })
export class ReturnGql {
  @Field(() => ID) id!: string;
  @Field(() => ID) orderId!: string;
  @Field(() => String) orderNumber!: string;
  @Field(() => String, { nullable: true }) rmaNumber!: string | null;
  @Field(() => Int) status!: number;
  @Field(() => String) statusLabel!: string;
  @Field(() => String) decision!: string;
  @Field(() => String) reason!: string;
  @Field(() => String) comment!: string;
  @Field(() => Float, { nullable: true }) refundAmount!: number | null;
  @Field(() => String) createdAt!: string;
  @Field(() => [ReturnLineGql]) lines!: ReturnLineGql[];
}

@InputType('ReturnItemInput')
class ReturnItemInputGql {
  @Field(() => ID, { description: 'The order line' }) id!: string;
  @Field(() => Int) quantity!: number;
}

@InputType('ReturnRequestInput')
class ReturnRequestInputGql {
  @Field(() => ID) orderId!: string;
  @Field(() => String, { description: 'One of the five return reasons' }) reason!: string;
  @Field(() => String, { nullable: true }) comment?: string | null;
  @Field(() => [ReturnItemInputGql]) items!: ReturnItemInputGql[];
}

@Resolver(() => ReturnGql)
export class ReturnsResolver {
  @Authorized()
  @Query(() => [ReturnGql], { description: "The signed-in customer's returns, newest first" })
  myReturns(@Ctx() ctx: RequestCtx) {
    return returnsService.mine(ctx);
  }

  @Authorized('Admin', 'Service', 'CustomerService')
  @Query(() => [ReturnGql], {
    description: "Staff's queue of returns in a status (all when null), oldest first",
  })
  returnQueue(@Arg('status', () => Int, { nullable: true }) status: number | null, @Ctx() ctx: RequestCtx) {
    return returnsService.queue(ctx, status);
  }

  @Authorized('Admin', 'Service', 'CustomerService')
  @Mutation(() => ReturnGql, { description: 'Staff decide a requested return (accepted gets an RMA number)' })
  decideReturn(
    @Arg('id', () => ID) id: string,
    @Arg('decision', () => String) decision: string,
    @Arg('note', () => String, { nullable: true }) note: string | null,
    @Ctx() ctx: RequestCtx,
  ) {
    return returnsService.decide(ctx, id, { decision, note: note ?? '' });
  }

  @Authorized()
  @Mutation(() => ReturnGql, {
    description: 'Requests the return of delivered lines (30 days from delivery)',
  })
  requestReturn(
    @Arg('input', () => ReturnRequestInputGql) input: ReturnRequestInputGql,
    @Ctx() ctx: RequestCtx,
  ) {
    return returnsService.request(ctx, { ...input, comment: input.comment ?? '' });
  }
}
