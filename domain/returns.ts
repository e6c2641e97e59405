import { array, number, object, string, type InferType } from 'yup';
import { RETURN_DECISIONS, RETURN_REASONS, type ReturnReason } from './order-status';
import { round2 } from './money';
import { TAX_ON_FREIGHT, type TaxKind } from './tax';
import { plainText } from './text.schema';

/** Returns (spec sections 3 and 4): the window, the request form, the client's return items list. */

/** Days after delivery a return may be requested. */
export const RETURN_WINDOW_DAYS = 30;

/** A line of the return items list (each has an id: the order line's). */
export interface ReturnItem {
  id: string;
  quantity: number;
}

/** Return items list actions (spec section 4): add, remove by id, edit (replace by id), clear. */
export const returnItems = {
  add: (list: readonly ReturnItem[], item: ReturnItem): ReturnItem[] =>
    list.some((i) => i.id === item.id) ? returnItems.edit(list, item) : [...list, item],
  remove: (list: readonly ReturnItem[], id: string): ReturnItem[] => list.filter((i) => i.id !== id),
  edit: (list: readonly ReturnItem[], item: ReturnItem): ReturnItem[] =>
    list.map((i) => (i.id === item.id ? item : i)),
  clear: (): ReturnItem[] => [],
};

/**
 * Returned pieces that go back on the shelf when their return completes (decision 050): parts the buyer no longer
 * wants or ordered by mistake. A defective or damaged piece is not stock again, and a wrongly shipped item is not the
 * line's part (staff count it in Console → Stock).
 */
export const RESTOCKED_RETURN_REASONS: readonly ReturnReason[] = [
  'CUSTOMER_CANCELLED',
  'CUSTOMER_ORDER_MISTAKE',
];

/** Whether a return's pieces go back to stock (its reason says they are sellable). */
export const returnRestocks = (reason: string): boolean =>
  (RESTOCKED_RETURN_REASONS as readonly string[]).includes(reason);

/** Whether a delivery on `deliveredAt` may still be returned on `now` (within the window, to the day). */
export function withinReturnWindow(deliveredAt: Date | string, now = new Date()): boolean {
  const delivered = new Date(deliveredAt).getTime();
  return now.getTime() - delivered <= RETURN_WINDOW_DAYS * 86_400_000;
}

/** The return request: the lines and quantities, a reason (the spec's five) and a comment. */
export const returnRequestSchema = object({
  orderId: string().trim().required('Order is required').uuid('Order not found'),
  reason: string<ReturnReason>()
    .oneOf([...RETURN_REASONS], 'Choose a reason for the return')
    .required('Choose a reason for the return'),
  comment: string().trim().max(2000, 'Comments are limited to 2,000 characters').default('').test(plainText),
  items: array(
    object({
      id: string().trim().required('Line is required').uuid('Line not found'),
      quantity: number()
        .typeError('Quantity must be a whole number')
        .integer('Quantity must be a whole number')
        .min(1, 'Return at least one')
        .required('Quantity must be a whole number'),
    }),
  )
    .min(1, 'Choose at least one line to return')
    .max(200)
    .required('Choose at least one line to return'),
});
export type ReturnRequestInput = InferType<typeof returnRequestSchema>;

/** Staff's decision on a requested return, and the note that reaches the customer's e-mail. */
export const returnDecisionSchema = object({
  decision: string<(typeof RETURN_DECISIONS)[number]>()
    .oneOf([...RETURN_DECISIONS], 'Choose a decision')
    .required('Choose a decision'),
  note: string().trim().max(2000, 'Notes are limited to 2,000 characters').default('').test(plainText),
});
export type ReturnDecisionInput = InferType<typeof returnDecisionSchema>;

/** Where staff move an accepted return: shipped back, being checked, completed (refunded). */
export const returnAdvanceSchema = object({
  status: number()
    .typeError('A return goes to Return Shipped, Return Processing or Return Completed')
    .oneOf([8, 9, 10], 'A return goes to Return Shipped, Return Processing or Return Completed')
    .required('A return goes to Return Shipped, Return Processing or Return Completed'),
});

/** A line of the order as a refund reads it: its net (after promotions), its quantity, what returns took. */
export interface RefundLine {
  /** The line's amount less its promotions' discount (decision 079). */
  net: number;
  /** Ordered, in selling units (packs for a part sold by the pack), as the return counts. */
  quantity: number;
  /** Taken by returns completed before this one. */
  returnedBefore: number;
  /** Taken by this return. */
  returnedNow: number;
}

/**
 * What completing a return refunds (decision 079): the goods at what was paid for them, each tax by itself. A line's
 * refunded net is cumulative, round2(net × (before + now) / q) − round2(net × before / q), so a line's returns add up
 * to its net exactly, whatever the order's discount. Each tax is its rate on the cumulative returned net of the whole
 * order, less what earlier returns refunded; once everything is returned, the goods' share of a tax is the tax
 * charged less its part on the freight kept (a Canadian tax on the freight), so the refunds add up, to the cent, to
 * what the buyer paid for the goods. Every order line is given (those not in this return with `returnedNow` 0).
 */
export function returnRefund(input: {
  lines: readonly RefundLine[];
  taxes: readonly { kind: TaxKind; pct: number; amount: number }[];
  /** The freight charged, which a return keeps. */
  freight: number;
}): { goods: number; taxes: { kind: TaxKind; amount: number }[]; total: number } {
  const share = (l: RefundLine, n: number) =>
    l.quantity > 0 ? round2((l.net * Math.min(n, l.quantity)) / l.quantity) : 0;
  const sum = (values: number[]) => round2(values.reduce((a, b) => a + b, 0));
  const before = sum(input.lines.map((l) => share(l, l.returnedBefore)));
  const after = sum(input.lines.map((l) => share(l, l.returnedBefore + l.returnedNow)));
  const whole = input.lines.every((l) => l.returnedBefore + l.returnedNow >= l.quantity);
  const taxes = input.taxes.map((t) => {
    const on = (goods: number) => round2((goods * t.pct) / 100);
    const goodsShare = whole
      ? round2(t.amount - (TAX_ON_FREIGHT[t.kind] ? on(input.freight) : 0))
      : on(after);
    return { kind: t.kind, amount: Math.max(0, round2(goodsShare - on(before))) };
  });
  const goods = round2(after - before);
  return { goods, taxes, total: sum([goods, ...taxes.map((t) => t.amount)]) };
}
