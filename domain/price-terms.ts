/**
 * How a price reads, the way the money rules compute it (spec section 9: configured lines, packs): one rule for the
 * product page, listing cards, the cart, orders, invoices and the console. Volume price breaks: price-breaks.ts.
 */
import { round2 } from './money';
import { lowestTierPrice, tiersOf, type PriceOffer, type PriceTier } from './price-breaks';

export interface PricedOption {
  name: string;
  unit?: string | null;
  unitPrice: number;
  minValue?: number | null;
  required: boolean;
  /** `area`: width × height in mm, priced by the square metre (the value is the area in m²). */
  kind?: string | null;
}

export interface PricedProduct {
  /** null or undefined: sold on quotation. */
  price: number | null | undefined;
  basePrice?: number | null;
  unitOfMeasure: string;
  minimumPurchaseQuantity: number;
  minTransfer: number;
  configurationOptions?: readonly PricedOption[];
  /** The price lists that apply, with their quantity breaks (price-breaks.ts); absent: `price` alone. */
  priceOffers?: readonly PriceOffer[];
}

export type PriceTerms =
  | { kind: 'quote' }
  /** One price per unit of measure ("$12.40 each", "$3.20 per M"). */
  | { kind: 'unit'; price: number; unit: string }
  /**
   * Configured, but priced by one measure alone (no base, one required option: a panel by the m²): reads as that
   * rate ("$18.00 per m²"); `from` is still the cheapest valid configuration.
   */
  | { kind: 'rate'; price: number; unit: string; name: string; from: number }
  /** Sold by the pack: the quantity counts packs of `packSize` ("$4.50 per pack of 10, $0.45 each"). */
  | { kind: 'pack'; packPrice: number; packSize: number; each: number }
  /**
   * Configured to order: base plus per-unit parts; `from` is the lowest price a buyer can pay for one valid
   * configuration (required options at their minimum, optional ones left out).
   */
  | {
      kind: 'configured';
      from: number;
      base: number;
      parts: { name: string; unit: string; unitPrice: number; required: boolean }[];
    };

/** A pack is sold where minTransfer is above 1: the quantity counts packs of minimumPurchaseQuantity (spec). */
export const packSizeOf = (
  p: Pick<PricedProduct, 'minTransfer' | 'minimumPurchaseQuantity'>,
): number | null => (p.minTransfer > 1 ? Math.max(1, p.minimumPurchaseQuantity) : null);

export function priceTerms(p: PricedProduct): PriceTerms {
  if (p.price === null || p.price === undefined) return { kind: 'quote' };
  const options = p.configurationOptions ?? [];
  if (options.length > 0) {
    const base = p.basePrice ?? p.price;
    const from = round2(
      options.reduce((sum, o) => sum + (o.required ? Math.max(0, o.minValue ?? 0) * o.unitPrice : 0), base),
    );
    const required = options.filter((o) => o.required);
    if (base === 0 && options.length === 1 && required.length === 1 && required[0]!.unit) {
      const only = required[0]!;
      return { kind: 'rate', price: only.unitPrice, unit: only.unit!, name: optionShortName(only), from };
    }
    return {
      kind: 'configured',
      from,
      base,
      parts: options.map((o) => ({
        name: optionShortName(o),
        unit: o.unit ?? '',
        unitPrice: o.unitPrice,
        required: o.required,
      })),
    };
  }
  const packSize = packSizeOf(p);
  if (packSize) {
    return { kind: 'pack', packPrice: round2(p.price * packSize), packSize, each: p.price };
  }
  return { kind: 'unit', price: p.price, unit: p.unitOfMeasure };
}

/**
 * A product's quantity tiers as its page and partners show them: per piece (per piece of a pack), or for the
 * cheapest valid configuration of a configured product. Without `priceOffers`, the price alone is one tier.
 */
export function productTiers(p: PricedProduct): PriceTier[] {
  const terms = priceTerms(p);
  if (terms.kind === 'quote') return [];
  const offers = p.priceOffers ?? [{ price: p.price!, basePrice: p.basePrice, breaks: [] }];
  const configured = terms.kind === 'configured' || terms.kind === 'rate';
  return tiersOf(offers, configured ? terms.from - (p.basePrice ?? p.price!) : null);
}

/**
 * The lowest price a buyer can pay for one unit (listing cards' "from $X"), or null on quotation: a pack, the
 * cheapest valid configured piece, at the lowest quantity tier any price list gives.
 */
export function fromPrice(p: PricedProduct): number | null {
  const lowest = lowestTierPrice(productTiers(p));
  const packSize = packSizeOf(p);
  return lowest === null || !packSize || p.configurationOptions?.length ? lowest : round2(lowest * packSize);
}

/**
 * An option's name as a label reads it once: "End Tapping (per end)" stays so; "Cut Length" with unit mm becomes
 * "Cut Length (mm)", a counted option "Counterbore (per hole)".
 */
export function optionLabel(o: Pick<PricedOption, 'name' | 'unit' | 'kind'>): string {
  const name = optionName(o);
  if (!o.unit || /\([^)]*\)\s*$/.test(name)) return name;
  return o.kind?.toLowerCase() === 'count' ? `${name} (per ${o.unit})` : `${name} (${o.unit})`;
}

const optionName = (o: Pick<PricedOption, 'name'>) => o.name.trim();

/** An option's name without its trailing note, for a price breakdown: "End Tapping (per end)" -> "End Tapping". */
export const optionShortName = (o: Pick<PricedOption, 'name'>) =>
  optionName(o).replace(/\s*\([^)]*\)\s*$/, '');

/**
 * A line's quantity and the price of one of its units as the buyer reads them: packs at the pack price, else
 * pieces at the unit price; `quantity × unitPrice` is the line total before rounding, as the money rule has it.
 */
export function lineTerms(line: {
  price: number | null;
  quantity: number;
  minTransfer?: number | null;
  minimumPurchaseQuantity?: number | null;
}): { quantity: number; packSize: number | null; unitPrice: number | null } {
  const packSize = packSizeOf({
    minTransfer: line.minTransfer ?? 1,
    minimumPurchaseQuantity: line.minimumPurchaseQuantity ?? 1,
  });
  const unitPrice = line.price === null ? null : round2(line.price * (packSize ?? 1));
  return { quantity: line.quantity, packSize, unitPrice };
}
