import { describe, expect, it } from '@jest/globals';
import {
  canTransition,
  orderStatusGroup,
  orderStatusMatches,
  DELIVERY_STATUSES,
  LINE_ITEM_SHIPMENT_STATUSES,
  ORDER_STATUS,
  ORDER_STATUS_CODE,
  ORDER_STATUS_CODES,
  PAYMENT_STATUSES,
  RECORD_VALIDITY,
  RETURN_DECISIONS,
  RETURN_REASONS,
  RETURN_STATUSES,
  SHIPMENT_STATUSES,
  isOrderStatusCode,
  orderStatusLabel,
} from './order-status';

describe('order status labels', () => {
  it('has codes 0 to 19 with the labels shown to customers, verbatim', () => {
    expect(ORDER_STATUS_CODES).toEqual(Array.from({ length: 20 }, (_, i) => i));
    expect(ORDER_STATUS_CODES.map(orderStatusLabel)).toEqual([
      'Open',
      'Processing',
      'Partially Shipped',
      'Shipped',
      'Delivered',
      'Return Requested',
      'Return Approved',
      'Return Rejected',
      'Return Shipped',
      'Return Processing',
      'Return Completed',
      'Dispute Opened',
      'Dispute Processing',
      'Dispute Settled',
      'Payment Failed',
      'Payment Requires Action',
      'Order Cancelled',
      'Order Deleted',
      'Payment Received',
      'Awaiting Approval',
    ]);
  });

  it('shows status 18 (Authorized) as Payment Received', () => {
    expect(ORDER_STATUS_CODE.Authorized).toBe(18);
    expect(orderStatusLabel(ORDER_STATUS_CODE.Authorized)).toBe('Payment Received');
  });

  it('names every code once, in order', () => {
    expect(Object.values(ORDER_STATUS_CODE)).toEqual(ORDER_STATUS_CODES);
    for (const [name, code] of Object.entries(ORDER_STATUS_CODE)) {
      if (name !== 'Authorized') expect(ORDER_STATUS[code].replace(/ /g, '')).toBe(name);
    }
  });

  it('rejects codes outside the table', () => {
    expect(isOrderStatusCode(-1)).toBe(false);
    expect(isOrderStatusCode(20)).toBe(false);
    expect(isOrderStatusCode(1.5)).toBe(false);
    expect(isOrderStatusCode('3')).toBe(false);
    expect(isOrderStatusCode(null)).toBe(false);
    expect(isOrderStatusCode(0)).toBe(true);
    expect(orderStatusLabel(42)).toBe('Unknown status 42');
  });
});

describe('other status enumerations', () => {
  it('match the specification verbatim', () => {
    expect(DELIVERY_STATUSES).toEqual(['NO_DELIVERY', 'PARTIALLY_DELIVERED', 'DELIVERED']);
    expect(PAYMENT_STATUSES).toEqual([
      'AUTHORIZED',
      'PENDING',
      'PAYMENT_REQUIRES_ACTION',
      'FAILED',
      'REFUNDED',
      'PARTIALLY_REFUNDED',
      'PAID',
      'PARTIALLY_PAID',
    ]);
    expect(RETURN_STATUSES).toEqual(['NO_RETURN', 'IN_PROGRESS', 'PARTIALLY_RETURNED', 'RETURNED']);
    expect(SHIPMENT_STATUSES).toEqual(['UNSHIPPED', 'PARTIALLY_SHIPPED', 'SHIPPED']);
    expect(RETURN_DECISIONS).toEqual(['RETURN_ACCEPTED', 'RETURN_REJECTED', 'RETURN_PENDING']);
    expect(RETURN_REASONS).toEqual([
      'CUSTOMER_CANCELLED',
      'CUSTOMER_ORDER_MISTAKE',
      'DEFECTIVE_PRODUCT',
      'PRODUCT_DAMAGED_IN_TRANSIT',
      'INCORRECT_ITEM_SHIPPED',
    ]);
    expect(LINE_ITEM_SHIPMENT_STATUSES).toEqual(['SHIPPED', 'DELIVERED']);
    expect(RECORD_VALIDITY).toEqual({ 0: 'Valid', 1: 'Locked', 2: 'Expired', 3: 'Pending' });
  });
});

describe('order status transitions', () => {
  it('lets payment move an open order, fulfilment follow payment, and nothing leave a completed return', () => {
    expect(canTransition(0, 18)).toBe(true);
    expect(canTransition(14, 18)).toBe(true);
    expect(canTransition(15, 18)).toBe(true);
    expect(canTransition(18, 1)).toBe(true);
    expect(canTransition(0, 3)).toBe(false);
    expect(canTransition(4, 0)).toBe(false);
    expect(canTransition(10, 5)).toBe(false);
    expect(canTransition(99, 0)).toBe(false);
  });

  it('holds an order over a company limit for approval, then pays, takes the purchase order or cancels it', () => {
    expect(canTransition(0, 19)).toBe(true);
    expect([18, 14, 15, 1, 16].every((to) => canTransition(19, to))).toBe(true);
    expect(canTransition(19, 0)).toBe(false);
    expect(canTransition(19, 3)).toBe(false);
    // Paid later over a limit, an unpaid order waits as a placed one does (issue 52); a paid one never goes back.
    expect(canTransition(14, 19)).toBe(true);
    expect(canTransition(15, 19)).toBe(true);
    expect(canTransition(18, 19)).toBe(false);
    expect(canTransition(1, 19)).toBe(false);
    expect(orderStatusGroup(19)).toBe('in-progress');
  });
});

describe('the console finds and colours statuses (issue 28, item 6)', () => {
  it('matches part of a label, any case, or the code', () => {
    const found = (typed: string) => ORDER_STATUS_CODES.filter((c) => orderStatusMatches(c, typed));
    expect(found('Proc')).toEqual([1, 9, 12]);
    expect(found('payment f')).toEqual([14]);
    expect(found('18')).toEqual([18]);
    expect(found('')).toEqual(ORDER_STATUS_CODES);
  });

  it('groups payment problems, work in progress, done, and closed', () => {
    expect([14, 15].map(orderStatusGroup)).toEqual(['payment-problem', 'payment-problem']);
    expect([0, 1, 2, 3, 18, 5].map(orderStatusGroup)).toEqual(Array(6).fill('in-progress'));
    expect([4, 10, 13].map(orderStatusGroup)).toEqual(['done', 'done', 'done']);
    expect([7, 16, 17].map(orderStatusGroup)).toEqual(['closed', 'closed', 'closed']);
  });
});
