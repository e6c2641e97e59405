import { IDEMPOTENCY_KEY_PATTERN } from '../../../../domain/idempotency';
import { createHash } from 'node:crypto';
import { STORE_TIME_ZONE } from '../../../../domain/admin';
import { cartTotals } from '../../../../domain/cart';
import { emptyCartMessage } from '../../../../domain/cart-line';
import { placeOrderSchemaFor, type PlaceOrderInput } from '../../../../domain/checkout.schema';
import { siteCountry } from '../../../../domain/regions';
import { cutsPerPiece } from '../../../../domain/ship-dates';
import { taxationFor } from '../../../../domain/tax';
import { NO_PROMOTIONS, type PromotionOutcome, type PromotionRule } from '../../../../domain/promotions';
import { formatAmount } from '../../../../domain/money';
import { AppError } from '../../common/errors';
import { validate } from '../../common/validate';
import type { Ctx } from '../../context';
import { prepared } from '../../db/prepared';
import { assertOrdersScope } from '../auth';
import { type CartLineView, checkLines, refuseLines } from '../cart';
import { ensureSession } from '../session';
import { reserveOrderStock } from '../stock';
import { poNotAllowed } from './checkout.service';
import type { OrderAddress } from './order.entity';
import { GUEST_ORDERS_KEPT } from './order.service';

/*
 * The order module's steps of placing an order (server/src/flows/place-order.ts lists them with the cart's, the
 * quote's and the company's): each does one thing in the order's tables, in the caller's transaction where it
 * writes.
 */

/** A checkout as sent, checked: its input, its Idempotency-Key. */
export interface Checkout {
  input: PlaceOrderInput;
  key: string;
}

/** What an order is placed under: the key's scope and the request's hash (the same key with another request is 409). */
export interface CheckoutKey {
  scope: string;
  key: string;
  hash: string;
}

/** The buyer's account terms that price and pay an order. */
export interface BuyerTerms {
  taxExempt: boolean | null;
  netTermsDays: number | null;
}

/** An order's prices as placed: its taxation (by the shipping state), its totals and its promotions. */
export type OrderPrices = {
  taxation: ReturnType<typeof taxationFor>;
  totals: ReturnType<typeof cartTotals>;
  promotions: PromotionOutcome;
};

/** An Idempotency-Key must be 8 to 100 letters, digits, - or _ (a UUID fits). */
function checkIdempotencyKey(key: unknown): string {
  if (typeof key !== 'string' || !IDEMPOTENCY_KEY_PATTERN.test(key)) {
    const message = 'An Idempotency-Key of 8 to 100 letters, digits, - or _ is required to place an order.';
    throw new AppError('BAD_USER_INPUT', message, [{ field: 'idempotencyKey', message }]);
  }
  return key;
}

/** The checkout as sent (domain/checkout.schema.ts, by the site's country) and its key, checked. */
export function readCheckout(ctx: Ctx, body: unknown, idempotencyKey: unknown): Checkout {
  assertOrdersScope(ctx);
  const key = checkIdempotencyKey(idempotencyKey);
  const input: PlaceOrderInput = validate(placeOrderSchemaFor(siteCountry(ctx.site)), body);
  return { input, key };
}

/** The key's scope and the request's hash: `hashed` is what the request is (a cart order's is its input alone). */
export function checkoutKey(checkout: Checkout, scope: string, hashed: unknown): CheckoutKey {
  const hash = createHash('sha256').update(JSON.stringify(hashed)).digest('hex');
  return { scope, key: checkout.key, hash };
}

export const emptyCart = () =>
  new AppError('BAD_USER_INPUT', emptyCartMessage, [{ field: 'cart', message: emptyCartMessage }]);

/** The buyer's tax exemption (a certificate not expired) and net terms; none for a guest. */
export async function buyerTerms(ctx: Ctx): Promise<BuyerTerms | undefined> {
  if (!ctx.user) return undefined;
  const [buyer] = await ctx.db.execute<BuyerTerms[]>(
    `select (ba.tax_exempt and (ba.tax_certificate_expires is null
       or ba.tax_certificate_expires >= (now() at time zone '${STORE_TIME_ZONE}')::date)) as "taxExempt", ba.net_terms_days as "netTermsDays" from app_user u
     left join business_account ba on ba.id = u.account_id where u.id = ?`,
    [ctx.user.id],
    'all',
  );
  return buyer;
}

/**
 * Checks the lines may ship to the address's state and the payment is allowed (a purchase order needs net terms),
 * then prices the order: tax by the state, the buyer's exemption, a quote's freight.
 */
export async function priceOrder(
  ctx: Ctx,
  input: PlaceOrderInput,
  order: {
    lines: CartLineView[];
    buyer: BuyerTerms | undefined;
    freight: number | undefined;
    promotions?: PromotionOutcome;
  },
): Promise<OrderPrices> {
  const { lines, buyer } = order;
  const country = siteCountry(ctx.site);
  refuseLines(await checkLines(ctx, { order: lines, state: input.shippingAddress.state }));
  if (input.payment.kind === 'purchaseOrder' && !buyer?.netTermsDays) throw poNotAllowed();
  const taxation = taxationFor(country, input.shippingAddress.state);
  const totals = cartTotals(lines, {
    country,
    components: taxation.components,
    exempt: buyer?.taxExempt ?? false,
    freight: order.freight,
    promotions: order.promotions,
  });
  return { taxation, totals, promotions: order.promotions ?? NO_PROMOTIONS };
}

