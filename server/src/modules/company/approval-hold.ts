import type { PlaceOrderInput } from '../../../../domain/checkout.schema';
import { ORDER_STATUS_CODE } from '../../../../domain/order-status';
import type { ApprovalReason } from '../../../../domain/company';
import type { Ctx } from '../../context';
import { changeOrderStatus } from '../order';
import type { CardMethod } from '../payment';
import { heldNote, requestApproval, type CompanyPurchase, type HeldCard } from './company-limits';

/*
 * An order over its buyer's limits waits for an approver (decision 044): the company's step of placing an order
 * and of paying one later (server/src/flows/), in the order's transaction.
 */

/** A card kept at the provider for an order waiting for approval (saved to the buyer there, not charged). */
export interface HeldForApproval extends HeldCard {
  method: CardMethod;
  /** Among the buyer's saved cards before this order. */
  alreadySaved: boolean;
  /** The buyer asked to save it. */
  saveCard: boolean;
}

/**
 * An order over the buyer's limits (or a purchase order over the company's credit) waits for an approver (or
 * staff): its status and history, the approval request and its e-mails, and the card to charge once approved kept
 * at the provider (a card that declines is refused now). Placing and paying later both come here. The card kept.
 */
export async function waitForApproval(
  ctx: Ctx,
  wait: {
    order: { id: string; orderNumber: string; status: number };
    purchase: CompanyPurchase & { reason: ApprovalReason };
    total: number;
    currency: string;
    payment: PlaceOrderInput['payment'];
    paymentKey: string | null;
  },
): Promise<HeldForApproval | null> {
  const { order, purchase, payment } = wait;
  const card =
    payment.kind === 'card' && wait.paymentKey
      ? await holdCard(ctx, payment.paymentMethodId!, wait.paymentKey, payment.saveCard)
      : null;
  await changeOrderStatus(ctx, {
    orderId: order.id,
    from: order.status,
    to: ORDER_STATUS_CODE.AwaitingApproval,
    note: heldNote(purchase.reason, purchase.limitCurrency, purchase.creditHold, purchase.unconverted),
    // The order shows the card it will be paid with.
    card: card?.method ?? null,
  });
  await requestApproval(ctx, {
    orderId: order.id,
    orderNumber: order.orderNumber,
    accountId: purchase.accountId,
    buyer: ctx.user!,
    reason: purchase.reason,
    creditHold: purchase.creditHold,
    openBalance: purchase.openBalance,
    total: wait.total,
    currency: wait.currency,
    limitCurrency: purchase.limitCurrency,
    card,
  });
  return card;
}

/**
 * Keeps a card for an order waiting for approval: saved to the buyer at the provider (so it can be charged once
 * approved), and kept after the decision when the buyer asked to save it or had saved it before.
 */
async function holdCard(
  ctx: Ctx,
  paymentMethodId: string,
  paymentKey: string,
  saveCard: boolean | undefined,
): Promise<HeldForApproval> {
  const [saved] = await ctx.db.execute<{ id: string }[]>(
    'select id from saved_card where user_id = ? and payment_method_id = ?',
    [ctx.user!.id, paymentMethodId],
    'all',
  );
  const method = await ctx.app.payments.attach(paymentMethodId, paymentKey);
  return { paymentMethodId, paymentKey, method, alreadySaved: Boolean(saved), saveCard: Boolean(saveCard) };
}
