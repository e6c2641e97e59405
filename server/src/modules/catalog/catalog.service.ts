import type { FilterQuery } from '@mikro-orm/core';
import { AppError, notFound } from '../../common/errors';
import type { Ctx } from '../../context';
import { Product } from './product.entity';
import { toProductView, type CategoryView, type ProductView } from './catalog.views';

/** At most this many ids in one products-by-ids call (GraphQL and REST). */
export const MAX_IDS_PER_CALL = 100;

export interface CategoryDetail {
  category: CategoryView;
  children: CategoryView[];
  breadcrumbs: CategoryView[];
}

export const catalogService = {
  async parentCategories(ctx: Ctx): Promise<CategoryView[]> {
    return (await ctx.catalog.categoryTree()).roots();
  },

  /** A category by its full handle (`a/b/c`); null when there is none. */
  async categoryByHandle(ctx: Ctx, handle: string): Promise<CategoryDetail | null> {
    const tree = await ctx.catalog.categoryTree();
    const category = tree.byHandle.get(normaliseHandle(handle));
    if (!category) return null;
    return { category, children: tree.children(category.id), breadcrumbs: tree.breadcrumbs(category) };
  },

  async productById(ctx: Ctx, id: string): Promise<ProductView | null> {
    const [product] = await this.productsByIds(ctx, [id]);
    return product ?? null;
  },

  async requireProduct(ctx: Ctx, id: string): Promise<ProductView> {
    const product = await this.productById(ctx, id);
    if (!product) throw notFound(`Product ${id}`);
    return product;
  },

  /** Products visible on the request's site, in the order asked; unknown or hidden ids are left out. */
  async productsByIds(ctx: Ctx, ids: string[]): Promise<ProductView[]> {
    const wanted = [...new Set(ids.map((id) => id.trim()).filter(Boolean))];
    if (wanted.length === 0) return [];
    if (wanted.length > MAX_IDS_PER_CALL) {
      throw new AppError('BAD_USER_INPUT', `Ask for at most ${MAX_IDS_PER_CALL} products at once`, [
        { field: 'ids', message: `Ask for at most ${MAX_IDS_PER_CALL} products at once` },
      ]);
    }
    const where: FilterQuery<Product> = { $and: [{ id: { $in: wanted } }, await visibleOnSite(ctx)] };
    const rows = await ctx.em.find(Product, where, {
      populate: ['brand', 'configurationOptions'],
      orderBy: { configurationOptions: { position: 'asc' } },
    });
    const byId = new Map(rows.map((p) => [p.id, toProductView(p)]));
    return wanted.flatMap((id) => byId.get(id) ?? []);
  },
};

/** Sites that do not show every product see only the products listing them. */
async function visibleOnSite(ctx: Ctx): Promise<FilterQuery<Product>> {
  const site = await ctx.catalog.site();
  return !site || site.showAllProducts ? {} : { sites: { $contains: [site.id] } };
}

/** Handles arrive from URLs: tolerate surrounding slashes and letter case. */
export function normaliseHandle(handle: string): string {
  return handle
    .trim()
    .replace(/^\/+|\/+$/g, '')
    .toLowerCase();
}
