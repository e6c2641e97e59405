import {
  Arg,
  Authorized,
  Ctx,
  Field,
  ID,
  InputType,
  Int,
  Mutation,
  ObjectType,
  Query,
  Resolver,
} from 'type-graphql';
import { CONSOLE_ACCESS } from '../../../../domain/admin';
import type { Ctx as RequestCtx } from '../../context';
import { setMaxOrderQuantity } from './order-limit';
import { stockAdminService } from './stock-admin.service';
import { StockCountGql, StockCountInputGql } from './stock.types';

@ObjectType('StockRow', { description: "A part's counts by warehouse and its backorder terms (staff)" })
class StockRowGql {
  @Field(() => ID) productId!: string;
  @Field(() => String) name!: string;
  @Field(() => String) brand!: string;
  @Field(() => Boolean) backorderAllowed!: boolean;
  @Field(() => Int) leadTimeDays!: number;
  @Field(() => Int, { description: 'The least one order takes (packs for a part sold in packs)' })
  minimumQuantity!: number;
  @Field(() => Int, { nullable: true, description: 'The most one order may take; null: no maximum' })
  maxOrderQuantity!: number | null;
  @Field(() => [StockCountGql]) warehouses!: StockCountGql[];
}

@InputType('StockAdjustmentInput')
class StockAdjustmentInputGql {
  @Field(() => [StockCountInputGql]) levels!: StockCountInputGql[];
  @Field(() => String, { description: 'Why: a count, a delivery, damage… (kept in the audit trail)' })
  reason!: string;
}

/** Console → Stock (decision 050). */
@Resolver()
export class StockResolver {
  @Authorized(...CONSOLE_ACCESS.stock)
  @Query(() => [StockRowGql], {
    description:
      'Parts running low (10 or fewer available everywhere), or those whose number starts with search',
  })
  adminStock(
    @Arg('search', () => String, { nullable: true }) search: string | null,
    @Ctx() ctx: RequestCtx,
  ): Promise<StockRowGql[]> {
    return stockAdminService.list(ctx, search);
  }

  @Authorized(...CONSOLE_ACCESS.stock)
  @Mutation(() => StockRowGql, { description: "Sets a part's on-hand counts, with the reason (audited)" })
  adjustStock(
    @Arg('productId', () => ID) productId: string,
    @Arg('input', () => StockAdjustmentInputGql) input: StockAdjustmentInputGql,
    @Ctx() ctx: RequestCtx,
  ): Promise<StockRowGql> {
    return stockAdminService.adjust(ctx, productId, input);
  }

  @Authorized(...CONSOLE_ACCESS.stock)
  @Mutation(() => StockRowGql, {
    description: "Sets a part's maximum per order (null: none), counted like the cart line (decision 063)",
  })
  setMaxOrderQuantity(
    @Arg('productId', () => ID) productId: string,
    @Arg('maxOrderQuantity', () => Int, { nullable: true }) maxOrderQuantity: number | null,
    @Ctx() ctx: RequestCtx,
  ): Promise<StockRowGql> {
    return setMaxOrderQuantity(ctx, productId, { maxOrderQuantity });
  }
}
