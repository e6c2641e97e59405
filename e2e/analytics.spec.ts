import { expect, test, type Page } from '@playwright/test';
import { withDb } from './support/db';
import { ShopPage } from './pages/ShopPage';
import { CheckoutPage } from './pages/CheckoutPage';
import { TEST_CARDS } from '../domain/checkout';

/** These shoppers have not answered the consent banner yet (the config's default has them declined). */
test.use({ storageState: { cookies: [], origins: [] } });

const PHONE = { width: 390, height: 844 };
const DESKTOP = { width: 1280, height: 900 };
const COLLECTOR = '/userevents/v1/selling-systems/';

interface StoredEvent {
  event_type: string;
  attribution_token: string | null;
  search_query: string | null;
  product_ids: string[];
  payload: {
    uri: string;
    userInfo?: { userAgent?: string; directUserRequest?: boolean; ipAddress?: string; userId?: string };
    productDetails?: { id: string; quantity?: number; priceInfo?: { price: number; currencyCode: string } }[];
  };
}

function storedEvents(visitorId: string): Promise<StoredEvent[]> {
  return withDb(async (db) => {
    const { rows } = await db.query<StoredEvent>(
      `select event_type, attribution_token, search_query, product_ids, payload from clickstream_event
       where visitor_id = $1 order by event_time, id`,
      [visitorId],
    );
    return rows;
  });
}

/** Search, open the first priced result, add it to the cart: what the collector should hear of. */
async function searchViewAndAdd(page: Page, shop: ShopPage): Promise<string> {
  await shop.goto('/search?q=ball%20screw');
  const first = page.locator('.tile-grid .tile').first();
  await expect(first).toBeVisible();
  await first.click();
  const partNumber = (await page.getByTestId('part-number').textContent())!;
  await page
    .getByRole('button', { name: /add to cart/i })
    .first()
    .click();
  await expect(shop.cart).toHaveAccessibleName(/^Cart, [1-9]\d* items?$/);
  return partNumber;
}

test('with consent not given, then declined, no event leaves the browser and no visitor id is set', async ({
  page,
  context,
}) => {
  const beacons: string[] = [];
  const trackerCode: string[] = [];
  page.on('request', (r) => {
    if (r.url().includes(COLLECTOR)) beacons.push(r.url());
    if (/\/assets\/tracker-[\w-]+\.js$/.test(r.url())) trackerCode.push(r.url());
  });
  await page.setViewportSize(PHONE);
  const shop = new ShopPage(page);
  await shop.goto('/');
  const banner = page.getByRole('region', { name: 'Your privacy' });
  await expect(banner).toBeVisible();
  await shop.screenshot('consent-banner-390');

  await searchViewAndAdd(page, shop);
  await page.getByRole('button', { name: 'Decline' }).click();
  await expect(banner).toBeHidden();
  await shop.goto('/cart');
  await shop.goto('/');
  // A batch leaves after a second at most: give it two.
  await page.waitForTimeout(2000);
  expect(beacons).toEqual([]);
  expect((await context.cookies()).map((c) => c.name)).not.toContain('visitorId');
  // The tracker's code is not even downloaded without consent.
  expect(trackerCode).toEqual([]);
});

