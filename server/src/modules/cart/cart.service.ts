import { STORE_TIME_ZONE } from '../../../../domain/admin';
import { cartCodeSchema, cartItemsSchema, cartRemoveSchema } from '../../../../domain/cart.schema';
import { validate } from '../../common/validate';
import {
  CART_LIMITS,
  cartTotals,
  hasUnpricedItem,
  lineTotal,
  totalQuantity,
  type CartItem,
  type CartLine,
  type CartTotals,
} from '../../../../domain/cart';
import { cheapestOfferAt, tierAt, tiersOf, type PriceTier } from '../../../../domain/price-breaks';
import {
  NO_PROMOTIONS,
  PROMOTION_LIMITS,
  normalizeCode,
  promotionMessage,
  type PriceSource,
  type PromotionLine,
  type PromotionRule,
  type PromotionOutcome,
} from '../../../../domain/promotions';
import { emptyCartMessage } from '../../../../domain/cart-line';
import {
  PRICE_COLUMNS,
  PRICE_LIST_JOIN,
  pricedBy,
  pricingOf,
  pricingParams,
  scaled,
  type PriceColumns,
  type Pricing,
} from '../catalog';
import { siteCountry, addressRules, type Country } from '../../../../domain/regions';
import { round2 } from '../../../../domain/money';
import { taxationFor } from '../../../../domain/tax';
import { IDEMPOTENCY_KEY_MESSAGE, IDEMPOTENCY_KEY_PATTERN } from '../../../../domain/idempotency';
import { VALIDITY } from '../../../../domain/roles';
import { AppError } from '../../common/errors';
import type { Ctx, Db } from '../../context';
import { assertOrdersScope, hit, peek } from '../auth';
import {
  CART_CODES_COLUMN,
  findCodes,
  promotionsFor,
  type EnteredCode,
  type PromotionsRequest,
} from '../promotion';
import type { SignInHook } from '../account';
import type { StoredConfiguration } from './cart.entity';
import { ensureSession } from '../session';
import { prepared } from '../../db/prepared';
import { checkItems, lineKey, type CheckedItem } from './cart-lines';

declare module 'express-session' {
  interface SessionData {
    /** An anonymous visitor's cart (merged into the user's cart at sign-in). */
    cartId?: string;
    /**
     * The session's own cart, whoever is signed in (a punchout session's, decision 072): a cart row with no user,
     * never merged into the user's everyday cart; read only when `readOnly` (a punchout inspect).
     */
    ownCart?: { id: string; readOnly: boolean };
  }
}

export interface PricedConfiguration {
  id: string;
  /** The option's name and unit (Cut Length, mm), null when the option is gone. */
  name: string | null;
  unit: string | null;
  value: number;
  price: number | null;
  type: string | null;
  metadata: string | null;
}

/** A priced cart line as the shop shows it: the spec's fields plus the line total and its quantity tiers. */
export interface CartLineView extends CartLine {
  configurations: PricedConfiguration[];
  lineTotal: number;
  /** The line's quantity tiers (this configuration's, for configured lines); empty on quotation. */
  priceTiers: PriceTier[];
  /** The tier the line's quantity reaches: its `unitPrice` is the line's price. */
  tier: PriceTier | null;
  dateAdded: string;
  /** The product's category: its breadcrumb names go with the line in analytics (spec: item mapping). */
  categoryId: string | null;
  /** Its handle (the full path), and the brand: what a promotion's conditions match (decision 079). */
  categoryHandle: string | null;
  brandId: string | null;
  /** Which offer priced the line at its quantity: a contract list's lines take a promotion only when it names it. */
  priceSource: PriceSource;
  priceListId: string | null;
}

/** A cart line with its share of the promotions (decision 079): what it costs after them. */
export interface CartViewLine extends CartLineView {
  discount: number;
  netLineTotal: number;
}

/** A promotion as the cart shows it: by name, with its code and what it takes off the goods and the freight. */
export interface CartPromotion {
  promotionId: string;
  name: string;
  code: string | null;
  amount: number;
  freightAmount: number;
}

/** A code kept on the cart: applied, waiting for the e-mail's check at placement, or not applying (and why). */
export interface CartCode {
  code: string;
  applied: boolean;
  pending: boolean;
  reason: string | null;
  message: string | null;
}

