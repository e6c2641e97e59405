import { cutsPerPiece, planShipment, type ShipPlan, type StockAt } from '../../../../domain/ship-dates';
import { DEFAULT_LEAD_TIME_DAYS } from '../../../../domain/warehouses';
import { prepared } from '../../db/prepared';
import type { Db } from '../../context';

/** A part's stock by warehouse and its backorder terms, as the ship-date rule reads them. */
export interface PartStock {
  productId: string;
  stock: StockAt[];
  backorder: { allowed: boolean; leadTimeDays: number };
}

/** A part's row as the stock statements read it. */
interface StockRow {
  productId: string;
  allowed: boolean;
  inStock: boolean;
  leadTimeDays: number;
  stock: StockAt[];
}

/** The part's terms: backorders allowed, lead time (the part's, else its brand's, else the store's). */
const TERMS = `p.id as "productId", p.backorder_allowed as allowed, p.in_stock as "inStock",
  coalesce(p.lead_time_days, b.lead_time_days, ${DEFAULT_LEAD_TIME_DAYS}) as "leadTimeDays"`;

const partOf = (r: StockRow): PartStock & { inStock: boolean } => ({
  productId: r.productId,
  stock: r.stock,
  backorder: { allowed: r.allowed, leadTimeDays: r.leadTimeDays },
  inStock: r.inStock,
});

/** Runs one statement (a connection's `execute`, a migration's) and resolves with its rows. */
export type Run = <T extends object[] = object[]>(sql: string, params?: unknown[]) => Promise<T>;

/** The parts' stock and backorder terms (no lock: for showing ship dates). */
export function partStock(ctx: { db: Db }, productIds: readonly string[]): Promise<Map<string, PartStock>> {
  return partStockBy((sql, params) => ctx.db.execute(sql, params), productIds);
}

/** partStock through any statement runner (the open-orders migration's). */
export async function partStockBy(run: Run, productIds: readonly string[]): Promise<Map<string, PartStock>> {
  if (productIds.length === 0) return new Map();
  const rows = await run<StockRow[]>(
    `select ${TERMS},
       coalesce((select json_agg(json_build_object('warehouseId', s.warehouse_id,
         'available', greatest(s.on_hand - s.reserved, 0)) order by s.warehouse_id)
         from stock_level s where s.product_id = p.id), '[]'::json) as stock
     from product p join brand b on b.id = p.brand_id where p.id in (?)`,
    [[...new Set(productIds)]],
  );
  return new Map(rows.map((r) => [r.productId, partOf(r)]));
}

const LOCKED_STOCK = prepared<StockRow>(
  `with locked as materialized (
     select product_id, warehouse_id, greatest(on_hand - reserved, 0) as available from stock_level
     where product_id = any(?::text[]) order by product_id, warehouse_id for update)
   select ${TERMS},
     coalesce((select json_agg(json_build_object('warehouseId', l.warehouse_id, 'available', l.available)
       order by l.warehouse_id) from locked l where l.product_id = p.id), '[]'::json) as stock
   from product p join brand b on b.id = p.brand_id where p.id = any(?::text[])`,
);

/**
 * The parts' stock rows locked in (product, warehouse) order and read in the same statement, with each part's terms
 * and its `in_stock` flag: a reservation's one round trip before it writes (decision 050, "Cost, measured").
 */
export async function lockedPartStock(
  ctx: { db: Db },
  productIds: readonly string[],
): Promise<Map<string, PartStock & { inStock: boolean }>> {
  const ids = [...new Set(productIds)].sort();
  if (ids.length === 0) return new Map();
  const rows = await LOCKED_STOCK.all(ctx.db, [ids, ids]);
  return new Map(rows.map((r) => [r.productId, partOf(r)]));
}

/** Cuts booked at the work centres from yesterday on (a cut-off day boundary can fall either side of UTC's). */
export async function bookedCuts(ctx: { db: Db }) {
  const rows = await ctx.db.execute<{ warehouseId: string; day: string; cuts: number }[]>(
    `select warehouse_id as "warehouseId", to_char(day, 'YYYY-MM-DD') as day, cuts from work_centre_day
     where day >= current_date - 1 order by warehouse_id, day`,
    [],
    'all',
  );
  const byKey = new Map(rows.map((r) => [`${r.warehouseId}:${r.day}`, r.cuts]));
  return (warehouseId: string, day: string) => byKey.get(`${warehouseId}:${day}`) ?? 0;
}

/** A quantity of a part planned at this moment (work-centre bookings read, not locked): for showing ship dates. */
export async function shipPlan(
  ctx: {
    db: Db;
    readDb: Db;
    catalog: { stock(id: string): Promise<PartStock | undefined> };
  },
  productId: string,
  quantity: number,
  state: string | null,
  /** Cut or machined to a configuration (its configurations, or a flag): the work centre counts. */
  configured: boolean | readonly unknown[],
  now = new Date(),
): Promise<ShipPlan> {
  const part = await ctx.catalog.stock(productId);
  const cuts = cutsPerPiece(configured);
  const booked = cuts > 0 ? await bookedCuts({ db: ctx.readDb }) : undefined;
  return planShipment({
    quantity,
    stock: part?.stock ?? [],
    state,
    backorder: part?.backorder ?? { allowed: true, leadTimeDays: DEFAULT_LEAD_TIME_DAYS },
    cutsPerPiece: cuts,
    booked,
    now,
  });
}
