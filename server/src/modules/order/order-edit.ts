import { cutsPerPiece } from '../../../../domain/ship-dates';
import { isUuid } from '../../../../domain/ids';
import {
  adminOrderSchema,
  CONSOLE_ACCESS,
  editedLine,
  editsByBaseAndOptions,
  editedSubtotal,
  editedPromotions,
  editedTotal,
  proposedCharges,
  type AdminOrderInput,
  type OrderPromotionFacts,
} from '../../../../domain/admin';
import type { SiteId } from '../../../../domain/constants';
import type { PromotionOutcome } from '../../../../domain/promotions';
import { editedErpOrderId } from '../../../../domain/erp';
import { round2 } from '../../../../domain/money';
import { addressRules } from '../../../../domain/regions';
import { taxLines } from '../../../../domain/tax';
import { SET_BY_SHIPMENTS } from '../../../../domain/fulfilment';
import { canTransition, ORDER_STATUS_CODE, orderStatusLabel } from '../../../../domain/order-status';
import { AppError, notFound, type FieldError } from '../../common/errors';
import { validate } from '../../common/validate';
import type { Ctx } from '../../context';
import { checkLines } from '../cart';
import { assertAccess, heldPrices, refuseHeldPrices, staffNamed, type HeldPrice } from '../auth';
import { recordAudit } from '../audit';
import { publish } from '../events';
import { lockStock, releaseOrderStock, reserveOrderStock } from '../stock';
import { refuseCancelWithPayments, releasePayment } from './checkout.service';
import { cancellationMail } from './order-mail';
import { publishAcknowledged } from './erp-orders';
import { changeOrderStatus } from './order-status';
import { SALES_ORDER_KEY } from './sales-order';
import { orderService, type OrderView } from './order.service';

/*
 * The order's steps of the console's order edit (the flow is server/src/flows/edit-order.ts): the form read, the
 * version checked under the lock, the lines, address, status and totals checked, then the order, its lines, its
 * stock, its status and the audit trail written, in one transaction. Line totals, subtotal and the total follow
 * the domain rules (the total must equal subtotal + freight + tax); the status moves only along the transition
 * table. Every refusal is collected first, so the form shows them all, the first one as the message.
 */

/** A line as the edit prices it (null: a line the form names that is not on the order). */
export interface EditedLine {
  id: string;
  quantity: number;
  price: number;
  basePrice: number | null;
  configurations: OrderView['lines'][number]['configurations'];
  lineTotal: number;
}

/** The edit's amounts: subtotal and total recomputed, and the taxes kept while staff keep the proposed charges. */
export interface EditTotals {
  subTotal: number;
  total: number;
  taxes: ReturnType<typeof taxLines>;
  /** The order's promotions evaluated again on the edited lines (decision 079). */
  promotions: PromotionOutcome;
  /** The names of those staff drop in this edit. */
  dropped: string[];
}

/** An order's promotions as placed and its lines' facts, with its site: what the edit evaluates again. */
export type EditPromotionFacts = OrderPromotionFacts & {
  site: SiteId;
  promotions: readonly (OrderPromotionFacts['promotions'][number] & {
    amount: number;
    freightAmount: number;
  })[];
};

/** What the console's edit needs to evaluate the order's promotions again (one statement). */
export async function orderPromotionFacts(ctx: Ctx, orderId: string): Promise<EditPromotionFacts> {
  const [row] = await ctx.db.execute<EditPromotionFacts[]>(
    `select o.site,
       coalesce((select json_agg(json_build_object('position', p.position, 'name', p.name, 'code', p.code,
         'rule', p.rule, 'dropped', p.dropped_at is not null, 'amount', p.amount::float8,
         'freightAmount', p.freight_amount::float8) order by p.position)
         from order_promotion p where p.order_id = o.id), '[]'::json) as promotions,
       coalesce((select json_agg(json_build_object('lineId', l.id, 'productId', l.product_id,
         'brandId', pr.brand_id, 'categoryHandle', c.handle, 'source', l.price_source,
         'priceListId', l.price_list_id) order by l.line_no)
         from order_line l left join product pr on pr.id = l.product_id left join category c on c.id = pr.category_id
         where l.order_id = o.id), '[]'::json) as lines
     from customer_order o where o.id = ?`,
    [orderId],
    'all',
  );
  if (!row) throw notFound('Order');
  return row;
}

