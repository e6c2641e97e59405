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
import { meAnswer, signedInUser } from '../../testing/auth';
import { MyCompanyDocument } from '../company';
import { CartDocument } from './graphql/cart.generated';
import type { ReactElement } from 'react';
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
    discount: 0,
    netLineTotal: Math.round(price * quantity * 100) / 100,
    priceSource: 'catalogue',
    priceListId: null,
    brandId: null,
    categoryHandle: null,
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
    maxOrderQuantity: null,
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
    discountTotal: 0,
    freightDiscount: 0,
    promotions: [],
    codes: [],
    promotionRules: [],
    orderLines: [l],
  };
};

/** The page in the shop's own cache: the cart is one object that every cart mutation's answer replaces. */
const renderCart = (ui: ReactElement, link: ApolloLink) =>
  render(
    <MockedProvider link={link} cache={createCache()}>
      <IntlProvider locale="en-US" messages={enUS}>
        <MemoryRouter initialEntries={['/cart']}>{ui}</MemoryRouter>
      </IntlProvider>
    </MockedProvider>,
  );

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
    renderCart(
      <Profiler id="cart" onRender={record}>
        <CartPage />
      </Profiler>,
      link,
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

const member = (role: string) => ({
  __typename: 'CompanyMember' as const,
  userId: 'u1',
  email: 'ada@plant.example',
  firstName: 'Ada',
  lastName: 'Ng',
  role,
  orderLimit: null,
  monthlyLimit: null,
});
const company = (role: string) => ({
  __typename: 'Company' as const,
  id: 'co1',
  name: 'Northwind Fabrication',
  erpAccountId: null,
  me: member(role),
  members: [member(role)],
  invitations: [],
  spentThisMonth: 0,
  currency: 'usd',
  exchangeRate: 1,
  approvalsWaiting: 0,
  shipToLocationsOnly: false,
  addresses: [],
});
const listFields = {
  __typename: 'SavedList' as const,
  id: 'list-1',
  description: '',
  sharing: 'read',
  itemCount: 0,
  mine: true,
  ownerName: null,
  canEdit: true,
  updatedAt: '2026-12-02T00:00:00.000Z',
};

describe('a company viewer in the cart', () => {
  const signedIn = (role: string) =>
    new MockLink([
      meAnswer(
        signedInUser({
          accounts: [{ id: 'a1', company: 'Northwind Fabrication', netTermsDays: 30 }],
        }),
      ),
      { request: { query: CartDocument }, result: { data: { cart: cart(9, 1) } } },
      { request: { query: MyCompanyDocument }, result: { data: { myCompany: company(role) } } },
    ]);

  it('is told before checkout that viewers cannot order, and sends the cart to a buyer as a shared list', async () => {
    // The saved-list calls the store receives, answered as the server does.
    const calls: { operation: string; variables: Record<string, unknown> }[] = [];
    const lists = new ApolloLink((op) => {
      calls.push({ operation: op.operationName!, variables: op.variables });
      const input = op.variables.input as { name: string } | undefined;
      return new Observable((observer) => {
        observer.next({
          data:
            op.operationName === 'CreateSavedList'
              ? { createSavedList: { ...listFields, name: input!.name } }
              : { addToSavedList: { ...listFields, name: 'x', itemCount: 1 } },
        });
        observer.complete();
      });
    });
    renderCart(
      <CartPage />,
      ApolloLink.split((op) => /SavedList$/.test(op.operationName ?? ''), lists, signedIn('Viewer')),
    );
    const notice = await screen.findByTestId('viewer-notice');
    expect(notice.textContent).toContain('Viewers cannot place orders for your company.');
    expect(screen.queryByRole('link', { name: 'Proceed to Checkout' })).toBeNull();
    fireEvent.click(within(notice).getByRole('button', { name: 'Send to a buyer' }));
    const sent = await within(notice).findByRole('status');
    expect(calls).toEqual([
      {
        operation: 'CreateSavedList',
        variables: {
          input: { name: expect.stringMatching(/^Cart for a buyer, /), description: '', sharing: 'read' },
        },
      },
      {
        operation: 'AddToSavedList',
        variables: { listId: 'list-1', items: [{ itemId: 'SFU1605', qty: 9, configurations: [] }] },
      },
    ]);
    expect(sent.textContent).toMatch(
      /^Saved as “Cart for a buyer, .+” and shared with your company: its buyers see it under Saved Lists\./,
    );
    expect(within(sent).getByRole('link', { name: 'Open the list' }).getAttribute('href')).toBe(
      '/user/account/lists/list-1',
    );
  });

  it("keeps Checkout for the company's buyer", async () => {
    renderCart(<CartPage />, signedIn('Buyer'));
    expect(await screen.findByRole('link', { name: 'Proceed to Checkout' })).toBeTruthy();
    expect(screen.queryByTestId('viewer-notice')).toBeNull();
  });
});
