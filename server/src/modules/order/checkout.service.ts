import { orderNumberLabel } from '../../../../domain/checkout';
import { paymentSchema, type PlaceOrderInput } from '../../../../domain/checkout.schema';
import { round2 } from '../../../../domain/money';
import {
  AWAITING_PAYMENT,
  CANCELLABLE_BY_BUYER,
  canTransition,
  ORDER_STATUS_CODE,
  orderStatusLabel,
} from '../../../../domain/order-status';
import { validate } from '../../common/validate';
import { AppError } from '../../common/errors';
import type { Ctx } from '../../context';
import type { Money } from '../mail';
import { cancellationMail, confirmationMail, type OrderMail } from './order-mail';
import type { PaymentIntent } from '../payment';
import { ensurePaymentKey, rememberSavedCard } from '../account';
import { changeOrderStatus } from './order-status';
import { orderService, type OrderView } from './order.service';
import { prepared } from '../../db/prepared';

/** What the shopper must do next after placing (or paying) an order. */
export interface PlaceOrderResult {
  order: OrderView;
  /** The card needs the cardholder's authentication (3-D Secure): show the bank's page, then confirm. */
  nextAction: { type: 'authenticate'; intentId: string; clientSecret: string } | null;
  /** Why the payment failed (declined...), when it did: the shopper may pay again with another card. */
  paymentError: string | null;
}

/** An order's payment as its callers send it (`{ paymentMethodId }` or `{ poNumber }`), as paymentSchema reads it. */
const paymentOf = (input: unknown) => {
  const body = (input ?? {}) as { paymentMethodId?: unknown; poNumber?: unknown; saveCard?: unknown };
  return body.poNumber !== null && body.poNumber !== undefined
    ? { kind: 'purchaseOrder', poNumber: body.poNumber }
    : {
        kind: 'card',
        paymentMethodId: body.paymentMethodId ?? undefined,
        saveCard: body.saveCard ?? undefined,
      };
};

/** How an order is paid, as the checkout sends it. */
export type PaymentInput = PlaceOrderInput['payment'];

interface BuyerRow {
  taxExempt: boolean | null;
  netTermsDays: number | null;
}

/** The order's status and payment status for an intent's state (null: nothing to record). */
export function outcome(intent: PaymentIntent): { status: number; paymentStatus: string } | null {
  switch (intent.status) {
    case 'requires_capture':
      return { status: ORDER_STATUS_CODE.Authorized, paymentStatus: 'AUTHORIZED' };
    case 'succeeded':
      return { status: ORDER_STATUS_CODE.Authorized, paymentStatus: 'PAID' };
    case 'requires_action':
      return { status: ORDER_STATUS_CODE.PaymentRequiresAction, paymentStatus: 'PAYMENT_REQUIRES_ACTION' };
    case 'requires_payment_method':
      return intent.lastError ? { status: ORDER_STATUS_CODE.PaymentFailed, paymentStatus: 'FAILED' } : null;
    default:
      return null;
  }
}

/** The statuses an order may be paid in later: never paid, or waiting for a payment. */
const PAYABLE: readonly number[] = [ORDER_STATUS_CODE.Open, ...AWAITING_PAYMENT];

/** What paying for an order needs of it (a placed order before it is read whole). */
export type PayableOrder = Pick<
  OrderView,
  'id' | 'status' | 'paymentKind' | 'total' | 'currencyCode' | 'paymentIntentId'
>;

/** What happened to the buyer's money as an order was cancelled (the e-mail says so). */
export type ReleasedMoney = { kind: 'none' } | { kind: 'released' } | { kind: 'refunded'; amount: Money };

/**
 * Gives the buyer's money back as an order is cancelled: the card's authorisation voided, or a captured payment
 * refunded, at the processor. The caller holds the order's row (`for update`), so no shipment captures meanwhile.
 * The payment status to record (null: unchanged) and what happened to the money.
 */
