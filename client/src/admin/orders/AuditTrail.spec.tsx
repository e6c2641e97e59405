import { describe, expect, it } from '@jest/globals';
import { screen } from '@testing-library/react';
import { renderRoute } from '../../testing/render';
import { AuditTrail } from './AuditTrail';

describe('AuditTrail (issue 28, item 5)', () => {
  it('shows a status change by its labels, and other changes as they are', async () => {
    renderRoute(
      <AuditTrail
        entries={
          [
            {
              __typename: 'OrderAuditEntry',
              actorEmail: 'cs@axisline.example',
              action: 'order.edit',
              at: '2026-11-25T10:00:00.000Z',
              changes: [
                { __typename: 'AuditChange', field: 'status', before: 18, after: 1 },
                { __typename: 'AuditChange', field: 'erpOrderId', before: '100123', after: 'ERP-5521' },
              ],
            },
          ] as never
        }
      />,
    );
    expect(await screen.findByText(/Payment Received → Processing/)).toBeTruthy();
    expect(screen.getByText(/100123 → ERP-5521/)).toBeTruthy();
    expect(screen.queryByText(/18 → 1/)).toBeNull();
  });
});
