/*
 * The quantity a part may be ordered in (decision 063): its minimum, its packs, its maximum per order. Apart from
 * the rest of the line rules (domain/cart-line.ts) because the shop's product, listing and cart pages check a
 * quantity as it is typed, and this much (no configuration, no regions) travels in their start chunk.
 */

/** What a line's quantity is held to: the product's minimum, packs and maximum per order. */
export interface QuantityRules {
  minimumPurchaseQuantity: number;
  minTransfer: number;
  /** The most one order may take (packs for a part sold in packs); null: no maximum. */
  maxOrderQuantity?: number | null;
}

/** A part sold in packs (minTransfer above 1) counts packs, from 1; any other from its minimum purchase quantity. */
export const lineMinimum = (p: QuantityRules): number =>
  p.minTransfer > 1 ? 1 : Math.max(1, p.minimumPurchaseQuantity);

/** The most one order may take of the part, in the line's own count (packs for packs), or null. */
export const lineMaximum = (p: QuantityRules): number | null => p.maxOrderQuantity ?? null;

export const minimumMessage = (minimum: number, part: string): string =>
  `Order at least ${minimum} of ${part}.`;

export const maximumMessage = (maximum: number, part: string): string =>
  `You can order at most ${maximum} of ${part} in one order.`;

/** Why a line of `part` cannot have this quantity (below its minimum, above its maximum per order), or null. */
export function quantityRefusal(p: QuantityRules, part: string, quantity: number): string | null {
  const minimum = lineMinimum(p);
  if (quantity < minimum) return minimumMessage(minimum, part);
  const maximum = lineMaximum(p);
  if (maximum !== null && quantity > maximum) return maximumMessage(maximum, part);
  return null;
}

/** Over the part's maximum per order (the console's edit of an order's quantity), or null. */
export function maximumRefusal(
  rules: QuantityRules | undefined,
  part: string,
  quantity: number,
): string | null {
  const maximum = rules ? lineMaximum(rules) : null;
  return maximum !== null && quantity > maximum ? maximumMessage(maximum, part) : null;
}
