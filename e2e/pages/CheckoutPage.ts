import { expect, type Locator, type Page } from '@playwright/test';

export interface ShipTo {
  name: string;
  line1: string;
  city: string;
  state: string;
  zip: string;
  email: string;
}

/** /checkout as a shopper walks through it. */
export class CheckoutPage {
  readonly stateRestriction: Locator;
  readonly total: Locator;

  constructor(readonly page: Page) {
    this.stateRestriction = page.getByTestId('state-restriction');
    this.total = page.getByTestId('checkout-total');
  }

  async open() {
    await this.page.goto('/checkout');
    await expect(this.page.getByRole('heading', { name: 'Checkout', level: 1 })).toBeVisible();
  }

  /** Fills a new address and continues; unless `blocked`, the next step must show with the focus on it. */
  async useNewAddress(to: ShipTo, { blocked = false } = {}) {
    const form = this.page.getByRole('form', { name: 'Shipping Address' });
    const fresh = form.getByRole('radio', { name: 'Use a new address' });
    if (await fresh.count()) await fresh.check();
    await form.getByLabel('Recipient name').fill(to.name);
    await form.getByLabel('Address line 1').fill(to.line1);
    await form.getByLabel('City').fill(to.city);
    await form.getByLabel('State').selectOption(to.state);
    await form.getByLabel('ZIP code').fill(to.zip);
    await form.getByLabel('Delivery contact e-mail').fill(to.email);
    await form.getByRole('button', { name: 'Continue' }).click();
    if (blocked) return;
    // The next step shows at once (no skeleton while the tax is re-read) and its heading has the focus.
    await expect(this.page.getByRole('heading', { name: 'Shipping Details' })).toBeFocused();
  }

  async chooseShipping() {
    const form = this.page.getByRole('form', { name: 'Shipping Details' });
    await form.getByRole('radio', { name: 'UPS' }).check();
    await form.getByLabel('Shipping method').selectOption('Ground');
    await form.getByRole('button', { name: 'Continue' }).click();
    await expect(this.page.getByRole('heading', { name: 'Payment', exact: true })).toBeFocused();
  }

  /** Pays with a new card (saved to the account once it authorises, when `save`). */
  async payWith(number: string, { save = false } = {}) {
    const fresh = this.page.getByRole('radio', { name: 'A new card' });
    if (await fresh.count()) await fresh.check();
    const form = this.page.getByRole('form', { name: 'Card details' });
    await form.getByLabel('Name on the card').fill('Merle Buyer');
    await form.getByLabel('Card number').fill(number);
    await form.getByLabel('Expiry (MM/YY)').fill('12/39');
    await form.getByLabel('Security code').fill('123');
    if (save) await form.getByLabel('Save this card for next time').check();
    await form.getByRole('button', { name: 'Continue' }).click();
    // The new step has the keyboard's focus, at its heading.
    await expect(this.page.getByRole('heading', { name: 'Review and Place Order' })).toBeFocused();
  }

  async placeOrder() {
    await this.page.getByRole('button', { name: 'Place Order' }).click();
  }

  /**
   * The whole checkout of the cart to a Mooresville, NC dock with `card` (a guest gives `guestEmail`); resolves with
   * the order's id.
   */
  async checkOutWithCard(card: string, name = 'Dock 1', guestEmail?: string): Promise<string> {
    await this.open();
    if (guestEmail) await this.page.getByLabel('E-mail for the order confirmation').fill(guestEmail);
    await this.useNewAddress({
      name,
      line1: '400 Mill St',
      city: 'Mooresville',
      state: 'NC',
      zip: '28115',
      email: 'dock@plant.example',
    });
    await this.chooseShipping();
    await this.payWith(card);
    await this.placeOrder();
    await expect(this.page).toHaveURL(/\/checkout\/confirmation\//);
    return this.page.url().split('/').pop()!;
  }
}
