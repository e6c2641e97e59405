/*
 * What the shop reports (spec sections 3, 4 and 9): one event model, mapped once to the data layer's analytics
 * events (with the spec's item mapping) and to click-stream events. The browser sends both only with consent
 * (domain/consent.ts).
 */
import type { ClickstreamEvent, ClickstreamEventType } from './clickstream';

/** A product as the pages know it; `categories` are its breadcrumb names from the top. */
export interface TrackedItem {
  id: string;
  name?: string | null;
  price?: number | null;
  quantity?: number | null;
  categories?: readonly string[];
  /** The promotions' discount on one unit, to the cent (GA4's item `discount`); absent or 0 without one. */
  discount?: number | null;
  /** The codes that reached the item, comma-joined (GA4's item `coupon`). */
  coupon?: string | null;
}

export const CHECKOUT_STEPS = [
  'started checkout',
  'shipping details added',
  'payment details added',
  'checkout completed',
] as const;
export type CheckoutStep = (typeof CHECKOUT_STEPS)[number];

export type AnalyticsEvent =
  | { type: 'home-view' }
  | { type: 'category-view'; categories: readonly string[]; items: TrackedItem[] }
  | { type: 'product-view'; item: TrackedItem; currency: string }
  | { type: 'search'; query: string; attributionToken?: string | null; items: TrackedItem[] }
  | { type: 'cart'; action: 'add' | 'remove' | 'view' | 'clear'; items: TrackedItem[]; currency: string }
  | {
      type: 'checkout';
      step: CheckoutStep;
      value: number;
      currency: string;
      orderId?: string;
      items?: TrackedItem[];
      /** The promotion codes of the order, comma-joined (GA4's event `coupon`). */
      coupon?: string | null;
    }
  | { type: 'registration' }
  | { type: 'sign-in' }
  | { type: 'language-changed'; locale: string };

/** The spec's analytics item mapping: item_id, item_name (''), price (0), quantity (0), item_category, 2, 3... */
export function analyticsItem(item: TrackedItem): Record<string, string | number> {
  const out: Record<string, string | number> = {
    item_id: item.id,
    item_name: item.name ?? '',
    price: item.price ?? 0,
    quantity: item.quantity ?? 0,
  };
  (item.categories ?? []).forEach((name, i) => {
    out[i === 0 ? 'item_category' : `item_category${i + 1}`] = name;
  });
  if (item.discount) out.discount = item.discount;
  if (item.coupon) out.coupon = item.coupon;
  return out;
}

/** Parent categories as the click-stream wants them (spec section 3). */
export const pageCategories = (names: readonly string[]): string => names.join(' > ');

const CHECKOUT_EVENT_NAMES: Record<CheckoutStep, string> = {
  'started checkout': 'begin_checkout',
  'shipping details added': 'add_shipping_info',
  'payment details added': 'add_payment_info',
  'checkout completed': 'purchase',
};

const CART_EVENT_NAMES = {
  add: 'add_to_cart',
  remove: 'remove_from_cart',
  view: 'view_cart',
  clear: 'clear_cart',
} as const;

const value = (items: readonly TrackedItem[]) =>
  Math.round(items.reduce((sum, i) => sum + (i.price ?? 0) * (i.quantity ?? 0), 0) * 100) / 100;

