import { CONSOLE_ACCESS } from '../../../../domain/admin';
import { lineMinimum } from '../../../../domain/cart-line';
import { maxOrderQuantitySchema } from '../../../../domain/cart-line.schema';
import { notFound } from '../../common/errors';
import { validate } from '../../common/validate';
import type { Ctx } from '../../context';
import { recordAudit } from '../audit';
import { publish } from '../events';
import { assertAccess } from '../auth';
import { stockRow, type StockRowView } from './stock-admin.service';

/**
 * Staff set a part's maximum per order (decision 063) on its stock row: null for none, else a whole number from the
 * part's minimum. Audited; carts, checkouts and the console's order edit hold lines to it from then on.
 */
export async function setMaxOrderQuantity(ctx: Ctx, productId: string, body: unknown): Promise<StockRowView> {
  assertAccess(ctx, CONSOLE_ACCESS.stock);
  return ctx.db.transactional(async () => {
    const [part] = await ctx.db.execute<
      { minimumPurchaseQuantity: number; minTransfer: number; maxOrderQuantity: number | null }[]
    >(
      `select minimum_purchase_quantity as "minimumPurchaseQuantity", min_transfer as "minTransfer",
         max_order_quantity as "maxOrderQuantity" from product where id = ? for update`,
      [productId],
    );
    if (!part) throw notFound(`Product ${productId}`);
    const { maxOrderQuantity } = validate(maxOrderQuantitySchema(lineMinimum(part)), body);
    await ctx.db.execute('update product set max_order_quantity = ?, updated_at = now() where id = ?', [
      maxOrderQuantity,
      productId,
    ]);
    publish(ctx, {
      type: 'product.changed',
      aggregateType: 'product',
      aggregateId: productId,
      version: null,
      actorId: ctx.user?.id ?? null,
      payload: { productId, changes: { maxOrderQuantity } },
    });
    await recordAudit(ctx, {
      action: 'product.max_order_quantity',
      targetType: 'product',
      targetId: productId,
      before: { maxOrderQuantity: part.maxOrderQuantity },
      after: { maxOrderQuantity },
    });
    return (await stockRow(ctx.db, productId))!;
  });
}