export interface CartView extends CartTotals {
  /** The cart's id, null while the visitor has none. */
  id: string | null;
  /** Bumped by every change to the lines (decision 055); 0 while the visitor has none. */
  revision: number;
  currencyCode: string;
  note: string;
  createdDate: string | null;
  updatedDate: string | null;
  orderLines: CartViewLine[];
  promotions: CartPromotion[];
  codes: CartCode[];
  /** What the cart's preview runs (decision 079). */
  promotionRules: readonly PromotionRule[];
  otherCharges: number;
  taxGeoCode: string;
  /** The state tax was estimated for (the primary address), null when not known yet. */
  taxState: string | null;
  /** The tax area (9 digits: the state's FIPS or the province's code, then zeros), empty until known. */
  taid: string;
  /**
   * The payment provider's intent for this cart. The store makes its intents for the order at Place order
   * (decision 039), so a cart holds none: 0 and empty, never another buyer's.
   */
  intentAmount: number;
  setupIntentId: string;
  paymentIntentId: string;
  clientSecret: string;
  /** Who made and last changed the cart: its user, -1 for a visitor's. */
  createdById: string | -1;
  updatedById: string | -1;
  /** The buyer's business account, -1 without one. */
  customerId: string | -1;
  /** The record's validity (spec: 0 Valid). */
  statusId: number;
  totalQuantity: number;
  hasUnpricedItem: boolean;
}

interface LineRow extends PriceColumns {
  cartLineId: string;
  cartId: string;
  id: string;
  quantity: number;
  configurations: StoredConfiguration[];
  dateAdded: Date;
  name: string;
  description: string;
  marketPrice: number | null;
  manufacturerPartNumber: string | null;
  minimumPurchaseQuantity: number;
  minTransfer: number;
  maxOrderQuantity: number | null;
  unitOfMeasure: string;
  image: string | null;
  inStock: boolean;
  allowedStates: string[];
  categoryId: string | null;
  categoryHandle: string | null;
  brandId: string | null;
  options: Record<string, { price: number; name: string; unit: string | null }>;
}

const pricedLinesSql = (
  table: 'cart_line' | 'saved_list_item',
  owner: 'cart_id' | 'list_id',
  paged = false,
) => `
  select l.id as "cartLineId", l.${owner} as "cartId", l.product_id as id, l.quantity, l.configurations,
    l.date_added as "dateAdded", p.name, p.description,
    ${PRICE_COLUMNS}, p.market_price::float8 as "marketPrice",
    p.manufacturer_part_number as "manufacturerPartNumber",
    p.minimum_purchase_quantity as "minimumPurchaseQuantity", p.min_transfer as "minTransfer",
    p.max_order_quantity as "maxOrderQuantity", p.unit_of_measure as "unitOfMeasure", p.images[1] as image, p.in_stock as "inStock",
    p.allowed_states as "allowedStates", p.category_id as "categoryId",
    (select c.handle from category c where c.id = p.category_id) as "categoryHandle", p.brand_id as "brandId",
    coalesce((select json_object_agg(o.id, json_build_object('price', o.unit_price::float8, 'name', o.name,
              'unit', o.unit)) from product_configuration_option o where o.product_id = p.id), '{}'::json) as options
    ${paged ? ', count(*) over ()::int as total' : ''}
  from ${table} l
  join product p on p.id = l.product_id
  ${PRICE_LIST_JOIN}
  where l.${owner} = ?
  order by l.date_added, l.id
  ${paged ? 'limit ? offset ?' : ''}`;

/**
 * The lines of a cart priced for the buyer in one statement (pricing.ts; the first two parameters are
 * `pricingParams`), option prices for configured lines.
 */
const PRICED_LINES_SQL = pricedLinesSql('cart_line', 'cart_id');
const PRICED_LIST_ITEMS_SQL = pricedLinesSql('saved_list_item', 'list_id', true);

/**
 * Prices a stored line: configured lines from basePrice and today's option prices (a vanished option unprices
 * it), then the quantity tier the line reaches on the lowest of the lists that apply (decision 048).
 */