/**
 * The total the buyer saw (decision 079): an order that costs more now than they were shown (a promotion ended or
 * ran out meanwhile) is refused, so they see the new total first. A lower one is placed.
 */
export function refuseHigherTotal(input: PlaceOrderInput, total: number, currency: string): void {
  const expected = input.expectedTotal;
  if (expected === undefined || expected === null || total <= expected) return;
  const message = `Your total changed from ${formatAmount(expected, currency)} to ${formatAmount(total, currency)}: check your order and place it again.`;
  throw new AppError('CONFLICT', message, [{ field: 'cart', message }]);
}

/** The shipping address as the order keeps it. */
export function orderAddress(input: PlaceOrderInput): OrderAddress {
  return {
    name: input.shippingAddress.name,
    companyName: input.shippingAddress.companyName ?? null,
    addressLine1: input.shippingAddress.addressLine1,
    addressLine2: input.shippingAddress.addressLine2 ?? null,
    city: input.shippingAddress.city,
    state: input.shippingAddress.state.toUpperCase(),
    zip: input.shippingAddress.zip,
    country: input.shippingAddress.country,
    isResidential: input.shippingAddress.isResidential,
    phone: input.shippingAddress.phone ?? null,
    email: input.shippingAddress.email,
  };
}

/** What writing an order needs: the checkout, its key, prices, address, lines and who it is billed to. */
export interface NewOrder {
  checkout: Checkout;
  key: CheckoutKey;
  currency: string;
  prices: OrderPrices;
  address: OrderAddress;
  accountId: string | null;
  billTo: OrderAddress | null;
}

/**
 * Writes the order's row (its number from the sequence); its id and number. Its `erp_order_id` stays null until the
 * ERP acknowledges it (acknowledgeOrder, decision 071).
 */
export async function insertOrder(ctx: Ctx, order: NewOrder): Promise<{ id: string; orderNumber: string }> {
  const { input } = order.checkout;
  const { totals, taxation } = order.prices;
  const [row] = await prepared<{ id: string; orderNumber: string }>(
    `insert into customer_order (order_number, user_id, contact_email, site, currency_code, sub_total, freight_amt, tax_pct,
       tax_amount, taxes, tax_geo_code, total, shipping_address, carrier_id, carrier_method, shipping_note,
       payment_kind, po_number, idempotency_scope, idempotency_key, request_hash, locale, account_id, bill_to,
       discount_total, freight_discount)
     select n.no, ?, ?, ?, ?, ?, ?, ?, ?, ?::jsonb, ?, ?, ?::jsonb, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?::jsonb, ?, ?
     from (select nextval('order_number_seq') as no) n
     returning id, order_number::text as "orderNumber"`,
  ).all(ctx.db, [
    ctx.user?.id ?? null,
    input.contactEmail.toLowerCase(),
    ctx.site,
    order.currency,
    totals.subTotal,
    totals.freightAmt,
    totals.taxPct,
    totals.taxAmount,
    JSON.stringify(totals.taxes),
    taxation.geoCode,
    totals.total,
    JSON.stringify(order.address),
    input.shippingDetails.carrierId,
    input.shippingDetails.carrierMethod,
    input.shippingDetails.note ?? '',
    input.payment.kind,
    input.payment.kind === 'purchaseOrder' ? input.payment.poNumber : null,
    order.key.scope,
    order.key.key,
    order.key.hash,
    ctx.locale,
    order.accountId,
    order.billTo && JSON.stringify(order.billTo),
    totals.discountTotal,
    totals.freightDiscount,
  ]);
  return row!;
}

/**
 * Writes the promotions an order took as they were (decision 079): name, code, rule and amounts, so a later change
 * of a promotion never changes the order. None: no statement.
 */
export async function insertOrderPromotions(
  ctx: Ctx,
  orderId: string,
  outcome: PromotionOutcome,
  rules: readonly PromotionRule[],
): Promise<void> {
  if (outcome.applied.length === 0) return;
  const rows = outcome.applied.map((a, i) => ({
    order_id: orderId,
    promotion_id: a.promotionId,
    position: i + 1,
    code: a.code,
    name: a.name,
    rule: rules.find((r) => r.id === a.promotionId) ?? null,
    amount: a.amount,
    freight_amount: a.freight,
  }));
  await ctx.db.execute(
    `insert into order_promotion (order_id, promotion_id, position, code, name, rule, amount, freight_amount)
     select order_id, promotion_id, position, code, name, rule, amount, freight_amount
     from jsonb_to_recordset(?::jsonb) as r(order_id uuid, promotion_id uuid, position smallint, code text, name text,
       rule jsonb, amount numeric, freight_amount numeric)`,
    [JSON.stringify(rows)],
    'run',
  );
}

