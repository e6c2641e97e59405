/**
 * Promotions and discount codes (issue 58, decision 079): the one rule that decides which promotions apply to a
 * cart or an order, and how much each takes off which line. Pure: the server (the cart, placing an order, the
 * console's edit) and the browser (the cart's preview) call the same function. No I/O.
 */
import type { SiteId } from './constants';

/** Which offer priced a line (decision 048's offers): a contract list is a `priceList` assigned to a company. */
export type PriceSource = 'catalogue' | 'siteList' | 'priceList' | 'quote';

export interface PromotionLine {
  /** The cart line's id; an order line's id in the console's edit. */
  lineId: string;
  productId: string;
  brandId: string | null;
  /** The line's category handle, its full path: a condition on a handle matches it and every handle under it. */
  categoryHandle: string | null;
  /** Selling units (packs for a part sold by the pack), as the cart counts them. */
  quantity: number;
  /** Null: priced on request (never discounted, never counted). */
  unitPrice: number | null;
  /** The line's amount at the tier reached (decision 048). */
  lineTotal: number;
  source: PriceSource;
  priceListId: string | null;
}

export interface PromotionCustomer {
  kind: 'guest' | 'signedIn';
  userId: string | null;
  /** Lower-cased; a guest's is known at placement. */
  email: string | null;
  companyId: string | null;
  /** The company's (contract) price list. */
  priceListId: string | null;
  /** Null: not known yet (a guest before placement): not refused, the check waits for placement. */
  firstOrder: boolean | null;
}

export type PromotionAction =
  | { kind: 'linesPercent'; pct: number }
  | { kind: 'linesAmount'; amount: number }
  | { kind: 'orderAmount'; amount: number }
  /** 100: free freight. */
  | { kind: 'freightPercent'; pct: number }
  | { kind: 'freightAmount'; amount: number }
  /** Buy `buy`, get `get` more of the same part at `pct` off (100: free). */
  | { kind: 'buyGet'; buy: number; get: number; pct: number };

export interface PromotionCustomers {
  guests: boolean;
  signedIn: boolean;
  companies: 'all' | 'named' | 'none';
  companyIds?: string[];
}

export interface PromotionConditions {
  minSubtotal?: number;
  minQuantity?: number;
  productIds?: string[];
  categoryHandles?: string[];
  brandIds?: string[];
  customers: PromotionCustomers;
  /** Contract price lists the promotion reaches; lines priced from any other contract list are excluded. */
  priceListIds?: string[];
  firstOrderOnly?: boolean;
}

export interface PromotionLimits {
  total?: number;
  perCustomer?: number;
  perCompany?: number;
  /** The most the promotion may give away in all, in its currency. */
  budget?: number;
}

/** A promotion as the rule reads it: what the cache holds, and what an order keeps (order_promotion.rule). */
export interface PromotionRule {
  id: string;
  name: string;
  /** The shared code; batch codes resolve to the promotion's id. */
  code: string | null;
  automatic: boolean;
  /** Lower applies first. */
  priority: number;
  exclusive: boolean;
  /** ISO instants; null: open. */
  startsAt: string | null;
  endsAt: string | null;
  sites: SiteId[];
  /** Set when the promotion has amounts (minimum subtotal, fixed amount, maximum, budget). */
  currency: string | null;
  conditions: PromotionConditions;
  action: PromotionAction;
  maxDiscount: number | null;
  limits: PromotionLimits;
}

/** What the store has counted so far for one promotion (the server's read, under its lock at placement). */
export interface PromotionUsage {
  redemptions: number;
  byCustomer: number;
  byCompany: number;
  discountTotal: number;
}

export type RefusalReason =
  | 'unknown'
  | 'expired'
  | 'notYetValid'
  | 'notForCart'
  | 'minimum'
  | 'usedUp'
  | 'notForAccount'
  | 'notForEmail'
  | 'notCombinable'
  | 'quote';

export interface AppliedPromotion {
  promotionId: string;
  name: string;
  code: string | null;
  /** Taken off the goods. */
  amount: number;
  /** Taken off the freight. */
  freight: number;
  lines: { lineId: string; amount: number }[];
}

export interface PromotionOutcome {
  /** In the order applied. */
  applied: AppliedPromotion[];
  /** Each line's discount, all promotions together. */
  lineDiscounts: ReadonlyMap<string, number>;
  goodsDiscount: number;
  freightDiscount: number;
  refusals: { code: string; promotionId: string | null; reason: RefusalReason; message: string }[];
  /** A guest's per-e-mail or first-order check, made at placement. */
  pending: { code: string; check: 'email' }[];
}

export interface PromotionInput {
  lines: readonly PromotionLine[];
  /** The freight the table gives (before any freight discount). */
  freight: number;
  customer: PromotionCustomer;
  site: SiteId;
  currency: string;
  now: Date;
  /** Automatic ones and those of the codes entered. */
  rules: readonly PromotionRule[];
  /** Entered, upper-cased; promotionId null: no such code. */
  codes: readonly { code: string; promotionId: string | null }[];
  /** The server's read; the browser leaves it out (no limit is checked). */
  usage?: ReadonlyMap<string, PromotionUsage>;
  /** The console's edit: customer, window and limits as at placement; only the lines' conditions are checked. */
  customerChecked?: boolean;
}

/** No promotion: what a quote, a punchout order or an empty store gives. */
export const NO_PROMOTIONS: PromotionOutcome = {
  applied: [],
  lineDiscounts: new Map(),
  goodsDiscount: 0,
  freightDiscount: 0,
  refusals: [],
  pending: [],
};
