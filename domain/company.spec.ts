import { describe, expect, it } from '@jest/globals';
import {
  approvalDecisionSchema,
  approvalReason,
  approvalReasonAcross,
  COMPANY_CAN,
  COMPANY_ROLES,
} from './company';

describe('spending limits (decision 044)', () => {
  const limits = { orderLimit: 500, monthlyLimit: 2000 };

  it('lets an order up to the order limit through, and holds one a cent over', () => {
    expect(approvalReason(500, limits, 0)).toBeNull();
    expect(approvalReason(500.01, limits, 0)).toEqual({ kind: 'order', limit: 500 });
  });

  it('counts the month: what was placed and this order together', () => {
    expect(approvalReason(400, limits, 1600)).toBeNull();
    expect(approvalReason(400.01, limits, 1600)).toEqual({ kind: 'month', limit: 2000, spent: 1600 });
  });

  it('counts in cents: an order that brings the month exactly to the limit passes', () => {
    expect(approvalReason(91.43, { orderLimit: null, monthlyLimit: 123.45 }, 32.02)).toBeNull();
    expect(approvalReason(91.44, { orderLimit: null, monthlyLimit: 123.45 }, 32.02)).toMatchObject({
      kind: 'month',
    });
  });

  it('names the order limit first when both are passed', () => {
    expect(approvalReason(600, limits, 1900)).toEqual({ kind: 'order', limit: 500 });
  });

  it('reads no limit as none, and a zero limit as approval for every order', () => {
    expect(approvalReason(1_000_000, { orderLimit: null, monthlyLimit: null }, 5_000_000)).toBeNull();
    expect(approvalReason(0.01, { orderLimit: 0, monthlyLimit: null }, 0)).toEqual({
      kind: 'order',
      limit: 0,
    });
  });
});

describe('company roles', () => {
  it('lets every role but the viewer buy, and admins and approvers approve', () => {
    const { Admin, Approver, Buyer, Viewer } = COMPANY_ROLES;
    expect([Admin, Approver, Buyer, Viewer].map(COMPANY_CAN.buy)).toEqual([true, true, true, false]);
    expect([Admin, Approver, Buyer, Viewer].map(COMPANY_CAN.approve)).toEqual([true, true, false, false]);
    expect([Admin, Approver, Buyer, Viewer].map(COMPANY_CAN.seeOrders)).toEqual([true, true, false, true]);
  });
});

describe('an approval decision', () => {
  it('needs a note to reject, and none to approve', () => {
    expect(() => approvalDecisionSchema.validateSync({ approve: false, note: '  ' })).toThrow(
      'Tell the buyer why the order is rejected.',
    );
    expect(approvalDecisionSchema.validateSync({ approve: true })).toEqual({ approve: true, note: '' });
    expect(() => approvalDecisionSchema.validateSync({ approve: true, note: 'x'.repeat(1001) })).toThrow(
      'Keep the note under 1,000 characters.',
    );
  });
});

describe('spending limits across currencies (decision 052)', () => {
  const limits = { orderLimit: 500, monthlyLimit: 2000 };

  it('converts the order into the limits’ currency before comparing', () => {
    // 600 CAD at 0.73 is 438 USD: within a 500 USD order limit.
    expect(approvalReasonAcross(600, 0.73, limits, 0)).toBeNull();
    expect(approvalReasonAcross(700, 0.73, limits, 0)).toEqual({ kind: 'order', limit: 500 });
    expect(approvalReasonAcross(600, 0.73, limits, 1600)).toMatchObject({ kind: 'month', limit: 2000 });
  });

  it('waits for an approver when an amount cannot be converted, never when there is no limit', () => {
    expect(approvalReasonAcross(1, null, limits, 0)).toEqual({ kind: 'order', limit: 500 });
    expect(approvalReasonAcross(1, 1, { orderLimit: null, monthlyLimit: 10 }, null)).toEqual({
      kind: 'month',
      limit: 10,
      spent: 0,
    });
    // Only an order limit: what this month's orders were does not matter.
    expect(approvalReasonAcross(1, 1, { orderLimit: 10, monthlyLimit: null }, null)).toBeNull();
    expect(approvalReasonAcross(1, null, { orderLimit: null, monthlyLimit: null }, null)).toBeNull();
  });
});

describe('spending limits when this month cannot be counted', () => {
  it('still checks the order limit first, then waits over the monthly limit', () => {
    const limits = { orderLimit: 1000, monthlyLimit: 5000 };
    expect(approvalReasonAcross(1200, 1, limits, null)).toEqual({ kind: 'order', limit: 1000 });
    expect(approvalReasonAcross(50, 0.73, limits, null)).toEqual({ kind: 'month', limit: 5000, spent: 0 });
  });
});
