import { describe, expect, it } from '@jest/globals';
import {
  acknowledgeOrderSchema,
  editedErpOrderId,
  ERP_MESSAGES,
  erpItemFieldSchema,
  erpOrderIdShown,
} from './erp';
import { ONE_LINE_MESSAGE } from './text.schema';

const problem = (schema: { validateSync(v: unknown): unknown }, value: unknown) => {
  try {
    schema.validateSync(value);
    return null;
  } catch (err) {
    return (err as Error).message;
  }
};

describe('the ERP ids (decision 071)', () => {
  it('shows an order not acknowledged with its own number, and saving that leaves it unacknowledged', () => {
    const waiting = { erpOrderId: null, orderNumber: '100042' };
    expect(erpOrderIdShown(waiting)).toBe('100042');
    expect(editedErpOrderId(waiting, '100042')).toBeNull();
    expect(editedErpOrderId(waiting, 'SO-7')).toBe('SO-7');
    const acknowledged = { erpOrderId: 'SO-7', orderNumber: '100042' };
    expect(erpOrderIdShown(acknowledged)).toBe('SO-7');
    // Once the ERP gave its number, whatever staff save is the ERP's number (even the order's own).
    expect(editedErpOrderId(acknowledged, '100042')).toBe('100042');
  });

  it('keeps ERP ids to one line of at most 64 characters; an empty item number is none', () => {
    expect(erpItemFieldSchema.validateSync({ erpItemId: '  ITM-1 ' })).toEqual({ erpItemId: 'ITM-1' });
    expect(erpItemFieldSchema.validateSync({})).toEqual({ erpItemId: '' });
    expect(problem(erpItemFieldSchema, { erpItemId: 'X'.repeat(65) })).toBe(ERP_MESSAGES.itemIdTooLong);
    expect(problem(erpItemFieldSchema, { erpItemId: 'ITM\t1' })).toBe(ONE_LINE_MESSAGE);
    expect(problem(acknowledgeOrderSchema, { erpOrderId: ' ' })).toBe(ERP_MESSAGES.erpOrderIdRequired);
    expect(problem(acknowledgeOrderSchema, { erpOrderId: 'S'.repeat(65) })).toBe(
      ERP_MESSAGES.erpOrderIdTooLong,
    );
  });
});