/** What the edit changes, field by field, as the audit trail records it. */
export interface EditChanges {
  before: Record<string, unknown>;
  after: Record<string, unknown>;
}

/** The console's edit form as sent, by staff who edit orders, for an order id (NOT_FOUND for no order's id). */
export function readOrderEdit(ctx: Ctx, id: string, input: unknown): AdminOrderInput {
  assertAccess(ctx, CONSOLE_ACCESS.editOrders);
  const form: AdminOrderInput = validate(adminOrderSchema, input);
  if (!isUuid(id)) throw notFound('Order');
  return form;
}

/**
 * What the card holds for an order not yet charged: the total may not grow past it (read before the lock: the
 * processor's call holds none). Null for an order not authorised on a card.
 */
export async function authorisedOnCard(ctx: Ctx, id: string): Promise<number | null> {
  const seen = await orderService.load(ctx, id);
  return seen.paymentKind === 'card' && seen.paymentStatus === 'AUTHORIZED' && seen.paymentIntentId
    ? (await ctx.app.payments.retrieve(seen.paymentIntentId)).amount
    : null;
}

/** The status asked for: not one the shipments set, an order awaiting approval only cancelled, the table's moves. */
export function checkEditedStatus(current: OrderView, form: AdminOrderInput): FieldError[] {
  if (form.status === current.status) return [];
  if (SET_BY_SHIPMENTS.includes(form.status)) {
    return [
      {
        field: 'status',
        message: `${orderStatusLabel(form.status)} follows the order's shipments: record them under Fulfilment`,
      },
    ];
  }
  if (
    current.status === ORDER_STATUS_CODE.AwaitingApproval &&
    form.status !== ORDER_STATUS_CODE.OrderCancelled
  ) {
    // Its company decides (decision 044): the console may only cancel it.
    return [
      {
        field: 'status',
        message: 'An order awaiting approval is approved by its company; it can only be cancelled here',
      },
    ];
  }
  if (!canTransition(current.status, form.status)) {
    return [
      {
        field: 'status',
        message: `Status can't change from ${orderStatusLabel(current.status)} to ${orderStatusLabel(form.status)}`,
      },
    ];
  }
  return [];
}

/** The form's lines priced by the domain's rules: every line of the order once, with its own configurations. */
export function editLines(
  current: OrderView,
  form: AdminOrderInput,
): { lines: (EditedLine | null)[]; problems: FieldError[] } {
  const problems: FieldError[] = [];
  const byId = new Map(current.lines.map((l) => [l.id, l]));
  const seen = new Set<string>();
  const lines = form.lines.map((line, i): EditedLine | null => {
    const ordered = byId.get(line.id);
    if (!ordered || seen.has(line.id)) {
      problems.push({ field: `lines[${i}].id`, message: 'This line is not on the order' });
      return null;
    }
    seen.add(line.id);
    const known = new Set(ordered.configurations.map((c) => c.id));
    line.configurations.forEach((c, j) => {
      if (!known.has(c.id))
        problems.push({
          field: `lines[${i}].configurations[${j}].id`,
          message: 'This configuration is not on the line',
        });
    });
    const priced = editedLine(editsByBaseAndOptions(ordered) ? line : { ...line, configurations: [] }, {
      minimumPurchaseQuantity: ordered.minimumPurchaseQuantity,
      minTransfer: ordered.minTransfer,
      configurationValues: Object.fromEntries(ordered.configurations.map((c) => [c.id, c.value])),
    });
    // A tiered line keeps its option prices as ordered (it is edited by its unit price).
    const prices = new Map(
      editsByBaseAndOptions(ordered) ? line.configurations.map((c) => [c.id, c.price]) : [],
    );
    return {
      id: line.id,
      quantity: line.quantity,
      price: priced.unitPrice,
      basePrice: editsByBaseAndOptions(ordered) ? line.price : ordered.basePrice,
      configurations: ordered.configurations.map((c) => ({ ...c, price: prices.get(c.id) ?? c.price })),
      lineTotal: priced.lineTotal,
    };
  });
  if (seen.size !== byId.size)
    problems.push({ field: 'lines', message: 'Every line of the order must be in the edit' });
  return { lines, problems };
}

