import { Arg, Ctx, FieldResolver, ID, Query, Resolver, Root } from 'type-graphql';
import type { Ctx as RequestCtx } from '../../context';
import { catalogService } from './catalog.service';
import { CategoryGql, ProductGql } from './catalog.types';
import type { CategoryView, ProductView } from './catalog.views';

@Resolver(() => CategoryGql)
export class CategoryResolver {
  @Query(() => [CategoryGql], { description: 'Top-level categories, in menu order' })
  parentCategories(@Ctx() ctx: RequestCtx): Promise<CategoryView[]> {
    return catalogService.parentCategories(ctx);
  }

  @Query(() => CategoryGql, { nullable: true })
  async category(
    @Arg('handle', () => String) handle: string,
    @Ctx() ctx: RequestCtx,
  ): Promise<CategoryView | null> {
    return (await catalogService.categoryByHandle(ctx, handle))?.category ?? null;
  }

  @FieldResolver(() => CategoryGql, { nullable: true })
  async parent(@Root() category: CategoryView, @Ctx() ctx: RequestCtx): Promise<CategoryView | null> {
    return (await ctx.catalog.categoryTree()).parent(category);
  }

  @FieldResolver(() => [CategoryGql])
  async children(@Root() category: CategoryView, @Ctx() ctx: RequestCtx): Promise<CategoryView[]> {
    return (await ctx.catalog.categoryTree()).children(category.id);
  }

  @FieldResolver(() => [CategoryGql], { description: 'From the top-level category down to this one' })
  async breadcrumbs(@Root() category: CategoryView, @Ctx() ctx: RequestCtx): Promise<CategoryView[]> {
    return (await ctx.catalog.categoryTree()).breadcrumbs(category);
  }
}

@Resolver(() => ProductGql)
export class ProductResolver {
  @Query(() => ProductGql, { nullable: true, description: 'A product by part number; null when unknown' })
  product(@Arg('id', () => ID) id: string, @Ctx() ctx: RequestCtx): Promise<ProductView | null> {
    return catalogService.productById(ctx, id);
  }

  @Query(() => [ProductGql], { description: 'Products by part numbers (at most 100), in the order asked' })
  products(@Arg('ids', () => [ID]) ids: string[], @Ctx() ctx: RequestCtx): Promise<ProductView[]> {
    return catalogService.productsByIds(ctx, ids);
  }

  @FieldResolver(() => CategoryGql)
  async category(@Root() product: ProductView, @Ctx() ctx: RequestCtx): Promise<CategoryView> {
    const category = (await ctx.catalog.categoryTree()).byId.get(product.categoryId);
    if (!category) throw new Error(`category ${product.categoryId} of product ${product.id} is missing`);
    return category;
  }
}
