import { STORE_TIME_ZONE } from '../../../../domain/admin';
import { createHash } from 'node:crypto';
import { pricingOf } from '../catalog/pricing';
import { cartTotals } from '../../../../domain/cart';
import { emptyCartMessage } from '../../../../domain/cart-line';
import { orderNumberLabel } from '../../../../domain/checkout';
import { paymentSchema, placeOrderSchemaFor, type PlaceOrderInput } from '../../../../domain/checkout.schema';
import { round2 } from '../../../../domain/money';
import {
  AWAITING_PAYMENT,
  CANCELLABLE_BY_BUYER,
  canTransition,
  ORDER_STATUS_CODE,
  orderStatusLabel,
} from '../../../../domain/order-status';
import { validate } from '../../common/validate';
import { siteCountry } from '../../../../domain/regions';
import { taxationFor } from '../../../../domain/tax';
import { AppError } from '../../common/errors';
import type { Ctx } from '../../context';
import { cartService, pricedLines, takeLines } from '../cart/cart.service';
import { checkLines, refuseLines } from '../cart/cart-lines';
import type { Money } from '../mail/templates';
import { cancellationMail, confirmationMail, type OrderMail } from './order-mail';
import type { CardMethod, PaymentIntent } from '../payment/payment.provider';
import { ensurePaymentKey, rememberSavedCard } from '../account/saved-cards.service';
import type { OrderAddress } from './order.entity';
import { changeOrderStatus, recordPlacement } from './order-status';
import { assertOrdersScope } from '../auth/permissions';
import { GUEST_ORDERS_KEPT, orderService, type OrderView } from './order.service';
import { ensureSession } from '../session/lazy-session';
import { prepared } from '../../db/prepared';
import {
  cancelApproval,
  companyPurchase,
  forgetHeldCard,
  type CompanyPurchase,
  heldNote,
  requestApproval,
  type HeldCard,
} from '../company/company-limits';
import { companyShipping } from '../company/company-addresses';
import type { ApprovalReason } from '../../../../domain/company';
import { markQuoteOrdered, quoteForOrder } from '../quote/quote.service';
import { reserveOrderStock } from '../stock/stock.service';
import { cutsPerPiece } from '../../../../domain/ship-dates';
import { isUuid } from '../../../../domain/ids';

/** What the shopper must do next after placing (or paying) an order. */
export interface PlaceOrderResult {
  order: OrderView;
  /** The card needs the cardholder's authentication (3-D Secure): show the bank's page, then confirm. */
  nextAction: { type: 'authenticate'; intentId: string; clientSecret: string } | null;
  /** Why the payment failed (declined...), when it did: the shopper may pay again with another card. */
  paymentError: string | null;
}

/** A card kept at the provider for an order waiting for approval (saved to the buyer there, not charged). */
interface HeldForApproval extends HeldCard {
  method: CardMethod;
  /** Among the buyer's saved cards before this order. */
  alreadySaved: boolean;
  /** The buyer asked to save it. */
  saveCard: boolean;
}

const KEY_PATTERN = /^[A-Za-z0-9_-]{8,100}$/;

