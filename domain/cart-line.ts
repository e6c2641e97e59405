import { areaProblem } from './area';
import { hasUnpricedItem, linesBlockedIn, type LineConfiguration } from './cart';
import { configurationProblem, type AreaDimensions } from './configuration';
import { maximumRefusal, quantityRefusal, type QuantityRules } from './line-quantity';
import { addressRules, notSoldMessage, soldIn, type Country } from './regions';

export * from './line-quantity';

/*
 * The rules about a cart line, once (decision 063): the quantity a part may be ordered in (its minimum, packs,
 * its maximum per order), its configuration, whether the site's country may buy it, and what an order refuses
 * (priced on request, not sold in the state shipped to). The shop's pages and the server's one check
 * (server/src/modules/cart/cart-lines.ts) both read them; the messages are the spec's, in English (translated by
 * message-translations.ts).
 */

/** A refusal next to its field (`items[1].qty`, `cart`, `shippingAddress.state`). */
export interface LineRefusal {
  field: string;
  message: string;
}

/** A configuration option as the line rules read it (the catalogue's option view fits it). */
export interface LineOption {
  id: string;
  name: string;
  unit: string | null;
  minValue: number | null;
  maxValue: number | null;
  step: number | null;
  required: boolean;
  dimensions: AreaDimensions | null;
}

/** What the line rules need of a product: its quantity rules, where it is sold and its options. */
export interface LineProduct extends QuantityRules {
  id: string;
  allowedStates: readonly string[];
  configurationOptions: readonly LineOption[];
}

/** An item asked for: a part, a quantity and its configurations. */
export interface LineItem {
  itemId: string;
  qty: number;
  configurations: readonly LineConfiguration[];
}

export const notInCatalogueMessage = (part: string): string => `Part ${part} is not in the catalogue.`;

/**
 * Every refusal of an item at `at` (`items[0]`): not in the catalogue (gone, or not on this site), not sold in the
 * site's country (when it is bought, decision 057: a saved list may keep it), a configuration that is not the
 * part's or out of its limits, a required option missing, a quantity under the minimum or (bought) over the
 * maximum per order, counting what the cart's line already holds.
 */
export function itemRefusals(
  product: LineProduct | undefined,
  item: LineItem,
  at: string,
  {
    country,
    toBuy,
    inCart = 0,
  }: {
    country: Country;
    toBuy: boolean;
    /** How many the cart's line already holds (an add grows it): the maximum holds for the line grown. */
    inCart?: number;
  },
): LineRefusal[] {
  if (!product) return [{ field: `${at}.itemId`, message: notInCatalogueMessage(item.itemId) }];
  if (toBuy && !soldIn(country, product.allowedStates)) {
    return [{ field: `${at}.itemId`, message: notSoldMessage(country, product.id) }];
  }
  const refusals = configurationRefusals(product, item.configurations, at);
  const quantity =
    quantityRefusal({ ...product, maxOrderQuantity: null }, product.id, item.qty) ??
    (toBuy ? maximumRefusal(product, product.id, item.qty + inCart) : null);
  if (quantity) refusals.push({ field: `${at}.qty`, message: quantity });
  return refusals;
}

/** A line of an order being placed: its part, name, quantity, price (null: on request) and where it ships. */
export interface OrderLine {
  id: string;
  name: string;
  quantity: number;
  price: number | null;
  allowedStates?: readonly string[];
}

export const unpricedMessage = (names: readonly string[]): string =>
  `Items priced on request cannot be ordered online: ${names.join(', ')}. Remove them or ask for a quote.`;

export const emptyCartMessage = 'Your cart is empty.';

/**
 * The first refusal of an order's lines, or null: none at all, priced on request, not sold in the state shipped
 * to, over a part's maximum per order (a line added before staff lowered it). The quantity rules are the parts'
 * today (`rules`, by part; a part missing there is not held to a maximum).
 */
export function orderRefusal(
  lines: readonly OrderLine[],
  rules: ReadonlyMap<string, QuantityRules>,
  { state, country }: { state: string; country: Country },
): LineRefusal | null {
  if (lines.length === 0) return { field: 'cart', message: emptyCartMessage };
  if (hasUnpricedItem(lines)) {
    return {
      field: 'cart',
      message: unpricedMessage(lines.filter((l) => l.price === null).map((l) => l.name)),
    };
  }
  const blocked = linesBlockedIn(lines, state);
  if (blocked.length > 0) {
    const where = addressRules(country).regionName(state.toUpperCase(), 'en-US') ?? state;
    const message = `${blocked.map((l) => `${l.name} (${l.id})`).join(', ')} cannot ship to ${where}. Remove ${blocked.length === 1 ? 'it' : 'them'} or choose another address.`;
    return { field: 'shippingAddress.state', message };
  }
  for (const line of lines) {
    const maximum = maximumRefusal(rules.get(line.id), line.id, line.quantity);
    if (maximum) return { field: 'cart', message: maximum };
  }
  return null;
}

function configurationRefusals(
  product: LineProduct,
  configurations: readonly LineConfiguration[],
  at: string,
): LineRefusal[] {
  const refusals: LineRefusal[] = [];
  const options = new Map(product.configurationOptions.map((o) => [o.id, o]));
  const seen = new Set<string>();
  configurations.forEach((c, j) => {
    const field = `${at}.configurations[${j}]`;
    const option = options.get(c.id);
    if (!option || seen.has(c.id)) {
      const message = option
        ? `${option.name} is given twice.`
        : `This option does not belong to ${product.id}.`;
      refusals.push({ field: `${field}.productConfigurationId`, message });
      return;
    }
    seen.add(c.id);
    if (option.dimensions) {
      const area = areaProblem(option.dimensions, c.value, c.metadata);
      if (area) {
        refusals.push({
          field: `${field}.${area.field === 'value' ? 'value' : 'metadata'}`,
          message: areaMessage(option, area),
        });
      }
      return;
    }
    const problem = configurationProblem(option, c.value);
    if (problem) refusals.push({ field: `${field}.value`, message: optionMessage(option, problem) });
  });
  for (const option of product.configurationOptions) {
    if (option.required && !seen.has(option.id)) {
      refusals.push({
        field: `${at}.configurations`,
        message: `${option.name} is required for ${product.id}.`,
      });
    }
  }
  return refusals;
}

/** What an area configuration is told: which dimension is out of range, or that the area is not width × height. */
function areaMessage(
  option: LineOption,
  { field, problem }: NonNullable<ReturnType<typeof areaProblem>>,
): string {
  const d = option.dimensions!;
  if (field === 'value') return `${option.name}: the area must be width × height (in m²).`;
  const range = d[field];
  const label = field === 'width' ? 'Width' : 'Height';
  switch (problem) {
    case 'required':
    case 'notNumber':
      return `${label} and height are required for ${option.name}, in mm.`;
    case 'min':
      return `${label} must be at least ${range.min} mm.`;
    case 'max':
      return `${label} must be at most ${range.max} mm.`;
    default:
      return `${label} must be in steps of ${range.step} mm.`;
  }
}

function optionMessage(
  option: LineOption,
  problem: NonNullable<ReturnType<typeof configurationProblem>>,
): string {
  const unit = option.unit ? ` ${option.unit}` : '';
  switch (problem) {
    case 'required':
      return `${option.name} is required.`;
    case 'notNumber':
      return `${option.name} must be a number.`;
    case 'min':
      return `${option.name} must be at least ${option.minValue}${unit}.`;
    case 'max':
      return `${option.name} must be at most ${option.maxValue}${unit}.`;
    case 'step':
      return `${option.name} must be in steps of ${option.step}${unit}.`;
  }
}
