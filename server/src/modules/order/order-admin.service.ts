import { changeOrderStatus } from './order-status';
import { lockStock, releaseOrderStock, reserveOrderStock } from '../stock';
import { cutsPerPiece } from '../../../../domain/ship-dates';
import { isUuid } from '../../../../domain/ids';
import {
  adminOrderFilterSchema,
  adminOrderSchema,
  CONSOLE_ACCESS,
  editedLine,
  editsByBaseAndOptions,
  editedSubtotal,
  editedTotal,
  orderNumberFromSearch,
  proposedCharges,
  type AdminOrderFilter,
  type AdminOrderInput,
} from '../../../../domain/admin';
import { orderNumberLabel } from '../../../../domain/checkout';
import { round2 } from '../../../../domain/money';
import { addressRules } from '../../../../domain/regions';
import { taxLines } from '../../../../domain/tax';
import { SET_BY_SHIPMENTS } from '../../../../domain/fulfilment';
import { canTransition, ORDER_STATUS_CODE, orderStatusLabel } from '../../../../domain/order-status';
import { refuseCancelWithPayments, releasePayment } from './checkout.service';
import { cancellationMail } from './order-mail';
import { checkLines } from '../cart';
import { AppError, notFound, type FieldError } from '../../common/errors';
import { validate } from '../../common/validate';
import type { Ctx } from '../../context';
import { assertAccess, heldPrices, refuseHeldPrices, staffNamed, type HeldPrice } from '../auth';
import { orderService, type OrderView } from './order.service';
import { recordAudit } from '../audit';

/** A row of the console's orders table. */
export interface AdminOrderRow {
  id: string;
  orderNumber: string;
  createdAt: string;
  contactEmail: string;
  customerName: string | null;
  userId: string | null;
  site: string;
  status: number;
  statusLabel: string;
  paymentStatus: string;
  paymentKind: string;
  total: number;
  currencyCode: string;
  erpOrderId: string | null;
  state: string;
}

export interface AuditChange {
  field: string;
  before: unknown;
  after: unknown;
}

export interface AuditEntryView {
  id: string;
  at: string;
  actorEmail: string | null;
  action: string;
  changes: AuditChange[];
}

const ROW_COLUMNS = `o.id, o.order_number::text as "orderNumber", o.created_at as "createdAt",
  o.contact_email as "contactEmail", nullif(trim(u.first_name || ' ' || u.last_name), '') as "customerName",
  o.user_id as "userId", o.site, o.status, o.payment_status as "paymentStatus", o.payment_kind as "paymentKind",
  o.total::float8 as total, o.currency_code as "currencyCode", o.erp_order_id as "erpOrderId",
  o.shipping_address->>'state' as state`;

const SORT_SQL: Record<AdminOrderFilter['sort'], string> = {
  createdAt: 'o.created_at',
  orderNumber: 'o.order_number',
  total: 'o.total',
  status: 'o.status',
};

/** The WHERE clause of a filter (every condition served by an index of customer_order). */
function whereOf(filter: AdminOrderFilter): { sql: string; params: unknown[] } {
  const where: string[] = [];
  const params: unknown[] = [];
  const q = filter.q?.trim();
  if (q) {
    const number = orderNumberFromSearch(q);
    if (number) {
      where.push('(o.order_number = ? or o.erp_order_id = ?)');
      params.push(number, q);
    } else {
      where.push(`(lower(o.contact_email) like ? escape '\\' or o.erp_order_id = ?)`);
      params.push(`${q.toLowerCase().replace(/[\\%_]/g, (c) => `\\${c}`)}%`, q);
    }
  }
  if (filter.statuses?.length) {
    where.push('o.status in (?)');
    params.push(filter.statuses);
  }
  if (filter.from) {
    where.push('o.created_at >= ?');
    params.push(new Date(filter.from));
  }
  if (filter.to) {
    where.push('o.created_at < ?');
    params.push(new Date(filter.to));
  }
  if (filter.userId) {
    where.push('o.user_id = ?');
    params.push(filter.userId);
  }
  if (filter.site) {
    where.push('o.site = ?');
    params.push(filter.site);
  }
  return { sql: where.length ? `where ${where.join(' and ')}` : '', params };
}