export async function releasePayment(
  ctx: Ctx,
  order: Pick<OrderView, 'id' | 'paymentIntentId'>,
  status: number,
): Promise<{ paymentStatus: string | null; money: ReleasedMoney }> {
  if (!order.paymentIntentId) return { paymentStatus: null, money: { kind: 'none' } };
  const intent = await ctx.app.payments.cancel(order.paymentIntentId);
  if (intent.status === 'succeeded') {
    await ctx.app.payments.refund(intent.id, intent.amount, `cancel:${order.id}`);
    return {
      paymentStatus: 'REFUNDED',
      money: { kind: 'refunded', amount: { value: intent.amount, currency: intent.currency } },
    };
  }
  return {
    paymentStatus: null,
    money: status === ORDER_STATUS_CODE.Authorized ? { kind: 'released' } : { kind: 'none' },
  };
}

export const checkoutService = {
  /** The id of the order placed earlier under this key (409 when the request differs), or null. */
  async orderIdByKey(ctx: Ctx, scope: string, key: string, hash: string): Promise<string | null> {
    const [row] = await prepared<{ id: string; requestHash: string }>(
      `select id, request_hash as "requestHash" from customer_order
       where idempotency_scope = ? and idempotency_key = ?`,
    ).all(ctx.db, [scope, key]);
    if (!row) return null;
    if (row.requestHash !== hash) {
      throw new AppError('CONFLICT', 'This Idempotency-Key was used for another order request.');
    }
    return row.id;
  },

  /**
   * Finishes what the placement left to do (also when a retried request finds its order): charge the card
   * of an order still open, record a purchase order, report the state of the payment.
   */
  async resume(ctx: Ctx, order: PayableOrder, input: PlaceOrderInput): Promise<PlaceOrderResult> {
    if (order.status !== ORDER_STATUS_CODE.Open) {
      return this.result(
        ctx,
        'orderNumber' in order ? (order as OrderView) : await orderService.load(ctx, order.id),
      );
    }
    if (order.paymentKind === 'purchaseOrder') {
      await this.transition(
        ctx,
        order.id,
        ORDER_STATUS_CODE.Processing,
        'PENDING',
        'Purchase order received',
      );
      return this.result(ctx, await orderService.load(ctx, order.id));
    }
    return this.charge(ctx, order, input.payment.paymentMethodId!, input.payment.saveCard);
  },

  /**
   * The first step of paying an order later (server/src/flows/pay-order.ts): the payment as sent (`{ paymentMethodId }`
   * or `{ poNumber }`), checked, and the order, which must be a card order waiting for a payment (or never paid); a
   * purchase order needs an account on net terms.
   */
  async readPayment(
    ctx: Ctx,
    orderId: string,
    body: unknown,
  ): Promise<{ payment: PaymentInput; order: OrderView }> {
    const payment = validate(paymentSchema, paymentOf(body)) as PaymentInput;
    const order = await orderService.get(ctx, orderId);
    if (order.paymentKind !== 'card' || !PAYABLE.includes(order.status)) throw notAwaitingPayment(order);
    if (payment.kind === 'purchaseOrder') await assertNetTerms(ctx);
    return { payment, order };
  },

  /** Locks an order being paid and reads its status and company, still waiting for a payment (else 409). */
  async lockPayable(
    ctx: Ctx,
    order: Pick<OrderView, 'id' | 'orderNumber'>,
  ): Promise<{ status: number; accountId: string | null }> {
    const [row] = await prepared<{ status: number; accountId: string | null }>(
      'select status, account_id as "accountId" from customer_order where id = ? for update',
    ).all(ctx.db, [order.id]);
    if (!row || !PAYABLE.includes(row.status)) throw notAwaitingPayment(order);
    return row;
  },

  /** The order is now paid by purchase order (in the paying transaction). */
  async switchToPurchaseOrder(ctx: Ctx, orderId: string, poNumber: string | undefined): Promise<void> {
    await prepared(
      "update customer_order set payment_kind = 'purchaseOrder', po_number = ? where id = ?",
    ).all(ctx.db, [poNumber, orderId]);
  },

  /** A purchase order replaces the card payment: the order's card payment is cancelled at the provider. */
  async cancelCardPayment(ctx: Ctx, order: Pick<OrderView, 'paymentIntentId'>): Promise<void> {
    if (order.paymentIntentId) await ctx.app.payments.cancel(order.paymentIntentId);
  },

  /**
   * The order's step of the buyer cancelling an order that has not shipped (server/src/flows/cancel-order.ts), in
   * the caller's transaction: its payment is cancelled at the provider (an authorisation released, a captured
   * payment refunded), the order goes to Order Cancelled and the buyer gets an e-mail.
   */
  async cancelLocked(ctx: Ctx, order: Pick<OrderView, 'id' | 'orderNumber'>): Promise<void> {
    const orderId = order.id;
    // Read under the lock: an approval may have charged the card a moment ago.
    const [row] = await prepared<{ status: number; paymentIntentId: string | null }>(
      'select status, payment_intent_id as "paymentIntentId" from customer_order where id = ? for update',
    ).all(ctx.db, [orderId]);
    await refuseCancelWithPayments(ctx, orderId);
    if (!row || !CANCELLABLE_BY_BUYER.includes(row.status)) {
      throw new AppError(
        'CONFLICT',
        `Order ${orderNumberLabel(order.orderNumber)} has shipped and can no longer be cancelled. You can request a return once it is delivered.`,
      );
    }
    const released = await releasePayment(
      ctx,
      { id: orderId, paymentIntentId: row.paymentIntentId },
      row.status,
    );
    await this.moveLocked(
      ctx,
      orderId,
      row.status,
      ORDER_STATUS_CODE.OrderCancelled,
      released.paymentStatus,
      'Cancelled by the customer',
      null,
      cancellationMail('customer', released.money),
    );
  },

  /** After the cardholder answered the bank's challenge: reads the intent and records the outcome. */
  async confirmPayment(ctx: Ctx, orderId: string): Promise<PlaceOrderResult> {
    const order = await orderService.get(ctx, orderId);
    if (!order.paymentIntentId) return this.result(ctx, order);
    return this.record(ctx, order, await ctx.app.payments.retrieve(order.paymentIntentId));
  },

  /**
   * Charges the card. A signed-in buyer pays as their provider customer (their payment key, made on first
   * need): that is what lets them pay with a saved card, and save this one (`save`) once it authorises.
   */
  async charge(
    ctx: Ctx,
    order: PayableOrder,
    paymentMethodId: string,
    save = false,
  ): Promise<PlaceOrderResult> {
    const intent = await ctx.app.payments.createIntent({
      amount: round2(order.total),
      currency: order.currencyCode,
      idempotencyKey: `order:${order.id}`,
      customer: ctx.user ? await ensurePaymentKey(ctx, ctx.user) : null,
    });
    if (order.paymentIntentId !== intent.id) {
      await prepared('update customer_order set payment_intent_id = ? where id = ?').all(ctx.db, [
        intent.id,
        order.id,
      ]);
    }
    return this.record(ctx, order, await ctx.app.payments.confirm(intent.id, paymentMethodId, { save }));
  },

  async record(
    ctx: Ctx,
    order: Pick<OrderView, 'id' | 'status'>,
    intent: PaymentIntent,
  ): Promise<PlaceOrderResult> {
    const next = outcome(intent);
    // The card authorised and is saved to the buyer at the provider: it joins their saved cards.
    if (intent.status === 'requires_capture' && intent.savedCard && intent.customer) {
      await rememberSavedCard(ctx.db, intent.customer, intent.savedCard);
    }
    if (next && next.status !== order.status) {
      const note =
        intent.lastError ?? (intent.card ? `Card ${intent.card.brand} ending ${intent.card.last4}` : '');
      await this.transition(ctx, order.id, next.status, next.paymentStatus, note, intent.card);
    }
    const fresh = await orderService.load(ctx, order.id);
    return {
      ...(await this.result(ctx, fresh)),
      paymentError: fresh.status === ORDER_STATUS_CODE.PaymentFailed ? intent.lastError : null,
      nextAction:
        intent.status === 'requires_action'
          ? { type: 'authenticate', intentId: intent.id, clientSecret: intent.clientSecret }
          : null,
    };
  },

  async result(_ctx: Ctx, order: OrderView): Promise<PlaceOrderResult> {
    return { order, nextAction: null, paymentError: null };
  },

  /**
   * Moves an order along the transition table in one transaction (row locked): status, payment status, the
   * card's brand and last four, a history entry; the confirmation e-mail when payment is received or a
   * purchase order accepted.
   */
  async transition(
    ctx: Ctx,
    orderId: string,
    to: number,
    paymentStatus: string,
    note: string,
    card: { brand: string; last4: string } | null = null,
  ): Promise<void> {
    await ctx.db.transactional(async () => {
      const [row] = await prepared<{ status: number }>(
        'select status from customer_order where id = ? for update',
      ).all(ctx.db, [orderId]);
      if (!row || row.status === to) return;
      await this.moveLocked(ctx, orderId, row.status, to, paymentStatus, note, card);
    });
  },

  /**
   * A status change of an order whose row the caller's transaction holds: checked against the transition table,
   * written with its history entry; the buyer's e-mail (`notice`), by default the confirmation when payment is
   * received or a purchase order accepted.
   */
  async moveLocked(
    ctx: Ctx,
    orderId: string,
    from: number,
    to: number,
    paymentStatus: string | null,
    note: string,
    card: { brand: string; last4: string } | null = null,
    notice: OrderMail | null = to === ORDER_STATUS_CODE.Authorized || to === ORDER_STATUS_CODE.Processing
      ? confirmationMail
      : null,
  ): Promise<void> {
    if (!canTransition(from, to)) {
      throw new AppError(
        'CONFLICT',
        `An order cannot go from ${orderStatusLabel(from)} to ${orderStatusLabel(to)}.`,
      );
    }
    await changeOrderStatus(ctx, { orderId, from, to, note, paymentStatus, card, notice });
  },
};