/** An Idempotency-Key must be 8 to 100 letters, digits, - or _ (a UUID fits). */
function checkIdempotencyKey(key: unknown): string {
  if (typeof key !== 'string' || !KEY_PATTERN.test(key)) {
    const message = 'An Idempotency-Key of 8 to 100 letters, digits, - or _ is required to place an order.';
    throw new AppError('BAD_USER_INPUT', message, [{ field: 'idempotencyKey', message }]);
  }
  return key;
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
type PaymentInput = PlaceOrderInput['payment'];

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

/** What paying for an order needs of it (a placed order before it is read whole). */
type PayableOrder = Pick<
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
  /**
   * Places the caller's cart as an order, once per Idempotency-Key: the same key returns the same order, the
   * same key with another request answers 409. One transaction re-prices every line on the server, checks the
   * state restriction, writes the order, its lines and its first history entry and empties the cart; then
   * the card is charged (authorised, declined -> 14, authentication -> 15) or the purchase order recorded.
   * Entry point: the checkout as sent (domain/checkout.schema.ts, by the site's country) and the key.
   */
  async placeOrder(
    ctx: Ctx,
    body: unknown,
    idempotencyKey: unknown,
    /** Checkout of an accepted quote (decision 049): its lines, prices and freight, the cart left alone. */
    fromQuote: { quoteId: string; revision: number } | null = null,
  ): Promise<PlaceOrderResult> {
    assertOrdersScope(ctx);
    const key = checkIdempotencyKey(idempotencyKey);
    const input: PlaceOrderInput = validate(placeOrderSchemaFor(siteCountry(ctx.site)), body);
    if (fromQuote && !ctx.user) throw new AppError('UNAUTHENTICATED', 'Please sign in.');
    const cart = fromQuote ? null : await cartService.find(ctx);
    const scope = fromQuote
      ? `user:${ctx.user!.id}:quote:${fromQuote.quoteId}`
      : ctx.user
        ? `user:${ctx.user.id}`
        : `guest:${ctx.req.session?.cartId ?? 'none'}`;
    // A cart order's hash is its input's, as before quotes (a retry of an earlier order still matches).
    const hash = createHash('sha256')
      .update(JSON.stringify(fromQuote ? { input, fromQuote } : input))
      .digest('hex');

    const existing = await this.orderIdByKey(ctx, scope, key, hash);
    if (existing) return this.resume(ctx, await orderService.load(ctx, existing), input);
    if (!cart && !fromQuote) throw emptyCart();

    const pricing = await pricingOf(ctx);
    // A company member's card may be kept for an approval: their provider customer is made before the transaction
    // (which locks their row).
    const paymentKey =
      ctx.user?.accountId && input.payment.kind === 'card' ? await ensurePaymentKey(ctx, ctx.user) : null;
    // The card kept at the provider for an order that waits for approval (see holdCard).
    const hold: { card: HeldForApproval | null } = { card: null };
    const placing = ctx.db.transactional(async (): Promise<string | PayableOrder> => {
      // One checkout of a cart (or a quote) at a time: a concurrent call with the same key waits here, then finds
      // the order; another key finds the quote ordered.
      if (fromQuote && isUuid(fromQuote.quoteId)) {
        await prepared('select id from quote where id = ? for update').all(ctx.db, [fromQuote.quoteId]);
      }
      if (cart) await prepared('select id from cart where id = ? for update').all(ctx.db, [cart.id]);
      const again = await this.orderIdByKey(ctx, scope, key, hash);
      if (again) return again;
      const quote = fromQuote
        ? await quoteForOrder(ctx, fromQuote.quoteId, fromQuote.revision, ctx.site, pricing.currency)
        : null;
      const [buyer] = ctx.user
        ? await ctx.db.execute<BuyerRow[]>(
            `select (ba.tax_exempt and (ba.tax_certificate_expires is null
               or ba.tax_certificate_expires >= (now() at time zone '${STORE_TIME_ZONE}')::date)) as "taxExempt", ba.net_terms_days as "netTermsDays" from app_user u
             left join business_account ba on ba.id = u.account_id where u.id = ?`,
            [ctx.user.id],
            'all',
          )
        : [];
      const lines = quote ? quote.lines : await pricedLines(ctx.db, cart!.id, pricing);
      const country = siteCountry(ctx.site);
      refuseLines(await checkLines(ctx, { order: lines, state: input.shippingAddress.state }));
      if (input.payment.kind === 'purchaseOrder' && !buyer?.netTermsDays) throw poNotAllowed();
      const taxation = taxationFor(country, input.shippingAddress.state);
      const totals = cartTotals(lines, {
        country,
        components: taxation.components,
        exempt: buyer?.taxExempt ?? false,
        freight: quote?.freight,
      });
      const purchase = ctx.user
        ? await companyPurchase(ctx, ctx.user.id, {
            total: totals.total,
            currency: pricing.currency,
            paymentKind: input.payment.kind,
          })
        : null;
      const address: OrderAddress = {
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
      const billTo = purchase ? await companyShipping(ctx.db, purchase.accountId, address) : null;
      const [order] = await prepared<{ id: string; orderNumber: string }>(
        `insert into customer_order (order_number, user_id, contact_email, site, currency_code, sub_total, freight_amt, tax_pct,
           tax_amount, taxes, tax_geo_code, total, shipping_address, carrier_id, carrier_method, shipping_note,
           payment_kind, po_number, idempotency_scope, idempotency_key, request_hash, erp_order_id, locale, account_id, bill_to)
         select n.no, ?, ?, ?, ?, ?, ?, ?, ?, ?::jsonb, ?, ?, ?::jsonb, ?, ?, ?, ?, ?, ?, ?, ?, n.no::text, ?, ?, ?::jsonb
         from (select nextval('order_number_seq') as no) n
         returning id, order_number::text as "orderNumber"`,
      ).all(ctx.db, [
        ctx.user?.id ?? null,
        input.contactEmail.toLowerCase(),
        ctx.site,
        pricing.currency,
        totals.subTotal,
        totals.freightAmt,
        totals.taxPct,
        totals.taxAmount,
        JSON.stringify(totals.taxes),
        taxation.geoCode,
        totals.total,
        JSON.stringify(address),
        input.shippingDetails.carrierId,
        input.shippingDetails.carrierMethod,
        input.shippingDetails.note ?? '',
        input.payment.kind,
        input.payment.kind === 'purchaseOrder' ? input.payment.poNumber : null,
        scope,
        key,
        hash,
        ctx.locale,
        purchase?.accountId ?? null,
        billTo && JSON.stringify(billTo),
      ]);
      const rows = lines.map((l, i) => ({
        order_id: order!.id,
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
        quoted: Boolean(quote),
        // What the catalogue charged (a quoted line: its quote's catalogue price): staff edits are held against it.
        catalogue_price: quote ? (quote.cataloguePrices[i] ?? null) : l.price,
      }));
      const inserted = await prepared<{ id: string; lineNo: number }>(
        `insert into order_line (order_id, line_no, product_id, name, manufacturer_part_number, unit_of_measure,
           image, quantity, minimum_purchase_quantity, min_transfer, price, base_price, configurations, line_total,
           tier_min_quantity, unit_price_for_one, quoted, catalogue_price)
         select order_id, line_no, product_id, name, manufacturer_part_number, unit_of_measure, image, quantity,
           minimum_purchase_quantity, min_transfer, price, base_price, configurations, line_total,
           tier_min_quantity, unit_price_for_one, quoted, catalogue_price
         from jsonb_to_recordset(?::jsonb) as r(order_id uuid, line_no smallint, product_id text, name text,
           manufacturer_part_number text, unit_of_measure text, image text, quantity int,
           minimum_purchase_quantity int, min_transfer int, price numeric, base_price numeric,
           configurations jsonb, line_total numeric, tier_min_quantity int, unit_price_for_one numeric,
           quoted boolean, catalogue_price numeric)
         returning id, line_no as "lineNo"`,
      ).all(ctx.db, [JSON.stringify(rows)]);
      // Stock is reserved in the order's transaction, as its last step (its rows stay locked the shortest time): a
      // line that cannot be filled refuses the whole order.
      const lineIds = new Map(inserted.map((r) => [r.lineNo, r.id]));
      const reserveStock = () =>
        reserveOrderStock(ctx, {
          id: order!.id,
          state: address.state,
          lines: lines.map((l, i) => ({
            lineId: lineIds.get(i + 1)!,
            productId: l.id,
            name: l.name,
            quantity: l.quantity,
            cutsPerPiece: cutsPerPiece(l.configurations),
          })),
        });
      await recordPlacement(ctx, {
        orderId: order!.id,
        note: quote ? 'Order placed from a quote' : 'Order placed',
      });
      if (quote) {
        await markQuoteOrdered(ctx, quote.id, order!.id);
      } else {
        // Only the lines ordered leave the cart (a line added meanwhile stays for the next order), and its revision
        // grows: a device still keeping them gives way (decision 055).
        await takeLines(
          ctx.db,
          cart!.id,
          lines.map((l) => l.cartLineId),
        );
      }
      if (purchase?.reason) {
        // Over the buyer's limit: the order waits for an approver, and nothing is charged until then. The card is
        // kept for it at the provider (one that declines is refused now, and the cart stays as it was).
        hold.card = await this.waitForApproval(ctx, {
          order: { id: order!.id, orderNumber: order!.orderNumber, status: ORDER_STATUS_CODE.Open },
          purchase: { ...purchase, reason: purchase.reason },
          total: totals.total,
          currency: pricing.currency,
          payment: input.payment,
          paymentKey,
        });
        await reserveStock();
        return order!.id;
      }
      await reserveStock();
      // What paying needs, as just written: the order is read whole once paid.
      return {
        id: order!.id,
        status: ORDER_STATUS_CODE.Open,
        paymentKind: input.payment.kind,
        total: totals.total,
        currencyCode: pricing.currency,
        paymentIntentId: null,
      };
    });

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
    const orderId = typeof placed === 'string' ? placed : placed.id;
    if (!ctx.user) {
      const session = ensureSession(ctx.req);
      session.guestOrders = [...(session.guestOrders ?? []), orderId].slice(-GUEST_ORDERS_KEPT);
    }
    return this.resume(
      ctx,
      typeof placed === 'string' ? await orderService.load(ctx, placed) : placed,
      input,
    );
  },

  /**
   * An order over the buyer's limits (or a purchase order over the company's credit) waits for an approver (or
   * staff): its status and history, the approval request and its e-mails, and the card to charge once approved kept
   * at the provider (a card that declines is refused now). Placing and paying later both come here. The card kept.
   */
  async waitForApproval(
    ctx: Ctx,
    wait: {
      order: { id: string; orderNumber: string; status: number };
      purchase: CompanyPurchase & { reason: ApprovalReason };
      total: number;
      currency: string;
      payment: PaymentInput;
      paymentKey: string | null;
    },
  ): Promise<HeldForApproval | null> {
    const { order, purchase, payment } = wait;
    const card =
      payment.kind === 'card' && wait.paymentKey
        ? await this.holdCard(ctx, payment.paymentMethodId!, wait.paymentKey, payment.saveCard)
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
  },

  /**
   * Keeps a card for an order waiting for approval: saved to the buyer at the provider (so it can be charged once
   * approved), and kept after the decision when the buyer asked to save it or had saved it before.
   */
  async holdCard(
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
  },

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
   * Pays an order whose payment failed, waits for the bank's check or never started: with another card (a new
   * challenge may follow), or by purchase order for an account on net terms. Paying later runs the rule placing
   * runs (companyPurchase, issue 52): the order must be the payer's company's (a personal order is paid by card),
   * and the company's limits and credit apply: over them the order waits for an approver or staff, as a placed one
   * does; else a purchase order takes it to Processing (its card payment cancelled at the provider). Entry point:
   * `{ paymentMethodId }` or `{ poNumber }` as sent.
   */
  async payOrder(ctx: Ctx, orderId: string, body: unknown): Promise<PlaceOrderResult> {
    const payment = validate(paymentSchema, paymentOf(body)) as PaymentInput;
    const order = await orderService.get(ctx, orderId);
    const payable: number[] = [ORDER_STATUS_CODE.Open, ...AWAITING_PAYMENT];
    if (order.paymentKind !== 'card' || !payable.includes(order.status)) throw notAwaitingPayment(order);
    if (payment.kind === 'purchaseOrder') await assertNetTerms(ctx);
    // A card kept for an approval needs the buyer's provider customer, made before the transaction locks their row.
    const paymentKey = ctx.user && payment.kind === 'card' ? await ensurePaymentKey(ctx, ctx.user) : null;
    const hold: { card: HeldForApproval | null } = { card: null };
    const paying = ctx.db.transactional(async (): Promise<'charge' | 'done'> => {
      const [row] = await prepared<{ status: number; accountId: string | null }>(
        'select status, account_id as "accountId" from customer_order where id = ? for update',
      ).all(ctx.db, [orderId]);
      if (!row || !payable.includes(row.status)) throw notAwaitingPayment(order);
      const purchase = ctx.user
        ? await companyPurchase(ctx, ctx.user.id, {
            total: order.total,
            currency: order.currencyCode,
            paymentKind: payment.kind,
            paying: { orderId, accountId: row.accountId },
          })
        : null;
      if (payment.kind === 'purchaseOrder') {
        await prepared(
          "update customer_order set payment_kind = 'purchaseOrder', po_number = ? where id = ?",
        ).all(ctx.db, [payment.poNumber, orderId]);
      }
      if (purchase?.reason) {
        hold.card = await this.waitForApproval(ctx, {
          order: { id: orderId, orderNumber: order.orderNumber, status: row.status },
          purchase: { ...purchase, reason: purchase.reason },
          total: order.total,
          currency: order.currencyCode,
          payment,
          paymentKey,
        });
        return 'done';
      }
      if (payment.kind === 'card') return 'charge';
      await this.moveLocked(
        ctx,
        orderId,
        row.status,
        ORDER_STATUS_CODE.Processing,
        'PENDING',
        'Purchase order received',
      );
      return 'done';
    });
    let next: 'charge' | 'done';
    try {
      next = await paying;
    } catch (err) {
      await forgetHeldCard(ctx, hold.card);
      throw err;
    }
    if (next === 'charge') return this.charge(ctx, order, payment.paymentMethodId!, payment.saveCard);
    if (hold.card?.saveCard && !hold.card.alreadySaved) {
      await rememberSavedCard(ctx.db, hold.card.paymentKey, hold.card.method);
    }
    // A purchase order replaces the card payment; a card kept for an approval is charged on the order's intent.
    if (payment.kind === 'purchaseOrder' && order.paymentIntentId) {
      await ctx.app.payments.cancel(order.paymentIntentId);
    }
    return this.result(ctx, await orderService.load(ctx, orderId));
  },

  /**
   * The buyer cancels an order that has not shipped: its payment is cancelled at the provider (an authorisation
   * released, a captured payment refunded), the order goes to Order Cancelled and the buyer gets an e-mail.
   */
  async cancelOrder(ctx: Ctx, orderId: string): Promise<OrderView> {
    const order = await orderService.get(ctx, orderId);
    const label = orderNumberLabel(order.orderNumber);
    let money: ReleasedMoney = { kind: 'none' };
    let held: HeldCard | null = null;
    await ctx.db.transactional(async () => {
      // Read under the lock: an approval may have charged the card a moment ago.
      const [row] = await prepared<{ status: number; paymentIntentId: string | null }>(
        'select status, payment_intent_id as "paymentIntentId" from customer_order where id = ? for update',
      ).all(ctx.db, [orderId]);
      await refuseCancelWithPayments(ctx, orderId);
      if (!row || !CANCELLABLE_BY_BUYER.includes(row.status)) {
        throw new AppError(
          'CONFLICT',
          `Order ${label} has shipped and can no longer be cancelled. You can request a return once it is delivered.`,
        );
      }
      const released = await releasePayment(
        ctx,
        { id: orderId, paymentIntentId: row.paymentIntentId },
        row.status,
      );
      const paymentStatus = released.paymentStatus;
      money = released.money;
      await this.moveLocked(
        ctx,
        orderId,
        row.status,
        ORDER_STATUS_CODE.OrderCancelled,
        paymentStatus,
        'Cancelled by the customer',
        null,
        cancellationMail('customer', money),
      );
      held = await cancelApproval(ctx, orderId);
    });
    await forgetHeldCard(ctx, held);
    return orderService.load(ctx, orderId);
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

const emptyCart = () =>
  new AppError('BAD_USER_INPUT', emptyCartMessage, [{ field: 'cart', message: emptyCartMessage }]);

const notAwaitingPayment = (order: Pick<OrderView, 'orderNumber'>) =>
  new AppError('CONFLICT', `Order ${orderNumberLabel(order.orderNumber)} is not waiting for a payment.`);

const poNotAllowed = () => {
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
