import { expect, type Locator, type Page } from '@playwright/test';

/** The header search box and its suggestions dropdown. */
export class SearchBoxPart {
  readonly input: Locator;
  /** The suggestions' listbox. */
  readonly dropdown: Locator;
  /** What drops down under the box: the corrected query, the listbox, or the word that nothing matches. */
  readonly popup: Locator;

  constructor(readonly page: Page) {
    this.input = page.getByRole('combobox', { name: 'Search products' });
    this.dropdown = page.getByRole('listbox', { name: 'Search suggestions' });
    this.popup = page.locator('.suggest');
  }

  async type(text: string) {
    await this.input.click();
    await this.input.pressSequentially(text, { delay: 60 });
    await expect(this.dropdown).toBeVisible();
  }

  brands() {
    return this.dropdown
      .getByRole('group', { name: 'Brands' })
      .getByRole('option')
      .filter({ hasNotText: /^See (All|Fewer) Brands$/ });
  }

  /** The dropdown entry the keyboard has reached (aria-activedescendant). */
  async active(): Promise<Locator> {
    const id = await this.input.getAttribute('aria-activedescendant');
    expect(id).toBeTruthy();
    return this.page.locator(`[id="${id}"]`);
  }

  /** Presses ArrowDown until a product is active; returns its part number. */
  async arrowToFirstProduct(): Promise<string> {
    for (let i = 0; i < 20; i++) {
      await this.input.press('ArrowDown');
      const active = await this.active();
      const partNumber = active.locator('.suggest__id');
      if (await partNumber.count()) return (await partNumber.textContent())!.trim();
    }
    throw new Error('no product reached with the arrow keys');
  }
}
