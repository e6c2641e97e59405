/**
 * Cart rules (spec sections 3, 4, 5 and 9), shared by the server (which owns the cart and re-prices it) and the
 * client (which shows it and keeps quantities in the browser). Pure functions: no I/O, no mutation.
 */
import type { Country } from './regions';
import { combinedPct, taxLines, taxTotal, type TaxComponent, type TaxLine } from './tax';
import { configuredLinePrice, freight, freightBand, lineSubtotal, orderTotal, round2 } from './money';
import type { PromotionOutcome } from './promotions';
import { lineShipsTo } from './states';

/** One configuration of a line (cut length, tapping...): the option's id, the value chosen, its unit price. */
export interface LineConfiguration {
  /** The product configuration option's id (`productConfigurationId` on the wire). */
  id: string;
  value: number;
  /** Price per unit of `value`; filled in by the server when it prices the line. */
  price?: number | null;
  metadata?: string | null;
  type?: string | null;
}

/** A cart (order) line with the spec's field names; `id` is the product's part number. */
export interface CartLine {
  id: string;
  cartLineId: string;
  cartId: string;
  name: string;
  description?: string;
  /** Unit price (configured lines: computed from basePrice and configurations); null: sold on quotation. */
  price: number | null;
  basePrice?: number | null;
  marketPrice?: number | null;
  manufacturerPartNumber?: string | null;
  minimumPurchaseQuantity?: number | null;
  minTransfer?: number | null;
  /** The most one order may take (packs for packs); null or absent: no maximum (domain/cart-line.ts). */
  maxOrderQuantity?: number | null;
  unitOfMeasure?: string | null;
  quantity: number;
  image?: string | null;
  inStock?: boolean;
  dateAdded?: string;
  allowedStates?: readonly string[];
  configurations?: readonly LineConfiguration[] | null;
}

/** A line as it travels to the server (`items` of the upsert calls). */
export interface CartItem {
  itemId: string;
  qty: number;
  configurations?: {
    productConfigurationId: string;
    value: number;
    type?: string | null;
    metadata?: string | null;
  }[];
}

/** The identity of a line's configurations: by option id, value and metadata, in any order. */
export function configurationKey(configurations: readonly LineConfiguration[] | null | undefined): string {
  if (!configurations || configurations.length === 0) return '';
  const parts = configurations
    .map((c) => [c.id, Number(c.value), c.metadata ?? null] as const)
    .sort((a, b) => (a[0] < b[0] ? -1 : a[0] > b[0] ? 1 : a[1] - b[1]));
  return JSON.stringify(parts);
}

/** Two lines are the same purchase when the product and the configurations (id, value, metadata) match. */
export function sameLine(
  a: Pick<CartLine, 'id' | 'configurations'>,
  b: Pick<CartLine, 'id' | 'configurations'>,
): boolean {
  return a.id === b.id && configurationKey(a.configurations) === configurationKey(b.configurations);
}

/** A wire item's configurations in the line form. */
export function itemConfigurations(item: CartItem): LineConfiguration[] {
  return (item.configurations ?? []).map((c) => ({
    id: c.productConfigurationId,
    value: Number(c.value),
    type: c.type ?? null,
    metadata: c.metadata ?? null,
  }));
}

/** A line on the wire. */
export function toCartItem(line: Pick<CartLine, 'id' | 'quantity' | 'configurations'>): CartItem {
  return {
    itemId: line.id,
    qty: line.quantity,
    configurations: (line.configurations ?? []).map((c) => ({
      productConfigurationId: c.id,
      value: c.value,
      type: c.type ?? null,
      metadata: c.metadata ?? null,
    })),
  };
}

/**
 * Adds lines: one matching an existing line (same id and configurations) raises that line's quantity,
 * otherwise it is appended. An empty list changes nothing and adds nothing.
 */
export function addLines(lines: readonly CartLine[], added: readonly CartLine[]): CartLine[] {
  if (added.length === 0) return [...lines];
  const result = [...lines];
  for (const line of added) {
    const at = result.findIndex((l) => sameLine(l, line));
    if (at >= 0) result[at] = { ...result[at]!, quantity: result[at]!.quantity + line.quantity };
    else result.push(line);
  }
  return result;
}

/** Replaces lines by identity (cartId, itemId and cartLineId); an empty list changes nothing. */
export function updateLines(lines: readonly CartLine[], updated: readonly CartLine[]): CartLine[] {
  if (updated.length === 0) return [...lines];
  return lines.map((l) => updated.find((u) => sameIdentity(l, u)) ?? l);
}

