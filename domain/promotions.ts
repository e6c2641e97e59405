/**
 * Promotions and discount codes (issue 58, decision 079): the one rule that decides which promotions apply to a
 * cart or an order, and how much each takes off which line. Pure: the server (the cart, placing an order, the
 * console's edit) and the browser (the cart's preview) call the same function. No I/O.
 */
import { storeDay, type Locale, type SiteId } from './constants';
import { translateMessage } from './message-translations';
import { allocateCents, formatAmount, round2 } from './money';

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

/** The buyer as a `customerChecked` evaluation reads them: already checked, so nobody in particular. */
export const CHECKED_CUSTOMER: PromotionCustomer = {
  kind: 'guest',
  userId: null,
  email: null,
  companyId: null,
  priceListId: null,
  firstOrder: null,
};

/** No promotion: what a quote, a punchout order or an empty store gives. */
export const NO_PROMOTIONS: PromotionOutcome = {
  applied: [],
  lineDiscounts: new Map(),
  goodsDiscount: 0,
  freightDiscount: 0,
  refusals: [],
  pending: [],
};

/** Against guessing codes (decision 079): codes a cart keeps, refused attempts per session and per address an hour. */
export const PROMOTION_LIMITS = {
  codesPerCart: 5,
  attemptsPerSession: 10,
  attemptsPerAddressPerHour: 30,
} as const;

/** A batch code's random part: 31 letters and digits, none that reads as another (no 0, O, 1, I or L). */
export const PROMOTION_CODE_ALPHABET = 'ABCDEFGHJKMNPQRSTUVWXYZ23456789';
export const PROMOTION_CODE_LENGTH = 8;

/** A code as the store compares it: whatever the case and the spaces around it. */
export const normalizeCode = (code: string): string => code.trim().toUpperCase();

/** The refusals in English (translated by domain/message-translations.ts: its patterns take any `{name}`). */
const PROMOTION_MESSAGES: Readonly<Record<RefusalReason | 'tooMany', string>> = {
  unknown: "We don't recognize the code {code}.",
  expired: 'The code {code} has expired.',
  notYetValid: 'The code {code} can be used from {date}.',
  notForCart: 'The code {code} does not apply to the items in your cart.',
  minimum: 'Add {amount} more to your cart to use the code {code}.',
  usedUp: 'The code {code} has been used up.',
  notForAccount: 'The code {code} is not available for your account.',
  notForEmail: 'The code {code} is not available for this e-mail address.',
  notCombinable: "The code {code} can't be combined with {promotion}.",
  quote: "Codes don't apply to a quote: its prices are already agreed.",
  tooMany: 'Too many codes tried. Try again in {n} minutes.',
};

/** A refusal's message in the shopper's language, its parts filled in. */
export function promotionMessage(
  reason: RefusalReason | 'tooMany',
  params: Readonly<Record<string, string | number>>,
  locale: Locale = 'en-US',
): string {
  const english = PROMOTION_MESSAGES[reason].replace(/\{(\w+)\}/g, (whole, name: string) =>
    name in params ? String(params[name]) : whole,
  );
  return translateMessage(english, locale);
}

/** Whether a rule's window holds at `now`: from its start (included) to its end (excluded). */
export function promotionWindow(
  rule: Pick<PromotionRule, 'startsAt' | 'endsAt'>,
  now: Date,
): 'open' | 'before' | 'after' {
  if (rule.startsAt && now.getTime() < Date.parse(rule.startsAt)) return 'before';
  if (rule.endsAt && now.getTime() >= Date.parse(rule.endsAt)) return 'after';
  return 'open';
}

/** A category condition on a handle reaches it and every category under it ("motion-control" → "motion-control/…"). */
const inCategory = (handle: string | null, wanted: readonly string[]) =>
  handle !== null && wanted.some((w) => handle === w || handle.startsWith(`${w}/`));

/** Whether a line is one a promotion may discount at all: priced, not quoted, not on a contract list it does not name. */
function discountable(line: PromotionLine, rule: PromotionRule): boolean {
  if (line.unitPrice === null || line.source === 'quote') return false;
  if (line.source === 'priceList')
    return (rule.conditions.priceListIds ?? []).includes(line.priceListId ?? '');
  return true;
}

