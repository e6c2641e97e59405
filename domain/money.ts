/** Money rules (spec sections 5 and 9): rounding, freight, totals, line prices. */
import type { Country } from './regions';

/**
 * Rounds half away from zero to 2 decimals, immune to binary float error (1.005 -> 1.01, 2.675 -> 2.68).
 * The shift by 100 is done on the decimal text of the number, so 1.005 is shifted to exactly 100.5.
 * Non-finite input gives 0; -0 gives 0. From 1e15 up a double has no room for cents, so the value is kept.
 */
export function round2(value: number): number {
  if (!Number.isFinite(value)) return 0;
  if (Math.abs(value) >= 1e15) return value;
  const [mantissa, exponent = '0'] = String(Math.abs(value)).split('e');
  const shifted = Number(`${mantissa}e${Number(exponent) + 2}`);
  return (Math.sign(value) * Math.round(shifted)) / 100 || 0;
}

export interface FreightBand {
  /** Lower bound of the subtotal; `fromInclusive` says whether it belongs to the band. */
  from: number;
  fromInclusive: boolean;
  /** Upper bound; null means no upper bound. */
  to: number | null;
  toInclusive: boolean;
  amount: number;
  /** Plain-language rule for the cart page. */
  label: string;
}

/**
 * Freight by subtotal, for shipments within the United States (spec section 5, in USD): 0 if the subtotal is 0
 * or 200 or more; 7.50 up to 50; 10 above 50 and below 100; 15 from 100 up to below 200.
 */
const US_FREIGHT: readonly FreightBand[] = [
  { from: 0, fromInclusive: true, to: 0, toInclusive: true, amount: 0, label: 'Empty cart: no freight' },
  { from: 0, fromInclusive: false, to: 50, toInclusive: true, amount: 7.5, label: 'Subtotal up to $50.00' },
  {
    from: 50,
    fromInclusive: false,
    to: 100,
    toInclusive: false,
    amount: 10,
    label: 'Subtotal over $50.00 and under $100.00',
  },
  {
    from: 100,
    fromInclusive: true,
    to: 200,
    toInclusive: false,
    amount: 15,
    label: 'Subtotal from $100.00 to under $200.00',
  },
  {
    from: 200,
    fromInclusive: true,
    to: null,
    toInclusive: false,
    amount: 0,
    label: 'Subtotal of $200.00 or more: free freight',
  },
];

/**
 * Freight within Canada (pay-ca, in CAD), the same shape (decision 033): 0 if the subtotal is 0 or CA$280 or
 * more; 10.50 up to 70; 14 above 70 and below 140; 21 from 140 up to below 280.
 */
const CA_FREIGHT: readonly FreightBand[] = [
  { from: 0, fromInclusive: true, to: 0, toInclusive: true, amount: 0, label: 'Empty cart: no freight' },
  {
    from: 0,
    fromInclusive: false,
    to: 70,
    toInclusive: true,
    amount: 10.5,
    label: 'Subtotal up to CA$70.00',
  },
  {
    from: 70,
    fromInclusive: false,
    to: 140,
    toInclusive: false,
    amount: 14,
    label: 'Subtotal over CA$70.00 and under CA$140.00',
  },
  {
    from: 140,
    fromInclusive: true,
    to: 280,
    toInclusive: false,
    amount: 21,
    label: 'Subtotal from CA$140.00 to under CA$280.00',
  },
  {
    from: 280,
    fromInclusive: true,
    to: null,
    toInclusive: false,
    amount: 0,
    label: 'Subtotal of CA$280.00 or more: free freight',
  },
];

/** The freight table of the country a site ships to ('US' or 'CA'). */
export const FREIGHT_TABLES: Readonly<Record<Country, readonly FreightBand[]>> = {
  US: US_FREIGHT,
  CA: CA_FREIGHT,
};

const inBand = (s: number, b: FreightBand) =>
  (b.fromInclusive ? s >= b.from : s > b.from) && (b.to === null || (b.toInclusive ? s <= b.to : s < b.to));