function pricedLine(pricing: Pricing, row: LineRow): CartLineView {
  const priced = pricedBy(pricing, row);
  const configurations = row.configurations.map((c) => ({
    id: c.id,
    name: row.options[c.id]?.name ?? null,
    unit: row.options[c.id]?.unit ?? null,
    value: Number(c.value),
    type: c.type ?? null,
    metadata: c.metadata ?? null,
    price: scaled(row.options[c.id]?.price ?? null, priced.rate),
  }));
  const optionMissing = configurations.some((c) => c.price === null);
  const options =
    configurations.length === 0 ? null : configurations.reduce((sum, c) => sum + c.value * (c.price ?? 0), 0);
  const priceTiers = optionMissing ? [] : tiersOf(priced.offers, options);
  const tier = tierAt(priceTiers, row.quantity);
  const winner = tier ? priced.offers[cheapestOfferAt(priced.offers, tier.minQuantity, options)] : undefined;
  const list = winner?.list ?? '';
  const line: CartLine = {
    id: row.id,
    cartLineId: row.cartLineId,
    cartId: row.cartId,
    name: row.name,
    description: row.description,
    price: tier?.unitPrice ?? null,
    basePrice: priced.basePrice,
    marketPrice: scaled(row.marketPrice, priced.rate),
    manufacturerPartNumber: row.manufacturerPartNumber,
    minimumPurchaseQuantity: row.minimumPurchaseQuantity,
    minTransfer: row.minTransfer,
    maxOrderQuantity: row.maxOrderQuantity,
    unitOfMeasure: row.unitOfMeasure,
    quantity: row.quantity,
    image: row.image,
    inStock: row.inStock,
    allowedStates: row.allowedStates,
    configurations,
  };
  return {
    ...line,
    configurations,
    priceTiers,
    tier,
    lineTotal: lineTotal({ ...line, configurations: [] }),
    dateAdded: new Date(row.dateAdded).toISOString(),
    categoryId: row.categoryId,
    categoryHandle: row.categoryHandle,
    brandId: row.brandId,
    priceSource: list === '' ? 'catalogue' : list === pricing.siteListId ? 'siteList' : 'priceList',
    priceListId: list === '' ? null : list,
  };
}

/** What a buyer's prices and tax depend on: the account (price list, exemption) and the primary address. */
interface Buyer {
  /** The signed-in user and their business account, null for a visitor (or a user without one). */
  userId: string | null;
  /** Lower-cased; null for a visitor (their e-mail is known at placement). */
  email: string | null;
  accountId: string | null;
  /** The account's (contract) price list. */
  priceListId: string | null;
  pricing: Pricing;
  taxExempt: boolean;
  /** The country the site ships to (decision 033). */
  country: Country;
  /** Where tax is estimated: the state or province shipped to, else the primary address's when in that country. */
  state: string | null;
}

async function buyerOf(ctx: Ctx, db: Db = ctx.db): Promise<Buyer> {
  const pricing = await pricingOf(ctx);
  const country = siteCountry(ctx.site);
  if (!ctx.user) {
    return {
      userId: null,
      email: null,
      accountId: null,
      priceListId: null,
      pricing,
      taxExempt: false,
      country,
      state: null,
    };
  }
  const [row] = await db.execute<
    {
      accountId: string | null;
      priceListId: string | null;
      taxExempt: boolean | null;
      state: string | null;
    }[]
  >(
    `select ba.id as "accountId", ba.price_list_id as "priceListId", (ba.tax_exempt and (ba.tax_certificate_expires is null
               or ba.tax_certificate_expires >= (now() at time zone '${STORE_TIME_ZONE}')::date)) as "taxExempt", case when a.country = ? then a.state end as state
     from app_user u
     left join business_account ba on ba.id = u.account_id
     left join address a on a.id = u.primary_address_id
     where u.id = ?`,
    [country, ctx.user.id],
  );
  return {
    userId: ctx.user.id,
    email: ctx.user.email.toLowerCase(),
    accountId: row?.accountId ?? null,
    priceListId: row?.priceListId ?? null,
    pricing,
    taxExempt: row?.taxExempt ?? false,
    country,
    state: row?.state ?? null,
  };
}

/** The priced lines of a cart for the buyer's pricing (in the caller's transaction, if any). */
export async function pricedLines(db: Db, cartId: string, pricing: Pricing): Promise<CartLineView[]> {
  const params = [...pricingParams(pricing), cartId];
  const rows = await prepared<LineRow>(PRICED_LINES_SQL).all(db, params);
  return rows.map((row) => pricedLine(pricing, row));
}

/** A page of a saved list's items, priced like cart lines, and how many there are. */
export async function pricedListItems(
  db: Db,
  listId: string,
  pricing: Pricing,
  page: { page: number; pageSize: number },
): Promise<{ items: CartLineView[]; total: number }> {
  const rows = await db.execute<(LineRow & { total: number })[]>(PRICED_LIST_ITEMS_SQL, [
    ...pricingParams(pricing),
    listId,
    page.pageSize,
    (page.page - 1) * page.pageSize,
  ]);
  return { items: rows.map((row) => pricedLine(pricing, row)), total: rows[0]?.total ?? 0 };
}

const emptyView = (buyer: Buyer): CartView => view(null, [], buyer);

/**
 * Lines priced elsewhere (an accepted quote's: decision 049) as a cart view for the caller: their tax for the state
 * shipped to (else the primary address's), the freight given.
 */
