/** Order status codes and the labels shown (spec section 4), and the other status enumerations. */
export const ORDER_STATUS = {
  0: 'Open',
  1: 'Processing',
  2: 'Partially Shipped',
  3: 'Shipped',
  4: 'Delivered',
  5: 'Return Requested',
  6: 'Return Approved',
  7: 'Return Rejected',
  8: 'Return Shipped',
  9: 'Return Processing',
  10: 'Return Completed',
  11: 'Dispute Opened',
  12: 'Dispute Processing',
  13: 'Dispute Settled',
  14: 'Payment Failed',
  15: 'Payment Requires Action',
  16: 'Order Cancelled',
  17: 'Order Deleted',
  /** Status "Authorized", displayed as Payment Received. */
  18: 'Payment Received',
  /**
   * Extension of the spec's table (issue 31, decision 044): a company buyer's order over a spending limit, placed
   * and waiting for an approver of their company; no payment is taken until it is approved.
   */
  19: 'Awaiting Approval',
} as const;

export type OrderStatusCode = keyof typeof ORDER_STATUS;
export const ORDER_STATUS_CODES = Object.keys(ORDER_STATUS).map(Number) as OrderStatusCode[];

/** The codes by name; 18 is "Authorized" internally and shown as "Payment Received". */
export const ORDER_STATUS_CODE = {
  Open: 0,
  Processing: 1,
  PartiallyShipped: 2,
  Shipped: 3,
  Delivered: 4,
  ReturnRequested: 5,
  ReturnApproved: 6,
  ReturnRejected: 7,
  ReturnShipped: 8,
  ReturnProcessing: 9,
  ReturnCompleted: 10,
  DisputeOpened: 11,
  DisputeProcessing: 12,
  DisputeSettled: 13,
  PaymentFailed: 14,
  PaymentRequiresAction: 15,
  OrderCancelled: 16,
  OrderDeleted: 17,
  Authorized: 18,
  AwaitingApproval: 19,
} as const satisfies Record<string, OrderStatusCode>;

/** Orders waiting for a payment the buyer can make (Pay now): failed, or waiting for the bank's check. */
export const AWAITING_PAYMENT: readonly number[] = [
  ORDER_STATUS_CODE.PaymentFailed,
  ORDER_STATUS_CODE.PaymentRequiresAction,
];

/** Orders the buyer may still cancel: nothing has shipped (open, awaiting approval or payment, paid, processing). */
export const CANCELLABLE_BY_BUYER: readonly number[] = [
  ORDER_STATUS_CODE.Open,
  ORDER_STATUS_CODE.AwaitingApproval,
  ...AWAITING_PAYMENT,
  ORDER_STATUS_CODE.Authorized,
  ORDER_STATUS_CODE.Processing,
];

export function isOrderStatusCode(code: unknown): code is OrderStatusCode {
  return typeof code === 'number' && Object.prototype.hasOwnProperty.call(ORDER_STATUS, code);
}

export function orderStatusLabel(code: number): string {
  return isOrderStatusCode(code) ? ORDER_STATUS[code] : `Unknown status ${code}`;
}

export const DELIVERY_STATUSES = ['NO_DELIVERY', 'PARTIALLY_DELIVERED', 'DELIVERED'] as const;
export const PAYMENT_STATUSES = [
  'AUTHORIZED',
  'PENDING',
  'PAYMENT_REQUIRES_ACTION',
  'FAILED',
  'REFUNDED',
  'PARTIALLY_REFUNDED',
  'PAID',
  'PARTIALLY_PAID',
] as const;
export const RETURN_STATUSES = ['NO_RETURN', 'IN_PROGRESS', 'PARTIALLY_RETURNED', 'RETURNED'] as const;
export const SHIPMENT_STATUSES = ['UNSHIPPED', 'PARTIALLY_SHIPPED', 'SHIPPED'] as const;
export const RETURN_DECISIONS = ['RETURN_ACCEPTED', 'RETURN_REJECTED', 'RETURN_PENDING'] as const;
export const RETURN_REASONS = [
  'CUSTOMER_CANCELLED',
  'CUSTOMER_ORDER_MISTAKE',
  'DEFECTIVE_PRODUCT',
  'PRODUCT_DAMAGED_IN_TRANSIT',
  'INCORRECT_ITEM_SHIPPED',
] as const;
export const LINE_ITEM_SHIPMENT_STATUSES = ['SHIPPED', 'DELIVERED'] as const;

