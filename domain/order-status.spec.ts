import { describe, expect, it } from '@jest/globals';
import { ORDER_STATUS_CODES, isOrderStatusCode, orderStatusLabel } from './order-status';

describe('order status labels', () => {
  it('has codes 0 to 18 with the labels shown to customers', () => {
    expect(ORDER_STATUS_CODES).toEqual(Array.from({ length: 19 }, (_, i) => i));
    expect(orderStatusLabel(0)).toBe('Open');
    expect(orderStatusLabel(2)).toBe('Partially Shipped');
    expect(orderStatusLabel(15)).toBe('Payment Requires Action');
    expect(orderStatusLabel(18)).toBe('Payment Received');
  });

  it('rejects codes outside the table', () => {
    expect(isOrderStatusCode(19)).toBe(false);
    expect(isOrderStatusCode('3')).toBe(false);
    expect(orderStatusLabel(42)).toBe('Unknown status 42');
  });
});
