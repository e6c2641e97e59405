import { categoryHandleSchema, productIdSchema, productIdsSchema } from '../../../../domain/catalog';
import { searchRequestSchema } from '../../../../domain/search.schema';
import { AppError, notFound } from '../../common/errors';
import { validate } from '../../common/validate';
import { Prepared } from '../../db/prepared';
import type { Ctx } from '../../context';
import { fromPrice, priceTerms, productTiers, type PriceTerms } from '../../../../domain/price-terms';
import { RELATED_CTES, relatedParams } from '../analytics';
import { searchService, type SearchAnswer, type Suggestion } from '../search';
import type { CategoryView, ProductView } from './catalog.views';
import { siteCountry, soldIn } from '../../../../domain/regions';
import { siteRestriction, soldOnSiteSql } from '../../common/sold-on-site';
import {
  PRICE_COLUMNS,
  PRICE_LIST_JOIN,
  pricedBy,
  pricingOf,
  pricingParams,
  scaled,
  sitePricing,
  type PriceColumns,
  type Pricing,
} from './pricing';

/** At most this many ids in one products-by-ids call (GraphQL and REST). */
export const MAX_IDS_PER_CALL = 100;

export interface CategoryDetail {
  category: CategoryView;
  children: CategoryView[];
  breadcrumbs: CategoryView[];
}

