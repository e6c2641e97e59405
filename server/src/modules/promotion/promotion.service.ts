import {
  NO_PROMOTIONS,
  applyPromotions,
  normalizeCode,
  previewRules,
  promotionMessage,
  type PromotionCustomer,
  type PromotionInput,
  type PromotionLine,
  type PromotionOutcome,
  type PromotionRule,
  type PromotionUsage,
} from '../../../../domain/promotions';
import type { SiteId } from '../../../../domain/constants';
import { ORDER_STATUS_CODE } from '../../../../domain/order-status';
import { AppError } from '../../common/errors';
import { ReferenceCache } from '../../common/reference-cache';
import type { Ctx, Db } from '../../context';
import { prepared } from '../../db/prepared';

declare module '../../context' {
  interface AppServices {
    /** The promotions that run now or within the day, cached per process (decision 079). */
    promotions: PromotionCatalog;
  }
}

export interface PromotionRow {
  id: string;
  name: string;
  code: string | null;
  automatic: boolean;
  priority: number;
  exclusive: boolean;
  startsAt: Date | null;
  endsAt: Date | null;
  sites: SiteId[];
  currency: string | null;
  conditions: PromotionRule['conditions'];
  action: PromotionRule['action'];
  maxDiscount: number | null;
  limitTotal: number | null;
  limitPerCustomer: number | null;
  limitPerCompany: number | null;
  budget: number | null;
}

const RULE_COLUMNS = `p.id, p.name, p.automatic, p.priority, p.exclusive, p.starts_at as "startsAt",
  p.ends_at as "endsAt", p.sites, p.currency, p.conditions, p.action, p.max_discount::float8 as "maxDiscount",
  p.limit_total as "limitTotal", p.limit_per_customer as "limitPerCustomer",
  p.limit_per_company as "limitPerCompany", p.budget::float8 as budget,
  (select c.code from promotion_code c where c.promotion_id = p.id and not c.single_use limit 1) as code`;

const iso = (d: Date | null) => (d ? new Date(d).toISOString() : null);

/** A promotion's row as the rule reads it (domain/promotions.ts). */
export function ruleOf(row: PromotionRow): PromotionRule {
  const limits: PromotionRule['limits'] = {};
  if (row.limitTotal !== null) limits.total = row.limitTotal;
  if (row.limitPerCustomer !== null) limits.perCustomer = row.limitPerCustomer;
  if (row.limitPerCompany !== null) limits.perCompany = row.limitPerCompany;
  if (row.budget !== null) limits.budget = row.budget;
  return {
    id: row.id,
    name: row.name,
    code: row.code,
    automatic: row.automatic,
    priority: row.priority,
    exclusive: row.exclusive,
    startsAt: iso(row.startsAt),
    endsAt: iso(row.endsAt),
    sites: row.sites,
    currency: row.currency,
    conditions: row.conditions,
    action: row.action,
    maxDiscount: row.maxDiscount,
    limits,
  };
}

/**
 * The promotions that may apply now (not ended, started or starting within the day), read once per process and
 * again after ttlMs or a change (the 'promotions' cache version, decision 078): a cart read with no promotion
 * running costs no statement. The rule itself checks each window to the instant.
 */
export class PromotionCatalog {
  private readonly cache: ReferenceCache<PromotionRule[]>;

  constructor(db: Db, ttlMs = 60_000) {
    this.cache = new ReferenceCache(async () => {
      const rows = await db.execute<PromotionRow[]>(
        `select ${RULE_COLUMNS} from promotion p
         where (p.ends_at is null or p.ends_at > now()) and (p.starts_at is null or p.starts_at < now() + interval '1 day')
         order by p.priority, p.id`,
      );
      return rows.map(ruleOf);
    }, ttlMs);
  }

  rules(): Promise<PromotionRule[]> {
    return this.cache.get();
  }

  clear(): void {
    this.cache.clear();
  }
}

