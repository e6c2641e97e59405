import { describe, expect, it, jest } from '@jest/globals';
import type { MockedResponse } from '@apollo/client/testing';
import { STOCK_MESSAGES } from '@domain/stock.schema';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { App } from 'antd';
import { GraphQLError } from 'graphql';
import { recordedMutation } from '../../testing/mutations';
import { renderRoute } from '../../testing/render';
import { AdjustStockDocument, AdminStockDocument } from './stock.generated';
import { StockView } from './StockView';

/* Console → Stock, the count form (decision 050, issue 54 item 4): a part's counts set with a reason (Saved, the
 * table read again: useStockActions.ts), a count without a reason refused before it is sent,
 * and the server's refusal of one warehouse's count next to it. */

const PART = 'SFU1605-500';
const stockRow = (moo: number) => ({
  __typename: 'StockRow' as const,
  productId: PART,
  name: 'Ball screw 1605, 500 mm',
  brand: 'Axisline',
  backorderAllowed: false,
  leadTimeDays: 10,
  minimumQuantity: 1,
  maxOrderQuantity: null,
  warehouses: [
    {
      __typename: 'StockCount' as const,
      warehouseId: 'MOO',
      name: 'Mooresville, NC',
      onHand: moo,
      reserved: 2,
      available: moo - 2,
    },
    {
      __typename: 'StockCount' as const,
      warehouseId: 'RNO',
      name: 'Reno, NV',
      onHand: 0,
      reserved: 0,
      available: 0,
    },
  ],
});
const read = (moo: number): MockedResponse => ({
  request: { query: AdminStockDocument, variables: { search: PART } },
  result: { data: { adminStock: [stockRow(moo)] } },
});

/** The count's mock: the variables sent are recorded. */
const adjust = (answer: () => unknown) => recordedMutation(AdjustStockDocument, answer);

function show(mocks: MockedResponse[]) {
  return renderRoute(
    <App>
      <StockView />
    </App>,
    { path: `/admin/stock?part=${PART}`, mocks },
  );
}

/** The part's count dialog, opened from its row. */
async function open() {
  fireEvent.click(await screen.findByRole('button', { name: `Adjust the stock of ${PART}` }));
  const dialog = within(await screen.findByRole('dialog'));
  return {
    dialog,
    moo: dialog.getByLabelText('On hand in Mooresville, NC'),
    reason: dialog.getByLabelText('Reason (a count, a delivery, damage…)'),
    save: dialog.getByRole('button', { name: 'Save the counts' }),
  };
}

/** The help (message) under a field: antd's Form.Item shows it there. */
const messageOf = (field: HTMLElement) =>
  (field.closest('.ant-form-item') as HTMLElement).querySelector('.ant-form-item-explain')?.textContent ??
  null;

// antd's console renders for seconds under CI's load: the budget QuotesView.spec.tsx gives its quote page.
jest.setTimeout(60_000);

describe('Console → Stock: the count form', () => {
  it('sets a warehouse’s count with a reason: Saved, the dialog closes and the table shows the new count', async () => {
    const { mock, sent } = adjust(() => ({ data: { adjustStock: stockRow(12) } }));
    show([read(8), mock, read(12)]);
    expect(await screen.findByText('6 available (8 on hand, 2 reserved)')).toBeTruthy();
    const { moo, reason, save } = await open();
    fireEvent.change(moo, { target: { value: '12' } });
    fireEvent.change(reason, { target: { value: 'Cycle count' } });
    fireEvent.click(save);

    expect(await screen.findByText('Saved')).toBeTruthy();
    expect(sent).toHaveBeenCalledWith({
      productId: PART,
      input: {
        levels: [
          { warehouseId: 'MOO', onHand: 12 },
          { warehouseId: 'RNO', onHand: 0 },
        ],
        reason: 'Cycle count',
      },
    });
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(await screen.findByText('10 available (12 on hand, 2 reserved)')).toBeTruthy();
  });

  it('refuses a count without a reason next to the reason, and sends nothing', async () => {
    const { mock, sent } = adjust(() => ({ data: { adjustStock: stockRow(12) } }));
    show([read(8), mock]);
    const { moo, reason, save } = await open();
    fireEvent.change(moo, { target: { value: '12' } });
    fireEvent.click(save);

    await waitFor(() => expect(messageOf(reason)).toBe(STOCK_MESSAGES.reason));
    expect(sent).not.toHaveBeenCalled();
    expect(screen.getByRole('dialog')).toBeTruthy();
  });

  it('puts the server’s refusal of a count next to that warehouse, and keeps the dialog open', async () => {
    const refusal = 'Fewer than the 2 reserved by orders: ship or cancel them first.';
    const { mock } = adjust(() => ({
      errors: [
        new GraphQLError(refusal, {
          extensions: { code: 'BAD_USER_INPUT', fields: [{ field: 'levels[0].onHand', message: refusal }] },
        }),
      ],
    }));
    show([read(8), mock]);
    const { dialog, moo, reason, save } = await open();
    fireEvent.change(moo, { target: { value: '1' } });
    fireEvent.change(reason, { target: { value: 'Damage' } });
    fireEvent.click(save);

    await waitFor(() => expect(messageOf(moo)).toBe(refusal));
    expect((await dialog.findByRole('alert')).textContent).toContain(refusal);
    expect(messageOf(dialog.getByLabelText('On hand in Reno, NV'))).toBeNull();
    expect(screen.queryByText('Saved')).toBeNull();
  });
});
