import { Arg, Authorized, Ctx, Field, ID, Int, Mutation, ObjectType, Query, Resolver } from 'type-graphql';
import type { Ctx as RequestCtx } from '../../context';
import { supplierService } from './supplier.service';
import { StockCountInputGql } from '../stock';

@ObjectType('SupplierProduct', { description: "A product of the Supplier's own brand, with its stock flag" })
class SupplierProductGql {
  @Field(() => ID)
  id!: string;

  @Field(() => String)
  name!: string;

  @Field(() => Boolean)
  inStock!: boolean;
}

/** A Supplier (signed in, or through a key with the supplier:products scope) keeps its own brand's stock. */
@Resolver()
export class SupplierResolver {
  @Authorized('Supplier', 'scope:supplier:products')
  @Query(() => [SupplierProductGql], { description: "Your brand's products, 100 a page, by part number" })
  supplierProducts(
    @Arg('page', () => Int, { defaultValue: 1 }) page: number,
    @Ctx() ctx: RequestCtx,
  ): Promise<SupplierProductGql[]> {
    return supplierService.products(ctx, { page });
  }

  @Authorized('Supplier', 'scope:supplier:products')
  @Mutation(() => SupplierProductGql, {
    description:
      "Sets the on-hand counts of one of your brand's products at the store's warehouses (MOO, RNO)",
  })
  setProductStockLevels(
    @Arg('id', () => ID) id: string,
    @Arg('levels', () => [StockCountInputGql]) levels: StockCountInputGql[],
    @Ctx() ctx: RequestCtx,
  ): Promise<SupplierProductGql> {
    return supplierService.setStockLevels(ctx, id, { levels });
  }

  @Authorized('Supplier', 'scope:supplier:products')
  @Mutation(() => SupplierProductGql, {
    description: "Sets the stock flag of one of your brand's products",
    deprecationReason:
      'Stock is counted per warehouse: use setProductStockLevels (the flag is recomputed from the counts)',
  })
  setProductStock(
    @Arg('id', () => ID) id: string,
    @Arg('inStock', () => Boolean) inStock: boolean,
    @Ctx() ctx: RequestCtx,
  ): Promise<SupplierProductGql> {
    return supplierService.setStock(ctx, { id, inStock });
  }
}