/** The address stays in the order's country (the store ships within it). */
export function checkEditedAddress(current: OrderView, form: AdminOrderInput): FieldError[] {
  const country = current.shippingAddress.country;
  return form.address.country !== country
    ? [{ field: 'address.country', message: addressRules(country).shipsWithin }]
    : [];
}

/**
 * The edit's subtotal and total, and the total sent checked against them. Each tax follows the new amounts while
 * staff keep the proposed freight and tax; a tax typed by hand is kept as one amount (orderTaxes).
 */
export function editTotals(
  current: OrderView,
  form: AdminOrderInput,
  lines: readonly (EditedLine | null)[],
  facts: EditPromotionFacts,
): EditTotals & { problems: FieldError[] } {
  const subTotal = editedSubtotal(lines.map((l) => l?.lineTotal ?? 0));
  const quotedFreight = current.lines.some((l) => l.quoted) ? current.freightAmt : undefined;
  const promotions = editedPromotions(
    {
      facts,
      site: facts.site,
      currency: current.currencyCode,
      createdAt: current.createdAt,
      country: current.shippingAddress.country,
      freight: quotedFreight,
    },
    lines.flatMap((l) =>
      l ? [{ id: l.id, quantity: l.quantity, unitPrice: l.price, lineTotal: l.lineTotal }] : [],
    ),
    form.dropPromotions,
  );
  const discount = promotions.goodsDiscount;
  const total = editedTotal(subTotal, form.shippingCharges, form.taxAmount, discount);
  const proposed = proposedCharges(subTotal, {
    country: current.shippingAddress.country,
    taxes: current.taxes,
    freight: quotedFreight,
    promotions,
  });
  const taxes =
    proposed.shippingCharges === round2(form.shippingCharges) && proposed.taxAmount === round2(form.taxAmount)
      ? taxLines(current.taxes, { subTotal: round2(subTotal - discount), freight: proposed.shippingCharges })
      : [];
  const rule = discount
    ? `subtotal ${subTotal.toFixed(2)} − discount ${discount.toFixed(2)} + freight + tax`
    : `subtotal ${subTotal.toFixed(2)} + freight + tax`;
  const problems: FieldError[] =
    Math.abs(total - form.totalAmount) >= 0.005
      ? [{ field: 'totalAmount', message: `Total amount must be ${total.toFixed(2)} (${rule})` }]
      : [];
  const dropped = facts.promotions
    .filter((p) => !p.dropped && form.dropPromotions.includes(p.position))
    .map((p) => p.name);
  return { subTotal, total, taxes, promotions, dropped, problems };
}

/**
 * What the edit changes, and what may not change: once goods have left or the card is charged, lines and amounts
 * stand; the total may not grow past what the card holds (`authorised`, null when none).
 */
