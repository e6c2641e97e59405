import { describe, expect, it } from '@jest/globals';
import { ApolloLink } from '@apollo/client';
import { MockLink, type MockedResponse } from '@apollo/client/testing';
import { Observable } from 'rxjs';
import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { Profiler } from 'react';
import { freight as freightFor } from '@domain/money';
import { MockedProvider } from '@apollo/client/testing/react';
import { render } from '@testing-library/react';
import { IntlProvider } from 'react-intl';
import { MemoryRouter } from 'react-router-dom';
import enUS from '../../i18n/messages/en-US.json';
import { createCache } from '../../lib/apollo';
import { meAnswer } from '../../testing/auth';
import { CartDocument } from './graphql/cart.generated';
import { CartPage } from './CartPage';

/* Issue 51, item 4: the cart's order summary moves with its re-priced line. 9 -> 10 crosses the 10+ tier; the line
 * and the subtotal show the new price in the same render, before and after the server's answer. */

const tiers = [
  { __typename: 'PriceTier' as const, minQuantity: 1, unitPrice: 10, savingPct: 0 },
  { __typename: 'PriceTier' as const, minQuantity: 10, unitPrice: 9.5, savingPct: 5 },
];

const line = (quantity: number) => {
  const price = quantity >= 10 ? 9.5 : 10;
  return {
    __typename: 'CartLine' as const,
    cartLineId: 'l1',
    cartId: 'c1',
    itemId: 'SFU1605',
    name: 'Ball screw SFU1605',
    price,
    lineTotal: Math.round(price * quantity * 100) / 100,
    quantity,
    image: null,
    inStock: true,
    stock: {
      __typename: 'PartStock' as const,
      backorderAllowed: true,
      leadTimeDays: 10,
      warehouses: [
        {
          __typename: 'WarehouseStock' as const,
          warehouseId: 'MOO',
          name: 'Mooresville, NC',
          available: 400,
        },
      ],
    },
    manufacturerPartNumber: null,
    minimumPurchaseQuantity: 1,
    minTransfer: 1,
    unitOfMeasure: 'EA',
    allowedStates: [],
    categories: ['Motion Control'],
    configurations: [],
    priceTiers: tiers,
  };
};

/** The cart as the server prices it (no destination yet: no tax; the US freight table). */
const cart = (quantity: number, revision: number) => {
  const l = line(quantity);
  const freight = freightFor(l.lineTotal, 'US');
  return {
    __typename: 'Cart' as const,
    cartId: 'c1',
    revision,
    currencyCode: 'usd',
    subTotal: l.lineTotal,
    freightAmt: freight,
    freightRule: '',
    taxPct: 0,
    taxAmount: 0,
    taxes: [],
    taxState: null,
    total: l.lineTotal + freight,
    totalQuantity: quantity,
    hasUnpricedItem: false,
    orderLines: [l],
  };
};

describe('cart re-priced across a tier', () => {
  it('shows the line total and the subtotal of one state in every render, while the server answers and after', async () => {
    const mocks: MockedResponse[] = [
      meAnswer(null),
      { request: { query: CartDocument }, result: { data: { cart: cart(9, 1) } }, maxUsageCount: 5 },
    ];
    // The server re-prices when the test lets it answer: the renders before are the browser's own.
    const sent: unknown[] = [];
    let answer = () => undefined as void;
    const server = new ApolloLink((operation) => {
      sent.push(operation.variables);
      return new Observable((observer) => {
        answer = () => {
          observer.next({ data: { updateCart: cart(10, 2) } });
          observer.complete();
        };
      });
    });
    const link = ApolloLink.split((op) => op.operationName === 'UpdateCart', server, new MockLink(mocks));
    // Every commit of the page records what the shopper reads in the line and in the summary.
    const seen: [string, string][] = [];
    const record = () => {
      const total = document.querySelector('[data-testid="line-total"]')?.textContent;
      const subtotal = document.querySelector('[data-testid="cart-subtotal"]')?.textContent;
      if (total && subtotal) seen.push([total, subtotal]);
    };
    // The shop's own cache: the cart is one object that every cart mutation's answer replaces.
    render(
      <MockedProvider link={link} cache={createCache()}>
        <IntlProvider locale="en-US" messages={enUS}>
          <MemoryRouter initialEntries={['/cart']}>
            <Profiler id="cart" onRender={record}>
              <CartPage />
            </Profiler>
          </MemoryRouter>
        </IntlProvider>
      </MockedProvider>,
    );
    const row = await screen.findByTestId('cart-line');
    expect(within(row).getByTestId('line-total').textContent).toBe('$90.00');
    fireEvent.click(within(row).getByRole('button', { name: 'One more' }));
    const more = () => within(row).getByRole('button', { name: 'One more' }) as HTMLButtonElement;
    // Before the server answers (the stepper still waits for it): the 10+ price on the line and in the summary.
    await waitFor(() => expect(within(row).getByTestId('line-total').textContent).toBe('$95.00'));
    expect(more().disabled).toBe(true);
    expect(screen.getByTestId('cart-subtotal').textContent).toBe('$95.00');
    expect(sent).toEqual([{ items: [{ itemId: 'SFU1605', qty: 10, configurations: [] }] }]);
    // Then the server's answer (its new revision) leaves the stepper free again.
    act(() => answer());
    await waitFor(() => expect(more().disabled).toBe(false));
    expect(screen.getByTestId('cart-subtotal').textContent).toBe('$95.00');
    expect(screen.getByTestId('cart-total').textContent).toBe(`$${(95 + freightFor(95, 'US')).toFixed(2)}`);
    expect(seen.length).toBeGreaterThan(2);
    for (const [total, subtotal] of seen) expect(subtotal).toBe(total);
  });
});