const rowView = (r: AdminOrderRow & { createdAt: Date | string }): AdminOrderRow => ({
  ...r,
  createdAt: new Date(r.createdAt).toISOString(),
  statusLabel: orderStatusLabel(r.status),
});

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
  for (const line of order.lines) {
    const key = `line ${line.lineNo} (${line.itemId})`;
    fields[`${key} quantity`] = line.quantity;
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

/** The console's orders: the table with server-side filters, CSV export, the edit form and its audit trail. */
export const adminOrderService = {
  async search(ctx: Ctx, input: unknown) {
    assertAccess(ctx, CONSOLE_ACCESS.orders);
    const filter = validate(adminOrderFilterSchema, input);
    const { sql, params } = whereOf(filter);
    const direction = filter.descending ? 'desc' : 'asc';
    const [rows, [count]] = await Promise.all([
      ctx.db.execute<(AdminOrderRow & { createdAt: Date })[]>(
        `select ${ROW_COLUMNS} from customer_order o left join app_user u on u.id = o.user_id ${sql}
         order by ${SORT_SQL[filter.sort]} ${direction}, o.order_number ${direction}
         limit ? offset ?`,
        [...params, filter.pageSize, (filter.page - 1) * filter.pageSize],
      ),
      ctx.db.execute<{ n: number }[]>(`select count(*)::int as n from customer_order o ${sql}`, params),
    ]);
    return { items: rows.map(rowView), total: count!.n, page: filter.page, pageSize: filter.pageSize };
  },

  /**
   * Every order of a filter as CSV lines, newest first, read in keyset batches so an export of 100,000 orders
   * streams in constant memory.
   */
  async *csv(ctx: Ctx, input: unknown): AsyncGenerator<string> {
    assertAccess(ctx, CONSOLE_ACCESS.orders);
    const filter = validate(adminOrderFilterSchema, input);
    const { sql, params } = whereOf(filter);
    yield csvLine([
      'Order',
      'Placed',
      'Status',
      'Payment',
      'E-mail',
      'Customer',
      'Site',
      'Ship to state',
      'Total',
      'Currency',
      'ERP order',
    ]);
    let after: { createdAt: Date; orderNumber: string } | null = null;
    for (;;) {
      const keyset: string = after
        ? `${sql ? `${sql} and` : 'where'} (o.created_at, o.order_number) < (?, ?)`
        : sql;
      const batch: (AdminOrderRow & { createdAt: Date })[] = await ctx.db.execute(
        `select ${ROW_COLUMNS} from customer_order o left join app_user u on u.id = o.user_id ${keyset}
         order by o.created_at desc, o.order_number desc limit 2000`,
        after ? [...params, after.createdAt, after.orderNumber] : params,
      );
      for (const r of batch) {
        yield csvLine([
          orderNumberLabel(r.orderNumber),
          new Date(r.createdAt).toISOString(),
          orderStatusLabel(r.status),
          r.paymentStatus,
          r.contactEmail,
          r.customerName ?? '',
          r.site,
          r.state,
          r.total.toFixed(2),
          r.currencyCode.toUpperCase(),
          r.erpOrderId ?? '',
        ]);
      }
      if (batch.length < 2000) return;
      const last = batch[batch.length - 1]!;
      after = { createdAt: last.createdAt, orderNumber: last.orderNumber };
    }
  },

  /** An order's audit trail, newest first, with who made each change. */
  async audit(ctx: Ctx, orderId: string): Promise<AuditEntryView[]> {
    assertAccess(ctx, CONSOLE_ACCESS.orders);
    const rows = await ctx.db.execute<
      {
        id: string;
        at: Date;
        actorEmail: string | null;
        action: string;
        before: Record<string, unknown>;
        after: Record<string, unknown>;
      }[]
    >(
      `select a.id::text, a.created_at as at, u.email as "actorEmail", a.action, a.before, a.after
       from audit_log a left join app_user u on u.id = a.actor_user_id
       where a.target_type = 'order' and a.target_id = ? order by a.id desc limit 200`,
      [orderId],
    );
    return rows.map((r) => ({
      id: r.id,
      at: new Date(r.at).toISOString(),
      actorEmail: r.actorEmail,
      action: r.action,
      changes: Object.keys(r.after ?? {}).map((field) => ({
        field,
        before: r.before?.[field] ?? null,
        after: r.after[field],
      })),
    }));
  },

  /**
   * Saves the order edit form. `version` is the one the editor loaded: if anyone changed the order since, the
   * edit is refused with CONFLICT and nothing is written. Line totals, subtotal and the total follow the domain
   * rules (the total must equal subtotal + freight + tax); the status moves only along the transition table.
   * One transaction writes the order, its lines, the history entry and the audit entry (before and after).
   * `steps.cancelled` is what other modules do in it when the edit cancels the order (the console edit flow,
   * server/src/flows/edit-order.ts, withdraws the company's approval).
   */
  async update(
    ctx: Ctx,
    id: string,
    version: number,
    input: unknown,
    steps: { cancelled(ctx: Ctx, orderId: string): Promise<void> },
  ): Promise<void> {
    assertAccess(ctx, CONSOLE_ACCESS.editOrders);
    const edit: AdminOrderInput = validate(adminOrderSchema, input);
    if (!isUuid(id)) throw notFound('Order');
    // What the card holds for an order not yet charged: the total may not grow past it (read before the lock:
    // the processor's call holds none).
    const seen = await orderService.load(ctx, id);
    const authorised =
      seen.paymentKind === 'card' && seen.paymentStatus === 'AUTHORIZED' && seen.paymentIntentId
        ? (await ctx.app.payments.retrieve(seen.paymentIntentId)).amount
        : null;
    await ctx.db.transactional(async () => {
      const [locked] = await ctx.db.execute<{ version: number }[]>(
        'select version from customer_order where id = ? for update',
        [id],
        'all',
      );
      if (!locked) throw notFound('Order');
      if (locked.version !== version) throw await conflict(ctx, id);
      const current = await orderService.load(ctx, id);

      const problems: FieldError[] = [];
      if (edit.status !== current.status && SET_BY_SHIPMENTS.includes(edit.status)) {
        problems.push({
          field: 'status',
          message: `${orderStatusLabel(edit.status)} follows the order's shipments: record them under Fulfilment`,
        });
      } else if (
        current.status === ORDER_STATUS_CODE.AwaitingApproval &&
        edit.status !== current.status &&
        edit.status !== ORDER_STATUS_CODE.OrderCancelled
      ) {
        // Its company decides (decision 044): the console may only cancel it.
        problems.push({
          field: 'status',
          message: 'An order awaiting approval is approved by its company; it can only be cancelled here',
        });
      } else if (edit.status !== current.status && !canTransition(current.status, edit.status)) {
        problems.push({
          field: 'status',
          message: `Status can't change from ${orderStatusLabel(current.status)} to ${orderStatusLabel(edit.status)}`,
        });
      }
      const byId = new Map(current.lines.map((l) => [l.id, l]));
      const seen = new Set<string>();
      const lines = edit.lines.map((line, i) => {
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
      const subTotal = editedSubtotal(lines.map((l) => l?.lineTotal ?? 0));
      const total = editedTotal(subTotal, edit.shippingCharges, edit.taxAmount);
      const country = current.shippingAddress.country;
      if (edit.address.country !== country)
        problems.push({ field: 'address.country', message: addressRules(country).shipsWithin });
      // Each tax follows the new amounts while staff keep the proposed freight and tax; a tax typed by hand is
      // kept as one amount (orderTaxes).
      const proposed = proposedCharges(subTotal, {
        country,
        taxes: current.taxes,
        freight: current.lines.some((l) => l.quoted) ? current.freightAmt : undefined,
      });
      const taxes =
        proposed.shippingCharges === round2(edit.shippingCharges) &&
        proposed.taxAmount === round2(edit.taxAmount)
          ? taxLines(current.taxes, { subTotal, freight: proposed.shippingCharges })
          : [];
      if (Math.abs(total - edit.totalAmount) >= 0.005) {
        problems.push({
          field: 'totalAmount',
          message: `Total amount must be ${total.toFixed(2)} (subtotal ${subTotal.toFixed(2)} + freight + tax)`,
        });
      }
      const after = {
        ...current,
        contactEmail: edit.contactEmail,
        shippingAddress: { ...current.shippingAddress, ...edit.address },
        taxAmount: edit.taxAmount,
        freightAmt: edit.shippingCharges,
        total,
        subTotal,
        erpOrderId: edit.erpOrderId,
        status: edit.status,
        lines: current.lines.map((l) => ({ ...l, ...lines.find((e) => e?.id === l.id) })),
      };
      const changes = diff(editableFields(current), editableFields(after));
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
      if (authorised !== null && total > authorised + 0.005) {
        problems.push({
          field: 'totalAmount',
          message: `Total amount can't be more than the ${authorised.toFixed(2)} authorised on the card`,
        });
      }
      // A quantity raised over its part's maximum per order is refused next to it (decision 063).
      problems.push(
        ...(await checkLines(ctx, {
          edited: edit.lines.flatMap((line, i) => {
            const ordered = byId.get(line.id);
            return ordered && line.quantity > ordered.quantity
              ? [{ productId: ordered.itemId, quantity: line.quantity, field: `lines[${i}].quantity` }]
              : [];
          }),
        })),
      );
      if (problems.length) throw new AppError('BAD_USER_INPUT', problems[0]!.message, problems);
      // A price lowered more than the store's share below the catalogue's (or to zero) needs a Service or Admin
      // role (decision 054); the edit has no draft: it is refused, next to the price.
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
      if (lowered.length) {
        // The trail names the line, its catalogue price and who gave the price.
        const by = await staffNamed(ctx, ctx.user!.id);
        for (const h of lowered) {
          const key = `line ${h.line} (${h.itemId}) catalogue price`;
          changes.before[key] = h.cataloguePrice;
          changes.after[key] = h.cataloguePrice;
        }
        changes.after['price below catalogue given by'] = by ? `${by.name || by.email} <${by.email}>` : null;
      }

      // A new status is written with its history below (changeOrderStatus), which gives the order its new version.
      await ctx.db.execute(
        `update customer_order set contact_email = ?, shipping_address = shipping_address || ?::jsonb,
           tax_amount = ?, taxes = ?::jsonb, freight_amt = ?, sub_total = ?, total = ?, erp_order_id = ?,
           version = version + ?, updated_at = now()
         where id = ? and version = ?`,
        [
          edit.contactEmail,
          JSON.stringify({ ...edit.address, addressLine2: edit.address.addressLine2 || null }),
          edit.taxAmount,
          JSON.stringify(taxes),
          edit.shippingCharges,
          subTotal,
          total,
          edit.erpOrderId,
          edit.status === current.status ? 1 : 0,
          id,
          version,
        ],
        'run',
      );
      await ctx.db.execute(
        // A price staff change by hand is no longer the tier's saving: the price for one is forgotten.
        `update order_line l set quantity = e.quantity, price = e.price, base_price = e.base_price,
           configurations = e.configurations, line_total = e.line_total,
           unit_price_for_one = case when l.price = e.price then l.unit_price_for_one end
         from jsonb_to_recordset(?::jsonb) as e(id uuid, quantity int, price numeric, base_price numeric,
           configurations jsonb, line_total numeric)
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
            })),
          ),
          id,
        ],
        'run',
      );
      // A line whose quantity changed holds its stock anew (what it held goes back first).
      const requantified = lines.filter(
        (l) => current.lines.find((c) => c.id === l!.id)?.quantity !== l!.quantity,
      );
      const closed: number[] = [ORDER_STATUS_CODE.OrderCancelled, ORDER_STATUS_CODE.OrderDeleted];
      if (requantified.length && !closed.includes(edit.status) && !closed.includes(current.status)) {
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
          state: after.shippingAddress.state,
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
      if (edit.status !== current.status) {
        const cancelling = edit.status === ORDER_STATUS_CODE.OrderCancelled;
        if (cancelling) await refuseCancelWithPayments(ctx, id);
        // Cancelled by the store: the payment is given back and the buyer told, as when they cancel.
        const released = cancelling ? await releasePayment(ctx, current, current.status) : null;
        await changeOrderStatus(ctx, {
          orderId: id,
          from: current.status,
          to: edit.status,
          note: 'Changed in the admin console',
          paymentStatus: released?.paymentStatus,
          notice: released && cancellationMail('store', released.money),
        });
        if (cancelling) await steps.cancelled(ctx, id);
      }
      await recordAudit(ctx, { action: 'order.edit', targetType: 'order', targetId: id, ...changes });
    });
  },
};

/** The conflict answer names who changed the order last and when, so the editor knows what to reload. */
export async function conflict(ctx: Ctx, orderId: string): Promise<AppError> {
  const [last] = await ctx.db.execute<{ email: string | null; at: Date }[]>(
    `select u.email, a.created_at as at from audit_log a left join app_user u on u.id = a.actor_user_id
     where a.target_type = 'order' and a.target_id = ? order by a.id desc limit 1`,
    [orderId],
  );
  const who = last?.email
    ? `${last.email} at ${new Date(last.at).toISOString().slice(11, 16)} UTC`
    : 'someone else';
  return new AppError(
    'CONFLICT',
    `This order was changed by ${who} while you were editing. Reload it to see the changes; yours were not saved.`,
  );
}

/** One CSV record; cells that a spreadsheet would run as a formula are prefixed with a quote. */
function csvLine(values: readonly string[]): string {
  const cell = (value: string) => {
    const safe = /^[=+\-@\t\r]/.test(value) ? `'${value}` : value;
    return /[",\n\r]/.test(safe) ? `"${safe.replace(/"/g, '""')}"` : safe;
  };
  return `${values.map(cell).join(',')}\r\n`;
}
