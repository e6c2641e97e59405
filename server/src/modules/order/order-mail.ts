import type { Transaction } from '@mikro-orm/core';
import type { Logger } from 'pino';
import { orderNumberLabel } from '../../../../domain/checkout';
import { formatAmount } from '../../../../domain/money';
import { orderStatusLabel } from '../../../../domain/order-status';
import type { Ctx, SqlConnection } from '../../context';
import { Prepared } from '../../db/prepared';
import { LINK_TOKEN, queueEmail, type Email } from '../mail/mailer';

/** How long the link in a guest's order e-mail opens the order (its details, invoice, Pay now, cancel). */
export const GUEST_ORDER_LINK_DAYS = 90;

/** What the store's order e-mails need: where to send, to whom, and the order's public address. */
export interface MailDeps {
  db: SqlConnection;
  log: Logger;
  publicUrl: string;
}

/** A request's order e-mail needs. */
export const mailDeps = (ctx: Pick<Ctx, 'db' | 'log' | 'app'>): MailDeps => ({
  db: ctx.db,
  log: ctx.log,
  publicUrl: ctx.app.auth.publicUrl,
});

interface OrderForMail {
  id: string;
  orderNumber: string;
  userId: string | null;
  contactEmail: string;
  total: number;
  currencyCode: string;
  status: number;
  lines: string;
}

const ORDER_FOR_MAIL = new Prepared<OrderForMail>(
  `select o.id, o.order_number::text as "orderNumber", o.user_id as "userId", o.contact_email as "contactEmail",
     o.total::float8 as total, o.currency_code as "currencyCode", o.status,
     (select string_agg(l.quantity || ' x ' || l.name || ' (' || l.product_id || ')  ' ||
        to_char(l.line_total, 'FM999999990.00'), E'\\n' order by l.line_no)
      from order_line l where l.order_id = o.id) as lines
   from customer_order o where o.id = ?`,
);

/**
 * The link to an order in an e-mail: the order page for a signed-in buyer's order; for a guest's, a link that
 * opens it in any browser (a token minted at delivery, decision 026), since the session that placed it may be gone.
 */
function orderLink(deps: MailDeps, order: OrderForMail): Pick<Email, 'link'> & { url: string } {
  if (order.userId) return { url: `${deps.publicUrl}/user/account/orders/${order.id}` };
  return {
    url: `${deps.publicUrl}/api/orders/access?token=${LINK_TOKEN}`,
    link: {
      kind: 'order-access',
      ref: order.id,
      expiresAt: new Date(Date.now() + GUEST_ORDER_LINK_DAYS * 86_400_000),
    },
  };
}

type OrderMail = (
  order: OrderForMail,
  url: string,
  label: string,
  total: string,
) => Omit<Email, 'to' | 'link'>;

/** Queues one of the order e-mails below to the order's contact (in the caller's transaction when given). */
export async function queueOrderEmail(
  deps: MailDeps,
  orderId: string,
  mail: OrderMail,
  trx?: Transaction,
): Promise<void> {
  const [order] = await ORDER_FOR_MAIL.all(deps.db, [orderId], trx);
  if (!order) return;
  const { url, link } = orderLink(deps, order);
  const label = orderNumberLabel(order.orderNumber);
  const total = formatAmount(order.total, order.currencyCode);
  await queueEmail(
    deps.db,
    deps.log,
    { to: order.contactEmail, link, ...mail(order, url, label, total) },
    trx,
  );
}

/** The order confirmation: payment received, or a purchase order accepted. */
export const confirmationMail: OrderMail = (order, url, label, total) => ({
  kind: 'order-confirmation',
  subject: `Your Axisline Supply order ${label}`,
  text: `Thank you for your order ${label} (${orderStatusLabel(order.status)}).\n\n${order.lines}\n\nTotal: ${total}\n\nOrder details and invoice: ${url}\n`,
});

/** Payment did not go through and the buyer left it so: how to pay, and until when. */
export const paymentReminderMail =
  (reason: string, cancelOn: string): OrderMail =>
  (order, url, label, total) => ({
    kind: 'order-payment-failed',
    subject: `Payment for your Axisline Supply order ${label} did not go through`,
    text: `We could not take payment for your order ${label} (${total}). ${reason}\n\nYour order is kept for you until ${cancelOn}. Pay with another card (or by purchase order if your account is on net terms) here:\n${url}\n\nIf it is not paid by then, it will be cancelled and nothing will be charged.\n\n${order.lines}\n`,
  });

/** An order cancelled: by the buyer, or because it was not paid in time. */
export const cancellationMail =
  (why: string, money: string): OrderMail =>
  (order, url, label) => ({
    kind: 'order-cancelled',
    subject: `Your Axisline Supply order ${label} was cancelled`,
    text: `Your order ${label} was cancelled: ${why}\n\n${money}\n\n${order.lines}\n\nThe order and a button to order the same parts again: ${url}\n`,
  });

/** A shipment left: what it carries, the carrier and the tracking number (a link where the carrier has a page). */
export const shippedMail =
  (shipment: {
    carrierName: string;
    trackingNumber: string;
    trackingUrl: string | null;
    items: string;
    complete: boolean;
  }): OrderMail =>
  (_order, url, label) => ({
    kind: 'order-shipped',
    subject: shipment.complete
      ? `Your Axisline Supply order ${label} has shipped`
      : `Part of your Axisline Supply order ${label} has shipped`,
    text: `${shipment.complete ? `Your order ${label} is on its way` : `Part of your order ${label} is on its way; we will write again when the rest ships`}.\n\n${shipment.items}\n\nCarrier: ${shipment.carrierName}\nTracking number: ${shipment.trackingNumber}\n${shipment.trackingUrl ? `Track it: ${shipment.trackingUrl}\n` : ''}\nOrder details: ${url}\n`,
  });