export async function linesView(
  ctx: Ctx,
  lines: CartLineView[],
  shipTo: string | null,
  freight: number,
): Promise<CartView> {
  const found = await buyerOf(ctx);
  const buyer =
    shipTo && addressRules(found.country).isRegion(shipTo.toUpperCase())
      ? { ...found, state: shipTo.toUpperCase() }
      : found;
  return view(null, lines, buyer, freight);
}

/** A cart's lines as the promotions' rule reads them (decision 079). */
const promotionLines = (lines: readonly CartLineView[]): PromotionLine[] =>
  lines.map((l) => ({
    lineId: l.cartLineId,
    productId: l.id,
    brandId: l.brandId,
    categoryHandle: l.categoryHandle,
    quantity: l.quantity,
    unitPrice: l.price,
    lineTotal: l.lineTotal,
    source: l.priceSource,
    priceListId: l.priceListId,
  }));

/**
 * What the promotions' rule is asked for a cart's lines: the freight the table gives them, the buyer (a visitor's
 * e-mail once known, at placement) and the codes kept on the cart.
 */
function promotionsRequest(
  lines: readonly CartLineView[],
  buyer: Buyer,
  codes: readonly EnteredCode[],
  email: string | null = buyer.email,
): PromotionsRequest {
  return {
    lines: promotionLines(lines),
    freight: cartTotals(lines, { country: buyer.country }).freightAmt,
    currency: buyer.pricing.currency,
    codes,
    customer: {
      kind: buyer.userId ? 'signedIn' : 'guest',
      userId: buyer.userId,
      email: email?.toLowerCase() ?? null,
      companyId: buyer.accountId,
      priceListId: buyer.priceListId,
    },
  };
}

/**
 * The promotions of a cart (decision 079): none in a punchout session (the procurement system's prices stand:
 * decision 073) and none for a visitor without a cart; otherwise the automatic ones and the cart's codes.
 */
async function cartPromotions(
  ctx: Ctx,
  cart: CartRow | null,
  lines: CartLineView[],
  buyer: Buyer,
): Promise<PromotionOutcome & { preview?: readonly PromotionRule[] }> {
  if (!cart || ctx.req.session?.ownCart) return NO_PROMOTIONS;
  return promotionsFor(ctx, promotionsRequest(lines, buyer, cart.codes ?? []));
}

/** The cart as the shop shows it, its promotions applied. */
async function pricedView(
  ctx: Ctx,
  cart: CartRow | null,
  lines: CartLineView[],
  buyer: Buyer,
): Promise<CartView> {
  return view(cart, lines, buyer, undefined, await cartPromotions(ctx, cart, lines, buyer));
}

/** Each code kept on the cart as the outcome reads it. */
function codesOf(codes: readonly EnteredCode[], outcome: PromotionOutcome): CartCode[] {
  return codes.map(({ code }) => {
    const refusal = outcome.refusals.find((r) => r.code === code);
    const pending = outcome.pending.some((p) => p.code === code);
    return {
      code,
      applied: !refusal,
      pending,
      reason: refusal?.reason ?? null,
      message: refusal?.message ?? null,
    };
  });
}

function view(
  cart: CartRow | null,
  lines: CartLineView[],
  buyer: Buyer,
  /** A quote's agreed freight (decision 049). */
  freight?: number,
  promotions: PromotionOutcome & { preview?: readonly PromotionRule[] } = NO_PROMOTIONS,
): CartView {
  const taxation = taxationFor(buyer.country, buyer.state);
  return {
    id: cart?.id ?? null,
    revision: cart?.revision ?? 0,
    currencyCode: buyer.pricing.currency,
    note: cart?.note ?? '',
    createdDate: cart ? new Date(cart.createdAt).toISOString() : null,
    updatedDate: cart ? new Date(cart.updatedAt).toISOString() : null,
    orderLines: lines.map((l) => {
      const discount = promotions.lineDiscounts.get(l.cartLineId) ?? 0;
      return { ...l, discount, netLineTotal: round2(l.lineTotal - discount) };
    }),
    promotions: promotions.applied.map((a) => ({
      promotionId: a.promotionId,
      name: a.name,
      code: a.code,
      amount: a.amount,
      freightAmount: a.freight,
    })),
    codes: codesOf(cart?.codes ?? [], promotions),
    promotionRules: promotions.preview ?? [],
    otherCharges: 0,
    ...cartTotals(lines, {
      country: buyer.country,
      components: taxation.components,
      exempt: buyer.taxExempt,
      freight,
      promotions,
    }),
    taxGeoCode: taxation.geoCode,
    taxState: taxation.region,
    taid: taxation.geoCode ? taxation.geoCode.padEnd(9, '0') : '',
    intentAmount: 0,
    setupIntentId: '',
    paymentIntentId: '',
    clientSecret: '',
    createdById: cart && buyer.userId ? buyer.userId : -1,
    updatedById: cart && buyer.userId ? buyer.userId : -1,
    customerId: buyer.accountId ?? -1,
    statusId: VALIDITY.Valid,
    totalQuantity: totalQuantity(lines),
    hasUnpricedItem: hasUnpricedItem(lines),
  };
}