/**
 * The catalogue. Entry points that take the caller's input (`(ctx, input)`) validate it with domain/catalog.ts and
 * domain/search.schema.ts; REST and GraphQL call the same ones.
 */
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

  /**
   * Entry point: a category's products with facets, `{ handle, query, filters, sort, page, pageSize }` as sent
   * (404 when the category does not exist).
   */
  async categoryProducts(ctx: Ctx, body: unknown): Promise<SearchAnswer<Suggestion>> {
    const { handle } = validate(categoryHandleSchema, body);
    if (!(await this.categoryByHandle(ctx, handle))) throw notFound(`Category ${handle}`);
    const request = validate(searchRequestSchema, { query: '', ...(body as object) });
    return searchService.search(ctx, { ...request, filters: { ...request.filters, category: handle } });
  },

  /** Entry point: `{ id }`, a product's detail (404 when unknown or hidden on the site). */
  async productDetail(ctx: Ctx, body: unknown): Promise<ProductView> {
    return this.requireProduct(ctx, validate(productIdSchema, body).id);
  },

  /** Entry point: `{ ids }`, products by part number (at most 100), in the order asked. */
  async productDetails(ctx: Ctx, body: unknown): Promise<ProductView[]> {
    return this.productsByIds(ctx, validate(productIdsSchema, body).ids);
  },

  /** Entry point: the caller's prices for `{ products }`, part numbers or objects with an id. */
  async customerPrices(ctx: Ctx, body: unknown): Promise<PriceView[]> {
    const raw = ((body ?? {}) as { products?: unknown }).products;
    const ids = Array.isArray(raw)
      ? raw.map((p) => (typeof p === 'object' && p ? (p as { id?: unknown }).id : p))
      : raw;
    return this.refreshDetails(ctx, validate(productIdsSchema, { ids }).ids);
  },

  /**
   * Entry point: suggestions, `{ categories, productId }` as sent — category handles (one or several), and the
   * product being looked at (absent or empty: none).
   */
  async recommendationsFor(ctx: Ctx, input: unknown): Promise<ProductView[]> {
    const { categories, productId } = (input ?? {}) as { categories?: unknown; productId?: unknown };
    const handles = ([] as unknown[]).concat(categories).filter((v): v is string => typeof v === 'string');
    return this.recommendations(ctx, handles, {
      productId:
        productId === undefined || productId === null || productId === ''
          ? null
          : validate(productIdSchema, { id: productId }).id,
    });
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
    const wanted = checkIds(ids);
    if (wanted.length === 0) return [];
    // Views show the site's prices (its own list, or the list prices): the buyer's own come from refreshDetails.
    const pricing = await sitePricing(ctx);
    const rows = await PRODUCTS_BY_IDS.all(ctx.readDb, [
      ...pricingParams(pricing),
      wanted,
      ctx.site,
      ctx.site,
    ]);
    const country = siteCountry(ctx.site);
    const byId = new Map(
      rows.map((row) => [
        row.id,
        { ...priceView(pricing, row), soldOnSite: soldIn(country, row.allowedStates) },
      ]),
    );
    return wanted.flatMap((id) => byId.get(id) ?? []);
  },

  /**
   * What adding products to a cart or list checks (quantity rules, configuration options), for the products
   * visible on the request's site: a narrow read, without the view's prices, texts and images.
   */
  async orderRules(ctx: Ctx, ids: string[]): Promise<OrderRules[]> {
    const wanted = checkIds(ids);
    if (wanted.length === 0) return [];
    return ORDER_RULES.all(ctx.readDb, [wanted, ctx.site, ctx.site]);
  },

  /**
   * Current prices of products (spec: Product refresh details, id and price) for the caller (pricing.ts): the
   * site's price, or the signed-in account's price list price. In the order asked; unknown or hidden ids are
   * left out, quote-only products answer price null.
   */
  async refreshDetails(ctx: Ctx, ids: string[]): Promise<PriceView[]> {
    const wanted = checkIds(ids);
    if (wanted.length === 0) return [];
    const pricing = await pricingOf(ctx);
    const rows = await ctx.readDb.execute<
      ({ id: string; inStock: boolean; orderable: boolean } & PriceColumns &
        Pick<
          ProductView,
          'minTransfer' | 'minimumPurchaseQuantity' | 'unitOfMeasure' | 'configurationOptions'
        >)[]
    >(
      `select p.id, p.in_stock as "inStock", (p.in_stock or p.backorder_allowed) as orderable, ${PRICE_COLUMNS},
         p.min_transfer as "minTransfer",
         p.minimum_purchase_quantity as "minimumPurchaseQuantity", p.unit_of_measure as "unitOfMeasure",
         ${OPTIONS_JSON}
       from product p ${PRICE_LIST_JOIN}
       where p.id in (?) and ${VISIBLE_ON_SITE}`,
      [...pricingParams(pricing), wanted, ctx.site, ctx.site],
    );
    const byId = new Map(
      rows.map((row) => {
        const { price, basePrice, rate, offers } = pricedBy(pricing, row);
        const priced = {
          ...row,
          price,
          basePrice,
          priceOffers: offers,
          configurationOptions: row.configurationOptions.map((o) => ({
            ...o,
            unitPrice: scaled(o.unitPrice, rate) ?? 0,
          })),
        };
        const terms = priceTerms(priced);
        const view: PriceView = {
          id: row.id,
          price,
          inStock: row.inStock,
          orderable: row.orderable,
          fromPrice: fromPrice(priced),
          priceKind: terms.kind,
          packSize: terms.kind === 'pack' ? terms.packSize : null,
          unitOfMeasure: row.unitOfMeasure,
          rate: terms.kind === 'rate' ? { price: terms.price, unit: terms.unit } : null,
          tiered: productTiers(priced).length > 1,
        };
        return [row.id, view] as const;
      }),
    );
    return wanted.flatMap((id) => byId.get(id) ?? []);
  },

  /**
   * Products to suggest within categories (handles; subcategories included), priced and visible on the site.
   * With `productId` (the product being looked at), the products seen or bought together with it come first
   * (analytics/related.ts: co-viewers + 5 × co-purchases), the product itself left out; the rest, and every
   * suggestion without `productId`, by popularity (seeded, plus the click-stream's: analytics/popularity.ts),
   * in-stock first. One statement, then the views.
   */
  async recommendations(
    ctx: Ctx,
    categories: string[],
    { productId = null, limit = 12 }: { productId?: string | null; limit?: number } = {},
  ): Promise<ProductView[]> {
    const handles = [...new Set(categories.map(normaliseHandle).filter(Boolean))].slice(0, 20);
    if (handles.length === 0) return [];
    // A part the site's country cannot receive is not suggested there (decision 057).
    const regions = siteRestriction(ctx.site);
    const where = `s.category_id in (select id from category c where c.handle in (?)
           or exists (select 1 from unnest(array[?]::text[]) h where starts_with(c.handle, h || '/')))
         and s.price is not null
         and (coalesce((select show_all_products from site where id = ?), true) or ? = any(s.sites))
         ${regions ? `and ${soldOnSiteSql('s', 'array[?]::text[]')}` : ''}`;
    const params = [handles, handles, ctx.site, ctx.site, ...(regions ? [[...regions]] : [])];
    const rows = productId
      ? await ctx.readDb.execute<{ id: string }[]>(
          `with ${RELATED_CTES}
           select s.product_id as id from product_search s left join related r on r.id = s.product_id
           where ${where} and s.product_id <> ?
           order by coalesce(r.score, 0) desc, s.in_stock desc, s.popularity desc, s.product_id
           limit ?`,
          [...relatedParams(productId), ...params, productId, limit],
        )
      : await ctx.readDb.execute<{ id: string }[]>(
          `select s.product_id as id from product_search s
           where ${where}
           order by s.in_stock desc, s.popularity desc, s.product_id
           limit ?`,
          [...params, limit],
        );
    return this.productsByIds(
      ctx,
      rows.map((r) => r.id),
    );
  },

  /** Products with CAD files in a category (subcategories included), by part number; at most 100. */
  async withCadFiles(ctx: Ctx, category: string, limit = 100): Promise<ProductView[]> {
    const handle = normaliseHandle(category);
    if (!handle) return [];
    const rows = await ctx.readDb.execute<{ id: string }[]>(
      `select p.id from product p join category c on c.id = p.category_id
       where jsonb_array_length(p.cad_files) > 0 and (c.handle = ? or starts_with(c.handle, ? || '/'))
         and ${VISIBLE_ON_SITE}
       order by p.id limit ?`,
      [handle, handle, ctx.site, ctx.site, limit],
    );
    return this.productsByIds(
      ctx,
      rows.map((r) => r.id),
    );
  },
};

