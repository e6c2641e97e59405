import { expect, type Page } from '@playwright/test';
import { lastEmailTo, linkIn } from './outbox';

export const E2E_PASSWORD = 'Tslot-2020!rail';

/** Registers through the two steps and the e-mailed link; the shopper ends signed in on the account page. */
export async function registerAndSignIn(
  page: Page,
  firstName: string,
  options: { erpAccountId?: string } = {},
): Promise<string> {
  // Two spec files run at once (playwright.config.ts): the worker's number keeps two same-millisecond names apart.
  const email = `${firstName.toLowerCase()}.${Date.now()}.${process.env.TEST_WORKER_INDEX ?? 0}@plant.example`;
  // Typing may start before the page has hydrated: the text and the submit are replayed then (e2e/ssr.spec.ts).
  await page.goto('/user/register');
  await page.getByLabel('First name').fill(firstName);
  await page.getByLabel('Last name').fill('Buyer');
  await page.getByLabel('E-mail').fill(email);
  if (options.erpAccountId) await page.getByLabel('ERP account number (optional)').fill(options.erpAccountId);
  await page.getByRole('checkbox').check();
  await page.getByRole('button', { name: 'Continue' }).click();
  await expect(page.getByRole('heading', { name: 'Check your e-mail' })).toBeVisible();
  await page.goto(linkIn(await lastEmailTo(email)));
  await page.getByLabel('New password').fill(E2E_PASSWORD);
  await page.getByLabel('Confirm password').fill(E2E_PASSWORD);
  await page.getByRole('button', { name: 'Create Account' }).click();
  await expect(page).toHaveURL(/\/user\/account$/);
  return email;
}

/** A GraphQL call from the page, as the shop's own client makes it (session cookie and CSRF header). */
export function graphqlFromPage(
  page: Page,
  query: string,
): Promise<{ errors?: { extensions?: { code?: string } }[] }> {
  return page.evaluate(async (body) => {
    const token = decodeURIComponent(/(?:^|; )clientCsrfToken=([^;]*)/.exec(document.cookie)?.[1] ?? '');
    const res = await fetch('/graphql', {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'x-csrf-token': token },
      body: JSON.stringify({ query: body }),
    });
    return (await res.json()) as { errors?: { extensions?: { code?: string } }[] };
  }, query);
}

/**
 * Staff record an order shipped and delivered today, as the console's Ship and Deliver do (through the order's one
 * status seam): `staff` is a page signed in as Service or Admin.
 */
export async function shipAndDeliver(staff: Page, orderId: string): Promise<void> {
  const today = new Date().toISOString().slice(0, 10);
  const call = async (query: string) => {
    const res = (await graphqlFromPage(staff, query)) as {
      data?: Record<string, { version: number }>;
      errors?: unknown[];
    };
    expect(res.errors).toBeUndefined();
    return Object.values(res.data!)[0]!.version;
  };
  const version = await call(`{ adminOrder(id: "${orderId}") { version } }`);
  const shipped = await call(
    `mutation { shipOrder(id: "${orderId}", version: ${version},
       input: { carrier: "ups", trackingNumber: "1Z999AA10123456784", shippedOn: "${today}" }) { version } }`,
  );
  await call(
    `mutation { deliverOrder(id: "${orderId}", version: ${shipped}, input: { deliveredOn: "${today}" }) { version } }`,
  );
}