/** The lines as ordered; a quote's keep that they were quoted and the quote's catalogue prices. */
export interface LinesToOrder {
  lines: CartLineView[];
  quoted: boolean;
  cataloguePrices?: (number | null)[];
}

/** Writes the order's lines; each line's id by its number. */
export async function insertOrderLines(
  ctx: Ctx,
  orderId: string,
  ordered: LinesToOrder,
  promotions: PromotionOutcome = NO_PROMOTIONS,
): Promise<Map<number, string>> {
  // Each line's share of each promotion, by the promotion's position on the order.
  const sharesOf = (lineId: string) =>
    promotions.applied.flatMap((a, position) => {
      const amount = a.lines.find((l) => l.lineId === lineId)?.amount ?? 0;
      return amount > 0 ? [{ position: position + 1, amount }] : [];
    });
  const rows = ordered.lines.map((l, i) => ({
    order_id: orderId,
    line_no: i + 1,
    product_id: l.id,
    name: l.name,
    manufacturer_part_number: l.manufacturerPartNumber ?? null,
    unit_of_measure: l.unitOfMeasure ?? 'EA',
    image: l.image ?? null,
    quantity: l.quantity,
    minimum_purchase_quantity: l.minimumPurchaseQuantity ?? 1,
    min_transfer: l.minTransfer ?? 1,
    price: l.price,
    base_price: l.configurations.length ? (l.basePrice ?? null) : null,
    configurations: l.configurations.map((c) => ({
      id: c.id,
      name: c.name,
      unit: c.unit,
      value: c.value,
      price: c.price,
      metadata: c.metadata,
    })),
    line_total: l.lineTotal,
    tier_min_quantity: l.tier?.minQuantity ?? 1,
    unit_price_for_one: l.tier && l.tier.minQuantity > 1 ? l.priceTiers[0]!.unitPrice : null,
    quoted: ordered.quoted,
    // What the catalogue charged (a quoted line: its quote's catalogue price): staff edits are held against it.
    catalogue_price: ordered.quoted ? (ordered.cataloguePrices?.[i] ?? null) : l.price,
    discount_amount: promotions.lineDiscounts.get(l.cartLineId) ?? 0,
    discounts: sharesOf(l.cartLineId),
    price_source: l.priceSource,
    price_list_id: l.priceListId,
  }));
  const inserted = await prepared<{ id: string; lineNo: number }>(
    `insert into order_line (order_id, line_no, product_id, name, manufacturer_part_number, unit_of_measure,
       image, quantity, minimum_purchase_quantity, min_transfer, price, base_price, configurations, line_total,
       tier_min_quantity, unit_price_for_one, quoted, catalogue_price, discount_amount, discounts, price_source,
       price_list_id)
     select order_id, line_no, product_id, name, manufacturer_part_number, unit_of_measure, image, quantity,
       minimum_purchase_quantity, min_transfer, price, base_price, configurations, line_total,
       tier_min_quantity, unit_price_for_one, quoted, catalogue_price, discount_amount, discounts, price_source,
       price_list_id
     from jsonb_to_recordset(?::jsonb) as r(order_id uuid, line_no smallint, product_id text, name text,
       manufacturer_part_number text, unit_of_measure text, image text, quantity int,
       minimum_purchase_quantity int, min_transfer int, price numeric, base_price numeric,
       configurations jsonb, line_total numeric, tier_min_quantity int, unit_price_for_one numeric,
       quoted boolean, catalogue_price numeric, discount_amount numeric, discounts jsonb, price_source text,
       price_list_id text)
     returning id, line_no as "lineNo"`,
  ).all(ctx.db, [JSON.stringify(rows)]);
  return new Map(inserted.map((r) => [r.lineNo, r.id]));
}

/**
 * Reserves the order's stock, in its transaction and as its last step (the stock rows stay locked the shortest
 * time): a line that cannot be filled refuses the whole order.
 */
export async function reserveLines(
  ctx: Ctx,
  order: { id: string; state: string; lines: CartLineView[]; lineIds: Map<number, string> },
): Promise<void> {
  await reserveOrderStock(ctx, {
    id: order.id,
    state: order.state,
    lines: order.lines.map((l, i) => ({
      lineId: order.lineIds.get(i + 1)!,
      productId: l.id,
      name: l.name,
      quantity: l.quantity,
      cutsPerPiece: cutsPerPiece(l.configurations),
    })),
  });
}

/** One checkout of a cart at a time: a concurrent call with the same key waits on the cart's row. */
export async function lockCart(ctx: Ctx, cartId: string): Promise<void> {
  await prepared('select id from cart where id = ? for update').all(ctx.db, [cartId]);
}

/** A guest's order joins their session's orders (the latest GUEST_ORDERS_KEPT), so they may read it. */
export function rememberGuestOrder(ctx: Ctx, orderId: string): void {
  if (ctx.user) return;
  const session = ensureSession(ctx.req);
  session.guestOrders = [...(session.guestOrders ?? []), orderId].slice(-GUEST_ORDERS_KEPT);
}
