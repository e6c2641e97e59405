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
import { CONSOLE_ACCESS } from '../../../../domain/admin';
import type { Ctx as RequestCtx } from '../../context';
import { promotionsAdmin } from './promotion-admin';

/* The console's promotions (issue 58, decision 079): CONSOLE_ACCESS.promotions (Admin, Service). */

/** The form's fields, as staff fill them and as a saved promotion reads back (domain/promotions.schema.ts). */
@ObjectType('PromotionForm', { description: "A promotion's fields as the console's form holds them" })
class PromotionFormGql {
  @Field(() => String) name!: string;
  @Field(() => String) note!: string;
  @Field(() => Boolean, { description: 'Applies without a code' }) automatic!: boolean;
  @Field(() => String, { nullable: true, description: 'The shared code (upper-cased)' }) code!: string | null;
  @Field(() => Int, { description: 'Lower applies first' }) priority!: number;
  @Field(() => Boolean, { description: 'Combines with no other promotion' }) exclusive!: boolean;
  @Field(() => String, { nullable: true, description: 'ISO instant' }) startsAt!: string | null;
  @Field(() => String, { nullable: true, description: 'ISO instant (excluded)' }) endsAt!: string | null;
  @Field(() => [String]) sites!: string[];
  @Field(() => Float, { nullable: true }) minSubtotal!: number | null;
  @Field(() => Int, { nullable: true }) minQuantity!: number | null;
  @Field(() => [String], { description: 'Part numbers' }) productIds!: string[];
  @Field(() => [String], { description: 'Category handles (their children included)' })
  categoryHandles!: string[];
  @Field(() => [String]) brandIds!: string[];
  @Field(() => Boolean) guests!: boolean;
  @Field(() => Boolean) signedIn!: boolean;
  @Field(() => String, { description: 'all, named or none' }) companies!: string;
  @Field(() => [String]) companyIds!: string[];
  @Field(() => [String], { description: 'Contract price lists it reaches (others are excluded)' })
  priceListIds!: string[];
  @Field(() => Boolean) firstOrderOnly!: boolean;
  @Field(() => String, {
    description:
      'linesPercent, linesAmount (off each unit), orderAmount, freightPercent, freightAmount or buyGet',
  })
  actionKind!: string;
  @Field(() => Float, { nullable: true }) pct!: number | null;
  @Field(() => Float, { nullable: true }) amount!: number | null;
  @Field(() => Int, { nullable: true }) buy!: number | null;
  @Field(() => Int, { nullable: true }) get!: number | null;
  @Field(() => Float, { nullable: true, description: 'The most one order takes' }) maxDiscount!:
    number | null;
  @Field(() => Int, { nullable: true }) limitTotal!: number | null;
  @Field(() => Int, { nullable: true }) limitPerCustomer!: number | null;
  @Field(() => Int, { nullable: true }) limitPerCompany!: number | null;
  @Field(() => Float, { nullable: true, description: 'The most it gives away in all' }) budget!:
    number | null;
}

@InputType('PromotionInput', {
  description: 'A promotion as staff save it (checked by domain/promotions.schema.ts)',
})
class PromotionInputGql {
  @Field(() => String) name!: string;
  @Field(() => String, { nullable: true }) note?: string | null;
  @Field(() => Boolean, { nullable: true }) automatic?: boolean | null;
  @Field(() => String, { nullable: true }) code?: string | null;
  @Field(() => Int, { nullable: true }) priority?: number | null;
  @Field(() => Boolean, { nullable: true }) exclusive?: boolean | null;
  @Field(() => String, { nullable: true }) startsAt?: string | null;
  @Field(() => String, { nullable: true }) endsAt?: string | null;
  @Field(() => [String]) sites!: string[];
  @Field(() => Float, { nullable: true }) minSubtotal?: number | null;
  @Field(() => Int, { nullable: true }) minQuantity?: number | null;
  @Field(() => [String], { nullable: true }) productIds?: string[] | null;
  @Field(() => [String], { nullable: true }) categoryHandles?: string[] | null;
  @Field(() => [String], { nullable: true }) brandIds?: string[] | null;
  @Field(() => Boolean, { nullable: true }) guests?: boolean | null;
  @Field(() => Boolean, { nullable: true }) signedIn?: boolean | null;
  @Field(() => String, { nullable: true }) companies?: string | null;
  @Field(() => [String], { nullable: true }) companyIds?: string[] | null;
  @Field(() => [String], { nullable: true }) priceListIds?: string[] | null;
  @Field(() => Boolean, { nullable: true }) firstOrderOnly?: boolean | null;
  @Field(() => String) actionKind!: string;
  @Field(() => Float, { nullable: true }) pct?: number | null;
  @Field(() => Float, { nullable: true }) amount?: number | null;
  @Field(() => Int, { nullable: true }) buy?: number | null;
  @Field(() => Int, { nullable: true }) get?: number | null;
  @Field(() => Float, { nullable: true }) maxDiscount?: number | null;
  @Field(() => Int, { nullable: true }) limitTotal?: number | null;
  @Field(() => Int, { nullable: true }) limitPerCustomer?: number | null;
  @Field(() => Int, { nullable: true }) limitPerCompany?: number | null;
  @Field(() => Float, { nullable: true }) budget?: number | null;
}

