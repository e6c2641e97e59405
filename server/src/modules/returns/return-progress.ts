import { orderNumberLabel } from '../../../../domain/checkout';
import { CONSOLE_ACCESS } from '../../../../domain/admin';
import { ORDER_STATUS_CODE, orderStatusLabel } from '../../../../domain/order-status';
import { returnAdvanceSchema } from '../../../../domain/returns';
import { AppError } from '../../common/errors';
import { validate } from '../../common/validate';
import type { Ctx } from '../../context';
import { assertAccess } from '../auth';
import type { OrderView } from '../order';
import { mail, moveOrder, returnsService, type ReturnView } from './returns.service';

/*
 * The return's steps of following an accepted return to its completion (the flow is
 * server/src/flows/complete-return.ts): which step staff ask for, the return's status and refund written, how much
 * of the order is returned, the buyer's e-mail and the order moved along with its return.
 */

/** The statuses a return moves through after staff accept it. */
const AFTER_ACCEPT: readonly number[] = [
  ORDER_STATUS_CODE.ReturnShipped,
  ORDER_STATUS_CODE.ReturnProcessing,
  ORDER_STATUS_CODE.ReturnCompleted,
];

/**
 * The return staff move on (`{ status }` as sent: shipped, processing, completed) and where it goes: the step after
 * the one it is in, CONFLICT otherwise.
 */
export async function returnStep(
  ctx: Ctx,
  id: string,
  body: unknown,
): Promise<{ current: ReturnView; to: number }> {
  assertAccess(ctx, CONSOLE_ACCESS.returns);
  const { status: to } = validate(returnAdvanceSchema, body);
  const current = await returnsService.get(ctx, id);
  const at = AFTER_ACCEPT.indexOf(to);
  const from = at === 0 ? ORDER_STATUS_CODE.ReturnApproved : AFTER_ACCEPT[at - 1];
  if (at < 0 || current.status !== from) {
    throw new AppError(
      'CONFLICT',
      `A return cannot go from ${current.statusLabel} to ${orderStatusLabel(to)}.`,
    );
  }
  return { current, to };
}

/** The return's new status, and its refund once completed (null keeps the one it has). */
export async function recordReturnStep(
  ctx: Ctx,
  id: string,
  to: number,
  refund: number | null,
): Promise<void> {
  await ctx.db.execute(
    'update return_request set status = ?, refund_amount = coalesce(?, refund_amount), updated_at = now() where id = ?',
    [to, refund, id],
    'run',
  );
}

/** Whether the order's completed returns now take back every piece it ordered. */
export async function wholeOrderReturned(ctx: Ctx, orderId: string): Promise<boolean> {
  const [all] = await ctx.db.execute<{ returned: number; ordered: number; refunded: number }[]>(
    `select (select coalesce(sum(l.quantity), 0) from return_line l join return_request r on r.id = l.return_request_id
              where r.order_id = ? and r.status = 10)::int as returned,
            (select sum(quantity) from order_line where order_id = ?)::int as ordered,
            (select coalesce(sum(refund_amount), 0) from return_request where order_id = ? and status = 10)::float8 as refunded`,
    [orderId, orderId, orderId],
    'all',
  );
  return all!.returned >= all!.ordered;
}

/** What the returns of an order completed before `returnId` took of each order line (one statement). */
export async function returnedBefore(
  ctx: Ctx,
  orderId: string,
  returnId: string,
): Promise<Map<string, number>> {
  const rows = await ctx.db.execute<{ orderLineId: string; quantity: number }[]>(
    `select l.order_line_id as "orderLineId", sum(l.quantity)::int as quantity
     from return_line l join return_request r on r.id = l.return_request_id
     where r.order_id = ? and r.status = ? and r.id <> ? group by l.order_line_id`,
    [orderId, ORDER_STATUS_CODE.ReturnCompleted, returnId],
    'all',
  );
  return new Map(rows.map((r) => [r.orderLineId, r.quantity]));
}

/** The buyer's e-mail for the return's step: shipped, processing, or completed with its refund (card or invoice). */
export async function mailReturnStep(
  ctx: Ctx,
  order: Pick<OrderView, 'contactEmail' | 'locale' | 'orderNumber' | 'currencyCode' | 'paymentKind'>,
  current: Pick<ReturnView, 'rmaNumber'>,
  to: number,
  refund: number | null,
): Promise<void> {
  const reference = current.rmaNumber ?? orderNumberLabel(order.orderNumber);
  if (to === ORDER_STATUS_CODE.ReturnCompleted) {
    await mail(ctx, order, {
      kind: 'return-completed',
      reference,
      amount: { value: refund!, currency: order.currencyCode },
      to: order.paymentKind === 'card' ? 'card' : 'invoice',
    });
  } else {
    await mail(ctx, order, {
      kind: to === ORDER_STATUS_CODE.ReturnShipped ? 'return-shipped' : 'return-processing',
      reference,
    });
  }
}

/** Moves the order along with its return's step (when the transition table allows it from where the order is). */
export async function moveOrderWithReturn(ctx: Ctx, orderId: string, to: number): Promise<void> {
  await moveOrder(ctx, orderId, to, orderStatusLabel(to));
}
