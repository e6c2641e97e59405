import { expect, type Locator, type Page } from '@playwright/test';
import { HYDRATED_FLAG } from '../../domain/ssr';

/** The shop's frame: header, menus and footer, as a shopper sees them. */
export class ShopPage {
  readonly header: Locator;
  readonly footer: Locator;
  readonly mainMenu: Locator;
  readonly search: Locator;
  readonly cart: Locator;

  constructor(readonly page: Page) {
    this.header = page.locator('header.header');
    this.footer = page.locator('footer.footer');
    this.mainMenu = page.getByRole('navigation', { name: 'Main menu' });
    this.search = page.getByRole('combobox', { name: 'Search products' });
    this.cart = page.getByRole('link', { name: /^Cart, \d+ items?$/ });
  }

  async goto(path: string) {
    const response = await this.page.goto(path);
    await expect(this.header).toBeVisible();
    return response;
  }

  /** Waits until the page's script has hydrated it: what the shop does on its own at load has been done. */
  async hydrated() {
    await this.page.waitForFunction(
      (flag) => (window as unknown as Record<string, unknown>)[flag] === true,
      HYDRATED_FLAG,
    );
  }

  async openMobileMenu() {
    await this.page.getByRole('button', { name: 'Open menu' }).click();
    return this.page.locator('#mobile-menu');
  }

  async screenshot(name: string) {
    await this.page.screenshot({ path: `test-results/screenshots/${name}.png`, fullPage: true });
  }
}
