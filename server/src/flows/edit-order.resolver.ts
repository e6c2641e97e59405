import { Arg, Authorized, Ctx, Field, Float, ID, InputType, Int, Mutation, Resolver } from 'type-graphql';
import { CONSOLE_ACCESS } from '../../../domain/admin';
import type { Ctx as RequestCtx } from '../context';
import { OrderGql } from '../modules/order';
import { editOrder } from './edit-order';

@InputType('AdminOrderAddressInput')
class AdminOrderAddressInputGql {
  @Field(() => String) addressLine1!: string;
  @Field(() => String, { nullable: true }) addressLine2?: string | null;
  @Field(() => String) city!: string;
  @Field(() => String) state!: string;
  @Field(() => String) zip!: string;
  @Field(() => String, { nullable: true, description: "The order's country (US when absent)" })
  country?: string;
}

@InputType('AdminOrderConfigurationInput')
class AdminOrderConfigurationInputGql {
  @Field(() => ID) id!: string;
  @Field(() => Float) price!: number;
}

@InputType('AdminOrderLineInput')
class AdminOrderLineInputGql {
  @Field(() => ID) id!: string;
  @Field(() => Int) quantity!: number;
  @Field(() => Float, { description: 'Unit price; for configured lines the base price' }) price!: number;
  @Field(() => [AdminOrderConfigurationInputGql]) configurations!: AdminOrderConfigurationInputGql[];
}

@InputType('AdminOrderInput', { description: 'The admin order edit form (spec section 3)' })
class AdminOrderInputGql {
  @Field(() => String) contactEmail!: string;
  @Field(() => AdminOrderAddressInputGql) address!: AdminOrderAddressInputGql;
  @Field(() => Float) taxAmount!: number;
  @Field(() => Float, { description: 'Freight' }) shippingCharges!: number;
  @Field(() => Float, { description: 'Must equal subtotal + freight + tax' }) totalAmount!: number;
  @Field(() => String) erpOrderId!: string;
  @Field(() => Int) status!: number;
  @Field(() => [AdminOrderLineInputGql]) lines!: AdminOrderLineInputGql[];
  @Field(() => [Int], {
    nullable: true,
    description: 'Promotions staff drop from the order, by their position on it (decision 079)',
  })
  dropPromotions?: number[] | null;
}

/**
 * The console's order edit form (staff). Saving it runs the edit-order flow (a cancellation withdraws the company's
 * approval), so its mutation is the flows' transport; the rest of the console's orders is the order module's
 * (modules/order/order-admin.resolver.ts).
 */
@Resolver()
export class EditOrderResolver {
  @Authorized(...CONSOLE_ACCESS.editOrders)
  @Mutation(() => OrderGql, {
    description: 'Saves the order edit form; `version` is the one loaded (a stale edit answers CONFLICT)',
  })
  updateOrder(
    @Arg('id', () => ID) id: string,
    @Arg('version', () => Int) version: number,
    @Arg('input', () => AdminOrderInputGql) input: AdminOrderInputGql,
    @Ctx() ctx: RequestCtx,
  ) {
    return editOrder(ctx, id, version, input);
  }
}