/** A code as entered on a cart: its row, when it names one. */
export interface EnteredCode {
  code: string;
  codeId: string | null;
  promotionId: string | null;
  singleUse: boolean;
  used: boolean;
}

/** Looks codes up whatever their case (one statement; none for no code). */
export async function findCodes(db: Db, codes: readonly string[]): Promise<EnteredCode[]> {
  if (codes.length === 0) return [];
  const wanted = codes.map(normalizeCode);
  const rows = await prepared<{
    code: string;
    codeId: string;
    promotionId: string;
    singleUse: boolean;
    used: boolean;
  }>(
    `select upper(code) as code, id as "codeId", promotion_id as "promotionId", single_use as "singleUse",
       used_at is not null as used
     from promotion_code where upper(code) = any(?::text[])`,
  ).all(db, [wanted]);
  return wanted.map(
    (code): EnteredCode =>
      rows.find((r) => r.code === code) ?? {
        code,
        codeId: null,
        promotionId: null,
        singleUse: false,
        used: false,
      },
  );
}

/**
 * The codes kept on the cart `cartId` names (an SQL expression), in the order entered, as a JSON list of
 * EnteredCode: a column of the cart's own read, so a cart read costs no statement more.
 */
export const CART_CODES_COLUMN = (cartId: string) => `(select coalesce(json_agg(json_build_object(
    'code', upper(pcode.code), 'codeId', pcode.id, 'promotionId', pcode.promotion_id, 'singleUse', pcode.single_use,
    'used', pcode.used_at is not null) order by cpc.entered_at, pcode.code), '[]'::json)
  from cart_promotion_code cpc join promotion_code pcode on pcode.id = cpc.code_id where cpc.cart_id = ${cartId})`;

/** Who buys, as the rule reads them (first order: read here when a candidate needs it). */
export type Shopper = Omit<PromotionCustomer, 'firstOrder'>;

export interface PromotionsRequest {
  lines: readonly PromotionLine[];
  freight: number;
  currency: string;
  codes: readonly EnteredCode[];
  customer: Shopper;
  /** An order being placed: not this one when counting earlier orders. */
  orderId?: string;
}

const hasLimits = (r: PromotionRule) => Object.keys(r.limits).length > 0;

/** An outcome with the rules it was evaluated with (an order keeps each applied one's rule). */
export type Evaluated = PromotionOutcome & {
  rules: readonly PromotionRule[];
  /** What the cart's preview may run (domain previewRules). */
  preview: readonly PromotionRule[];
};

/**
 * The promotions for a cart or an order being placed (decision 079): the automatic ones of the site and those of
 * the codes entered, their limits read (in one statement, only for promotions that have any) and the buyer's
 * earlier orders (only for "first order only"), then the one rule. No candidate: no statement.
 */
export async function promotionsFor(ctx: Ctx, request: PromotionsRequest): Promise<Evaluated> {
  const cached = await ctx.app.promotions.rules();
  const codeIds = new Set(request.codes.flatMap((c) => (c.promotionId ? [c.promotionId] : [])));
  const missing = [...codeIds].filter((id) => !cached.some((r) => r.id === id));
  // A code of a promotion not cached (ended long ago, starting later): read, so its refusal says why.
  const others = missing.length
    ? (
        await prepared<PromotionRow>(
          `select ${RULE_COLUMNS} from promotion p where p.id = any(?::uuid[])`,
        ).all(ctx.db, [missing])
      ).map(ruleOf)
    : [];
  const rules = [
    ...cached.filter((r) => (r.automatic && r.sites.includes(ctx.site)) || codeIds.has(r.id)),
    ...others,
  ];
  if (rules.length === 0 && request.codes.length === 0) return { ...NO_PROMOTIONS, rules: [], preview: [] };
  const customer = request.customer;
  const usage = await usageOf(ctx.db, rules.filter(hasLimits), customer);
  const firstOrder = rules.some((r) => r.conditions.firstOrderOnly)
    ? await isFirstOrder(ctx.db, customer, request.orderId)
    : null;
  // A single-use code already taken: refused whatever the promotion says.
  const taken = request.codes.filter((c) => c.used);
  const input: PromotionInput = {
    lines: request.lines,
    freight: request.freight,
    customer: { ...customer, firstOrder },
    site: ctx.site,
    currency: request.currency,
    now: new Date(),
    rules,
    codes: request.codes.filter((c) => !c.used).map((c) => ({ code: c.code, promotionId: c.promotionId })),
    usage,
  };
  const outcome = applyPromotions(input);
  const preview = previewRules(input);
  if (taken.length === 0) return { ...outcome, rules, preview };
  return {
    ...outcome,
    rules,
    preview,
    refusals: [
      ...outcome.refusals,
      ...taken.map((c) => ({
        code: c.code,
        promotionId: c.promotionId,
        reason: 'usedUp' as const,
        message: promotionMessage('usedUp', { code: c.code }, 'en-US'),
      })),
    ],
  };
}

