import { consumeShippedStock } from '../stock';
import { isUuid } from '../../../../domain/ids';
import { CONSOLE_ACCESS } from '../../../../domain/admin';
import {
  deliverySchema,
  earliestShipDay,
  fulfilmentOf,
  fulfilmentStatusCode,
  SHIPPABLE,
  shipmentSchema,
  shippingCarrier,
  trackingUrl,
  type Fulfilment,
  type ShipmentInput,
} from '../../../../domain/fulfilment';
import { orderStatusLabel } from '../../../../domain/order-status';
import { AppError, notFound, type FieldError } from '../../common/errors';
import { validate } from '../../common/validate';
import type { Ctx } from '../../context';
import { recordAudit } from '../audit';
import { assertAccess } from '../auth';
import { conflict, lockOrderVersion } from './order-admin.service';
import { mailDeps, queueOrderEmail, shippedMail } from './order-mail';
import { changeOrderStatus, changeOrderSubStatus } from './order-status';
import { orderService, type OrderView } from './order.service';

const fulfilmentOfOrder = (order: OrderView): Fulfilment =>
  fulfilmentOf({ lines: order.lines, shipments: order.shipments });

/**
 * The order's statuses after a shipment or a delivery, with its history entry when the status code moves, and a
 * new version (a form opened before then is stale).
 */
async function settle(ctx: Ctx, order: OrderView, after: Fulfilment, note: string) {
  const status = fulfilmentStatusCode(after, order.status);
  const moves = status !== order.status;
  await changeOrderSubStatus(ctx, {
    orderId: order.id,
    shipmentStatus: after.shipmentStatus,
    deliveryStatus: after.deliveryStatus,
    deliveredOn: after.deliveredOn,
    // A partial delivery of a partial shipment: the history says so, the status code stays.
    touch: !moves,
    ...(moves ? {} : { note: { text: note, at: null } }),
  });
  if (moves) await changeOrderStatus(ctx, { orderId: order.id, from: order.status, to: status, note });
}

/**
 * What a shipment carries — the lines given, or everything left — once checked against the order: it must be paid
 * and each quantity still to ship. Refusals name their fields.
 */
function planShipment(order: OrderView, { lines, shippedOn }: Pick<ShipmentInput, 'lines' | 'shippedOn'>) {
  if (!SHIPPABLE.includes(order.status)) {
    throw new AppError(
      'CONFLICT',
      `An order that is ${orderStatusLabel(order.status)} cannot ship. Only paid orders (Payment Received, Processing or Partially Shipped) ship.`,
    );
  }
  const first = earliestShipDay(order.createdAt);
  if (shippedOn < first) {
    const message = `Ship date can't be before the order was placed (${first})`;
    throw new AppError('BAD_USER_INPUT', message, [{ field: 'shippedOn', message }]);
  }
  const before = fulfilmentOfOrder(order);
  const left = new Map(before.remaining.map((r) => [r.lineId, r.quantity]));
  const problems: FieldError[] = [];
  const parts = lines.length ? lines : before.remaining;
  const seen = new Set<string>();
  parts.forEach((part, i) => {
    const remaining = left.get(part.lineId) ?? 0;
    const line = order.lines.find((l) => l.id === part.lineId);
    if (!line) {
      problems.push({ field: `lines[${i}].lineId`, message: 'This line is not on the order' });
    } else if (seen.has(part.lineId)) {
      problems.push({ field: `lines[${i}].lineId`, message: 'This line is listed twice' });
    } else if (line.quantity === 0) {
      problems.push({ field: `lines[${i}].lineId`, message: 'This line was taken off the order' });
    } else if (part.quantity > remaining) {
      problems.push({
        field: `lines[${i}].quantity`,
        message: remaining
          ? `Only ${remaining} of this line ${remaining === 1 ? 'is' : 'are'} left to ship`
          : 'This line has shipped already',
      });
    }
    seen.add(part.lineId);
  });
  if (!parts.length) problems.push({ field: 'lines', message: 'Everything on this order has shipped' });
  if (problems.length) throw new AppError('BAD_USER_INPUT', problems[0]!.message, problems);
  return parts;
}

/**
 * Fulfilment in the console (decision 035): shipments with carrier and tracking number, whole or in parts, and
 * their delivery. The order's statuses follow (domain/fulfilment.ts); the card payment is captured when the
 * first shipment leaves; the buyer gets an e-mail with the tracking number for each shipment.
 */