/** Whether a line matches the products, categories and brands the rule names (any of them; none named: every line). */
function matches(line: PromotionLine, conditions: PromotionConditions): boolean {
  const { productIds = [], categoryHandles = [], brandIds = [] } = conditions;
  if (productIds.length + categoryHandles.length + brandIds.length === 0) return true;
  return (
    productIds.includes(line.productId) ||
    inCategory(line.categoryHandle, categoryHandles) ||
    (line.brandId !== null && brandIds.includes(line.brandId))
  );
}

/** Whether the buyer belongs to the rule's customers: a company's buyer by their company, others as guest or signed in. */
function reachesCustomer(customers: PromotionCustomers, customer: PromotionCustomer): boolean {
  if (customer.companyId) {
    if (customers.companies === 'all') return true;
    return customers.companies === 'named' && (customers.companyIds ?? []).includes(customer.companyId);
  }
  return customer.kind === 'guest' ? customers.guests : customers.signedIn;
}

type Check =
  { ok: true; pending: boolean } | { ok: false; reason: RefusalReason; params?: Record<string, string> };

/** The rule's conditions on who buys, where and when, and its limits (not on the lines). */
function checkBuyer(rule: PromotionRule, input: PromotionInput): Check {
  if (input.customerChecked) return { ok: true, pending: false };
  const window = promotionWindow(rule, input.now);
  if (window === 'after') return { ok: false, reason: 'expired' };
  if (window === 'before')
    return { ok: false, reason: 'notYetValid', params: { date: storeDay(new Date(rule.startsAt!)) } };
  if (!rule.sites.includes(input.site)) return { ok: false, reason: 'notForCart' };
  if (rule.currency !== null && rule.currency !== input.currency) return { ok: false, reason: 'notForCart' };
  const { customer } = input;
  const personal: RefusalReason = customer.kind === 'guest' ? 'notForEmail' : 'notForAccount';
  if (!reachesCustomer(rule.conditions.customers, customer)) return { ok: false, reason: 'notForAccount' };
  let pending = false;
  if (rule.conditions.firstOrderOnly) {
    if (customer.firstOrder === false) return { ok: false, reason: personal };
    if (customer.firstOrder === null) pending = true;
  }
  const usage = input.usage?.get(rule.id);
  const { limits } = rule;
  if (usage) {
    if (limits.total !== undefined && usage.redemptions >= limits.total)
      return { ok: false, reason: 'usedUp' };
    if (limits.budget !== undefined && usage.discountTotal >= limits.budget)
      return { ok: false, reason: 'usedUp' };
    if (limits.perCompany !== undefined && customer.companyId && usage.byCompany >= limits.perCompany) {
      return { ok: false, reason: 'notForAccount' };
    }
    if (
      limits.perCustomer !== undefined &&
      (customer.userId || customer.email) &&
      usage.byCustomer >= limits.perCustomer
    ) {
      return { ok: false, reason: personal };
    }
  }
  if (limits.perCustomer !== undefined && !customer.userId && !customer.email) pending = true;
  return { ok: true, pending };
}

/** What one promotion takes: each line's share (in the lines' order) and the freight's, before its cap. */
function actionAmounts(
  action: PromotionAction,
  eligible: readonly { line: PromotionLine; net: number }[],
  freightLeft: number,
): { shares: number[]; freight: number } {
  const nets = eligible.map((e) => e.net);
  const eligibleNet = round2(nets.reduce((a, b) => a + b, 0));
  switch (action.kind) {
    case 'linesPercent':
      return { shares: allocateCents(round2((eligibleNet * action.pct) / 100), nets), freight: 0 };
    case 'orderAmount':
      return { shares: allocateCents(Math.min(round2(action.amount), eligibleNet), nets), freight: 0 };
    case 'linesAmount':
      // So much off each unit of a matching line, never more than the line's amount.
      return {
        shares: eligible.map((e) => Math.min(e.net, round2(action.amount * e.line.quantity))),
        freight: 0,
      };
    case 'buyGet':
      // Per line (one part, one configuration): of every buy + get units, `get` at pct off the line's unit amount.
      return {
        shares: eligible.map((e) => {
          const units = Math.floor(e.line.quantity / (action.buy + action.get)) * action.get;
          if (units === 0 || e.line.quantity === 0) return 0;
          return Math.min(e.net, round2(((e.net / e.line.quantity) * units * action.pct) / 100));
        }),
        freight: 0,
      };
    case 'freightPercent':
      return { shares: nets.map(() => 0), freight: round2((freightLeft * action.pct) / 100) };
    case 'freightAmount':
      return { shares: nets.map(() => 0), freight: Math.min(round2(action.amount), freightLeft) };
  }
}