/**
 * What each promotion has given so far, counted from its redemptions not given back (one statement): in all, to
 * this buyer (their user or their e-mail) and to their company.
 */
async function usageOf(
  db: Db,
  rules: readonly PromotionRule[],
  customer: Shopper,
): Promise<Map<string, PromotionUsage> | undefined> {
  if (rules.length === 0) return undefined;
  const rows = await prepared<PromotionUsage & { id: string }>(
    `select p.id,
       count(r.id)::int as redemptions,
       coalesce(sum(r.amount + r.freight_amount), 0)::float8 as "discountTotal",
       count(r.id) filter (where r.user_id = ?::uuid or r.email = ?::text)::int as "byCustomer",
       count(r.id) filter (where r.account_id = ?::uuid)::int as "byCompany"
     from unnest(?::uuid[]) as p(id)
     left join promotion_redemption r on r.promotion_id = p.id and r.released_at is null
     group by p.id`,
  ).all(db, [customer.userId, customer.email, customer.companyId, rules.map((r) => r.id)]);
  return new Map(rows.map(({ id, ...usage }) => [id, usage]));
}

/**
 * Whether the buyer has no earlier order (their user or their e-mail; cancelled ones do not count). Null for a
 * guest before their e-mail is known: checked when they place the order.
 */
async function isFirstOrder(db: Db, customer: Shopper, orderId?: string): Promise<boolean | null> {
  if (!customer.userId && !customer.email) return null;
  const [row] = await db.execute<{ earlier: boolean }[]>(
    `select exists (select 1 from customer_order o
       where (o.user_id = ?::uuid or o.contact_email = ?::text) and o.status <> ? and o.id is distinct from ?::uuid)
       as earlier`,
    [customer.userId, customer.email, ORDER_STATUS_CODE.OrderCancelled, orderId ?? null],
  );
  return !row?.earlier;
}

const codeRefusal = (message: string) =>
  new AppError('BAD_USER_INPUT', message, [{ field: 'code', message }]);

/**
 * The promotions of an order being placed (decision 079). Every code kept on the cart must apply: one that does not
 * (used up meanwhile, or refused for the e-mail a visitor gives now: per customer, first order) refuses the order in
 * the field `code` with its reason, so a buyer is never charged more than the code they entered promised without
 * being told. They remove the code, or change the cart, and place the order again.
 */
export async function placementPromotions(ctx: Ctx, request: PromotionsRequest): Promise<Evaluated> {
  const outcome = await promotionsFor(ctx, request);
  const refusal = outcome.refusals[0];
  if (refusal) throw codeRefusal(refusal.message);
  return outcome;
}

/**
 * The promotions an order took, redeemed as the last step of its transaction (decision 079): the lock rows of the
 * limited ones (and of "first order only") taken last in decision 050's order, sorted; the promotions evaluated
 * again under the lock, so 20 orders at once against a limit of 5 give 5; a single-use code taken by this order
 * only; then a redemption per promotion. Anything that changed refuses the order, which rolls back whole.
 */
