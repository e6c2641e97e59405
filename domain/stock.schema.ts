import { array, number, object, string, type InferType } from 'yup';
import { oneLine } from './text.schema';
import { WAREHOUSES } from './warehouses';

/* Stock counts as staff and suppliers send them (decision 050); apart from warehouses.ts, which the shop's product
 * page loads, so the page does not carry the form library. */

export const MAX_ON_HAND = 10_000_000;

export const STOCK_MESSAGES = {
  warehouse: 'Choose a warehouse.',
  onHand: 'Enter a count from 0 to 10,000,000.',
  levels: 'Give the count of at least one warehouse.',
  reason: 'Say why the stock changes (a count, a delivery, damage…).',
} as const;

/** A part's new on-hand count at one warehouse. */
export const stockLevelSchema = object({
  warehouseId: string()
    .oneOf(
      WAREHOUSES.map((w) => w.id),
      STOCK_MESSAGES.warehouse,
    )
    .required(STOCK_MESSAGES.warehouse),
  onHand: number()
    .typeError(STOCK_MESSAGES.onHand)
    .integer(STOCK_MESSAGES.onHand)
    .min(0, STOCK_MESSAGES.onHand)
    .max(MAX_ON_HAND, STOCK_MESSAGES.onHand)
    .required(STOCK_MESSAGES.onHand),
});

/** New on-hand counts of a part at one or more warehouses (a supplier's feed; staff add a reason). */
export const stockLevelsSchema = object({
  levels: array(stockLevelSchema)
    .min(1, STOCK_MESSAGES.levels)
    .max(WAREHOUSES.length, STOCK_MESSAGES.levels)
    .required(STOCK_MESSAGES.levels),
});
export type StockLevelsInput = InferType<typeof stockLevelsSchema>;

/** Staff's adjustment: the counts and why (kept in the audit trail). */
export const stockAdjustmentSchema = stockLevelsSchema.shape({
  reason: string().trim().required(STOCK_MESSAGES.reason).max(500, STOCK_MESSAGES.reason).test(oneLine),
});