export type OrderRules = Pick<
  ProductView,
  | 'id'
  | 'minimumPurchaseQuantity'
  | 'minTransfer'
  | 'maxOrderQuantity'
  | 'configurationOptions'
  | 'allowedStates'
>;

export interface PriceView {
  id: string;
  price: number | null;
  /** For listings (GraphQL); the spec's REST answer is id and price only. */
  inStock: boolean;
  /** In stock, or sold on backorder (decision 050): "Available to Order". */
  orderable: boolean;
  /** The lowest price a buyer can pay for one unit (a pack, a configured piece: domain/price-terms.ts). */
  fromPrice: number | null;
  priceKind: PriceTerms['kind'];
  packSize: number | null;
  unitOfMeasure: string;
  /** Priced by one measure alone (a panel per m²): that rate. */
  rate: { price: number; unit: string } | null;
  /** Cheaper from some quantity on (`fromPrice` is then the lowest tier's). */
  tiered: boolean;
}

function checkIds(ids: string[]): string[] {
  const wanted = [...new Set(ids.map((id) => id.trim()).filter(Boolean))];
  if (wanted.length > MAX_IDS_PER_CALL) {
    const message = `Ask for at most ${MAX_IDS_PER_CALL} products at once`;
    throw new AppError('BAD_USER_INPUT', message, [{ field: 'ids', message }]);
  }
  return wanted;
}

/** Sites that do not show every product see only those listing them (two parameters: the site id twice). */
const VISIBLE_ON_SITE = `(coalesce((select show_all_products from site where id = ?), true) or ? = any(p.sites))`;

/** A product's configuration options (ConfigurationOptionView), in order, as one JSON column. */
const OPTIONS_JSON = `coalesce((
      select json_agg(json_build_object(
        'id', o.id, 'code', o.code, 'name', o.name, 'kind', o.kind, 'unit', o.unit,
        'unitPrice', o.unit_price::float8, 'minValue', o.min_value::float8, 'maxValue', o.max_value::float8,
        'step', o.step::float8, 'defaultValue', o.default_value::float8, 'required', o.required,
        'dimensions', o.dimensions
      ) order by o.position)
      from product_configuration_option o where o.product_id = p.id
    ), '[]'::json) as "configurationOptions"`;

/**
 * Product views in one statement (brand joined, options aggregated): read paths skip entity hydration, which
 * costs several times the query itself. Sites that do not show every product see only those listing them.
 */
const PRODUCTS_BY_IDS = new Prepared<Omit<ProductView, 'soldOnSite'> & PriceColumns>(`
  select p.id, p.name, p.description, p.category_id as "categoryId",
    ${PRICE_COLUMNS}, p.market_price::float8 as "marketPrice",
    p.manufacturer_part_number as "manufacturerPartNumber", p.minimum_purchase_quantity as "minimumPurchaseQuantity",
    p.min_transfer as "minTransfer", p.max_order_quantity as "maxOrderQuantity",
    p.unit_of_measure as "unitOfMeasure", p.in_stock as "inStock", (p.in_stock or p.backorder_allowed) as orderable,
    p.allowed_states as "allowedStates", p.images, p.cad_files as "cadFiles", p.display_kind as "displayKind",
    p.measure_kind as "measureKind", p.attributes, p.weight_kg::float8 as "weightKg",
    json_build_object('id', b.id, 'handle', b.handle, 'name', b.name) as brand,
    ${OPTIONS_JSON}
  from product p
  join brand b on b.id = p.brand_id
  ${PRICE_LIST_JOIN}
  where p.id = any(?::text[]) and ${VISIBLE_ON_SITE}`);

const ORDER_RULES = new Prepared<OrderRules>(
  `select p.id, p.minimum_purchase_quantity as "minimumPurchaseQuantity", p.min_transfer as "minTransfer",
     p.max_order_quantity as "maxOrderQuantity", p.allowed_states as "allowedStates",
     ${OPTIONS_JSON}
   from product p where p.id = any(?::text[]) and ${VISIBLE_ON_SITE}`,
);

/** A product view in the pricing's terms (its price, base, market and option prices, offers and tiers). */
function priceView(
  pricing: Pricing,
  row: Omit<ProductView, 'soldOnSite'> & PriceColumns,
): Omit<ProductView, 'soldOnSite'> {
  const {
    ownPrice: _p,
    ownBasePrice: _b,
    listPrice: _l,
    listBasePrice: _lb,
    listId: _id,
    breaks: _breaks,
    ...view
  } = row;
  const { price, basePrice, rate, offers } = pricedBy(pricing, row);
  const priced = {
    ...view,
    price,
    basePrice,
    marketPrice: scaled(row.marketPrice, rate),
    configurationOptions: row.configurationOptions.map((o) => ({
      ...o,
      unitPrice: scaled(o.unitPrice, rate) ?? 0,
    })),
    priceOffers: offers,
  };
  return { ...priced, priceTiers: productTiers(priced) };
}

/** Handles arrive from URLs: tolerate surrounding slashes and letter case. */
export function normaliseHandle(handle: string): string {
  return handle
    .trim()
    .replace(/^\/+|\/+$/g, '')
    .toLowerCase();
}
