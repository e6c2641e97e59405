import { describe, expect, it, jest } from '@jest/globals';
import type { MockedResponse } from '@apollo/client/testing';
import { PRICE_BREAK_MESSAGES } from '@domain/price-breaks';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { App } from 'antd';
import { GraphQLError } from 'graphql';
import { recordedMutation } from '../../testing/mutations';
import { renderRoute } from '../../testing/render';
import { ERP_MESSAGES } from '@domain/erp';
import {
  AdminProductPricesDocument,
  SetPriceBreaksDocument,
  SetProductErpItemDocument,
} from './prices.generated';
import { PricesView } from './PricesView';

/* Console → Prices, the price-break editor (decision 048, issue 54 item 4): a volume price added and saved (the
 * part's prices read again, usePriceActions.ts), and the server's refusal of one row next to that row. */

const PART = 'SFU1605-500';
const prices = (breaks: { minQuantity: number; price: number }[], erpItemId: string | null = null) => ({
  __typename: 'ProductPrices' as const,
  productId: PART,
  name: 'Ball screw 1605, 500 mm',
  erpItemId,
  lists: [
    {
      __typename: 'PriceListBreaks' as const,
      priceListId: '',
      siteId: null,
      currency: 'USD',
      price: 50,
      breaks: breaks.map((b) => ({ __typename: 'PriceBreak' as const, ...b })),
    },
  ],
});
const read = (
  breaks: { minQuantity: number; price: number }[],
  onRead?: () => void,
  erpItemId: string | null = null,
): MockedResponse => ({
  request: { query: AdminProductPricesDocument, variables: { productId: PART } },
  result: () => (onRead?.(), { data: { adminProductPrices: prices(breaks, erpItemId) } }),
});

/** The save's mock: the variables sent are recorded. */
const save = (answer: () => unknown) => recordedMutation(SetPriceBreaksDocument, answer);

function show(mocks: MockedResponse[]) {
  return renderRoute(
    <App>
      <PricesView />
    </App>,
    { path: `/admin/prices?product=${PART}`, mocks },
  );
}

/** The catalogue list's card, once the part's prices are read. */
async function catalogue() {
  const title = await screen.findByText('Catalogue prices');
  return title.closest('.ant-card') as HTMLElement;
}

// antd's console renders for seconds under CI's load: the budget QuotesView.spec.tsx gives its quote page.
jest.setTimeout(60_000);

describe('Console → Prices: the price-break editor', () => {
  it('adds a volume price, shows its saving, saves the list and reads the part again', async () => {
    const reread = jest.fn();
    const saved = [
      { minQuantity: 10, price: 45 },
      { minQuantity: 50, price: 40 },
    ];
    const { mock, sent } = save(() => ({ data: { setPriceBreaks: prices(saved) } }));
    show([read([{ minQuantity: 10, price: 45 }]), mock, read(saved, reread)]);
    const card = within(await catalogue());
    expect(card.getByText('Price for one: $50.00')).toBeTruthy();
    fireEvent.click(card.getByRole('button', { name: 'Add a volume price' }));
    // The new row starts at five times the last quantity.
    expect((card.getByLabelText('From quantity, row 2') as HTMLInputElement).value).toBe('50');
    fireEvent.change(card.getByLabelText('Unit price, row 2'), { target: { value: '40' } });
    await waitFor(() => expect(card.getByText('20%')).toBeTruthy());
    fireEvent.click(card.getByRole('button', { name: 'Save volume prices' }));

    expect(await screen.findByText('Saved')).toBeTruthy();
    expect(sent).toHaveBeenCalledWith({ productId: PART, priceListId: '', breaks: saved });
    await waitFor(() => expect(reread).toHaveBeenCalled());
  });

  it('puts the server’s refusal of a row next to that row, and the sentence above the form', async () => {
    const { mock, sent } = save(() => ({
      errors: [
        new GraphQLError(PRICE_BREAK_MESSAGES.notLower, {
          extensions: {
            code: 'BAD_USER_INPUT',
            fields: [{ field: 'breaks[1].price', message: PRICE_BREAK_MESSAGES.notLower }],
          },
        }),
      ],
    }));
    show([read([{ minQuantity: 10, price: 45 }]), mock]);
    const card = within(await catalogue());
    fireEvent.click(card.getByRole('button', { name: 'Add a volume price' }));
    fireEvent.change(card.getByLabelText('Unit price, row 2'), { target: { value: '46' } });
    fireEvent.click(card.getByRole('button', { name: 'Save volume prices' }));

    expect((await card.findByRole('alert')).textContent).toContain(PRICE_BREAK_MESSAGES.notLower);
    const row2 = card.getByLabelText('Unit price, row 2').closest('.ant-form-item') as HTMLElement;
    expect(within(row2).getByText(PRICE_BREAK_MESSAGES.notLower)).toBeTruthy();
    const row1 = card.getByLabelText('Unit price, row 1').closest('.ant-form-item') as HTMLElement;
    expect(within(row1).queryByText(PRICE_BREAK_MESSAGES.notLower)).toBeNull();
    expect(sent).toHaveBeenCalledWith({
      productId: PART,
      priceListId: '',
      breaks: [
        { minQuantity: 10, price: 45 },
        { minQuantity: 50, price: 46 },
      ],
    });
    expect(screen.queryByText('Saved')).toBeNull();
  });
});

/* The part's ERP item number (decision 071): what the order events give the ERP for its lines. */
describe('Console → Prices: the ERP item number', () => {
  it('saves the number typed, and shows the part number stands for it while empty', async () => {
    const { mock, sent } = recordedMutation(SetProductErpItemDocument, () => ({
      data: { setProductErpItem: prices([], 'ITM-7781') },
    }));
    const reread = jest.fn();
    show([read([]), mock, read([], reread, 'ITM-7781')]);
    const field = (await screen.findByLabelText('ERP item number')) as HTMLInputElement;
    expect(field.value).toBe('');
    expect(
      screen.getByText(`Leave it empty when the ERP knows this part by its part number, ${PART}.`),
    ).toBeTruthy();
    fireEvent.change(field, { target: { value: ' ITM-7781 ' } });
    fireEvent.click(screen.getByRole('button', { name: 'Save ERP item number' }));

    expect(await screen.findByText('Saved')).toBeTruthy();
    expect(sent).toHaveBeenCalledWith({ productId: PART, erpItemId: 'ITM-7781' });
    await waitFor(() => expect(reread).toHaveBeenCalled());
    await waitFor(() =>
      expect((screen.getByLabelText('ERP item number') as HTMLInputElement).value).toBe('ITM-7781'),
    );
  });

  it('refuses a number longer than 64 characters next to the field, sending nothing', async () => {
    const { mock, sent } = recordedMutation(SetProductErpItemDocument, () => ({
      data: { setProductErpItem: prices([]) },
    }));
    show([read([]), mock]);
    fireEvent.change(await screen.findByLabelText('ERP item number'), { target: { value: 'X'.repeat(65) } });
    fireEvent.click(screen.getByRole('button', { name: 'Save ERP item number' }));

    expect(await screen.findByText(ERP_MESSAGES.itemIdTooLong)).toBeTruthy();
    expect(sent).not.toHaveBeenCalled();
  });
});