export function editChanges(
  current: OrderView,
  form: AdminOrderInput,
  lines: readonly (EditedLine | null)[],
  totals: EditTotals,
  authorised: number | null,
): { changes: EditChanges; problems: FieldError[] } {
  const after = {
    ...current,
    contactEmail: form.contactEmail,
    shippingAddress: { ...current.shippingAddress, ...form.address },
    taxAmount: form.taxAmount,
    freightAmt: form.shippingCharges,
    total: totals.total,
    subTotal: totals.subTotal,
    discountTotal: totals.promotions.goodsDiscount,
    freightDiscount: totals.promotions.freightDiscount,
    erpOrderId: editedErpOrderId(current, form.erpOrderId),
    status: form.status,
    lines: current.lines.map((l) => {
      const edited = lines.find((e) => e?.id === l.id);
      return { ...l, ...edited, discount: totals.promotions.lineDiscounts.get(l.id) ?? 0 };
    }),
    promotions: totals.promotions.applied.map((a) => ({
      name: a.name,
      code: a.code,
      amount: a.amount,
      freightAmount: a.freight,
    })),
  };
  const changes = diff(editableFields(current), editableFields(after));
  // Each promotion that comes or goes: dropped by staff, or no longer (or now) met by the edited lines.
  const names = (list: readonly { name: string }[]) => new Set(list.map((p) => p.name));
  const [was, is] = [names(current.promotions), names(after.promotions)];
  for (const name of new Set([...was, ...is])) {
    if (was.has(name) === is.has(name)) continue;
    changes.before[`promotion ${name}`] = was.has(name) ? 'applied' : 'not applied';
    changes.after[`promotion ${name}`] = is.has(name)
      ? 'applied'
      : totals.dropped.includes(name)
        ? 'dropped'
        : 'not applied';
  }
  const problems: FieldError[] = [];
  // Once goods have left or the card is charged, what was shipped and paid for stands: a change of lines or
  // amounts would need a refund or a new charge, and could leave items owed that can no longer ship.
  const amountsChanged = Object.keys(changes.after).some(
    (k) => !CONTACT_FIELDS.has(k) && !k.startsWith('address.'),
  );
  // A terms invoice with payments recorded (PARTIALLY_PAID) stands too: its total is what was paid against.
  const paidFor = current.paymentStatus === 'PAID' || current.paymentStatus === 'PARTIALLY_PAID';
  if (amountsChanged && (current.shipments.length > 0 || paidFor)) {
    problems.push({
      field: 'lines',
      message: "Lines and amounts can't change once the order has shipped or its payment has been taken",
    });
  }
  if (authorised !== null && totals.total > authorised + 0.005) {
    problems.push({
      field: 'totalAmount',
      message: `Total amount can't be more than the ${authorised.toFixed(2)} authorised on the card`,
    });
  }
  return { changes, problems };
}

/** A quantity raised over its part's maximum per order is refused next to it (decision 063). */
export async function checkEditedQuantities(
  ctx: Ctx,
  current: OrderView,
  form: AdminOrderInput,
): Promise<FieldError[]> {
  const byId = new Map(current.lines.map((l) => [l.id, l]));
  return checkLines(ctx, {
    edited: form.lines.flatMap((line, i) => {
      const ordered = byId.get(line.id);
      return ordered && line.quantity > ordered.quantity
        ? [{ productId: ordered.itemId, quantity: line.quantity, field: `lines[${i}].quantity` }]
        : [];
    }),
  });
}

/** Refuses the edit with every problem found (BAD_USER_INPUT, the first as the message); nothing is written. */
export function refuseEdit(problems: readonly FieldError[]): void {
  if (problems.length) throw new AppError('BAD_USER_INPUT', problems[0]!.message, [...problems]);
}

/**
 * A price lowered more than the store's share below the catalogue's (or to zero) needs a Service or Admin role
 * (decision 054); the edit has no draft: it is refused, next to the price. Allowed, the trail names the line, its
 * catalogue price and who gave the price (added to `changes`).
 */
