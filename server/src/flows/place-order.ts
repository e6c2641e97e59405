import { ORDER_STATUS_CODE } from '../../../domain/order-status';
import type { Ctx } from '../context';
import { ensurePaymentKey, rememberSavedCard } from '../modules/account';
import { cartService, pricedLines, takeLines } from '../modules/cart';
import { refuseCheckoutInPunchout } from '../modules/punchout';
import { placementPromotions, redeemPromotions, type PromotionsRequest } from '../modules/promotion';
import { pricingOf, type Pricing } from '../modules/catalog';
import {
  waitForApproval,
  type HeldForApproval,
  companyShipping,
  companyPurchase,
  forgetHeldCard,
} from '../modules/company';
import {
  checkoutService,
  type PayableOrder,
  type PlaceOrderResult,
  orderService,
  recordPlacement,
  buyerTerms,
  checkoutKey,
  emptyCart,
  insertOrder,
  insertOrderLines,
  insertOrderPromotions,
  lockCart,
  orderAddress,
  priceOrder,
  readCheckout,
  refuseHigherTotal,
  rememberGuestOrder,
  reserveLines,
  type Checkout,
  type CheckoutKey,
  type LinesToOrder,
} from '../modules/order';

/*
 * Place an order (issue 53): the cart's lines (or an accepted quote's, server/src/flows/quote-checkout.ts) become
 * an order, once per Idempotency-Key. One transaction re-prices every line on the server, checks the state
 * restriction and the buyer's company, writes the order, its lines and its first history entry, empties the cart
 * (or marks the quote ordered), asks for an approval when over the buyer's limits and reserves the stock; then the
 * card is charged outside it (authorised, declined -> 14, authentication -> 15) or the purchase order recorded.
 */

/** Lines to order, as their source read them; `T` is what the source needs back once the order is written. */
export interface SourcedLines extends LinesToOrder {
  freight?: number;
}

/** Where an order's lines come from (the cart, an accepted quote), and what becomes of the source once ordered. */
export interface OrderSource<T extends SourcedLines> {
  /** The Idempotency-Key's scope. */
  scope: string;
  /** What the request's hash is of. */
  hashed: unknown;
  /** Something to order exists (false: the cart is empty). */
  present: boolean;
  /** History note of the order's placement. */
  note: string;
  /** false: the buyer's spending limits do not apply (a punchout order was approved by the buyer's own system). */
  spendingLimits?: boolean;
  /** Locks the source, first in the transaction: one checkout of it at a time. */
  lock(ctx: Ctx): Promise<void>;
  lines(ctx: Ctx, pricing: Pricing): Promise<T>;
  /**
   * What the promotions' rule is asked for the lines (decision 079), given the contact e-mail; left out where no
   * promotion reaches the order (an accepted quote's prices are agreed, a punchout order's are transferred).
   */
  promotions?(ctx: Ctx, lines: T, email: string): Promise<PromotionsRequest | null>;
  /** The source once the order is written (the cart's lines taken, the quote ordered). */
  ordered(ctx: Ctx, orderId: string, lines: T): Promise<void>;
}

/** Places the caller's cart as an order. Entry point: the checkout as sent and the Idempotency-Key. */
export async function placeOrder(
  ctx: Ctx,
  body: unknown,
  idempotencyKey: unknown,
): Promise<PlaceOrderResult> {
  // A punchout session's cart goes back to the procurement system, never through checkout (decision 072).
  refuseCheckoutInPunchout(ctx);
  const checkout = readCheckout(ctx, body, idempotencyKey);
  const cart = await cartService.find(ctx);
  const scope = ctx.user ? `user:${ctx.user.id}` : `guest:${ctx.req.session?.cartId ?? 'none'}`;
  return place(ctx, checkout, {
    scope,
    // A cart order's hash is its input's, as before quotes (a retry of an earlier order still matches).
    hashed: checkout.input,
    present: Boolean(cart),
    note: 'Order placed',
    lock: (tx) => lockCart(tx, cart!.id),
    lines: async (tx, pricing) => ({ lines: await pricedLines(tx.db, cart!.id, pricing), quoted: false }),
    promotions: (tx, ordered, email) => cartService.promotionsRequest(tx, cart!.id, ordered.lines, email),
    // Only the lines ordered leave the cart (a line added meanwhile stays for the next order), and its revision
    // grows: a device still keeping them gives way (decision 055).
    ordered: (tx, _orderId, ordered) =>
      takeLines(
        tx.db,
        cart!.id,
        ordered.lines.map((l) => l.cartLineId),
      ),
  });
}