@ObjectType('PromotionRow', { description: 'A promotion in the console list' })
class PromotionRowGql {
  @Field(() => ID) id!: string;
  @Field(() => String) name!: string;
  @Field(() => String, { nullable: true }) code!: string | null;
  @Field(() => Boolean) automatic!: boolean;
  @Field(() => String, { description: 'active, scheduled or ended' }) status!: string;
  @Field(() => String, { nullable: true }) startsAt!: string | null;
  @Field(() => String, { nullable: true }) endsAt!: string | null;
  @Field(() => [String]) sites!: string[];
  @Field(() => Int, { description: 'Orders that took it (not cancelled)' }) redemptions!: number;
  @Field(() => Float, { description: 'What it gave, goods and freight' }) discountTotal!: number;
  @Field(() => Int) version!: number;
}

@ObjectType('PromotionPage')
class PromotionPageGql {
  @Field(() => [PromotionRowGql]) items!: PromotionRowGql[];
  @Field(() => Int) total!: number;
  @Field(() => Int) page!: number;
  @Field(() => Int) pageSize!: number;
}

@ObjectType('PromotionCodeBatch')
class PromotionCodeBatchGql {
  @Field(() => ID) id!: string;
  @Field(() => String) prefix!: string;
  @Field(() => Int) count!: number;
  @Field(() => Int) used!: number;
  @Field(() => String) createdAt!: string;
}

@ObjectType('PromotionRedemption')
class PromotionRedemptionGql {
  @Field(() => ID) orderId!: string;
  @Field(() => String) orderNumber!: string;
  @Field(() => String) email!: string;
  @Field(() => Float) amount!: number;
  @Field(() => Float) freightAmount!: number;
  @Field(() => String) createdAt!: string;
  @Field(() => Boolean, { description: 'Given back by a cancellation or a staff drop' }) released!: boolean;
}

@ObjectType('AdminPromotion', {
  description: 'One promotion for staff: its form, usage, codes and redemptions',
})
class AdminPromotionGql extends PromotionRowGql {
  @Field(() => String) note!: string;
  @Field(() => String, { nullable: true, description: 'Set when it names amounts' }) currency!: string | null;
  @Field(() => PromotionFormGql) form!: PromotionFormGql;
  @Field(() => [PromotionCodeBatchGql]) batches!: PromotionCodeBatchGql[];
  @Field(() => [PromotionRedemptionGql], { description: 'The 20 latest' })
  redemptionsLatest!: PromotionRedemptionGql[];
}

@ObjectType('PromotionCodesBatch', { description: 'A batch of single-use codes just made' })
class GeneratedCodesGql {
  @Field(() => ID) batchId!: string;
  @Field(() => Int) count!: number;
}

@ObjectType('PromotionChoice')
class PromotionChoiceGql {
  @Field(() => String, { description: 'The id (a brand, a company) or handle (a category) the form saves' })
  value!: string;
  @Field(() => String) label!: string;
}