export async function checkLoweredPrices(
  ctx: Ctx,
  id: string,
  current: OrderView,
  lines: readonly (EditedLine | null)[],
  changes: EditChanges,
): Promise<void> {
  const byId = new Map(current.lines.map((l) => [l.id, l]));
  const catalogue = new Map(
    (
      await ctx.db.execute<{ id: string; cataloguePrice: number | null }[]>(
        'select id, catalogue_price::float8 as "cataloguePrice" from order_line where order_id = ?',
        [id],
        'all',
      )
    ).map((r) => [r.id, r.cataloguePrice]),
  );
  const lowered = heldPrices(
    ctx,
    lines.flatMap((l, i): HeldPrice[] => {
      const was = byId.get(l!.id)!;
      return l!.price < was.price
        ? [
            {
              line: was.lineNo,
              itemId: was.itemId,
              cataloguePrice: catalogue.get(was.id) ?? null,
              price: l!.price,
              field: `lines[${i}].price`,
            },
          ]
        : [];
    }),
  );
  refuseHeldPrices(ctx, lowered);
  if (!lowered.length) return;
  const by = await staffNamed(ctx, ctx.user!.id);
  for (const h of lowered) {
    const key = `line ${h.line} (${h.itemId}) catalogue price`;
    changes.before[key] = h.cataloguePrice;
    changes.after[key] = h.cataloguePrice;
  }
  changes.after['price below catalogue given by'] = by ? `${by.name || by.email} <${by.email}>` : null;
}

/**
 * Writes the order's contact, address, amounts and ERP order number (`version` as loaded). The form shows an order
 * the ERP has not acknowledged with its own number: saved unchanged it stays unacknowledged; another number typed by
 * staff is the ERP's, and acknowledges it (decision 071). A new status is written with its history
 * by moveEditedStatus (changeOrderStatus), which gives the order its new version.
 */
export async function writeOrderEdit(
  ctx: Ctx,
  id: string,
  current: OrderView,
  version: number,
  form: AdminOrderInput,
  totals: EditTotals,
): Promise<void> {
  await ctx.db.execute(
    `update customer_order set contact_email = ?, shipping_address = shipping_address || ?::jsonb,
       tax_amount = ?, taxes = ?::jsonb, freight_amt = ?, sub_total = ?, discount_total = ?, freight_discount = ?,
       total = ?, erp_order_id = ?::text,
       acknowledged_at = case when acknowledged_at is null and ?::text is not null then now() else acknowledged_at end,
       version = version + ?, updated_at = now()
     where id = ? and version = ?`,
    [
      form.contactEmail,
      JSON.stringify({ ...form.address, addressLine2: form.address.addressLine2 || null }),
      form.taxAmount,
      JSON.stringify(totals.taxes),
      form.shippingCharges,
      totals.subTotal,
      totals.promotions.goodsDiscount,
      totals.promotions.freightDiscount,
      totals.total,
      editedErpOrderId(current, form.erpOrderId),
      editedErpOrderId(current, form.erpOrderId),
      form.status === current.status ? 1 : 0,
      id,
      version,
    ],
    'run',
  );
}

/**
 * Writes the edited lines, each with its promotions' shares as evaluated again (by the promotion's place on the
 * order). A price staff change by hand is no longer the tier's saving: the price for one is forgotten.
 */
export async function writeEditedLines(
  ctx: Ctx,
  orderId: string,
  lines: readonly (EditedLine | null)[],
  totals: EditTotals,
  facts: EditPromotionFacts,
): Promise<void> {
  const positionOf = (promotionId: string) =>
    facts.promotions.find((p) => p.rule.id === promotionId)?.position;
  const sharesOf = (lineId: string) =>
    totals.promotions.applied.flatMap((a) => {
      const amount = a.lines.find((l) => l.lineId === lineId)?.amount ?? 0;
      return amount > 0 ? [{ position: positionOf(a.promotionId), amount }] : [];
    });
  await ctx.db.execute(
    `update order_line l set quantity = e.quantity, price = e.price, base_price = e.base_price,
       configurations = e.configurations, line_total = e.line_total, discount_amount = e.discount_amount,
       discounts = e.discounts, unit_price_for_one = case when l.price = e.price then l.unit_price_for_one end
     from jsonb_to_recordset(?::jsonb) as e(id uuid, quantity int, price numeric, base_price numeric,
       configurations jsonb, line_total numeric, discount_amount numeric, discounts jsonb)
     where l.id = e.id and l.order_id = ?`,
    [
      JSON.stringify(
        lines.map((l) => ({
          id: l!.id,
          quantity: l!.quantity,
          price: l!.price,
          base_price: l!.basePrice,
          configurations: l!.configurations,
          line_total: l!.lineTotal,
          discount_amount: totals.promotions.lineDiscounts.get(l!.id) ?? 0,
          discounts: sharesOf(l!.id),
        })),
      ),
      orderId,
    ],
    'run',
  );
}

