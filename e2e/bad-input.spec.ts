import { expect, test } from '@playwright/test';
import { MALFORMED_ADDRESS_MESSAGE, NUL_CHARACTER_MESSAGE } from '../domain/constants';

test('a malformed address typed into the browser gets a page that says so and leads home; the API answers 400', async ({
  page,
}) => {
  for (const path of ['/product/detail/%E0%A4%A', '/category/%E0%A4%A', '/cad/%E0%A4%A']) {
    const res = await page.goto(path);
    expect(res?.status()).toBe(400);
    await expect(page.getByRole('heading', { name: 'Address not valid' })).toBeVisible();
    await expect(page.getByText(MALFORMED_ADDRESS_MESSAGE)).toBeVisible();
  }
  await page.getByRole('link', { name: 'Go to the Axisline Supply home page' }).click();
  await expect(page).toHaveURL(/\/$/);
  for (const path of ['/api/products/%E0%A4%A', '/api/cad/%E0%A4%A', '/api/products/%00']) {
    const res = await page.request.get(path);
    expect(res.status()).toBe(400);
    expect((await res.json()).error.message).toBe(MALFORMED_ADDRESS_MESSAGE);
  }
  const nul = await page.request.get('/api/products?searchTerm=rail%00');
  expect(nul.status()).toBe(400);
  expect((await nul.json()).error.fields).toEqual([{ field: 'searchTerm', message: NUL_CHARACTER_MESSAGE }]);
});
