import { describe, expect, it } from '@jest/globals';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { CartDocument } from '../../features/cart/graphql/cart.generated';
import { ParentCategoriesDocument } from '../../features/catalog/graphql/catalog.generated';
import { renderRoute } from '../../testing/render';
import { Header } from './Header';

const mocks = [
  {
    request: { query: ParentCategoriesDocument },
    result: {
      data: {
        parentCategories: [
          {
            __typename: 'Category' as const,
            id: 'c1',
            handle: 'motion-control',
            name: 'Motion Control',
            subtitle: null,
            image: null,
          },
          {
            __typename: 'Category' as const,
            id: 'c2',
            handle: 'bearings',
            name: 'Bearings',
            subtitle: null,
            image: null,
          },
        ],
      },
    },
  },
];

describe('Header', () => {
  it('shows Sign In, Sign Up and the cart count even at 0', async () => {
    renderRoute(<Header />, { mocks });
    expect(await screen.findByRole('link', { name: 'Cart, 0 items' })).toBeTruthy();
    expect(screen.getByTestId('cart-count').textContent).toBe('0');
    expect(screen.getAllByRole('link', { name: 'Sign In' }).length).toBeGreaterThan(0);
    expect(screen.getAllByRole('link', { name: 'Sign Up' }).length).toBeGreaterThan(0);
  });

  it('counts the sum of the line quantities once the cart is known', async () => {
    const cart = {
      __typename: 'Cart' as const,
      cartId: 'c1',
      currencyCode: 'usd',
      subTotal: 30,
      freightAmt: 7.5,
      freightRule: '',
      taxPct: 0,
      taxAmount: 0,
      taxState: null,
      total: 37.5,
      totalQuantity: 3,
      hasUnpricedItem: false,
      orderLines: [],
    };
    renderRoute(<Header />, {
      mocks: [...mocks, { request: { query: CartDocument }, result: { data: { cart } } }],
    });
    expect(await screen.findByRole('link', { name: 'Cart, 3 items' })).toBeTruthy();
  });

  it('lists the parent categories under Products, plus All Products', async () => {
    renderRoute(<Header />, { mocks });
    const nav = screen.getByRole('navigation', { name: 'Main menu' });
    await waitFor(() => expect(within(nav).getByRole('link', { name: 'Motion Control' })).toBeTruthy());
    expect(within(nav).getByRole('link', { name: 'Motion Control' }).getAttribute('href')).toBe(
      '/product/category/motion-control',
    );
    expect(within(nav).getByRole('link', { name: 'All Products' })).toBeTruthy();
  });

  it('opens the mobile menu with accordion sections and closes it when a link is clicked', async () => {
    renderRoute(<Header />, { mocks });
    fireEvent.click(screen.getByRole('button', { name: 'Open menu' }));
    const menu = document.getElementById('mobile-menu')!;
    const products = within(menu).getByRole('button', { name: 'Products' });
    expect(products.getAttribute('aria-expanded')).toBe('false');
    fireEvent.click(products);
    expect(products.getAttribute('aria-expanded')).toBe('true');
    fireEvent.click(await within(menu).findByRole('link', { name: 'Bearings' }));
    expect(document.getElementById('mobile-menu')).toBeNull();
  });

  it('closes the mobile menu when the cart is clicked', async () => {
    renderRoute(<Header />, { mocks });
    fireEvent.click(screen.getByRole('button', { name: 'Open menu' }));
    fireEvent.click(screen.getByRole('link', { name: 'Cart, 0 items' }));
    expect(document.getElementById('mobile-menu')).toBeNull();
  });

  it('a menu says whether it is open; Escape closes it and gives the focus back to its trigger', async () => {
    renderRoute(<Header />, { mocks });
    const nav = screen.getByRole('navigation', { name: 'Main menu' });
    const trigger = within(nav).getAllByRole('button')[0]!;
    expect(trigger.getAttribute('aria-expanded')).toBe('false');
    fireEvent.focus(trigger);
    expect(trigger.getAttribute('aria-expanded')).toBe('true');
    fireEvent.keyDown(trigger, { key: 'Escape' });
    expect(trigger.getAttribute('aria-expanded')).toBe('false');
    expect(trigger.closest('li')!.className).toContain('is-dismissed');
    expect(document.activeElement).toBe(trigger);
    fireEvent.click(trigger);
    expect(trigger.getAttribute('aria-expanded')).toBe('true');
  });

  it('closes the phone menu with Escape, the focus back on its button', () => {
    renderRoute(<Header />, { mocks });
    const button = screen.getByRole('button', { name: 'Open menu' });
    fireEvent.click(button);
    expect(document.getElementById('mobile-menu')).not.toBeNull();
    fireEvent.keyDown(document, { key: 'Escape' });
    expect(document.getElementById('mobile-menu')).toBeNull();
    expect(document.activeElement).toBe(button);
  });
});