/**
 * The promotions a cart or an order takes (decision 079). The candidates (the automatic ones and those of the codes
 * entered) are tried in order of priority, then id. Each is checked: its window, site and currency, its customers,
 * first order and limits (from `usage`), then the lines it may discount (priced, not quoted, not on a contract list
 * it does not name, matching its products, categories or brands) and its minimums over them, counted at their amounts
 * left by the promotions before it; its action then takes its amount, capped by its maximum and what is left of its
 * budget, and allocated to the lines in whole cents. An exclusive promotion applies only before any other and then
 * ends the sequence. An automatic promotion that does not apply is left out without a word; a code is refused with
 * its reason.
 */
export function applyPromotions(input: PromotionInput): PromotionOutcome {
  const byId = new Map(input.rules.map((r) => [r.id, r]));
  const refusals: PromotionOutcome['refusals'] = [];
  const pending: PromotionOutcome['pending'] = [];
  const refuse = (
    code: string,
    rule: PromotionRule | null,
    reason: RefusalReason,
    params: Record<string, string> = {},
  ) =>
    refusals.push({
      code,
      promotionId: rule?.id ?? null,
      reason,
      message: promotionMessage(reason, { code, ...params }),
    });

  // The code that reached each promotion (the first entered of a promotion: another of the same one is refused).
  const codeOf = new Map<string, string>();
  for (const { code, promotionId } of input.codes) {
    const rule = promotionId ? byId.get(promotionId) : undefined;
    if (!rule) refuse(code, null, 'unknown');
    else if (codeOf.has(rule.id)) refuse(code, rule, 'notCombinable', { promotion: rule.name });
    else codeOf.set(rule.id, code);
  }
  const candidates = input.rules
    .filter((r) => r.automatic || codeOf.has(r.id))
    .sort((a, b) => a.priority - b.priority || (a.id < b.id ? -1 : a.id > b.id ? 1 : 0));

  const nets = new Map(input.lines.map((l) => [l.lineId, l.unitPrice === null ? 0 : l.lineTotal]));
  let freightLeft = round2(input.freight);
  const applied: AppliedPromotion[] = [];
  let exclusive: AppliedPromotion | null = null;

  for (const rule of candidates) {
    const code = codeOf.get(rule.id) ?? null;
    // A preview's rule (previewRules) carries the code that reached it.
    const shownCode = code ?? (input.customerChecked ? rule.code : null);
    const fail = (reason: RefusalReason, params?: Record<string, string>) => {
      if (code !== null) refuse(code, rule, reason, params);
    };
    const buyer = checkBuyer(rule, input);
    if (!buyer.ok) {
      fail(buyer.reason, buyer.params);
      continue;
    }
    const priced = input.lines.filter((l) => l.unitPrice !== null);
    const eligible = input.lines
      .filter((l) => discountable(l, rule) && matches(l, rule.conditions))
      .map((line) => ({ line, net: nets.get(line.lineId) ?? 0 }));
    if (eligible.length === 0) {
      fail(priced.length > 0 && priced.every((l) => l.source === 'quote') ? 'quote' : 'notForCart');
      continue;
    }
    const eligibleNet = round2(eligible.reduce((sum, e) => sum + e.net, 0));
    const { minSubtotal, minQuantity } = rule.conditions;
    if (minSubtotal !== undefined && eligibleNet < minSubtotal) {
      fail('minimum', { amount: formatAmount(round2(minSubtotal - eligibleNet), input.currency) });
      continue;
    }
    if (minQuantity !== undefined && eligible.reduce((sum, e) => sum + e.line.quantity, 0) < minQuantity) {
      fail('notForCart');
      continue;
    }
    // Stacking: nothing after an exclusive one; an exclusive one only first.
    const before = exclusive ?? (rule.exclusive ? applied[0] : undefined);
    if (before) {
      fail('notCombinable', { promotion: before.name });
      continue;
    }
    const raw = actionAmounts(rule.action, eligible, freightLeft);
    const usage = input.customerChecked ? undefined : input.usage?.get(rule.id);
    const budgetLeft =
      rule.limits.budget !== undefined && usage ? round2(rule.limits.budget - usage.discountTotal) : Infinity;
    const cap = Math.min(rule.maxDiscount ?? Infinity, budgetLeft);
    const rawGoods = round2(raw.shares.reduce((a, b) => a + b, 0));
    const goods = Math.min(rawGoods, cap);
    const freight = round2(Math.min(raw.freight, cap - goods));
    const shares = goods === rawGoods ? raw.shares : allocateCents(goods, raw.shares);
    if (code !== null && buyer.pending) pending.push({ code, check: 'email' });
    if (goods === 0 && freight === 0) continue;
    const lines = eligible.flatMap((e, i) =>
      shares[i]! > 0 ? [{ lineId: e.line.lineId, amount: shares[i]! }] : [],
    );
    for (const { lineId, amount } of lines) nets.set(lineId, round2((nets.get(lineId) ?? 0) - amount));
    freightLeft = round2(freightLeft - freight);
    const promotion: AppliedPromotion = {
      promotionId: rule.id,
      name: rule.name,
      code: shownCode,
      amount: round2(goods),
      freight,
      lines,
    };
    applied.push(promotion);
    if (rule.exclusive) exclusive = promotion;
  }

  const lineDiscounts = new Map<string, number>();
  for (const a of applied) {
    for (const { lineId, amount } of a.lines)
      lineDiscounts.set(lineId, round2((lineDiscounts.get(lineId) ?? 0) + amount));
  }
  return {
    applied,
    lineDiscounts,
    goodsDiscount: round2(applied.reduce((sum, a) => sum + a.amount, 0)),
    freightDiscount: round2(applied.reduce((sum, a) => sum + a.freight, 0)),
    refusals,
    pending,
  };
}