/** The band that applies to a subtotal (a negative subtotal counts as 0). */
export function freightBand(subtotal: number, country: Country = 'US'): FreightBand {
  const table = FREIGHT_TABLES[country];
  const s = Math.max(0, round2(subtotal));
  return table.find((b) => inBand(s, b)) ?? table[0]!;
}

export function freight(subtotal: number, country: Country = 'US'): number {
  return freightBand(subtotal, country).amount;
}

/** How a band reads: an empty cart, "up to", "over … and under", "from … to under", or free from. */
export function bandKind(band: FreightBand): 'empty' | 'upTo' | 'over' | 'from' | 'free' {
  if (band.to === 0) return 'empty';
  if (band.to === null) return 'free';
  if (band.fromInclusive) return 'from';
  return band.toInclusive ? 'upTo' : 'over';
}

/** The subtotal from which freight is free. */
export const freeFreightFrom = (country: Country = 'US') => FREIGHT_TABLES[country].at(-1)!.from;

/**
 * Total = subtotal − the promotions' discount on the goods + freight (as charged) + taxAmount, rounded (decision
 * 079; without a promotion, the spec's subtotal + freight + tax).
 */
export function orderTotal(parts: {
  subTotal: number;
  freight: number;
  taxAmount: number;
  discount?: number;
}): number {
  return round2(parts.subTotal - (parts.discount ?? 0) + parts.freight + parts.taxAmount);
}

/**
 * An amount shared among lines by their weights in whole cents, by the largest remainder (decision 079): each gets
 * floor(A·w/W) cents, and the cents left go one each to the largest remainders (a tie to the earlier line). The
 * shares add up to the amount exactly and none is more than its weight, so a discount never takes a line below 0.
 * The amount is capped at the weights' sum; no weight gives all zeros.
 */
export function allocateCents(amount: number, weights: readonly number[]): number[] {
  const cents = weights.map((w) => Math.max(0, Math.round(round2(w) * 100)));
  const total = cents.reduce((a, b) => a + b, 0);
  if (total === 0) return weights.map(() => 0);
  const share = Math.min(Math.max(0, Math.round(round2(amount) * 100)), total);
  const floors = cents.map((c) => Math.floor((share * c) / total));
  let left = share - floors.reduce((a, b) => a + b, 0);
  const order = cents
    .map((c, i) => ({ i, remainder: (share * c) % total }))
    .sort((a, b) => b.remainder - a.remainder || a.i - b.i);
  for (const { i } of order) {
    if (left === 0) break;
    floors[i]! += 1;
    left -= 1;
  }
  return floors.map((c) => c / 100);
}

/** Line subtotal = price x quantity, also x minimumPurchaseQuantity when minTransfer > 1. No price: 0. */
export function lineSubtotal(line: {
  price: number | null | undefined;
  quantity: number;
  minTransfer?: number | null;
  minimumPurchaseQuantity?: number | null;
}): number {
  if (line.price === null || line.price === undefined) return 0;
  const packs = (line.minTransfer ?? 1) > 1 ? (line.minimumPurchaseQuantity ?? 1) : 1;
  return round2(line.price * line.quantity * packs);
}

/** Configured line price = (sum of value x price + basePrice) x quantity, rounded to 2 decimals. */
export function configuredLinePrice(line: {
  basePrice: number | null | undefined;
  quantity: number;
  configurations: readonly { value: number | string; price: number | null | undefined }[];
}): number {
  const options = line.configurations.reduce((sum, c) => sum + Number(c.value) * (c.price ?? 0), 0);
  return round2((options + (line.basePrice ?? 0)) * line.quantity);
}

/** One formatter per locale and currency: making an Intl.NumberFormat costs far more than using one (issue 61). */
const amountFormats = new Map<string, Intl.NumberFormat>();

/** An amount as e-mails and documents in English write it: "$1,234.50", "CA$1,234.50". */
export function formatAmount(value: number, currency: string, locale = 'en-US'): string {
  const key = `${locale}|${currency}`;
  let format = amountFormats.get(key);
  if (!format) {
    format = new Intl.NumberFormat(locale, { style: 'currency', currency });
    amountFormats.set(key, format);
  }
  return format.format(value);
}