export type DeliveryStatus = (typeof DELIVERY_STATUSES)[number];
export type PaymentStatus = (typeof PAYMENT_STATUSES)[number];
export type ReturnStatus = (typeof RETURN_STATUSES)[number];
export type ShipmentStatus = (typeof SHIPMENT_STATUSES)[number];
export type ReturnDecision = (typeof RETURN_DECISIONS)[number];
export type ReturnReason = (typeof RETURN_REASONS)[number];
export type LineItemShipmentStatus = (typeof LINE_ITEM_SHIPMENT_STATUSES)[number];

/** Record validity of users and other records. */
export const RECORD_VALIDITY = { 0: 'Valid', 1: 'Locked', 2: 'Expired', 3: 'Pending' } as const;
export type RecordValidity = keyof typeof RECORD_VALIDITY;

/**
 * Allowed order status transitions (the spec does not show them: docs/decisions/011-cart-checkout-orders.md).
 * Payment: Open -> Payment Received (18), Payment Failed (14) or Payment Requires Action (15); a failed or
 * pending payment may be retried, with a card or (accounts on net terms) a purchase order, which goes to
 * Processing as one placed with a purchase order does; an unpaid order is cancelled after a while. Fulfilment: Payment Received ->
 * (Processing ->) (Partially) Shipped -> Delivered, the shipping statuses set by shipments only (domain/fulfilment.ts).
 * Returns and disputes follow a delivery. Cancelled orders
 * may be deleted. Company orders over a limit (decision 044): Open -> Awaiting Approval (19); approved, it is paid
 * as a placed order is (Payment Received, Payment Failed, Payment Requires Action, or Processing on a purchase
 * order); rejected, it is cancelled. An order paid later waits the same way when its payment is over a limit
 * (Payment Failed or Payment Requires Action -> Awaiting Approval, issue 52).
 */
export const ORDER_TRANSITIONS: Readonly<Record<OrderStatusCode, readonly OrderStatusCode[]>> = {
  0: [18, 14, 15, 1, 16, 19],
  19: [18, 14, 15, 1, 16],
  14: [18, 15, 14, 1, 16, 19],
  15: [18, 14, 1, 16, 19],
  18: [1, 2, 3, 16],
  1: [2, 3, 16],
  2: [3],
  3: [4],
  4: [5, 11],
  5: [6, 7],
  6: [8],
  7: [11],
  8: [9],
  9: [10],
  10: [],
  11: [12],
  12: [13],
  13: [],
  16: [17],
  17: [],
};

export function canTransition(from: number, to: number): boolean {
  return isOrderStatusCode(from) && isOrderStatusCode(to) && ORDER_TRANSITIONS[from].includes(to);
}

/** How the console colours a status: payment problems, in progress, done, and cancelled or refused. */
export type OrderStatusGroup = 'payment-problem' | 'in-progress' | 'done' | 'closed';

export function orderStatusGroup(code: number): OrderStatusGroup {
  if (code === ORDER_STATUS_CODE.PaymentFailed || code === ORDER_STATUS_CODE.PaymentRequiresAction) {
    return 'payment-problem';
  }
  if (
    code === ORDER_STATUS_CODE.Delivered ||
    code === ORDER_STATUS_CODE.ReturnCompleted ||
    code === ORDER_STATUS_CODE.DisputeSettled
  ) {
    return 'done';
  }
  if (
    code === ORDER_STATUS_CODE.OrderCancelled ||
    code === ORDER_STATUS_CODE.OrderDeleted ||
    code === ORDER_STATUS_CODE.ReturnRejected
  ) {
    return 'closed';
  }
  return 'in-progress';
}

/** True when a status matches what an operator typed: part of its label ("Proc", "payment f") or its code. */
export function orderStatusMatches(code: number, typed: string): boolean {
  const q = typed.trim().toLowerCase();
  return !q || String(code) === q || orderStatusLabel(code).toLowerCase().includes(q);
}
