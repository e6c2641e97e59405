import { isUuid } from '../../../../domain/ids';
import { orderNumberLabel } from '../../../../domain/checkout';
import { canTransition, ORDER_STATUS_CODE, orderStatusLabel } from '../../../../domain/order-status';
import {
  RETURN_WINDOW_DAYS,
  returnDecisionSchema,
  returnRequestSchema,
  withinReturnWindow,
  type ReturnRequestInput,
} from '../../../../domain/returns';
import { CONSOLE_ACCESS } from '../../../../domain/admin';
import { validate } from '../../common/validate';
import { assertAccess, requireUser } from '../auth';
import { AppError, notFound, type FieldError } from '../../common/errors';
import type { Ctx } from '../../context';
import { localeOr, sendMessage, type Message } from '../mail';
import { changeOrderStatus, changeOrderSubStatus, orderService, type OrderView } from '../order';

export interface ReturnView {
  id: string;
  orderId: string;
  orderNumber: string;
  rmaNumber: string | null;
  status: number;
  statusLabel: string;
  decision: string;
  reason: string;
  comment: string;
  refundAmount: number | null;
  createdAt: string;
  updatedAt: string;
  /** Each returned line: its quantity (packs, for a part sold by the pack) and the order line's unit price. */
  lines: {
    orderLineId: string;
    itemId: string;
    name: string;
    quantity: number;
    price: number;
    minTransfer: number;
    minimumPurchaseQuantity: number;
  }[];
}

type ReturnRow = Omit<ReturnView, 'statusLabel' | 'createdAt' | 'updatedAt'> & {
  createdAt: Date;
  updatedAt: Date;
};

const RETURN_SQL = `
  select r.id, r.order_id as "orderId", o.order_number::text as "orderNumber", r.rma_number as "rmaNumber",
    r.status, r.decision, r.reason, r.comment, r.refund_amount::float8 as "refundAmount",
    r.created_at as "createdAt", r.updated_at as "updatedAt",
    coalesce((select json_agg(json_build_object('orderLineId', l.order_line_id, 'itemId', ol.product_id,
      'name', ol.name, 'quantity', l.quantity, 'price', ol.price::float8, 'minTransfer', ol.min_transfer,
      'minimumPurchaseQuantity', ol.minimum_purchase_quantity) order by ol.line_no)
      from return_line l join order_line ol on ol.id = l.order_line_id where l.return_request_id = r.id), '[]'::json)
      as lines
  from return_request r join customer_order o on o.id = r.order_id`;

const view = (r: ReturnRow): ReturnView => ({
  ...r,
  statusLabel: orderStatusLabel(r.status),
  createdAt: new Date(r.createdAt).toISOString(),
  updatedAt: new Date(r.updatedAt).toISOString(),
});