interface CartRow {
  id: string;
  revision: number;
  note: string;
  createdAt: Date;
  updatedAt: Date;
  /** The codes kept on it (read with the cart: no statement more). */
  codes?: EnteredCode[];
}

// The cart's stored currency_code is not read: a cart is priced in the currency of the site it is seen on.
const CART_COLUMNS = `id, revision, note, created_at as "createdAt", updated_at as "updatedAt"`;
/** A cart read whole: its columns and its codes. */
const CART_READ = `${CART_COLUMNS}, ${CART_CODES_COLUMN('cart.id')} as codes`;

/** The Idempotency-Key of an add, when sent: checked with the domain's rule (none: the add is not keyed). */
function idempotencyKeyOf(key: unknown): string | undefined {
  if (key === undefined || key === null || key === '') return undefined;
  if (typeof key !== 'string' || !IDEMPOTENCY_KEY_PATTERN.test(key)) {
    throw new AppError('BAD_USER_INPUT', IDEMPOTENCY_KEY_MESSAGE, [
      { field: 'idempotencyKey', message: IDEMPOTENCY_KEY_MESSAGE },
    ]);
  }
  return key;
}

/** Forgets the keys of adds older than a day (with the sessions' pruning). */
export async function pruneCartRequests(db: Db): Promise<void> {
  await db.execute("delete from cart_request where created_at < now() - interval '1 day'");
}

const PUNCHOUT_CODE_MESSAGE =
  "Codes don't apply in a punchout session: your procurement system's prices stand.";
const tooManyOnCart = () => `A cart takes at most ${PROMOTION_LIMITS.codesPerCart} codes: remove one first.`;

const codeError = (message: string) => new AppError('BAD_USER_INPUT', message, [{ field: 'code', message }]);

/** Against guessing codes (issue 58): the refused attempts of a session, and of an address in an hour. */
const codeLimits = (ctx: Ctx) => [
  {
    key: `promo-code:session:${ctx.req.sessionID ?? 'none'}`,
    max: PROMOTION_LIMITS.attemptsPerSession,
    windowMs: 86_400_000,
  },
  {
    key: `promo-code:ip:${ctx.req.ip ?? 'unknown'}`,
    max: PROMOTION_LIMITS.attemptsPerAddressPerHour,
    windowMs: 3_600_000,
  },
];

function tooManyCodes(retryAfterSeconds: number): AppError {
  const message = promotionMessage('tooMany', { n: Math.max(1, Math.ceil(retryAfterSeconds / 60)) }, 'en-US');
  return new AppError('TOO_MANY_REQUESTS', message, [{ field: 'code', message }]);
}

/** A read-only own cart (a punchout inspect) takes no change. */
function refuseReadOnly(ctx: Ctx): void {
  if (ctx.req.session?.ownCart?.readOnly) {
    throw new AppError('FORBIDDEN', 'This cart was opened to inspect it: it cannot be changed.');
  }
}

