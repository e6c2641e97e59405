import { PartStockGql, partStockGql, ShipDateGql, shipDateGql, shipPlan } from '../stock';
import {
  Arg,
  Ctx,
  Field,
  FieldResolver,
  ID,
  Int,
  Mutation,
  ObjectType,
  Query,
  Resolver,
  Root,
} from 'type-graphql';
import { SEARCH_PAGE_SIZE } from '../../../../domain/search';
import type { Ctx as RequestCtx } from '../../context';
import { SearchAnswerGql, SearchFiltersGql, SearchSortGql } from '../search';
import { backInStockService, type BackInStockStatus } from './back-in-stock.service';
import { catalogService } from './catalog.service';
import { CategoryGql, ProductGql } from './catalog.types';
import type { CategoryView, ProductView } from './catalog.views';

@ObjectType('ProductPrice', { description: 'Product refresh details: the current price (null: quote only)' })
class ProductPriceGql {
  @Field(() => ID)
  id!: string;

  @Field(() => Number, { nullable: true })
  price!: number | null;

  @Field(() => Boolean, { description: 'Some warehouse has it in stock' })
  inStock!: boolean;

  @Field(() => Boolean, { description: 'In stock, or sold on backorder (Available to Order)' })
  orderable!: boolean;

  @Field(() => Number, {
    nullable: true,
    description:
      'The lowest price a buyer can pay for one unit: a piece, a pack (see packSize), or the cheapest valid configuration',
  })
  fromPrice!: number | null;

  @Field(() => String, { description: 'How the price reads: quote, unit, pack, configured or rate' })
  priceKind!: string;

  @Field(() => Number, {
    nullable: true,
    description: 'For priceKind rate: the price per rateUnit (a panel per m²)',
  })
  ratePrice!: number | null;

  @Field(() => String, { nullable: true })
  rateUnit!: string | null;

  @Field(() => Int, { nullable: true, description: 'Pieces per pack, when sold by the pack' })
  packSize!: number | null;

  @Field(() => String)
  unitOfMeasure!: string;

  @Field(() => Boolean, { description: 'Cheaper from some quantity on: fromPrice is the lowest tier' })
  tiered!: boolean;
}

/** A listing's stock line: each warehouse's pieces and the backorder terms, read in one batch for the page. */
@Resolver(() => ProductPriceGql)
export class ProductPriceResolver {
  @FieldResolver(() => PartStockGql, { description: "The part's stock by warehouse and backorder terms" })
  async stock(@Root() product: ProductPriceGql, @Ctx() ctx: RequestCtx): Promise<PartStockGql> {
    return partStockGql(await ctx.catalog.stock(product.id));
  }
}

@ObjectType('BackInStockAnswer')
class BackInStockAnswerGql {
  @Field(() => String)
  email!: string;

  @Field(() => ID)
  itemId!: string;

  @Field(() => String, {
    description:
      'created (signed in, your own address: active now), confirmation_sent (signed out: nothing is sent until the address confirms from the e-mailed link), already_requested',
  })
  status!: BackInStockStatus;

  @Field(() => Boolean, {
    description: 'false when this e-mail already waits for the item',
    deprecationReason: 'Read status: a signed-out request is active only once confirmed',
  })
  created!: boolean;
}

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

  @FieldResolver(() => SearchAnswerGql, {
    description: 'Products of this category and its subcategories, with facets, optionally narrowed by text',
  })
  products(
    @Root() category: CategoryView,
    @Arg('query', () => String, { defaultValue: '' }) query: string,
    @Arg('filters', () => SearchFiltersGql, { nullable: true }) filters: SearchFiltersGql | null,
    @Arg('sort', () => SearchSortGql, { defaultValue: SearchSortGql.RELEVANCE }) sort: SearchSortGql,
    @Arg('page', () => Int, { defaultValue: 1 }) page: number,
    @Arg('pageSize', () => Int, { defaultValue: SEARCH_PAGE_SIZE }) pageSize: number,
    @Ctx() ctx: RequestCtx,
  ) {
    return catalogService.categoryProducts(ctx, {
      handle: category.handle,
      query,
      filters: filters ?? {},
      sort,
      page,
      pageSize,
    });
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

  @Query(() => [ProductPriceGql], {
    description: 'Current prices of products (at most 100), in the order asked; unknown ids are left out',
  })
  async productRefreshDetails(@Arg('ids', () => [ID]) ids: string[], @Ctx() ctx: RequestCtx) {
    return (await catalogService.refreshDetails(ctx, ids)).map((p) => ({
      ...p,
      ratePrice: p.rate?.price ?? null,
      rateUnit: p.rate?.unit ?? null,
    }));
  }

  @Query(() => [ProductGql], {
    description:
      'Products to suggest within the given category handles: with productId, those seen or bought together with it first',
  })
  recommendations(
    @Arg('categories', () => [String]) categories: string[],
    @Arg('productId', () => String, {
      nullable: true,
      description: 'The product being looked at (left out of the answer)',
    })
    productId: string | null,
    @Ctx() ctx: RequestCtx,
  ): Promise<ProductView[]> {
    return catalogService.recommendationsFor(ctx, { categories, productId });
  }

  @Query(() => [ProductGql], {
    description: 'Products of a category (and its subcategories) that have CAD files',
  })
  cadProducts(
    @Arg('category', () => String) category: string,
    @Ctx() ctx: RequestCtx,
  ): Promise<ProductView[]> {
    return catalogService.withCadFiles(ctx, category);
  }

  @Mutation(() => BackInStockAnswerGql, { description: 'Ask to be e-mailed when an item is back in stock' })
  async notifyBackInStock(
    @Arg('email', () => String) email: string,
    @Arg('itemId', () => ID) itemId: string,
    @Ctx() ctx: RequestCtx,
  ): Promise<BackInStockAnswerGql> {
    return backInStockService.request(ctx, { email, itemId });
  }

  @FieldResolver(() => PartStockGql, { description: 'Stock by warehouse and backorder terms (decision 050)' })
  async stock(@Root() product: ProductView, @Ctx() ctx: RequestCtx): Promise<PartStockGql> {
    return partStockGql(await ctx.catalog.stock(product.id));
  }

  @FieldResolver(() => ShipDateGql, {
    description: 'When a quantity ships, to a state or province (decision 050)',
  })
  async shipDate(
    @Root() product: ProductView,
    @Arg('quantity', () => Int, {
      defaultValue: 1,
      description: 'Pieces, or packs for a part sold by the pack',
    })
    quantity: number,
    @Arg('state', () => String, {
      nullable: true,
      description: 'Ship-to state or province: nearest warehouse',
    })
    state: string | null,
    @Arg('configured', () => Boolean, {
      defaultValue: false,
      description: 'Cut or machined to a configuration',
    })
    configured: boolean,
    @Ctx() ctx: RequestCtx,
  ): Promise<ShipDateGql> {
    return shipDateGql(await shipPlan(ctx, product.id, Math.max(1, quantity), state, configured));
  }

  @FieldResolver(() => CategoryGql)
  async category(@Root() product: ProductView, @Ctx() ctx: RequestCtx): Promise<CategoryView> {
    const category = (await ctx.catalog.categoryTree()).byId.get(product.categoryId);
    if (!category) throw new Error(`category ${product.categoryId} of product ${product.id} is missing`);
    return category;
  }
}
