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
import { PriceBreakGql } from './catalog.types';
import { priceBreaksService } from './price-breaks.service';

@ObjectType('PriceListBreaks', {
  description: "A price list's price for one of a product, and its volume breaks",
})
class PriceListBreaksGql {
  @Field(() => String, { description: "'' is the catalogue's own prices" }) priceListId!: string;
  @Field(() => String, { nullable: true, description: 'The site whose own list this is (pay-ca), else null' })
  siteId!: string | null;
  @Field(() => String, { description: "The list's currency: its site's, else the store's" })
  currency!: string;
  @Field(() => Float) price!: number;
  @Field(() => [PriceBreakGql]) breaks!: PriceBreakGql[];
}

@ObjectType('ProductPrices', { description: 'Every price list pricing a product, with its volume breaks' })
class ProductPricesGql {
  @Field(() => ID) productId!: string;
  @Field(() => String) name!: string;
  @Field(() => String, {
    nullable: true,
    description: "The ERP's item number (decision 071); null: the part number is the ERP's",
  })
  erpItemId!: string | null;
  @Field(() => [PriceListBreaksGql]) lists!: PriceListBreaksGql[];
}

@InputType('PriceBreakInput')
class PriceBreakInputGql {
  @Field(() => Int) minQuantity!: number;
  @Field(() => Float) price!: number;
}

/** Staff keep volume price breaks (decision 048): console → Prices, or GraphQL in a staff session. */
@Resolver()
export class PriceBreaksResolver {
  @Authorized(...CONSOLE_ACCESS.prices)
  @Query(() => ProductPricesGql, { description: "A product's price lists and their volume breaks (staff)" })
  adminProductPrices(@Arg('productId', () => ID) productId: string, @Ctx() ctx: RequestCtx) {
    return priceBreaksService.get(ctx, productId);
  }

  @Authorized(...CONSOLE_ACCESS.prices)
  @Mutation(() => ProductPricesGql, {
    description: "Sets a product's ERP item number ('' for none: the part number is the ERP's); audited",
  })
  setProductErpItem(
    @Arg('productId', () => ID) productId: string,
    @Arg('erpItemId', () => String) erpItemId: string,
    @Ctx() ctx: RequestCtx,
  ) {
    return priceBreaksService.setErpItem(ctx, { productId, erpItemId });
  }

  @Authorized(...CONSOLE_ACCESS.prices)
  @Mutation(() => ProductPricesGql, {
    description:
      "Replaces one list's volume breaks for a product ('' the catalogue's); each must be below the price of a smaller quantity",
  })
  setPriceBreaks(
    @Arg('productId', () => ID) productId: string,
    @Arg('priceListId', () => String, { nullable: true, defaultValue: '' }) priceListId: string,
    @Arg('breaks', () => [PriceBreakInputGql]) breaks: PriceBreakInputGql[],
    @Ctx() ctx: RequestCtx,
  ) {
    return priceBreaksService.set(ctx, { productId, priceListId, breaks });
  }
}