/**
 * The rules the cart's preview may run (decision 079): those of the candidates whose buyer, window, site and limits
 * the server found good, with what those decided folded in (the budget left as a maximum) and nothing about other
 * customers (no company ids, no limits). The browser runs `applyPromotions` with them (`customerChecked`) on lines
 * re-priced at a new quantity, so the line and the summary agree before the server's answer, which replaces them.
 * A code's rule keeps its code and reads as automatic (the preview has no codes to match).
 */
export function previewRules(input: PromotionInput): PromotionRule[] {
  const entered = new Map(
    input.codes.flatMap((c) => (c.promotionId ? [[c.promotionId, c.code] as const] : [])),
  );
  return input.rules
    .filter((r) => r.automatic || entered.has(r.id))
    .filter((r) => checkBuyer(r, input).ok)
    .map((r) => {
      const usage = input.usage?.get(r.id);
      const budgetLeft =
        r.limits.budget !== undefined && usage ? round2(r.limits.budget - usage.discountTotal) : null;
      const caps = [r.maxDiscount, budgetLeft].filter((c): c is number => c !== null);
      return {
        ...r,
        code: entered.get(r.id) ?? null,
        automatic: true,
        conditions: {
          ...r.conditions,
          customers: { guests: true, signedIn: true, companies: 'all' as const },
          // Only the buyer's own contract list, never another company's.
          priceListIds: (r.conditions.priceListIds ?? []).filter((id) => id === input.customer.priceListId),
        },
        maxDiscount: caps.length ? Math.min(...caps) : null,
        limits: {},
      };
    });
}
