import { SUPPLIER_ACCESS, supplierPageSchema, supplierStockSchema } from '../../../../domain/admin';
import { publish } from '../events';
import { stockLevelsSchema } from '../../../../domain/stock.schema';
import { AppError, notFound } from '../../common/errors';
import { recordAudit } from '../audit';
import { setOnHand } from '../stock';
import { validate } from '../../common/validate';
import type { Ctx } from '../../context';
import { assertAccess } from '../auth';
import { forgetTypeaheadAnswers, bumpIndexVersion } from '../search';

export interface SupplierProductView {
  id: string;
  name: string;
  inStock: boolean;
}

/** The brand a Supplier keeps, or FORBIDDEN when none is assigned. */
export async function supplierBrand(ctx: Ctx): Promise<string> {
  const [row] = await ctx.db.execute<{ brandId: string | null }[]>(
    'select b.id as "brandId" from app_user u join brand b on b.handle = u.supplier_brand_handle where u.id = ?',
    [ctx.user!.id],
  );
  if (!row?.brandId) throw new AppError('FORBIDDEN', 'No brand is assigned to this Supplier.');
  return row.brandId;
}

/** A Supplier (signed in, or through a key with the supplier:products scope) keeps its own brand's stock. */
export const supplierService = {
  /** The brand's products, 100 a page, by part number. */
  async products(ctx: Ctx, body: unknown): Promise<SupplierProductView[]> {
    assertAccess(ctx, SUPPLIER_ACCESS);
    const { page } = validate(supplierPageSchema, body);
    const brandId = await supplierBrand(ctx);
    return ctx.db.execute<SupplierProductView[]>(
      `select id, name, in_stock as "inStock" from product where brand_id = ? order by id limit 100 offset ?`,
      [brandId, (page - 1) * 100],
    );
  },

  /** Sets one product's stock flag; search answers showing it are dropped in every process. */
  async setStock(ctx: Ctx, body: unknown): Promise<SupplierProductView> {
    assertAccess(ctx, SUPPLIER_ACCESS);
    const { id, inStock } = validate(supplierStockSchema, body);
    const brandId = await supplierBrand(ctx);
    return ctx.db.transactional(async () => {
      const [row] = await ctx.db.execute<SupplierProductView[]>(
        `update product set in_stock = ?, updated_at = now() where id = ? and brand_id = ?
         returning id, name, in_stock as "inStock"`,
        [inStock, id, brandId],
      );
      // Another brand's product answers exactly like a missing one.
      if (!row) throw notFound(`Product ${id}`);
      publish(ctx, {
        type: 'product.changed',
        aggregateType: 'product',
        aggregateId: id,
        version: null,
        actorId: ctx.user?.id ?? null,
        payload: { productId: id, changes: { inStock } },
      });
      await ctx.db.execute('update product_search set in_stock = ? where product_id = ?', [inStock, id]);
      // Search answers rank by the stock flag: the typeahead's computed ahead are forgotten, and every process
      // drops its cached ones.
      await forgetTypeaheadAnswers(ctx.db, [id]);
      await bumpIndexVersion(ctx.db);
      return row;
    });
  },

  /**
   * Sets the on-hand counts of one of the brand's products at its warehouses (decision 050): backorders take what
   * arrives first, the stock flag follows, a restock e-mails the back-in-stock requests. Audited.
   */
  async setStockLevels(ctx: Ctx, id: string, body: unknown): Promise<SupplierProductView> {
    assertAccess(ctx, SUPPLIER_ACCESS);
    const { levels } = validate(stockLevelsSchema, body);
    const brandId = await supplierBrand(ctx);
    return ctx.db.transactional(async () => {
      const [own] = await ctx.db.execute<{ id: string }[]>(
        'select id from product where id = ? and brand_id = ?',
        [id, brandId],
        'all',
      );
      // Another brand's product answers exactly like a missing one.
      if (!own) throw notFound(`Product ${id}`);
      const before = await setOnHand(ctx, id, levels);
      await recordAudit(ctx, {
        action: 'stock.supplier',
        targetType: 'product',
        targetId: id,
        before: { levels: before },
        after: { levels },
      });
      const [row] = await ctx.db.execute<SupplierProductView[]>(
        'select id, name, in_stock as "inStock" from product where id = ?',
        [id],
        'all',
      );
      return row!;
    });
  },
};