export const returnsService = {
  /**
   * A customer's return of delivered lines: never more than was delivered (less what other returns took), and
   * within 30 days of delivery. The order goes to Return Requested; e-mails go to the customer and the store.
   */
  async request(ctx: Ctx, body: unknown): Promise<ReturnView> {
    const user = requireUser(ctx);
    const input: ReturnRequestInput = validate(returnRequestSchema, body);
    const order = await orderService.get(ctx, input.orderId);
    if (order.userId !== user.id) throw notFound('Order');
    const id = await ctx.db.transactional(async () => {
      const [locked] = await ctx.db.execute<
        { status: number; deliveredAt: Date | null; deliveryStatus: string }[]
      >(
        `select status, delivered_at as "deliveredAt", delivery_status as "deliveryStatus"
         from customer_order where id = ? for update`,
        [order.id],
        'all',
      );
      if (!locked?.deliveredAt || locked.deliveryStatus !== 'DELIVERED') {
        throw refuse('orderId', 'Only delivered orders can be returned.');
      }
      if (!withinReturnWindow(locked.deliveredAt)) {
        throw refuse('orderId', `The return window of ${RETURN_WINDOW_DAYS} days from delivery has closed.`);
      }
      const taken = await ctx.db.execute<{ orderLineId: string; n: number }[]>(
        `select l.order_line_id as "orderLineId", sum(l.quantity)::int as n from return_line l
         join return_request r on r.id = l.return_request_id
         where r.order_id = ? and r.decision <> 'RETURN_REJECTED' group by l.order_line_id`,
        [order.id],
        'all',
      );
      const errors: FieldError[] = [];
      input.items.forEach((item, i) => {
        const line = order.lines.find((l) => l.id === item.id);
        const left = line ? line.quantity - (taken.find((t) => t.orderLineId === line.id)?.n ?? 0) : 0;
        if (!line) errors.push({ field: `items[${i}].id`, message: 'This line is not on the order.' });
        else if (item.quantity > left) {
          errors.push({
            field: `items[${i}].quantity`,
            message:
              left > 0
                ? `You can return at most ${left} of ${line.name}.`
                : `${line.name} was already returned.`,
          });
        }
      });
      if (errors.length) throw new AppError('BAD_USER_INPUT', errors[0]!.message, errors);
      const [row] = await ctx.db.execute<{ id: string }[]>(
        `insert into return_request (order_id, user_id, reason, comment) values (?, ?, ?, ?) returning id`,
        [order.id, user.id, input.reason, input.comment],
        'all',
      );
      await ctx.db.execute(
        `insert into return_line (return_request_id, order_line_id, quantity)
         select ?, r.id, r.quantity from jsonb_to_recordset(?::jsonb) as r(id uuid, quantity int)`,
        [row!.id, JSON.stringify(input.items)],
        'run',
      );
      await moveOrder(ctx, order.id, ORDER_STATUS_CODE.ReturnRequested, 'Return requested', 'IN_PROGRESS');
      await mail(ctx, order, { kind: 'return-requested', label: orderNumberLabel(order.orderNumber) });
      return row!.id;
    });
    return this.get(ctx, id);
  },

  /** A return its customer (or staff) may read. */
  async get(ctx: Ctx, id: string): Promise<ReturnView> {
    assertAccess(ctx, 'signed-in');
    if (!isUuid(id)) throw notFound('Return');
    const [row] = await ctx.db.execute<(ReturnRow & { userId: string | null })[]>(
      `${RETURN_SQL.replace('select r.id,', 'select r.user_id as "userId", r.id,')} where r.id = ?`,
      [id],
    );
    if (!row) throw notFound('Return');
    // Ownership: the order's rules (owner or staff). Someone else's return answers exactly as a missing one, so
    // return ids tell nothing about which exist.
    await orderService.get(ctx, row.orderId).catch((err: unknown) => {
      throw err instanceof AppError && err.code === 'NOT_FOUND' ? notFound('Return') : err;
    });
    const { userId: _u, ...rest } = row;
    return view(rest);
  },

  /** The signed-in customer's returns, newest first. */
  async mine(ctx: Ctx): Promise<ReturnView[]> {
    const user = requireUser(ctx);
    const rows = await ctx.db.execute<ReturnRow[]>(
      `${RETURN_SQL} where r.user_id = ? order by r.created_at desc`,
      [user.id],
    );
    return rows.map(view);
  },

  /** Staff's queue: returns in a status (all when null), oldest first. */
  async queue(ctx: Ctx, status: number | null): Promise<ReturnView[]> {
    assertAccess(ctx, CONSOLE_ACCESS.returns);
    const rows = await ctx.db.execute<ReturnRow[]>(
      `${RETURN_SQL} where (?::smallint is null or r.status = ?) order by r.created_at limit 200`,
      [status, status],
    );
    return rows.map(view);
  },

  /** Staff decide: accepted (RMA number, Return Approved), rejected (Return Rejected) or pending. */
  async decide(ctx: Ctx, id: string, body: unknown) {
    assertAccess(ctx, CONSOLE_ACCESS.returns);
    const { decision, note } = validate(returnDecisionSchema, body);
    const current = await this.get(ctx, id);
    if (current.status !== ORDER_STATUS_CODE.ReturnRequested) {
      throw new AppError('CONFLICT', `This return was already decided (${current.statusLabel}).`);
    }
    if (decision === 'RETURN_PENDING') return current;
    const accepted = decision === 'RETURN_ACCEPTED';
    const to = accepted ? ORDER_STATUS_CODE.ReturnApproved : ORDER_STATUS_CODE.ReturnRejected;
    await ctx.db.transactional(async () => {
      const [{ n }] = (await ctx.db.execute<{ n: number }[]>(
        'select count(*)::int as n from return_request where order_id = ? and rma_number is not null',
        [current.orderId],
        'all',
      )) as [{ n: number }];
      await ctx.db.execute(
        `update return_request set decision = ?, status = ?, rma_number = ?, updated_at = now() where id = ?`,
        [decision, to, accepted ? `RMA-${current.orderNumber}-${n + 1}` : null, id],
        'run',
      );
      await moveOrder(ctx, current.orderId, to, note || (accepted ? 'Return approved' : 'Return rejected'));
      const order = await orderService.load(ctx, current.orderId);
      await mail(
        ctx,
        order,
        accepted
          ? { kind: 'return-approved', rma: `RMA-${current.orderNumber}-${n + 1}`, note }
          : { kind: 'return-rejected', label: orderNumberLabel(current.orderNumber), note },
      );
    });
    return this.get(ctx, id);
  },
};

const refuse = (field: string, message: string) =>
  new AppError('BAD_USER_INPUT', message, [{ field, message }]);

/** Moves the order along with its return, when the transition table allows it from where the order is. */
export async function moveOrder(ctx: Ctx, orderId: string, to: number, note: string, returnStatus?: string) {
  const [row] = await ctx.db.execute<{ status: number }[]>(
    'select status from customer_order where id = ? for update',
    [orderId],
    'all',
  );
  if (!row || row.status === to || !canTransition(row.status, to)) {
    if (returnStatus) await changeOrderSubStatus(ctx, { orderId, returnStatus, touch: false });
    return;
  }
  await changeOrderStatus(ctx, { orderId, from: row.status, to, note, returnStatus });
}

/** A return's e-mail to the order's contact, in the language the order was placed in. */
export async function mail(ctx: Ctx, order: Pick<OrderView, 'contactEmail' | 'locale'>, message: Message) {
  await sendMessage(ctx.db, ctx.log, { to: order.contactEmail, locale: localeOr(order.locale), message });
}