/**
 * Writes each promotion's new amounts on the order and on its redemption (what its budget counts); one staff drop is
 * marked dropped (by whom) and its redemption given back. A promotion whose line condition no longer holds keeps its
 * row at 0, so a later edit that meets it again brings it back (decision 079). Nothing without promotions.
 */
export async function writeEditedPromotions(
  ctx: Ctx,
  orderId: string,
  form: AdminOrderInput,
  totals: EditTotals,
  facts: EditPromotionFacts,
): Promise<void> {
  const rows = facts.promotions
    .filter((p) => !p.dropped)
    .map((p) => {
      const applied = totals.promotions.applied.find((a) => a.promotionId === p.rule.id);
      return {
        position: p.position,
        promotion_id: p.rule.id,
        amount: applied?.amount ?? 0,
        freight_amount: applied?.freight ?? 0,
        dropped: form.dropPromotions.includes(p.position),
      };
    });
  if (rows.length === 0) return;
  await ctx.db.execute(
    `with e as (select * from jsonb_to_recordset(?::jsonb)
                  as e(position smallint, promotion_id uuid, amount numeric, freight_amount numeric, dropped boolean)),
     promotions as (
       update order_promotion p set amount = e.amount, freight_amount = e.freight_amount,
         dropped_at = case when e.dropped then now() end, dropped_by_id = case when e.dropped then ?::uuid end
       from e where p.order_id = ? and p.position = e.position returning p.id)
     update promotion_redemption r set amount = e.amount, freight_amount = e.freight_amount,
       released_at = case when e.dropped then now() else r.released_at end
     from e where r.order_id = ? and r.promotion_id = e.promotion_id and r.released_at is null`,
    [JSON.stringify(rows), ctx.user?.id ?? null, orderId, orderId],
    'run',
  );
}

/** A line whose quantity changed holds its stock anew (what it held goes back first), unless the order is closed. */
export async function reserveEditedLines(
  ctx: Ctx,
  id: string,
  current: OrderView,
  form: AdminOrderInput,
  lines: readonly (EditedLine | null)[],
): Promise<void> {
  const requantified = lines.filter(
    (l) => current.lines.find((c) => c.id === l!.id)?.quantity !== l!.quantity,
  );
  const closed: number[] = [ORDER_STATUS_CODE.OrderCancelled, ORDER_STATUS_CODE.OrderDeleted];
  if (!requantified.length || closed.includes(form.status) || closed.includes(current.status)) return;
  // Every part of the changed lines locked at once, in order, before what they hold is given back.
  await lockStock(
    ctx,
    requantified.map((l) => current.lines.find((c) => c.id === l!.id)!.itemId),
  );
  await releaseOrderStock(
    ctx,
    id,
    requantified.map((l) => l!.id),
  );
  await reserveOrderStock(ctx, {
    id,
    state: { ...current.shippingAddress, ...form.address }.state,
    lines: requantified
      .filter((l) => l!.quantity > 0)
      .map((l) => {
        const was = current.lines.find((c) => c.id === l!.id)!;
        return {
          lineId: was.id,
          productId: was.itemId,
          name: was.name,
          quantity: l!.quantity,
          cutsPerPiece: cutsPerPiece(l!.configurations),
        };
      }),
  });
}

/**
 * The status asked for, through the order-status seam. Cancelled by the store: the payment is given back and the
 * buyer told, as when they cancel. Whether the edit cancelled the order (the other modules' steps then follow).
 */