export const fulfilmentService = {
  /**
   * Records a shipment of what is left to ship (or of the lines and quantities given) on the `version` of the
   * order the operator saw.
   */
  async ship(ctx: Ctx, orderId: string, version: number, input: unknown): Promise<OrderView> {
    assertAccess(ctx, CONSOLE_ACCESS.editOrders);
    const shipment = validate(shipmentSchema, input);
    // Checked first without a lock, so a refused shipment never reaches the payment processor.
    if (!isUuid(orderId)) throw notFound('Order');
    const seen = await orderService.load(ctx, orderId);
    if (seen.version !== version) throw await conflict(ctx, orderId);
    planShipment(seen, shipment);
    // The card is charged when goods leave: the authorisation made at checkout is captured, outside the
    // transaction (a processor's call holds no lock and no second connection), idempotently, and recorded at once:
    // were the shipment then refused, the order is paid and ships on the next try.
    let paymentStatus: string | null = null;
    if (seen.paymentKind === 'card' && seen.paymentIntentId && seen.paymentStatus === 'AUTHORIZED') {
      await ctx.app.payments.capture(seen.paymentIntentId, seen.total, `capture:${orderId}`);
      await changeOrderSubStatus(ctx, {
        orderId,
        paymentStatus: 'PAID',
        paymentStatusWas: 'AUTHORIZED',
        touch: false,
      });
      paymentStatus = 'PAID';
    }
    await ctx.db.transactional(async () => {
      const order = await lockOrderVersion(ctx, orderId, version);
      const parts = planShipment(order, shipment);
      const [made] = await ctx.db.execute<{ id: string }[]>(
        `insert into shipment (order_id, carrier, tracking_number, shipped_on, created_by_id)
         values (?, ?, ?, ?, ?) returning id`,
        [orderId, shipment.carrier, shipment.trackingNumber, shipment.shippedOn, ctx.user?.id ?? null],
        'all',
      );
      await ctx.db.execute(
        `insert into shipment_line (shipment_id, order_line_id, quantity)
         select ?, p."lineId", p.quantity from jsonb_to_recordset(?::jsonb) as p("lineId" uuid, quantity int)`,
        [made!.id, JSON.stringify(parts)],
        'run',
      );
      // The pieces that left are no longer on hand nor reserved.
      await consumeShippedStock(
        ctx,
        orderId,
        parts.map((p) => ({ orderLineId: p.lineId, quantity: p.quantity })),
      );
      const after = fulfilmentOf({
        lines: order.lines,
        shipments: [...order.shipments, { shippedOn: shipment.shippedOn, deliveredOn: null, lines: parts }],
      });
      const carrier = shippingCarrier(shipment.carrier)!;
      await settle(ctx, order, after, `Shipped with ${carrier.name}, tracking ${shipment.trackingNumber}`);
      await recordAudit(ctx, {
        action: 'order.ship',
        targetType: 'order',
        targetId: orderId,
        before: { shipmentStatus: order.shipmentStatus, paymentStatus: seen.paymentStatus },
        after: {
          shipmentStatus: after.shipmentStatus,
          ...(paymentStatus ? { paymentStatus } : {}),
          shipment: `${carrier.name} ${shipment.trackingNumber}, ${shipment.shippedOn}`,
        },
      });
      const names = new Map(order.lines.map((l) => [l.id, l]));
      await queueOrderEmail(
        mailDeps(ctx),
        orderId,
        shippedMail({
          carrier: carrier.name,
          trackingNumber: shipment.trackingNumber,
          trackingUrl: trackingUrl(shipment.carrier, shipment.trackingNumber),
          items: parts
            .map((p) => `${p.quantity} x ${names.get(p.lineId)!.name} (${names.get(p.lineId)!.itemId})`)
            .join('\n'),
          complete: after.shipmentStatus === 'SHIPPED',
        }),
      );
    });
    return orderService.load(ctx, orderId);
  },

  /**
   * Records the carrier's delivery of one shipment, or of every shipment still on its way: once every item has
   * arrived the order is Delivered and its return window starts.
   */
  async deliver(ctx: Ctx, orderId: string, version: number, input: unknown): Promise<OrderView> {
    assertAccess(ctx, CONSOLE_ACCESS.editOrders);
    const delivery = validate(deliverySchema, input);
    await ctx.db.transactional(async () => {
      const order = await lockOrderVersion(ctx, orderId, version);
      const onTheirWay = order.shipments.filter(
        (s) => !s.deliveredOn && (!delivery.shipmentId || s.id === delivery.shipmentId),
      );
      if (!onTheirWay.length) {
        throw new AppError(
          'CONFLICT',
          delivery.shipmentId
            ? 'This shipment is not on its way (delivered already, or not of this order).'
            : 'No shipment of this order is on its way.',
        );
      }
      const early = onTheirWay.find((s) => delivery.deliveredOn < s.shippedOn);
      if (early) {
        const message = `Delivery date can't be before the ship date (${early.shippedOn})`;
        throw new AppError('BAD_USER_INPUT', message, [{ field: 'deliveredOn', message }]);
      }
      const ids = onTheirWay.map((s) => s.id);
      await ctx.db.execute(
        'update shipment set delivered_on = ? where id in (?)',
        [delivery.deliveredOn, ids],
        'run',
      );
      const after = fulfilmentOf({
        lines: order.lines,
        shipments: order.shipments.map((s) =>
          ids.includes(s.id) ? { ...s, deliveredOn: delivery.deliveredOn } : s,
        ),
      });
      const tracking = onTheirWay.map((s) => s.trackingNumber).join(', ');
      await settle(ctx, order, after, `Delivered on ${delivery.deliveredOn} (tracking ${tracking})`);
      await recordAudit(ctx, {
        action: 'order.deliver',
        targetType: 'order',
        targetId: orderId,
        before: { deliveryStatus: order.deliveryStatus },
        after: { deliveryStatus: after.deliveryStatus, delivered: `${tracking}, ${delivery.deliveredOn}` },
      });
    });
    return orderService.load(ctx, orderId);
  },
};
