import { ORDER_STATUS_CODE } from '../../../domain/order-status';
import type { Ctx } from '../context';
import { ensurePaymentKey, rememberSavedCard } from '../modules/account';
import { waitForApproval, type HeldForApproval, companyPurchase, forgetHeldCard } from '../modules/company';
import {
  checkoutService,
  type PaymentInput,
  type PlaceOrderResult,
  orderService,
  type OrderView,
} from '../modules/order';

/*
 * Pay an order later (issue 53): an order whose payment failed, waits for the bank's check or never started is
 * paid with another card (a new challenge may follow), or by purchase order for an account on net terms. Paying
 * later runs the rule placing runs (companyPurchase, issue 52): the order must be the payer's company's (a personal
 * order is paid by card), and the company's limits and credit apply: over them the order waits for an approver or
 * staff, as a placed one does; else a purchase order takes it to Processing (its card payment cancelled at the
 * provider), and a card is charged outside the transaction.
 */

/** Pays the order. Entry point: `{ paymentMethodId }` or `{ poNumber }` as sent. */
export async function payOrder(ctx: Ctx, orderId: string, body: unknown): Promise<PlaceOrderResult> {
  const { payment, order } = await checkoutService.readPayment(ctx, orderId, body);
  // A card kept for an approval needs the buyer's provider customer, made before the transaction locks their row.
  const paymentKey = ctx.user && payment.kind === 'card' ? await ensurePaymentKey(ctx, ctx.user) : null;
  const hold: { card: HeldForApproval | null } = { card: null };
  const paying = ctx.db.transactional(() => pay(ctx, { order, payment, paymentKey, hold }));
  let next: 'charge' | 'done';
  try {
    next = await paying;
  } catch (err) {
    await forgetHeldCard(ctx, hold.card);
    throw err;
  }
  if (next === 'charge')
    return checkoutService.charge(ctx, order, payment.paymentMethodId!, payment.saveCard);
  if (hold.card?.saveCard && !hold.card.alreadySaved) {
    await rememberSavedCard(ctx.db, hold.card.paymentKey, hold.card.method);
  }
  // A purchase order replaces the card payment; a card kept for an approval is charged on the order's intent.
  if (payment.kind === 'purchaseOrder') await checkoutService.cancelCardPayment(ctx, order);
  return checkoutService.result(ctx, await orderService.load(ctx, orderId));
}

/** The paying transaction, step by step: 'charge' when the card is to be charged once it commits. */
async function pay(
  ctx: Ctx,
  p: {
    order: OrderView;
    payment: PaymentInput;
    paymentKey: string | null;
    hold: { card: HeldForApproval | null };
  },
): Promise<'charge' | 'done'> {
  const { order, payment } = p;
  const row = await checkoutService.lockPayable(ctx, order);
  const purchase = ctx.user
    ? await companyPurchase(ctx, ctx.user.id, {
        total: order.total,
        currency: order.currencyCode,
        paymentKind: payment.kind,
        paying: { orderId: order.id, accountId: row.accountId },
      })
    : null;
  if (payment.kind === 'purchaseOrder') {
    await checkoutService.switchToPurchaseOrder(ctx, order.id, payment.poNumber);
  }
  if (purchase?.reason) {
    p.hold.card = await waitForApproval(ctx, {
      order: { id: order.id, orderNumber: order.orderNumber, status: row.status },
      purchase: { ...purchase, reason: purchase.reason },
      total: order.total,
      currency: order.currencyCode,
      payment,
      paymentKey: p.paymentKey,
    });
    return 'done';
  }
  if (payment.kind === 'card') return 'charge';
  await checkoutService.moveLocked(
    ctx,
    order.id,
    row.status,
    ORDER_STATUS_CODE.Processing,
    'PENDING',
    'Purchase order received',
  );
  return 'done';
}