export async function moveEditedStatus(
  ctx: Ctx,
  id: string,
  current: OrderView,
  form: AdminOrderInput,
): Promise<boolean> {
  if (form.status === current.status) return false;
  const cancelling = form.status === ORDER_STATUS_CODE.OrderCancelled;
  if (cancelling) await refuseCancelWithPayments(ctx, id);
  const released = cancelling ? await releasePayment(ctx, current, current.status) : null;
  await changeOrderStatus(ctx, {
    orderId: id,
    from: current.status,
    to: form.status,
    note: 'Changed in the admin console',
    paymentStatus: released?.paymentStatus,
    notice: released && cancellationMail('store', released.money),
  });
  return cancelling;
}

/**
 * The edit's business events (decision 071), in its transaction: `order.edited` when it changed more than the
 * status, naming the fields; `order.acknowledged` when staff
 * typed the ERP's number for an order the ERP had not acknowledged. Both carry the salesOrder as committed.
 */
export function publishOrderEdit(ctx: Ctx, id: string, current: OrderView, changes: EditChanges): void {
  // A status change has its own events; the ERP number typed for an unacknowledged order is its acknowledgement.
  const fields = Object.keys(changes.after).filter(
    (k) => k !== 'status' && !(k === 'erpOrderId' && current.acknowledgedAt === null),
  );
  // The edit and its status change gave the order one new version.
  const version = current.version + 1;
  if (fields.length) {
    publish(ctx, {
      type: 'order.edited',
      aggregateType: 'order',
      aggregateId: id,
      version,
      actorId: ctx.user?.id ?? null,
      payload: { orderId: id, fields },
      attach: SALES_ORDER_KEY,
    });
  }
  const erpOrderId = changes.after.erpOrderId;
  if (current.acknowledgedAt === null && typeof erpOrderId === 'string') {
    publishAcknowledged(ctx, { id, version, erpOrderId, by: 'staff' });
  }
}

/** The edit in the audit trail (before and after, field by field). */
export async function auditOrderEdit(ctx: Ctx, orderId: string, changes: EditChanges): Promise<void> {
  await recordAudit(ctx, { action: 'order.edit', targetType: 'order', targetId: orderId, ...changes });
}

/** Flattens an order's editable fields so the audit trail records exactly what changed. */
function editableFields(order: OrderView): Record<string, unknown> {
  const fields: Record<string, unknown> = {
    contactEmail: order.contactEmail,
    'address.addressLine1': order.shippingAddress.addressLine1,
    'address.addressLine2': order.shippingAddress.addressLine2 ?? null,
    'address.city': order.shippingAddress.city,
    'address.state': order.shippingAddress.state,
    'address.zip': order.shippingAddress.zip,
    taxAmount: order.taxAmount,
    shippingCharges: order.freightAmt,
    totalAmount: order.total,
    subTotal: order.subTotal,
    erpOrderId: order.erpOrderId,
    status: order.status,
  };
  // The promotions only on an order that has any (decision 079): a trail without them reads as it always did.
  if (order.discountTotal || order.freightDiscount || order.promotions.length) {
    fields.discount = order.discountTotal;
    fields.freightDiscount = order.freightDiscount;
  }
  for (const line of order.lines) {
    const key = `line ${line.lineNo} (${line.itemId})`;
    fields[`${key} quantity`] = line.quantity;
    if (line.discount) fields[`${key} discount`] = line.discount;
    // As staff edit it: a configured line by its base and option prices, unless a tier priced it (its unit price).
    if (!editsByBaseAndOptions(line)) {
      fields[`${key} price`] = line.price;
      continue;
    }
    fields[`${key} price`] = line.basePrice ?? line.price;
    for (const c of line.configurations) fields[`${key} ${c.name ?? c.id} price`] = c.price;
  }
  return fields;
}

/** Fields of the edit form that are not lines or amounts (the address's are `address.*`). */
const CONTACT_FIELDS = new Set(['contactEmail', 'erpOrderId', 'status']);

function diff(before: Record<string, unknown>, after: Record<string, unknown>) {
  const changed = Object.keys(after).filter((k) => JSON.stringify(before[k]) !== JSON.stringify(after[k]));
  return {
    before: Object.fromEntries(changed.map((k) => [k, before[k]])),
    after: Object.fromEntries(changed.map((k) => [k, after[k]])),
  };
}
