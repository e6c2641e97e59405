import { ORDER_STATUS_CODE } from '../../../../domain/order-status';
import type { Ctx } from '../../context';
import type { PaymentIntent } from '../payment';
import { outcome } from './checkout.service';
import type { OrderMail } from './order-mail';
import { changeOrderStatus } from './order-status';

/** A company's decision on an order waiting for its approval, as the order's move on needs it. */
export interface ApprovalMove {
  orderId: string;
  /** The order's status when the decision locked it. */
  from: number;
  approve: boolean;
  /** The approver's name and note, as the buyer reads them. */
  by: string;
  note: string;
  paymentKind: string;
  /** The kept card's charge (null: none kept, or no longer usable). */
  charged: PaymentIntent | null;
}

/**
 * The order's step of a company's decision (decision 044; the flow is server/src/flows/decide-approval.ts), through
 * the order-status seam in the decision's transaction. The buyer is told with the change: rejected (the order is
 * cancelled with the note), or approved and what comes next (paid, to pay, on terms).
 */
export async function moveOnApproval(ctx: Ctx, move: ApprovalMove): Promise<void> {
  const { orderId, from, by, note, charged } = move;
  const to = (
    status: number,
    paymentStatus: string | null,
    history: string,
    notice: OrderMail,
    card?: Card,
  ) => changeOrderStatus(ctx, { orderId, from, to: status, note: history, paymentStatus, card, notice });
  const approved =
    (next: 'paid' | 'pay' | 'terms'): OrderMail =>
    (order) => ({ kind: 'order-approved', ...order, by, note, next });
  const said = note ? ` (${note})` : '';
  if (!move.approve) {
    await to(ORDER_STATUS_CODE.OrderCancelled, null, `Rejected by ${by}${said}`, (order) => ({
      kind: 'order-rejected',
      ...order,
      by,
      note,
    }));
    return;
  }
  if (move.paymentKind === 'purchaseOrder') {
    await to(
      ORDER_STATUS_CODE.Processing,
      'PENDING',
      `Approved by ${by}${said}; purchase order received`,
      approved('terms'),
    );
    return;
  }
  const result = charged && outcome(charged);
  if (charged && result) {
    const paid = result.status === ORDER_STATUS_CODE.Authorized;
    const how = paid
      ? charged.card
        ? `; card ${charged.card.brand} ending ${charged.card.last4}`
        : ''
      : `; ${charged.lastError ?? 'waiting for the buyer to pay'}`;
    await to(
      result.status,
      result.paymentStatus,
      `Approved by ${by}${said}${how}`,
      approved(paid ? 'paid' : 'pay'),
      charged.card,
    );
    return;
  }
  // No card to charge (none kept, or it is no longer usable): the buyer pays from the order's page.
  await to(
    ORDER_STATUS_CODE.PaymentRequiresAction,
    'PAYMENT_REQUIRES_ACTION',
    `Approved by ${by}${said}; waiting for the buyer to pay`,
    approved('pay'),
  );
}

type Card = { brand: string; last4: string } | null;