const notAwaitingPayment = (order: Pick<OrderView, 'orderNumber'>) =>
  new AppError('CONFLICT', `Order ${orderNumberLabel(order.orderNumber)} is not waiting for a payment.`);

export const poNotAllowed = () => {
  const message = 'Your account is not approved to pay by purchase order. Please pay by card.';
  return new AppError('BAD_USER_INPUT', message, [{ field: 'payment.kind', message }]);
};

/** A purchase order needs an account approved on net terms. */
async function assertNetTerms(ctx: Ctx): Promise<void> {
  const [buyer] = ctx.user
    ? await ctx.db.execute<BuyerRow[]>(
        `select ba.net_terms_days as "netTermsDays" from app_user u
         join business_account ba on ba.id = u.account_id where u.id = ?`,
        [ctx.user.id],
      )
    : [];
  if (!buyer?.netTermsDays) throw poNotAllowed();
}

/** An invoice with payments recorded against it stands (decision 046): cancelling it would lose the payments. */
export async function refuseCancelWithPayments(ctx: Ctx, orderId: string): Promise<void> {
  const [paid] = await ctx.db.execute<{ n: number }[]>(
    'select count(*)::int as n from terms_payment where order_id = ?',
    [orderId],
    'all',
  );
  if (paid?.n) {
    throw new AppError(
      'CONFLICT',
      'Payments are recorded against this order: it can no longer be cancelled.',
    );
  }
}