export async function redeemPromotions(
  ctx: Ctx,
  order: {
    orderId: string;
    request: PromotionsRequest;
    outcome: Evaluated;
  },
): Promise<void> {
  const { outcome, request } = order;
  if (outcome.applied.length === 0) return;
  const ruleOfId = (id: string) => outcome.rules.find((r) => r.id === id);
  const locked = outcome.applied
    .map((a) => a.promotionId)
    .filter((id) => {
      const rule = ruleOfId(id);
      return !rule || hasLimits(rule) || rule.conditions.firstOrderOnly;
    })
    .sort();
  if (locked.length > 0) {
    await prepared(
      'select promotion_id from promotion_lock where promotion_id = any(?::uuid[]) order by promotion_id for update',
    ).all(ctx.db, [locked]);
    // Read committed: what orders committed while this one waited is counted now.
    const again = await promotionsFor(ctx, { ...request, orderId: order.orderId });
    const refusal = again.refusals.find((r) => !outcome.refusals.some((o) => o.code === r.code));
    if (refusal) throw codeRefusal(refusal.message);
    const change = changed(outcome, again);
    if (change) throw change;
  }
  for (const code of request.codes.filter((c) => c.singleUse && c.codeId)) {
    if (!outcome.applied.some((a) => a.promotionId === code.promotionId)) continue;
    const taken = await ctx.db.execute<{ id: string }[]>(
      'update promotion_code set used_at = now(), used_order_id = ? where id = ? and used_at is null returning id',
      [order.orderId, code.codeId],
    );
    if (taken.length === 0) throw codeRefusal(promotionMessage('usedUp', { code: code.code }, 'en-US'));
  }
  const codeOf = (promotionId: string) =>
    request.codes.find((c) => c.promotionId === promotionId && c.codeId)?.codeId ?? null;
  await ctx.db.execute(
    `insert into promotion_redemption (promotion_id, order_id, code_id, user_id, email, account_id, amount,
       freight_amount)
     select r.promotion_id, ?, r.code_id, ?, ?, ?, r.amount, r.freight_amount
     from jsonb_to_recordset(?::jsonb) as r(promotion_id uuid, code_id uuid, amount numeric, freight_amount numeric)`,
    [
      order.orderId,
      request.customer.userId,
      request.customer.email ?? '',
      request.customer.companyId,
      JSON.stringify(
        outcome.applied.map((a) => ({
          promotion_id: a.promotionId,
          code_id: codeOf(a.promotionId),
          amount: a.amount,
          freight_amount: a.freight,
        })),
      ),
    ],
    'run',
  );
}

/** The promotions as evaluated under the lock differ from those the order was priced with: the buyer checks again. */
function changed(priced: PromotionOutcome, now: PromotionOutcome): AppError | null {
  const key = (o: PromotionOutcome) =>
    JSON.stringify(o.applied.map((a) => [a.promotionId, a.amount, a.freight]));
  if (key(priced) === key(now)) return null;
  const gone = priced.applied.find(
    (a) =>
      !now.applied.some(
        (b) => b.promotionId === a.promotionId && b.amount === a.amount && b.freight === a.freight,
      ),
  );
  const message = `${gone?.name ?? 'A promotion'} has just changed; your cart shows the new total.`;
  return new AppError('CONFLICT', message, [{ field: 'cart', message }]);
}

/**
 * The promotion's subscriber to an order's status changes (decision 067, wired after the stock's): a cancelled
 * order gives back its redemptions (its count, its share of a budget) and its single-use codes.
 */
export async function releasePromotionsOfCancelledOrder(
  ctx: { db: Db },
  change: { orderId: string; cancelled: boolean },
): Promise<void> {
  if (!change.cancelled) return;
  await ctx.db.execute(
    `with released as (update promotion_redemption set released_at = now()
                       where order_id = ? and released_at is null returning code_id)
     update promotion_code set used_at = null, used_order_id = null
     where id in (select code_id from released where code_id is not null) and single_use`,
    [change.orderId],
    'run',
  );
}