export const cartService = {
  /** The caller's cart (an empty one when there is none yet). */
  async get(ctx: Ctx, shipTo?: string | null): Promise<CartView> {
    assertOrdersScope(ctx);
    const [cart, found] = await Promise.all([this.find(ctx), buyerOf(ctx)]);
    // Checkout asks for the totals of the state it ships to; otherwise the primary address estimates tax.
    const buyer =
      shipTo && addressRules(found.country).isRegion(shipTo.toUpperCase())
        ? { ...found, state: shipTo.toUpperCase() }
        : found;
    if (!cart) return emptyView(buyer);
    return pricedView(ctx, cart, await pricedLines(ctx.db, cart.id, buyer.pricing), buyer);
  },

  async find(ctx: Ctx): Promise<CartRow | null> {
    const own = ctx.req.session?.ownCart;
    if (own) {
      const [row] = await prepared<CartRow>(
        `select ${CART_READ} from cart where id = ? and user_id is null`,
      ).all(ctx.db, [own.id]);
      return row ?? null;
    }
    if (ctx.user) {
      const [row] = await ctx.db.execute<CartRow[]>(`select ${CART_READ} from cart where user_id = ?`, [
        ctx.user.id,
      ]);
      return row ?? null;
    }
    const id = ctx.req.session?.cartId;
    if (!id) return null;
    const [row] = await prepared<CartRow>(
      `select ${CART_READ} from cart where id = ? and user_id is null`,
    ).all(ctx.db, [id]);
    return row ?? null;
  },

  /**
   * Entry point: `{ items }` as the caller sent them, checked with the domain's schema, then added; once per
   * `idempotencyKey` when one is sent (a replay answers the cart as it is).
   */
  async addItems(ctx: Ctx, body: unknown, idempotencyKey?: unknown): Promise<CartView> {
    assertOrdersScope(ctx);
    const key = idempotencyKeyOf(idempotencyKey);
    return this.write(ctx, validate(cartItemsSchema, body).items, 'add', key);
  },

  /** Entry point: `{ items }` whose lines get these quantities. */
  async setItems(ctx: Ctx, body: unknown): Promise<CartView> {
    assertOrdersScope(ctx);
    return this.set(ctx, validate(cartItemsSchema, body).items);
  },

  /** Entry point: `{ items: [{ cartLineId }] }`, the lines to remove. */
  async removeLines(ctx: Ctx, body: unknown): Promise<CartView> {
    const { items } = validate(cartRemoveSchema, body);
    return this.remove(
      ctx,
      items.map((i) => i.cartLineId),
    );
  },

  /** Adds checked items (the services' own use): a line with the same product and configurations grows. */
  async add(ctx: Ctx, items: CartItem[]): Promise<CartView> {
    return this.write(ctx, items, 'add');
  },

  /** Sets the quantities of the items' lines (creating lines that are missing). */
  async set(ctx: Ctx, items: CartItem[]): Promise<CartView> {
    return this.write(ctx, items, 'set');
  },

  /**
   * Writes lines in one statement (the cart created if missing, the line limit checked, the lines upserted),
   * so concurrent adds to one line add up exactly and a cart past the limit is refused whole (the limit is
   * checked against the lines there when the statement starts: two racing adds may pass it by a line).
   */
  async write(ctx: Ctx, items: CartItem[], mode: 'add' | 'set', key?: string): Promise<CartView> {
    assertOrdersScope(ctx);
    refuseReadOnly(ctx);
    if (items.length === 0) return this.get(ctx);
    const own = ctx.req.session?.ownCart ?? null;
    // An add grows the cart's lines: a part's maximum per order holds for the line grown.
    const inCart = async () => {
      const cart = await this.find(ctx);
      const held = cart
        ? await ctx.db.execute<{ itemId: string; configKey: string; quantity: number }[]>(
            'select product_id as "itemId", config_key as "configKey", quantity from cart_line where cart_id = ?',
            [cart.id],
          )
        : [];
      return new Map(held.map((l) => [lineKey(l.itemId, l.configKey), l.quantity]));
    };
    const lines = mergeSameLines(
      await checkItems(ctx, items, { toBuy: true, inCart: mode === 'add' ? inCart : undefined }),
      mode,
    );
    const payload = JSON.stringify(
      lines.map((l, ord) => ({
        product_id: l.itemId,
        quantity: l.qty,
        configurations: l.configurations,
        config_key: l.configKey,
        ord,
      })),
    );
    const upsertCart = (cartId: string | null) =>
      ctx.user && !own
        ? {
            sql: `insert into cart (user_id, site, revision) values (?, ?, 1)
                  on conflict (user_id) do update set updated_at = now(), revision = cart.revision + 1`,
            params: [ctx.user.id, ctx.site],
          }
        : {
            // A pruned anonymous cart comes back under its id; one that became a user's is not touched.
            sql: `insert into cart (id, site, revision) values (coalesce(?::uuid, gen_random_uuid()), ?, 1)
                  on conflict (id) do update set updated_at = now(), revision = cart.revision + 1
                  where cart.user_id is null`,
            params: [cartId, ctx.site],
          };
    const run = async (cartId: string | null) => {
      const cart = upsertCart(cartId);
      // One statement, atomic on its own: the cart, the line limit (lines there plus lines new), the upsert; with a
      // key, the key recorded first and the lines written only if it was new.
      const [row] = await prepared<CartRow & { fits: boolean }>(
        `with c as (${cart.sql} returning ${CART_COLUMNS}),
         k as (${
           key
             ? `insert into cart_request (cart_id, idempotency_key) select id, ? from c on conflict do nothing returning 1`
             : 'select 1'
         }),
         items as (select * from jsonb_to_recordset(?::jsonb)
                   as r(product_id text, quantity int, configurations jsonb, config_key text, ord int)),
         fits as (select (select count(*) from cart_line l where l.cart_id = (select id from c))
                    + (select count(*) from items i where not exists (select 1 from cart_line l
                        where l.cart_id = (select id from c) and l.product_id = i.product_id
                          and l.config_key = i.config_key)) <= ? as ok),
         up as (insert into cart_line (cart_id, product_id, quantity, configurations, config_key)
                select c.id, i.product_id, i.quantity, i.configurations, i.config_key
                from c cross join items i where (select ok from fits) and exists (select 1 from k) order by i.ord
                on conflict (cart_id, product_id, config_key) do update set quantity = ${
                  mode === 'add' ? 'least(cart_line.quantity + excluded.quantity, ?)' : 'excluded.quantity'
                }
                returning 1)
         select c.*, ${CART_CODES_COLUMN('c.id')} as codes, (select ok from fits) as fits,
           (select count(*) from up) as written from c`,
      ).all(ctx.db, [
        ...cart.params,
        ...(key ? [key] : []),
        payload,
        CART_LIMITS.maxLines,
        ...(mode === 'add' ? [CART_LIMITS.maxQuantity] : []),
      ]);
      if (row && !row.fits) {
        const message = `A cart holds at most ${CART_LIMITS.maxLines} lines. Save some for later or order them apart.`;
        throw new AppError('BAD_USER_INPUT', message, [{ field: 'items', message }]);
      }
      return row ?? null;
    };
    // The session named a cart that became a user's at a sign-in elsewhere: start a new one.
    const cart = own
      ? await run(own.id)
      : ((await run(ctx.user ? null : (ctx.req.session?.cartId ?? null))) ?? (await run(null)));
    if (!cart) throw new AppError('CONFLICT', 'This cart can no longer be changed.');
    if (!ctx.user && !own) ensureSession(ctx.req).cartId = cart.id;
    const buyer = await buyerOf(ctx);
    return pricedView(ctx, cart, await pricedLines(ctx.db, cart.id, buyer.pricing), buyer);
  },

  /** Removes lines of the caller's cart by cartLineId (others' lines are never touched). */
  async remove(ctx: Ctx, cartLineIds: string[]): Promise<CartView> {
    assertOrdersScope(ctx);
    refuseReadOnly(ctx);
    const cart = await this.find(ctx);
    if (cart && cartLineIds.length > 0) await takeLines(ctx.db, cart.id, cartLineIds);
    return this.get(ctx);
  },

  /**
   * Keeps a code on the cart (issue 58): refused with the reason, in the field `code`, when it does not apply now
   * (nothing kept). Refused attempts count against guessing, per session and per address; over either limit the
   * code is not even looked at.
   */
  async applyCode(ctx: Ctx, raw: unknown): Promise<CartView> {
    assertOrdersScope(ctx);
    refuseReadOnly(ctx);
    const code = normalizeCode(validate(cartCodeSchema, { code: raw }).code);
    // The procurement system's prices stand in a punchout session (decision 073): no promotion reaches them.
    if (ctx.req.session?.ownCart) throw codeError(PUNCHOUT_CODE_MESSAGE);
    const cart = await this.find(ctx);
    if (!cart) throw codeError(emptyCartMessage);
    const limits = codeLimits(ctx);
    for (const limit of limits) {
      const { allowed, retryAfterSeconds } = await peek(ctx.db, limit);
      if (!allowed) throw tooManyCodes(retryAfterSeconds);
    }
    const kept = cart.codes ?? [];
    if (kept.some((c) => c.code === code)) return this.get(ctx);
    if (kept.length >= PROMOTION_LIMITS.codesPerCart) throw codeError(tooManyOnCart());
    const [entered] = await findCodes(ctx.db, [code]);
    const buyer = await buyerOf(ctx);
    const lines = await pricedLines(ctx.db, cart.id, buyer.pricing);
    const outcome = await promotionsFor(ctx, promotionsRequest(lines, buyer, [...kept, entered!]));
    const refusal = outcome.refusals.find((r) => r.code === code);
    if (refusal) {
      for (const limit of limits) await hit(ctx.db, limit);
      throw codeError(refusal.message);
    }
    await ctx.db.execute(
      'insert into cart_promotion_code (cart_id, code_id) values (?, ?) on conflict do nothing',
      [cart.id, entered!.codeId],
      'run',
    );
    return this.get(ctx);
  },

  /** Takes a code off the cart (a code not on it changes nothing). */
  async removeCode(ctx: Ctx, raw: unknown): Promise<CartView> {
    assertOrdersScope(ctx);
    refuseReadOnly(ctx);
    const cart = await this.find(ctx);
    const code = typeof raw === 'string' ? normalizeCode(raw) : '';
    if (cart && code) {
      await ctx.db.execute(
        `delete from cart_promotion_code
         where cart_id = ? and code_id in (select id from promotion_code where upper(code) = ?)`,
        [cart.id, code],
        'run',
      );
    }
    return this.get(ctx);
  },

  /** What the promotions' rule is asked at placement: the cart's lines and codes, the buyer, the contact e-mail. */
  async promotionsRequest(
    ctx: Ctx,
    cartId: string,
    lines: CartLineView[],
    email: string,
  ): Promise<PromotionsRequest | null> {
    if (ctx.req.session?.ownCart) return null;
    const [buyer, [row]] = await Promise.all([
      buyerOf(ctx),
      ctx.db.execute<{ codes: EnteredCode[] }[]>(`select ${CART_CODES_COLUMN('?::uuid')} as codes`, [cartId]),
    ]);
    return promotionsRequest(lines, buyer, row?.codes ?? [], buyer.email ?? email);
  },

  /** Empties the cart (the default, empty cart). */
  async clear(ctx: Ctx): Promise<CartView> {
    assertOrdersScope(ctx);
    refuseReadOnly(ctx);
    const cart = await this.find(ctx);
    if (cart) await takeLines(ctx.db, cart.id, null);
    return this.get(ctx);
  },

  /**
   * At sign-in the visitor's anonymous cart merges into the user's: its quantities override the user's for
   * lines on both sides, lines only in it are appended (and priced for the user when read). One transaction.
   */
  async adoptAnonymousCart(ctx: Ctx, anonymousCartId: string | undefined, userId: string): Promise<void> {
    if (!anonymousCartId) return;
    await ctx.db.transactional(async () => {
      const [anonymous] = await ctx.db.execute<{ id: string }[]>(
        'select id from cart where id = ? and user_id is null for update',
        [anonymousCartId],
        'all',
      );
      if (!anonymous) return;
      const [mine] = await ctx.db.execute<{ id: string }[]>(
        `insert into cart (user_id, site, revision) values (?, ?, 1)
         on conflict (user_id) do update set updated_at = now(), revision = cart.revision + 1 returning id`,
        [userId, ctx.site],
        'all',
      );
      await ctx.db.execute(
        `insert into cart_line (cart_id, product_id, quantity, configurations, config_key, date_added)
         select ?, product_id, quantity, configurations, config_key, date_added from cart_line where cart_id = ?
         on conflict (cart_id, product_id, config_key) do update set quantity = excluded.quantity`,
        [mine!.id, anonymousCartId],
        'run',
      );
      // The codes entered as a visitor stay on the cart (the rule checks them again for the user).
      await ctx.db.execute(
        `insert into cart_promotion_code (cart_id, code_id, entered_at)
         select ?, code_id, entered_at from cart_promotion_code where cart_id = ? on conflict do nothing`,
        [mine!.id, anonymousCartId],
        'run',
      );
      await ctx.db.execute('delete from cart where id = ?', [anonymousCartId], 'run');
    });
  },
};