/** The data layer entry of an event (spec section 9's analytics events), or null for the ones it does not list. */
export function dataLayerEntry(event: AnalyticsEvent): Record<string, unknown> | null {
  switch (event.type) {
    case 'cart':
      return {
        event: CART_EVENT_NAMES[event.action],
        ecommerce: {
          currency: event.currency.toUpperCase(),
          value: value(event.items),
          items: event.items.map(analyticsItem),
        },
      };
    case 'checkout':
      return {
        event: CHECKOUT_EVENT_NAMES[event.step],
        ecommerce: {
          currency: event.currency.toUpperCase(),
          value: event.value,
          ...(event.orderId ? { transaction_id: event.orderId } : {}),
          ...(event.coupon ? { coupon: event.coupon } : {}),
          items: (event.items ?? []).map(analyticsItem),
        },
      };
    case 'product-view':
      return {
        event: 'view_item',
        ecommerce: {
          currency: event.currency.toUpperCase(),
          value: event.item.price ?? 0,
          items: [analyticsItem(event.item)],
        },
      };
    case 'search':
      return { event: 'search', search_term: event.query };
    case 'registration':
      return { event: 'sign_up' };
    case 'sign-in':
      return { event: 'login' };
    case 'language-changed':
      return { event: 'language_changed', language: event.locale };
    default:
      return null;
  }
}

/** What every click-stream event of a page carries besides its own details. */
export interface ClickstreamContext {
  visitorId: string;
  eventTime: string;
  uri: string;
  referrerUri: string;
  userInfo: NonNullable<ClickstreamEvent['userInfo']>;
  /** The token of the search the shopper came from (spec: attribution token kept client-side). */
  attributionToken?: string | null;
}

const details = (items: readonly TrackedItem[], currency?: string) =>
  items.map((i) => ({
    id: i.id,
    ...(currency && typeof i.price === 'number'
      ? { priceInfo: { price: i.price, currencyCode: currency.toUpperCase() } }
      : {}),
    ...(typeof i.quantity === 'number' ? { quantity: i.quantity } : {}),
  }));

/**
 * The click-stream events of an analytics event (spec sections 3 and 9): none for the ones it has no type for,
 * none for a category view without products, one remove-from-cart per line when the cart is cleared.
 */
export function clickstreamEvents(event: AnalyticsEvent, ctx: ClickstreamContext): ClickstreamEvent[] {
  const base = (eventType: ClickstreamEventType): ClickstreamEvent => ({
    eventType,
    visitorId: ctx.visitorId,
    eventTime: ctx.eventTime,
    uri: ctx.uri,
    referrerUri: ctx.referrerUri,
    userInfo: ctx.userInfo,
    ...(ctx.attributionToken ? { attributionToken: ctx.attributionToken } : {}),
  });
  switch (event.type) {
    case 'home-view':
      return [base('home-page-view')];
    case 'category-view':
      if (event.items.length === 0) return [];
      return [
        {
          ...base('category-page-view'),
          pageCategories: pageCategories(event.categories),
          productDetails: details(event.items),
        },
      ];
    case 'product-view':
      return [
        {
          ...base('detail-page-view'),
          productDetails: details([{ ...event.item, quantity: event.item.quantity ?? 1 }], event.currency),
          ...(event.item.categories?.length ? { pageCategories: pageCategories(event.item.categories) } : {}),
        },
      ];
    case 'search': {
      const { attributionToken: _previous, ...rest } = base('search');
      return [
        {
          ...rest,
          searchQuery: event.query,
          ...(event.attributionToken ? { attributionToken: event.attributionToken } : {}),
          productDetails: details(event.items),
        },
      ];
    }
    case 'cart':
      if (event.action === 'view') {
        return [{ ...base('shopping-cart-page-view'), productDetails: details(event.items, event.currency) }];
      }
      if (event.action === 'clear') {
        return event.items.map((item) => ({
          ...base('remove-from-cart'),
          productDetails: details([item], event.currency),
        }));
      }
      return [
        {
          ...base(event.action === 'add' ? 'add-to-cart' : 'remove-from-cart'),
          productDetails: details(event.items, event.currency),
        },
      ];
    case 'checkout':
      if (event.step !== 'checkout completed') return [];
      return [
        {
          ...base('purchase-complete'),
          productDetails: details(event.items ?? [], event.currency),
          purchaseTransaction: { revenue: event.value, currencyCode: event.currency.toUpperCase() },
        },
      ];
    default:
      return [];
  }
}
