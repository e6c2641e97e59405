import { expect, type Locator, type Page } from '@playwright/test';

/** /cart as a shopper uses it. */
export class CartPage {
  readonly lines: Locator;
  readonly subtotal: Locator;
  readonly freight: Locator;
  readonly total: Locator;

  constructor(readonly page: Page) {
    this.lines = page.getByTestId('cart-line');
    this.subtotal = page.getByTestId('cart-subtotal');
    this.freight = page.getByTestId('cart-freight');
    this.total = page.getByTestId('cart-total');
  }

  async open() {
    await this.page.goto('/cart');
    await expect(this.page.getByRole('heading', { name: 'Cart', level: 1 })).toBeVisible();
  }

  line(name: string | RegExp): Locator {
    return this.lines.filter({ hasText: name });
  }

  /** Dollars in a total's text ($1,234.50 -> 1234.5). */
  static amount(text: string | null): number {
    return Number((text ?? '').replace(/[^0-9.]/g, ''));
  }
}

/** Adds the product on its detail page (configured first by `configure`), waiting for the toast. */
export async function addFromProductPage(page: Page, id: string, configure?: () => Promise<void>) {
  await page.goto(`/product/detail/${encodeURIComponent(id)}`);
  await configure?.();
  await page.getByRole('button', { name: 'Add to Cart' }).click();
  await expect(page.getByText(/was added to your cart/).last()).toBeVisible();
}
