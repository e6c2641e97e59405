import { configurationKey, itemConfigurations, type CartItem, type CartLine } from '../../../../domain/cart';
import { itemRefusals, maximumRefusal, orderRefusal, type QuantityRules } from '../../../../domain/cart-line';
import { siteCountry } from '../../../../domain/regions';
import { AppError, type FieldError } from '../../common/errors';
import type { Ctx } from '../../context';
import { catalogService } from '../catalog';
import type { StoredConfiguration } from './cart.entity';

/**
 * What a line check is asked about: items added to a cart (`toBuy`) or a saved list, the lines of an order being
 * placed (a cart's or an accepted quote's, shipped to `state`), or the quantities staff give an order's lines in
 * the console.
 */
export type LineCheck =
  | {
      items: readonly CartItem[];
      toBuy: boolean;
      /** What the cart's lines hold now, by `lineKey` (an add grows them): read only for parts with a maximum. */
      inCart?: () => Promise<ReadonlyMap<string, number>>;
    }
  | { order: readonly CartLine[]; state: string }
  | { edited: readonly { productId: string; quantity: number; field: string }[] };

/**
 * The one server check of cart lines (decision 063): the refusals of domain/cart-line.ts against the parts as the
 * catalogue has them now, each next to its field. Adds answer every refusal at once; an order its first.
 */
export async function checkLines(ctx: Ctx, check: LineCheck): Promise<FieldError[]> {
  const country = siteCountry(ctx.site);
  if ('order' in check) {
    // Priced on read, an order's lines carry their part's rules of today.
    const rules = new Map(check.order.map((l) => [l.id, quantityRules(l)]));
    const refusal = orderRefusal(check.order, rules, { state: check.state, country });
    return refusal ? [refusal] : [];
  }
  if ('edited' in check) {
    const rules = await currentRules(
      ctx,
      check.edited.map((l) => l.productId),
    );
    return check.edited.flatMap((l) => {
      const message = maximumRefusal(rules.get(l.productId), l.productId, l.quantity);
      return message ? [{ field: l.field, message }] : [];
    });
  }
  const products = new Map(
    (await catalogService.orderRules(ctx, [...new Set(check.items.map((i) => i.itemId))])).map((p) => [
      p.id,
      p,
    ]),
  );
  const held =
    check.inCart && [...products.values()].some((p) => p.maxOrderQuantity !== null)
      ? await check.inCart()
      : new Map<string, number>();
  return check.items.flatMap((item, i) => {
    const configurations = itemConfigurations(item);
    return itemRefusals(products.get(item.itemId), { ...item, configurations }, `items[${i}]`, {
      country,
      toBuy: check.toBuy,
      inCart: held.get(lineKey(item.itemId, configurationKey(configurations))) ?? 0,
    });
  });
}

/** A cart line's identity: its part and the key of its configurations (cart_line.config_key). */
export const lineKey = (itemId: string, configKey: string): string => JSON.stringify([itemId, configKey]);

/** Refuses with every refusal given (the first one as the message), when there is one. */
export function refuseLines(refusals: readonly FieldError[]): void {
  if (refusals.length > 0) throw new AppError('BAD_USER_INPUT', refusals[0]!.message, [...refusals]);
}

export interface CheckedItem {
  itemId: string;
  qty: number;
  configurations: StoredConfiguration[];
  configKey: string;
}

/** Items checked for a cart (`toBuy`) or a saved list and ready to store, or refused with every problem. */
export async function checkItems(
  ctx: Ctx,
  items: CartItem[],
  { toBuy = false, inCart }: { toBuy?: boolean; inCart?: () => Promise<ReadonlyMap<string, number>> } = {},
): Promise<CheckedItem[]> {
  refuseLines(await checkLines(ctx, { items, toBuy, inCart }));
  return items.map((item) => {
    const stored = itemConfigurations(item).map((c) => ({
      id: c.id,
      value: c.value,
      type: c.type ?? null,
      metadata: c.metadata ?? null,
    }));
    return {
      itemId: item.itemId,
      qty: item.qty,
      configurations: stored,
      configKey: configurationKey(stored),
    };
  });
}

const quantityRules = (l: CartLine): QuantityRules => ({
  minimumPurchaseQuantity: l.minimumPurchaseQuantity ?? 1,
  minTransfer: l.minTransfer ?? 1,
  maxOrderQuantity: l.maxOrderQuantity ?? null,
});

/** The quantity rules of parts whatever site they are on (an order's parts, for the console). */
async function currentRules(ctx: Ctx, ids: string[]): Promise<Map<string, QuantityRules>> {
  if (ids.length === 0) return new Map();
  const rows = await ctx.db.execute<({ id: string } & QuantityRules)[]>(
    `select id, minimum_purchase_quantity as "minimumPurchaseQuantity", min_transfer as "minTransfer",
       max_order_quantity as "maxOrderQuantity"
     from product where id in (?)`,
    [[...new Set(ids)]],
  );
  return new Map(rows.map((r) => [r.id, r]));
}
