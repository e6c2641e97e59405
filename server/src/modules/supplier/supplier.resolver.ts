import { Arg, Authorized, Ctx, Field, ID, Int, Mutation, ObjectType, Query, Resolver } from 'type-graphql';
import { AppError, notFound } from '../../common/errors';
import type { Ctx as RequestCtx } from '../../context';
import { bumpIndexVersion } from '../search/search.index';

@ObjectType('SupplierProduct', { description: "A product of the Supplier's own brand, with its stock flag" })
class SupplierProductGql {
  @Field(() => ID)
  id!: string;

  @Field(() => String)
  name!: string;

  @Field(() => Boolean)
  inStock!: boolean;
}

async function supplierBrand(ctx: RequestCtx): Promise<string> {
  const [row] = await ctx.db.execute<{ brandId: string | null }[]>(
    'select b.id as "brandId" from app_user u join brand b on b.handle = u.supplier_brand_handle where u.id = ?',
    [ctx.user!.id],
  );
  if (!row?.brandId) throw new AppError('FORBIDDEN', 'No brand is assigned to this Supplier.');
  return row.brandId;
}

/** A Supplier (signed in, or through a key with the supplier:products scope) keeps its own brand's stock. */
@Resolver()
export class SupplierResolver {
  @Authorized('Supplier', 'scope:supplier:products')
  @Query(() => [SupplierProductGql], { description: "Your brand's products, 100 a page, by part number" })
  async supplierProducts(
    @Arg('page', () => Int, { defaultValue: 1 }) page: number,
    @Ctx() ctx: RequestCtx,
  ): Promise<SupplierProductGql[]> {
    const brandId = await supplierBrand(ctx);
    const offset = (Math.max(1, Math.trunc(page)) - 1) * 100;
    return ctx.db.execute<SupplierProductGql[]>(
      `select id, name, in_stock as "inStock" from product where brand_id = ? order by id limit 100 offset ?`,
      [brandId, offset],
    );
  }

  @Authorized('Supplier', 'scope:supplier:products')
  @Mutation(() => SupplierProductGql, { description: "Sets the stock flag of one of your brand's products" })
  async setProductStock(
    @Arg('id', () => ID) id: string,
    @Arg('inStock', () => Boolean) inStock: boolean,
    @Ctx() ctx: RequestCtx,
  ): Promise<SupplierProductGql> {
    const brandId = await supplierBrand(ctx);
    return ctx.db.transactional(async (trx) => {
      const [row] = await ctx.db.execute<SupplierProductGql[]>(
        `update product set in_stock = ?, updated_at = now() where id = ? and brand_id = ?
         returning id, name, in_stock as "inStock"`,
        [inStock, id, brandId],
        'all',
        trx,
      );
      // Another brand's product answers exactly like a missing one.
      if (!row) throw notFound(`Product ${id}`);
      await ctx.db.execute(
        'update product_search set in_stock = ? where product_id = ?',
        [inStock, id],
        'run',
        trx,
      );
      // Cached search answers show the stock flag: every process drops them.
      await bumpIndexVersion(ctx.db, trx);
      return row;
    });
  }
}