test('after granting, a search, a product view and an add-to-cart arrive in the collector with the attribution token', async ({
  page,
  context,
}) => {
  await page.setViewportSize(DESKTOP);
  const shop = new ShopPage(page);
  await shop.goto('/');
  // The home page's view is reported when it hydrates; consent comes after it here (given while the page was
  // still hydrating, it would count the view as seen with consent).
  await shop.hydrated();
  await page.getByRole('button', { name: 'Allow analytics' }).click();
  await expect(page.getByRole('region', { name: 'Your privacy' })).toBeHidden();

  const partNumber = await searchViewAndAdd(page, shop);
  const visitor = (await context.cookies()).find((c) => c.name === 'visitorId');
  expect(visitor?.value).toMatch(/^[0-9a-f-]{36}$/);
  expect(visitor!.path).toBe('/');
  // 30 days (spec section 9), give or take the seconds this test took.
  expect(visitor!.expires - Date.now() / 1000).toBeGreaterThan(2_592_000 - 120);

  await expect
    .poll(async () => (await storedEvents(visitor!.value)).map((e) => e.event_type), { timeout: 10_000 })
    .toEqual(expect.arrayContaining(['search', 'detail-page-view', 'add-to-cart']));
  const events = await storedEvents(visitor!.value);
  // The home page was seen before consent: it was not collected.
  expect(events.map((e) => e.event_type)).not.toContain('home-page-view');
  const search = events.find((e) => e.event_type === 'search')!;
  const view = events.find((e) => e.event_type === 'detail-page-view')!;
  const add = events.find((e) => e.event_type === 'add-to-cart')!;

  expect(search.search_query).toBe('ball screw');
  expect(search.attribution_token).toMatch(/^[0-9a-f-]{36}$/);
  // The result clicked came from that search: the view and the add carry its token.
  expect(view.attribution_token).toBe(search.attribution_token);
  expect(add.attribution_token).toBe(search.attribution_token);
  expect(view.product_ids).toEqual([partNumber]);
  expect(view.payload.uri).toContain('/product/detail/');
  expect(view.payload.productDetails?.[0]).toMatchObject({
    id: partNumber,
    quantity: 1,
    priceInfo: { currencyCode: 'USD' },
  });
  expect(add.payload.productDetails?.[0]).toMatchObject({ id: partNumber });
  expect(add.payload.productDetails?.[0]?.quantity).toBeGreaterThanOrEqual(1);
  for (const e of [search, view, add]) {
    expect(e.payload.userInfo).toMatchObject({ directUserRequest: false });
    expect(e.payload.userInfo?.userAgent).toBeTruthy();
    // Signed out: no user id.
    expect(e.payload.userInfo?.userId).toBeUndefined();
  }
  const layer = await page.evaluate(() => window.dataLayer ?? []);
  expect(dataLayerEvents(layer)).toEqual(expect.arrayContaining(['search', 'view_item', 'add_to_cart']));
  // The added item carries its categories from the breadcrumb, as the product view does (spec: item mapping).
  const item = (event: string) =>
    (layer as { event?: string; ecommerce?: { items: Record<string, unknown>[] } }[]).find(
      (e) => e.event === event,
    )?.ecommerce?.items[0];
  expect(item('view_item')).toMatchObject({ item_id: partNumber, item_category: expect.any(String) });
  expect(item('add_to_cart')).toMatchObject({
    item_id: partNumber,
    item_category: item('view_item')!.item_category,
    item_category2: item('view_item')!.item_category2,
  });

  // The purchase reports the order with the bought lines and their categories (spec section 9).
  const orderId = await new CheckoutPage(page).checkOutWithCard(
    TEST_CARDS.authorised,
    'Dock 1',
    'analytics@plant.example',
  );
  const purchase = await page.evaluate(
    () =>
      (window.dataLayer as { event?: string; ecommerce?: Record<string, unknown> }[] | undefined)?.find(
        (e) => e.event === 'purchase',
      )?.ecommerce,
  );
  expect(purchase).toMatchObject({
    transaction_id: orderId,
    currency: 'USD',
    items: [
      expect.objectContaining({ item_id: partNumber, item_category: item('view_item')!.item_category }),
    ],
  });

  // The choice can be changed at any time: withdrawn, nothing more is sent and the visitor id is gone.
  await shop.goto('/about/cookie-preferences');
  await page.getByRole('checkbox', { name: 'Allow analytics' }).uncheck();
  await page.getByRole('button', { name: 'Save preferences' }).click();
  await expect(page.getByRole('status').filter({ hasText: 'Analytics is off.' })).toBeVisible();
  expect((await context.cookies()).map((c) => c.name)).not.toContain('visitorId');
  await shop.screenshot('consent-preferences-1280');
});

function dataLayerEvents(layer: unknown[]): string[] {
  return layer.flatMap((entry) =>
    entry && typeof entry === 'object' && 'event' in entry
      ? [String((entry as { event: unknown }).event)]
      : [],
  );
}

declare global {
  interface Window {
    dataLayer?: unknown[];
  }
}
