import { expect, type Locator, type Page } from '@playwright/test';

/** One order in the admin console: the edit form of the spec, its totals and the audit trail. */
export class AdminOrderPage {
  readonly form: Locator;
  readonly subtotal: Locator;
  readonly total: Locator;
  readonly auditTrail: Locator;

  constructor(readonly page: Page) {
    this.form = page.getByRole('form', { name: 'Edit order' });
    this.subtotal = page.getByTestId('subtotal');
    this.total = page.getByLabel('Total amount');
    this.auditTrail = page.getByLabel('Audit trail', { exact: true });
  }

  async open(orderId: string) {
    await this.page.goto(`/admin/orders/${orderId}`);
    await expect(this.form).toBeVisible();
  }

  linePrice(line: number) {
    return this.page.getByLabel(`Unit price, line ${line}`);
  }

  lineQuantity(line: number) {
    return this.page.getByLabel(`Quantity, line ${line}`);
  }

  lineTotal(line: number) {
    return this.page.getByTestId(`line-total-${line - 1}`);
  }

  async setPrice(line: number, price: string) {
    await this.linePrice(line).fill(price);
    await this.linePrice(line).blur();
  }

  async save() {
    await this.form.getByRole('button', { name: 'Save order' }).click();
  }
}