export function removeLine(lines: readonly CartLine[], removed: CartLine): CartLine[] {
  return lines.filter((l) => !sameIdentity(l, removed));
}

const sameIdentity = (a: CartLine, b: CartLine) =>
  a.cartId === b.cartId && a.id === b.id && a.cartLineId === b.cartLineId;

/** The unit price of a line: configured lines from basePrice and their configurations, others as priced. */
export function unitPrice(line: Pick<CartLine, 'price' | 'basePrice' | 'configurations'>): number | null {
  if (line.price === null || line.price === undefined) return null;
  const configurations = line.configurations ?? [];
  if (configurations.length === 0) return round2(line.price);
  return configuredLinePrice({
    basePrice: line.basePrice ?? line.price,
    quantity: 1,
    configurations: configurations.map((c) => ({ value: c.value, price: c.price ?? 0 })),
  });
}

/** A line's subtotal: unit price x quantity (x minimumPurchaseQuantity when minTransfer > 1). */
export function lineTotal(line: CartLine): number {
  return lineSubtotal({ ...line, price: unitPrice(line) });
}

export interface CartTotals {
  subTotal: number;
  freightAmt: number;
  /** The rule of the freight table that applied (for "how freight was reached"). */
  freightRule: string;
  /** The combined rate of the taxes (0 when none applies yet, or the buyer is exempt). */
  taxPct: number;
  taxAmount: number;
  /** Each tax: a US state's sales tax, or Canada's GST/HST and PST or QST (decision 033). */
  taxes: TaxLine[];
  /** The promotions' discount on the goods (decision 079): total = subTotal − discountTotal + freightAmt + tax. */
  discountTotal: number;
  /** The promotions' discount on the freight: freightAmt is what is charged, the table's amount less this. */
  freightDiscount: number;
  total: number;
}

/**
 * Totals: subtotal of priced lines, freight by subtotal from the country's table, each tax on the goods (and the
 * freight where it applies there; none when exempt), total = subtotal + freight + taxes. Every amount to the cent.
 */
export function cartTotals(
  lines: readonly (CartLine & { lineTotal?: number })[],
  tax: {
    country?: Country;
    components?: readonly TaxComponent[];
    exempt?: boolean;
    /** A quote's agreed freight replaces the freight table (decision 049). */
    freight?: number;
    /** The promotions applied (decision 079): the band reads the subtotal before them; tax the amounts after. */
    promotions?: Pick<PromotionOutcome, 'goodsDiscount' | 'freightDiscount'>;
  } = {},
): CartTotals {
  const country = tax.country ?? 'US';
  // A line the server priced carries its total (its quantity tier applied: decision 048); others are priced here.
  const subTotal = round2(lines.reduce((sum, l) => sum + (l.lineTotal ?? lineTotal(l)), 0));
  const table = tax.freight === undefined ? freight(subTotal, country) : round2(tax.freight);
  const discountTotal = Math.min(subTotal, tax.promotions?.goodsDiscount ?? 0);
  const freightDiscount = Math.min(table, tax.promotions?.freightDiscount ?? 0);
  const freightAmt = round2(table - freightDiscount);
  const net = round2(subTotal - discountTotal);
  const taxes = tax.exempt ? [] : taxLines(tax.components ?? [], { subTotal: net, freight: freightAmt });
  const taxAmount = taxTotal(taxes);
  return {
    subTotal,
    freightAmt,
    freightRule: tax.freight === undefined ? freightBand(subTotal, country).label : 'Freight as quoted',
    taxPct: combinedPct(taxes),
    taxAmount,
    taxes,
    discountTotal,
    freightDiscount,
    total: orderTotal({ subTotal, freight: freightAmt, taxAmount, discount: discountTotal }),
  };
}

export const totalQuantity = (lines: readonly Pick<CartLine, 'quantity'>[]) =>
  lines.reduce((sum, l) => sum + l.quantity, 0);
export const lineCount = (lines: readonly unknown[]) => lines.length;
const priced = (l: Pick<CartLine, 'price'>) => l.price !== null && l.price !== undefined;
export const hasPricedItem = (lines: readonly Pick<CartLine, 'price'>[]) => lines.some(priced);
export const hasUnpricedItem = (lines: readonly Pick<CartLine, 'price'>[]) => lines.some((l) => !priced(l));
export const lastLines = <T>(lines: readonly T[], n = 1): T[] => (n > 0 ? lines.slice(-n) : []);

