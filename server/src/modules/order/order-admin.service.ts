import {
  adminOrderFilterSchema,
  CONSOLE_ACCESS,
  orderNumberFromSearch,
  type AdminOrderFilter,
} from '../../../../domain/admin';
import { orderNumberLabel } from '../../../../domain/checkout';
import { isUuid } from '../../../../domain/ids';
import { orderStatusLabel } from '../../../../domain/order-status';
import { AppError, notFound } from '../../common/errors';
import { validate } from '../../common/validate';
import { csvLine } from '../../common/csv';
import type { Ctx } from '../../context';
import { assertAccess } from '../auth';
import { orderService, type OrderView } from './order.service';

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
  /** When the ERP acknowledged the order (decision 071), or null. */
  acknowledgedAt: string | null;
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

export const ADMIN_ROW_COLUMNS = `o.id, o.order_number::text as "orderNumber", o.created_at as "createdAt",
  o.contact_email as "contactEmail", nullif(trim(u.first_name || ' ' || u.last_name), '') as "customerName",
  o.user_id as "userId", o.site, o.status, o.payment_status as "paymentStatus", o.payment_kind as "paymentKind",
  o.total::float8 as total, o.currency_code as "currencyCode", o.erp_order_id as "erpOrderId",
  o.acknowledged_at as "acknowledgedAt", o.shipping_address->>'state' as state`;

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

export const adminRowView = (
  r: Omit<AdminOrderRow, 'acknowledgedAt'> & {
    createdAt: Date | string;
    acknowledgedAt: Date | string | null;
  },
): AdminOrderRow => ({
  ...r,
  createdAt: new Date(r.createdAt).toISOString(),
  acknowledgedAt: r.acknowledgedAt ? new Date(r.acknowledgedAt).toISOString() : null,
  statusLabel: orderStatusLabel(r.status),
});

/**
 * The console's orders: the table with server-side filters, CSV export and the audit trail (the edit form is the
 * flow server/src/flows/edit-order.ts, its order's steps in order-edit.ts).
 */
export const adminOrderService = {
  async search(ctx: Ctx, input: unknown) {
    assertAccess(ctx, CONSOLE_ACCESS.orders);
    const filter = validate(adminOrderFilterSchema, input);
    const { sql, params } = whereOf(filter);
    const direction = filter.descending ? 'desc' : 'asc';
    const [rows, [count]] = await Promise.all([
      ctx.db.execute<(AdminOrderRow & { createdAt: Date })[]>(
        `select ${ADMIN_ROW_COLUMNS} from customer_order o left join app_user u on u.id = o.user_id ${sql}
         order by ${SORT_SQL[filter.sort]} ${direction}, o.order_number ${direction}
         limit ? offset ?`,
        [...params, filter.pageSize, (filter.page - 1) * filter.pageSize],
      ),
      ctx.db.execute<{ n: number }[]>(`select count(*)::int as n from customer_order o ${sql}`, params),
    ]);
    return { items: rows.map(adminRowView), total: count!.n, page: filter.page, pageSize: filter.pageSize };
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
        `select ${ADMIN_ROW_COLUMNS} from customer_order o left join app_user u on u.id = o.user_id ${keyset}
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
};

/**
 * The order locked for a console change (an edit, a shipment, a delivery) and read under the lock. `version` is the
 * one the editor loaded: if anyone changed the order since, the change is refused with CONFLICT and nothing is
 * written. NOT_FOUND for no order's id.
 */
export async function lockOrderVersion(ctx: Ctx, id: string, version: number): Promise<OrderView> {
  if (!isUuid(id)) throw notFound('Order');
  const [locked] = await ctx.db.execute<{ version: number }[]>(
    'select version from customer_order where id = ? for update',
    [id],
    'all',
  );
  if (!locked) throw notFound('Order');
  if (locked.version !== version) throw await conflict(ctx, id);
  return orderService.load(ctx, id);
}

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