/** Places an order from a source: the same key returns the same order, the same key with another request 409. */
export async function place<T extends SourcedLines>(
  ctx: Ctx,
  checkout: Checkout,
  source: OrderSource<T>,
): Promise<PlaceOrderResult> {
  const key = checkoutKey(checkout, source.scope, source.hashed);
  const existing = await checkoutService.orderIdByKey(ctx, key.scope, key.key, key.hash);
  if (existing) return checkoutService.resume(ctx, await orderService.load(ctx, existing), checkout.input);
  if (!source.present) throw emptyCart();
  const pricing = await pricingOf(ctx);
  // A company member's card may be kept for an approval: their provider customer is made before the transaction
  // (which locks their row).
  const paymentKey =
    ctx.user?.accountId && checkout.input.payment.kind === 'card'
      ? await ensurePaymentKey(ctx, ctx.user)
      : null;
  // The card kept at the provider for an order that waits for approval.
  const hold: { card: HeldForApproval | null } = { card: null };
  const placing = ctx.db.transactional(() =>
    writeOrder(ctx, { checkout, key, source, pricing, paymentKey, hold }),
  );
  let placed: string | PayableOrder;
  try {
    placed = await placing;
  } catch (err) {
    // Nothing was placed: a card kept for it is not kept (unless the buyer had saved it).
    await forgetHeldCard(ctx, hold.card);
    throw err;
  }
  // The buyer asked to save the card they gave: it joins their saved cards now (the provider keeps it already).
  if (hold.card?.saveCard && !hold.card.alreadySaved) {
    await rememberSavedCard(ctx.db, hold.card.paymentKey, hold.card.method);
  }
  rememberGuestOrder(ctx, typeof placed === 'string' ? placed : placed.id);
  return checkoutService.resume(
    ctx,
    typeof placed === 'string' ? await orderService.load(ctx, placed) : placed,
    checkout.input,
  );
}

/**
 * The order's transaction, step by step. Its id when it waits for an approval (or was placed meanwhile under the
 * same key), else what paying it needs, as just written (the order is read whole once paid).
 */
async function writeOrder<T extends SourcedLines>(
  ctx: Ctx,
  p: {
    checkout: Checkout;
    key: CheckoutKey;
    source: OrderSource<T>;
    pricing: Pricing;
    paymentKey: string | null;
    hold: { card: HeldForApproval | null };
  },
): Promise<string | PayableOrder> {
  const { input } = p.checkout;
  const currency = p.pricing.currency;
  // A concurrent call with the same key waits on the lock, then finds the order.
  await p.source.lock(ctx);
  const again = await checkoutService.orderIdByKey(ctx, p.key.scope, p.key.key, p.key.hash);
  if (again) return again;
  const ordered = await p.source.lines(ctx, p.pricing);
  const buyer = await buyerTerms(ctx);
  // The promotions, read unlocked: their limits are checked again under their locks, last (redeemPromotions).
  const request = (await p.source.promotions?.(ctx, ordered, input.contactEmail)) ?? null;
  const promotions = request ? await placementPromotions(ctx, request) : undefined;
  const prices = await priceOrder(ctx, input, {
    lines: ordered.lines,
    buyer,
    freight: ordered.freight,
    promotions,
  });
  const total = prices.totals.total;
  refuseHigherTotal(input, total, currency);
  const purchase = ctx.user
    ? await companyPurchase(ctx, ctx.user.id, {
        total,
        currency,
        paymentKind: input.payment.kind,
        spendingLimits: p.source.spendingLimits,
      })
    : null;
  const address = orderAddress(input);
  const billTo = purchase ? await companyShipping(ctx.db, purchase.accountId, address) : null;
  const accountId = purchase?.accountId ?? null;
  const order = await insertOrder(ctx, {
    checkout: p.checkout,
    key: p.key,
    currency,
    prices,
    address,
    accountId,
    billTo,
  });
  const lineIds = await insertOrderLines(ctx, order.id, ordered, prices.promotions);
  if (promotions) await insertOrderPromotions(ctx, order.id, promotions, promotions.rules);
  await recordPlacement(ctx, { orderId: order.id, note: p.source.note });
  await p.source.ordered(ctx, order.id, ordered);
  if (purchase?.reason) {
    // Over the buyer's limit: the order waits for an approver, and nothing is charged until then. The card is
    // kept for it at the provider (one that declines is refused now, and the cart stays as it was).
    p.hold.card = await waitForApproval(ctx, {
      order: { id: order.id, orderNumber: order.orderNumber, status: ORDER_STATUS_CODE.Open },
      purchase: { ...purchase, reason: purchase.reason },
      total,
      currency,
      payment: input.payment,
      paymentKey: p.paymentKey,
    });
  }
  await reserveLines(ctx, { id: order.id, state: address.state, lines: ordered.lines, lineIds });
  // Last, after the stock's locks (decision 050's order): a limited promotion's row is held to the commit only.
  if (request && promotions) await redeemPromotions(ctx, { orderId: order.id, request, outcome: promotions });
  if (purchase?.reason) return order.id;
  return {
    id: order.id,
    status: ORDER_STATUS_CODE.Open,
    paymentKind: input.payment.kind,
    total,
    currencyCode: currency,
    paymentIntentId: null,
  };
}
