import { adminOrderFilterSchema, CONSOLE_ACCESS } from '../../../../domain/admin';
import {
  acknowledgeOrderSchema,
  acknowledgedAsOther,
  ERP_ACKNOWLEDGE_STAFF,
  ERP_ORDERS,
  unacknowledgedSchema,
} from '../../../../domain/erp';
import { isUuid } from '../../../../domain/ids';
import { ORDER_STATUS_CODE } from '../../../../domain/order-status';
import { AppError, notFound } from '../../common/errors';
import { validate } from '../../common/validate';
import type { Ctx } from '../../context';
import { recordAudit } from '../audit';
import { assertAccess } from '../auth';
import { publish } from '../events';
import { ADMIN_ROW_COLUMNS, adminRowView, type AdminOrderRow } from './order-admin.service';
import { orderService, type OrderView } from './order.service';
import { SALES_ORDER_KEY } from './sales-order';

declare module '../../context' {
  interface AppServices {
    /** ERP_ACKNOWLEDGE_MINUTES: the default age of the console's orders not acknowledged by the ERP. */
    erpAcknowledgeMinutes: number;
  }
}

/*
 * The ERP's side of an order (issue 56 item 6, decision 071): the ERP acknowledges an order it has created as its
 * sales order, with its own number; the console lists the orders it has not acknowledged after a while.
 */

/** An order the ERP has not acknowledged, as the console lists it: a row of the orders table and its wait. */
export interface UnacknowledgedOrderRow extends AdminOrderRow {
  waitingMinutes: number;
}

/** Statuses of orders the ERP is not waited for: cancelled or deleted before it took them. */
const NOT_AWAITED = [ORDER_STATUS_CODE.OrderCancelled, ORDER_STATUS_CODE.OrderDeleted];

/** An order.acknowledged event (published in the caller's transaction): the ERP's number, who and when. */
export function publishAcknowledged(
  ctx: Ctx,
  order: { id: string; version: number; erpOrderId: string; by: 'erp' | 'staff' },
): void {
  publish(ctx, {
    type: 'order.acknowledged',
    aggregateType: 'order',
    aggregateId: order.id,
    version: order.version,
    actorId: ctx.user?.id ?? null,
    payload: { orderId: order.id, erpOrderId: order.erpOrderId, by: order.by },
    attach: SALES_ORDER_KEY,
  });
}

export const erpOrderService = {
  /**
   * The ERP acknowledges an order: its sales order number and when. The same number again answers the same
   * (nothing written, no second event); another number is a CONFLICT on `erpOrderId`. A key with `erp:orders`, or
   * an Admin signed in. Entry point: the order's id and the number as sent.
   */
  async acknowledge(ctx: Ctx, id: string, input: unknown): Promise<OrderView> {
    assertAccess(ctx, ERP_ORDERS);
    if (!ctx.apiCaller) assertAccess(ctx, ERP_ACKNOWLEDGE_STAFF);
    const { erpOrderId } = validate(acknowledgeOrderSchema, input);
    if (!isUuid(id)) throw notFound('Order');
    await ctx.db.transactional(async () => {
      const [order] = await ctx.db.execute<
        { orderNumber: string; erpOrderId: string | null; acknowledgedAt: Date | null }[]
      >(
        `select order_number::text as "orderNumber", erp_order_id as "erpOrderId", acknowledged_at as "acknowledgedAt"
         from customer_order where id = ? for update`,
        [id],
        'all',
      );
      if (!order) throw notFound('Order');
      if (order.acknowledgedAt) {
        if (order.erpOrderId === erpOrderId) return;
        const message = acknowledgedAsOther(order.orderNumber, order.erpOrderId ?? '');
        throw new AppError('CONFLICT', message, [{ field: 'erpOrderId', message }]);
      }
      const [row] = await ctx.db.execute<{ version: number }[]>(
        `update customer_order set erp_order_id = ?, acknowledged_at = now(), version = version + 1,
           updated_at = now()
         where id = ? returning version`,
        [erpOrderId, id],
        'all',
      );
      await recordAudit(ctx, {
        action: 'order.acknowledged',
        targetType: 'order',
        targetId: id,
        before: { erpOrderId: order.erpOrderId },
        after: { erpOrderId },
      });
      publishAcknowledged(ctx, {
        id,
        version: row!.version,
        erpOrderId,
        by: ctx.apiCaller ? 'erp' : 'staff',
      });
    });
    return orderService.load(ctx, id);
  },

  /**
   * Orders the ERP has not acknowledged `olderThanMinutes` after placement (ERP_ACKNOWLEDGE_MINUTES by default),
   * oldest first, a page at a time; cancelled and deleted orders are not waited for. Staff who see console Orders.
   */
  async unacknowledged(
    ctx: Ctx,
    input: { olderThanMinutes?: number | null; page?: number; pageSize?: number },
  ) {
    assertAccess(ctx, CONSOLE_ACCESS.orders);
    const { olderThanMinutes = ctx.app.erpAcknowledgeMinutes } = validate(unacknowledgedSchema, {
      olderThanMinutes: input.olderThanMinutes ?? undefined,
    });
    const { page, pageSize } = validate(adminOrderFilterSchema, {
      page: input.page,
      pageSize: input.pageSize,
    });
    const where = `where o.acknowledged_at is null and o.status not in (${NOT_AWAITED.join(', ')})
      and o.created_at <= now() - ? * interval '1 minute'`;
    const [rows, [count]] = await Promise.all([
      ctx.db.execute<(UnacknowledgedOrderRow & { createdAt: Date })[]>(
        `select ${ADMIN_ROW_COLUMNS},
           floor(extract(epoch from now() - o.created_at) / 60)::int as "waitingMinutes"
         from customer_order o left join app_user u on u.id = o.user_id ${where}
         order by o.created_at, o.order_number limit ? offset ?`,
        [olderThanMinutes, pageSize, (page - 1) * pageSize],
      ),
      ctx.db.execute<{ n: number }[]>(`select count(*)::int as n from customer_order o ${where}`, [
        olderThanMinutes,
      ]),
    ]);
    return {
      items: rows.map((r) => ({ ...adminRowView(r), waitingMinutes: r.waitingMinutes })),
      total: count!.n,
      page,
      pageSize,
      olderThanMinutes,
    };
  },
};
