import type { Logger } from 'pino';
import { orderNumberLabel } from '../../../../domain/checkout';
import type { Ctx, Db } from '../../context';
import { Prepared } from '../../db/prepared';
import { LINK_TOKEN, localeOr, sendMessage, type Email, type Message, type Money } from '../mail';

/** How long the link in a guest's order e-mail opens the order (its details, invoice, Pay now, cancel). */
export const GUEST_ORDER_LINK_DAYS = 90;

/** What the store's order e-mails need: where to send, to whom, and the public address of the order's site. */
export interface MailDeps {
  db: Db;
  log: Logger;
  siteUrl: (site: string) => string;
}

/** A request's order e-mail needs. */
export const mailDeps = (ctx: Pick<Ctx, 'db' | 'log' | 'app'>): MailDeps => ({
  db: ctx.db,
  log: ctx.log,
  siteUrl: ctx.app.auth.siteUrl,
});

interface OrderForMail {
  id: string;
  orderNumber: string;
  userId: string | null;
  contactEmail: string;
  total: number;
  currencyCode: string;
  status: number;
  locale: string;
  site: string;
  lines: string;
}

const ORDER_FOR_MAIL = new Prepared<OrderForMail>(
  `select o.id, o.order_number::text as "orderNumber", o.user_id as "userId", o.contact_email as "contactEmail",
     o.total::float8 as total, o.currency_code as "currencyCode", o.status, o.locale, o.site,
     (select string_agg(l.quantity || ' x ' || l.name || ' (' || l.product_id || ')  ' ||
        to_char(l.line_total, 'FM999999990.00'), E'\\n' order by l.line_no)
      from order_line l where l.order_id = o.id)
     -- The promotions it took (decision 079), each by name and code with what it took off, under the lines.
     || coalesce(E'\\n' || (select string_agg('− ' || p.name || coalesce(' (' || p.code || ')', '') || '  -' ||
        to_char(p.amount + p.freight_amount, 'FM999999990.00'), E'\\n' order by p.position)
      from order_promotion p where p.order_id = o.id and p.dropped_at is null), '') as lines
   from customer_order o where o.id = ?`,
);

/**
 * The link to an order in an e-mail: the order page for a signed-in buyer's order; for a guest's, a link that
 * opens it in any browser (a token minted at delivery, decision 026), since the session that placed it may be gone.
 */
function orderLink(deps: MailDeps, order: OrderForMail): Pick<Email, 'link'> & { url: string } {
  const site = deps.siteUrl(order.site);
  if (order.userId) return { url: `${site}/user/account/orders/${order.id}` };
  return {
    url: `${site}/api/orders/access?token=${LINK_TOKEN}`,
    link: {
      kind: 'order-access',
      ref: order.id,
      expiresAt: new Date(Date.now() + GUEST_ORDER_LINK_DAYS * 86_400_000),
    },
  };
}

/** An order e-mail: the message made from the order's facts (its number, link, lines, total, status). */
export type OrderMail = (order: {
  label: string;
  url: string;
  lines: string;
  status: number;
  total: Money;
}) => Message;

/**
 * Queues an order e-mail to the order's contact, in the language the order was placed in (in the caller's
 * transaction: inside one, it joins it).
 */
export async function queueOrderEmail(deps: MailDeps, orderId: string, mail: OrderMail): Promise<void> {
  const [order] = await ORDER_FOR_MAIL.all(deps.db, [orderId]);
  if (!order) return;
  const { url, link } = orderLink(deps, order);
  const message = mail({
    label: orderNumberLabel(order.orderNumber),
    url,
    lines: order.lines,
    status: order.status,
    total: { value: order.total, currency: order.currencyCode },
  });
  await sendMessage(deps.db, deps.log, {
    to: order.contactEmail,
    locale: localeOr(order.locale),
    message,
    link,
  });
}

/**
 * The e-mail outbox's subscriber to an order's status changes (order-status.ts): the buyer's e-mail for the
 * change, when it has one, queued in the change's transaction.
 */
export async function queueStatusNotice(
  deps: Pick<Ctx, 'db' | 'log'> & { app: { auth: { siteUrl(site: string): string } } },
  change: { orderId: string; notice: OrderMail | null },
): Promise<void> {
  if (!change.notice) return;
  await queueOrderEmail(
    { db: deps.db, log: deps.log, siteUrl: deps.app.auth.siteUrl },
    change.orderId,
    change.notice,
  );
}

/** The order confirmation: payment received, or a purchase order accepted. */
export const confirmationMail: OrderMail = (order) => ({ kind: 'order-confirmation', ...order });

/** Payment did not go through and the buyer left it so: how to pay, and until when. */
export const paymentReminderMail =
  (reason: 'declined' | 'authentication' | 'unconfirmed' | 'other', cancelOn: Date): OrderMail =>
  (order) => ({ kind: 'order-payment-failed', ...order, reason, cancelOn });

/**
 * An order cancelled: by the buyer, by the store, because it was not paid in time, or because its buyer left the
 * company whose approval it waited for.
 */
export const cancellationMail =
  (
    by: 'customer' | 'store' | 'unpaid' | 'left-company',
    money: { kind: 'none' } | { kind: 'released' } | { kind: 'refunded'; amount: Money },
    days?: number,
  ): OrderMail =>
  (order) => ({ kind: 'order-cancelled', ...order, by, money, days });

/** A shipment left: what it carries, the carrier and the tracking number (a link where the carrier has a page). */
export const shippedMail =
  (shipment: {
    carrier: string;
    trackingNumber: string;
    trackingUrl: string | null;
    items: string;
    complete: boolean;
  }): OrderMail =>
  (order) => ({ kind: 'order-shipped', label: order.label, url: order.url, ...shipment });