@ObjectType('PromotionChoices', { description: "What the promotion form's pickers offer" })
class PromotionChoicesGql {
  @Field(() => [PromotionChoiceGql]) brands!: PromotionChoiceGql[];
  @Field(() => [PromotionChoiceGql], { description: 'Labelled by their path of handles' })
  categories!: PromotionChoiceGql[];
  @Field(() => [PromotionChoiceGql]) companies!: PromotionChoiceGql[];
  @Field(() => [String], { description: 'The price lists assigned to companies (contract lists)' })
  priceLists!: string[];
}

@Resolver()
export class PromotionResolver {
  @Authorized(...CONSOLE_ACCESS.promotions)
  @Query(() => PromotionPageGql, { description: 'Promotions, newest first, by status and name or code' })
  adminPromotions(
    @Arg('status', () => String, { nullable: true }) status: string | null,
    @Arg('search', () => String, { nullable: true }) search: string | null,
    @Arg('page', () => Int, { nullable: true }) page: number | null,
    @Ctx() ctx: RequestCtx,
  ) {
    return promotionsAdmin.list(ctx, { status: status ?? null, search: search ?? null, page: page ?? 1 });
  }

  @Authorized(...CONSOLE_ACCESS.promotions)
  @Query(() => PromotionChoicesGql, {
    description: "The promotion form's brands, categories, companies and lists",
  })
  async promotionChoices(@Ctx() ctx: RequestCtx) {
    const c = await promotionsAdmin.choices(ctx);
    return {
      brands: c.brands.map((b) => ({ value: b.id, label: b.name })),
      categories: c.categories.map((x) => ({ value: x.handle, label: `${x.name} (${x.handle})` })),
      companies: c.companies.map((x) => ({ value: x.id, label: x.name })),
      priceLists: c.priceLists,
    };
  }

  @Authorized(...CONSOLE_ACCESS.promotions)
  @Query(() => AdminPromotionGql, { description: 'One promotion, for staff' })
  adminPromotion(@Arg('id', () => ID) id: string, @Ctx() ctx: RequestCtx) {
    return promotionsAdmin.get(ctx, id);
  }

  @Authorized(...CONSOLE_ACCESS.promotions)
  @Mutation(() => AdminPromotionGql, {
    description:
      'Saves a new promotion (no id) or one opened at `version` (CONFLICT when it changed meanwhile)',
  })
  async savePromotion(
    @Arg('id', () => ID, { nullable: true }) id: string | null,
    @Arg('version', () => Int, { nullable: true }) version: number | null,
    @Arg('input', () => PromotionInputGql) input: PromotionInputGql,
    @Ctx() ctx: RequestCtx,
  ) {
    const saved = await promotionsAdmin.save(ctx, id ?? null, version ?? null, withoutNulls(input));
    return promotionsAdmin.get(ctx, saved);
  }

  @Authorized(...CONSOLE_ACCESS.promotions)
  @Mutation(() => AdminPromotionGql, { description: 'Ends a promotion now; placed orders keep it' })
  async endPromotion(
    @Arg('id', () => ID) id: string,
    @Arg('version', () => Int) version: number,
    @Ctx() ctx: RequestCtx,
  ) {
    await promotionsAdmin.end(ctx, id, version);
    return promotionsAdmin.get(ctx, id);
  }

  @Authorized(...CONSOLE_ACCESS.promotions)
  @Mutation(() => GeneratedCodesGql, {
    description: 'Makes up to 10,000 single-use codes (exported as CSV from the promotion page)',
  })
  generatePromotionCodes(
    @Arg('id', () => ID) id: string,
    @Arg('count', () => Int) count: number,
    @Arg('prefix', () => String, { nullable: true }) prefix: string | null,
    @Ctx() ctx: RequestCtx,
  ) {
    return promotionsAdmin.generateCodes(ctx, id, { count, prefix: prefix ?? '' });
  }
}

/** GraphQL's nulls as the form's absent fields (so the schema's defaults apply), keeping nulls that mean "none". */
function withoutNulls(input: PromotionInputGql): Record<string, unknown> {
  const nullable = new Set([
    'code',
    'startsAt',
    'endsAt',
    'minSubtotal',
    'minQuantity',
    'pct',
    'amount',
    'buy',
    'get',
    'maxDiscount',
    'limitTotal',
    'limitPerCustomer',
    'limitPerCompany',
    'budget',
  ]);
  return Object.fromEntries(Object.entries(input).filter(([k, v]) => v !== null || nullable.has(k)));
}