/** The lines that cannot ship to `state` (none for an empty state): the state restriction, naming lines. */
export function linesBlockedIn<T extends Pick<CartLine, 'allowedStates'>>(
  lines: readonly T[],
  state: string,
): T[] {
  const code = state.trim().toUpperCase();
  if (!code) return [];
  return lines.filter((l) => !lineShipsTo(l, code));
}

/**
 * Merges refreshed prices (id, price) onto lines by id. Every refreshed id must have a line; lines whose
 * refreshed price is not above 0 are left out, and so are lines without a refreshed entry.
 */
export function mergeRefreshed<L extends { id: string }>(
  lines: readonly L[],
  refreshed: readonly { id: string; price: number | null }[],
): (L & { price: number })[] {
  for (const r of refreshed) {
    if (!lines.some((l) => l.id === r.id)) throw new Error('Unable to find list item for merge');
  }
  return lines.flatMap((l) => {
    const fresh = refreshed.find((r) => r.id === l.id);
    return fresh && fresh.price !== null && fresh.price > 0 ? [{ ...l, price: fresh.price }] : [];
  });
}

/**
 * Cart loading: local quantities override the server's for lines on both sides; lines only local are
 * returned apart, to be priced and appended.
 */
export function reconcileLocal<L extends Pick<CartLine, 'id' | 'configurations' | 'quantity'>>(
  server: readonly CartLine[],
  local: readonly L[],
): { lines: CartLine[]; onlyLocal: L[] } {
  const lines = server.map((s) => {
    const mine = local.find((l) => sameLine(l, s));
    return mine ? { ...s, quantity: mine.quantity } : s;
  });
  return { lines, onlyLocal: local.filter((l) => !server.some((s) => sameLine(l, s))) };
}

/**
 * The server cart a browser's kept copy was last saved from: its id and revision; 'unknown' for a copy saved from
 * a server cart before carts had revisions; null for a copy that never saw this store's server (decision 055).
 */
export type KeptSync = { cartId: string; revision: number } | 'unknown' | null;

/**
 * Cart loading across devices (decision 055, narrowing the spec's rule, written for one device). The kept copy's
 * lines are merged (`reconcileLocal`: kept quantities override, kept-only lines are priced and appended) only when
 * the server never had them: the copy never saw this store's server, or the visitor has no server cart (a guest's
 * cart that lapsed). A copy saved from the server cart at the revision it has now is that cart: nothing to merge.
 * Any other (a later revision: an order took lines, another device changed them; another cart: merged at sign-in;
 * a copy from before revisions) is stale: the server's lines win and the copy is replaced by them.
 */
export function keptCopyPlan(
  synced: KeptSync,
  server: { cartId: string | null; revision: number },
): 'merge' | 'current' | 'stale' {
  if (server.cartId === null || synced === null) return 'merge';
  if (synced !== 'unknown' && synced.cartId === server.cartId && synced.revision === server.revision)
    return 'current';
  return 'stale';
}

/** The older stored form of a line (persisted state version 0). */
export interface StoredLineV0 {
  itemId: string;
  title?: string;
  desc?: string;
  mfrPartNo?: string | null;
  minTransfer?: number | null;
  minPurchaseQty?: number | null;
  qty: number;
  price?: number | null;
  basePrice?: number | null;
  uom?: string | null;
  img?: string | null;
  cartLineId?: string;
  cartId?: string;
  configs?: { id: string; value: number | string; price?: number | null; metadata?: string | null }[] | null;
}

/** Version-0 migration: the old stored line names to the current ones. */
export function migrateStoredLineV0(old: StoredLineV0): CartLine {
  return {
    id: old.itemId,
    cartLineId: old.cartLineId ?? '',
    cartId: old.cartId ?? '',
    name: old.title ?? '',
    description: old.desc ?? '',
    manufacturerPartNumber: old.mfrPartNo ?? null,
    minTransfer: old.minTransfer ?? 1,
    minimumPurchaseQuantity: old.minPurchaseQty ?? 1,
    quantity: old.qty,
    price: old.price ?? null,
    basePrice: old.basePrice ?? null,
    unitOfMeasure: old.uom ?? null,
    image: old.img ?? null,
    configurations: old.configs
      ? old.configs.map((c) => ({
          id: c.id,
          value: Number(c.value),
          price: c.price ?? null,
          metadata: c.metadata ?? null,
        }))
      : null,
  };
}

/** Most lines one cart holds, and the largest quantity of one line. */
export const CART_LIMITS = { maxLines: 200, maxQuantity: 100_000, maxItemsPerCall: 100 } as const;
