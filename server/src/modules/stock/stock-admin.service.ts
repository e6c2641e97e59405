import { CONSOLE_ACCESS } from '../../../../domain/admin';
import { stockAdjustmentSchema } from '../../../../domain/stock.schema';
import { DEFAULT_LEAD_TIME_DAYS, LOW_STOCK_PIECES, warehouseById } from '../../../../domain/warehouses';
import { notFound } from '../../common/errors';
import { validate } from '../../common/validate';
import type { Ctx, Db } from '../../context';
import { recordAudit } from '../audit';
import { assertAccess } from '../auth';
import { setOnHand } from './stock.service';

export interface StockCountView {
  warehouseId: string;
  name: string;
  onHand: number;
  reserved: number;
  available: number;
}

export interface StockRowView {
  productId: string;
  name: string;
  brand: string;
  backorderAllowed: boolean;
  leadTimeDays: number;
  /** The least and most one order may take (counted like the cart line: packs for packs); max null: none. */
  minimumQuantity: number;
  maxOrderQuantity: number | null;
  warehouses: StockCountView[];
}

const ROWS_SQL = `select p.id as "productId", p.name, b.name as brand, p.backorder_allowed as "backorderAllowed",
    coalesce(p.lead_time_days, b.lead_time_days, ${DEFAULT_LEAD_TIME_DAYS}) as "leadTimeDays",
    case when p.min_transfer > 1 then 1 else greatest(1, p.minimum_purchase_quantity) end as "minimumQuantity",
    p.max_order_quantity as "maxOrderQuantity",
    coalesce((select json_agg(json_build_object('warehouseId', s.warehouse_id, 'onHand', s.on_hand,
      'reserved', s.reserved, 'available', greatest(s.on_hand - s.reserved, 0)) order by s.warehouse_id)
      from stock_level s where s.product_id = p.id), '[]'::json) as warehouses
  from product p join brand b on b.id = p.brand_id`;

const named = (row: StockRowView): StockRowView => ({
  ...row,
  warehouses: row.warehouses.map((w) => ({
    ...w,
    name: warehouseById(w.warehouseId)?.name ?? w.warehouseId,
  })),
});

/** One part's counts (its stock row), or null. */
export async function stockRow(db: Db, productId: string): Promise<StockRowView | null> {
  const [row] = await db.execute<StockRowView[]>(`${ROWS_SQL} where p.id = ?`, [productId], 'all');
  return row ? named(row) : null;
}

/** Staff's stock (decision 050): the parts running low, a part by its number, and adjustments with a reason. */
export const stockAdminService = {
  /**
   * Parts whose stock available everywhere is at most LOW_STOCK_PIECES, most popular first; or, with `search`, the
   * parts whose number starts with it.
   */
  async list(ctx: Ctx, search: string | null): Promise<StockRowView[]> {
    assertAccess(ctx, CONSOLE_ACCESS.stock);
    const term = search?.trim().slice(0, 64) ?? '';
    const rows = term
      ? await ctx.db.execute<StockRowView[]>(
          `${ROWS_SQL} where upper(p.id) like upper(?) || '%' escape '\\' order by p.id limit 50`,
          [term.replace(/[\\%_]/g, (c) => `\\${c}`)],
        )
      : await ctx.db.execute<StockRowView[]>(
          `${ROWS_SQL} join (select s.product_id from stock_level s group by s.product_id
             having sum(greatest(s.on_hand - s.reserved, 0)) <= ?) low on low.product_id = p.id
           order by p.popularity desc, p.id limit 100`,
          [LOW_STOCK_PIECES],
        );
    return rows.map(named);
  },

  /** Sets a part's counts at one or more warehouses, with the reason in the audit trail. */
  async adjust(ctx: Ctx, productId: string, body: unknown): Promise<StockRowView> {
    assertAccess(ctx, CONSOLE_ACCESS.stock);
    const input = validate(stockAdjustmentSchema, body);
    return ctx.db.transactional(async () => {
      const before = await setOnHand(ctx, productId, input.levels);
      await recordAudit(ctx, {
        action: 'stock.adjust',
        targetType: 'product',
        targetId: productId,
        before: { levels: before },
        after: { levels: input.levels, reason: input.reason },
      });
      const row = await stockRow(ctx.db, productId);
      if (!row) throw notFound(`Product ${productId}`);
      return row;
    });
  },
};