/** At sign-in (wired in app.ts), the anonymous cart of the session that sign-in replaced merges into the user's. */
export const adoptCartAtSignIn: SignInHook = (ctx, { userId, before }) =>
  cartService.adoptAnonymousCart(ctx, before?.cartId, userId);

/**
 * Removes lines of a cart (all of them when `lineIds` is null) and bumps its revision when any went, in one
 * statement: the cart's remove and clear, and an order taking the lines it bought (inside its transaction).
 */
export async function takeLines(db: Db, cartId: string, lineIds: string[] | null): Promise<void> {
  await prepared(
    `with gone as (delete from cart_line where cart_id = ? and (?::uuid[] is null or id = any(?::uuid[]))
                   returning 1)
     update cart set revision = revision + 1, updated_at = now() where id = ? and exists (select 1 from gone)`,
  ).all(db, [cartId, lineIds, lineIds, cartId]);
}

/** One line per product and configuration set: adds sum their quantities, sets keep the last. */
export function mergeSameLines(lines: CheckedItem[], mode: 'add' | 'set'): CheckedItem[] {
  const merged = new Map<string, CheckedItem>();
  for (const line of lines) {
    const key = JSON.stringify([line.itemId, line.configKey]);
    const before = merged.get(key);
    merged.set(
      key,
      before && mode === 'add'
        ? { ...line, qty: Math.min(before.qty + line.qty, CART_LIMITS.maxQuantity) }
        : line,
    );
  }
  return [...merged.values()];
}
