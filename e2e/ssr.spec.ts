import { expect, test, type Page } from '@playwright/test';
import { ShopPage } from './pages/ShopPage';
import { registerAndSignIn } from './support/accounts';

const PRODUCT = 'SFU1605-500';
const PAGES = [
  '/',
  '/product/category/motion-control',
  '/search?q=ball%20screw',
  `/product/detail/${encodeURIComponent(PRODUCT)}`,
];

/** Errors the page reports (a hydration mismatch is one) and the GraphQL calls it makes. */
function watch(page: Page) {
  const errors: string[] = [];
  const graphql: string[] = [];
  page.on('pageerror', (e) => errors.push(e.message));
  page.on('console', (m) => {
    if (m.type() === 'error') errors.push(m.text());
  });
  page.on('request', (r) => {
    if (r.url().endsWith('/graphql')) graphql.push(r.postDataJSON()?.operationName as string);
  });
  return { errors, graphql };
}

test.describe('without JavaScript', () => {
  test.use({ javaScriptEnabled: false });

  test('a product page arrives rendered: name, part number, price, breadcrumbs and its title', async ({
    page,
  }) => {
    const response = await page.goto(`/product/detail/${encodeURIComponent(PRODUCT)}`);
    expect(response?.status()).toBe(200);
    await expect(page).toHaveTitle(/^SFU1605 Ball Screw.* \| Axisline Supply$/);
    await expect(page.getByRole('heading', { level: 1 })).toContainText('SFU1605 Ball Screw');
    await expect(page.getByTestId('part-number')).toHaveText(PRODUCT);
    await expect(page.getByText(/^\$\d[\d,]*\.\d\d/).first()).toBeVisible();
    await expect(page.getByRole('navigation', { name: /breadcrumb/i })).toContainText('Motion Control');
  });

  test('search results and categories arrive rendered', async ({ page }) => {
    await page.goto('/search?q=ball%20screw');
    await expect(page.getByRole('heading', { level: 1, name: 'Search Results' })).toBeVisible();
    await expect(page.getByRole('link', { name: /SFU1605 Ball Screw/ }).first()).toBeVisible();
    // The cards say when a part ships in the markup, on the instant it was rendered (hydrated on the same one).
    await expect(page.getByTestId('ship-date').first()).toHaveText(/^(Ships|Backordered|Out of stock)/);
    await page.goto('/product/category/motion-control');
    await expect(page.getByRole('heading', { level: 1, name: 'Motion Control' })).toBeVisible();
  });

  test('a form sent without the script puts nothing typed in the URL and comes back to its page', async ({
    page,
  }) => {
    await page.goto('/user/login');
    await page.getByLabel('E-mail').fill('ada@plant.example');
    await page.getByLabel('Password').fill('secret-Passw0rd');
    await page.getByRole('main').getByRole('button', { name: 'Sign In' }).click();
    await page.waitForLoadState();
    expect(new URL(page.url()).pathname).toBe('/user/login');
    expect(page.url()).not.toContain('Passw0rd');
    await expect(page.getByLabel('Password')).toBeVisible();
  });

  test('an unknown product answers 404; an account page sends a signed-out visitor to sign in', async ({
    page,
  }) => {
    const missing = await page.goto('/product/detail/NO-SUCH-PART');
    expect(missing?.status()).toBe(404);
    await expect(page.getByText('404').first()).toBeVisible();
    const account = await page.request.get('/user/account', { maxRedirects: 0 });
    expect(account.status()).toBe(302);
    expect(account.headers().location).toBe(
      '/user/login?error=SessionRequired&callbackUrl=%2Fuser%2Faccount',
    );
  });
});

test('the rendered pages hydrate without a mismatch and without asking again for the data they came with', async ({
  page,
}) => {
  const seen = watch(page);
  for (const path of PAGES) {
    await page.goto(path);
    await page.waitForLoadState('networkidle');
  }
  expect(seen.errors).toEqual([]);
  // The search box prepares suggestions for the text it shows on a results page; nothing else is asked.
  expect(seen.graphql.filter((operation) => operation !== 'TypeAhead')).toEqual([]);
  // Hydrated: the search box answers as the visitor types.
  const shop = new ShopPage(page);
  await shop.search.fill('sfu16');
  await expect(page.getByRole('option', { name: /SFU1605/ }).first()).toBeVisible();
});

test('a signed-in shopper gets the page rendered for them: greeting, cart count, account page', async ({
  page,
}) => {
  await registerAndSignIn(page, 'Rendered');
  const shop = new ShopPage(page);
  await shop.goto(`/product/detail/${encodeURIComponent(PRODUCT)}`);
  await page.getByRole('button', { name: 'Add to Cart' }).click();
  await expect(shop.cart).toHaveAccessibleName('Cart, 1 item');

  const html = await (await page.request.get('/user/account', { maxRedirects: 0 })).text();
  expect(html).toContain('Hi, Rendered!');
  expect(html).toMatch(/aria-label="Cart, 1 item"/);

  const seen = watch(page);
  for (const path of [...PAGES, '/user/account', '/cart']) {
    await page.goto(path);
    await page.waitForLoadState('networkidle');
  }
  expect(seen.errors).toEqual([]);
  await expect(shop.header.getByText('Hi, Rendered!')).toBeVisible();
  await expect(shop.header.getByRole('link', { name: 'View Account' })).toBeVisible();
});

test.describe('before the page has hydrated', () => {
  /** Holds the shop's scripts until `release` is called: the visitor has only the server's markup. */
  async function holdScripts(page: Page) {
    let release!: () => void;
    const released = new Promise<void>((resolve) => (release = resolve));
    await page.route(/\/assets\/.+\.js$/, async (route) => {
      await released;
      await route.continue();
    });
    return release;
  }

  test('a form filled in and sent early is sent once, with what was typed, when the page hydrates', async ({
    page,
  }) => {
    const seen = watch(page);
    const release = await holdScripts(page);
    await page.goto('/user/register', { waitUntil: 'commit' });
    await page.getByLabel('First name').fill('Early');
    await page.getByLabel('Last name').fill('Bird');
    await page.getByLabel('E-mail').fill(`early.${Date.now()}@plant.example`);
    await page.getByRole('checkbox').check();
    // Sent twice before any script ran: held, not sent natively (the fields would go into the URL).
    await page.getByRole('button', { name: 'Continue' }).click();
    await page.getByLabel('E-mail').press('Enter');
    expect(page.url()).toMatch(/\/user\/register$/);

    release();
    await expect(page.getByRole('heading', { name: 'Check your e-mail' })).toBeVisible();
    expect(seen.graphql.filter((operation) => operation === 'StartRegistration')).toHaveLength(1);
    expect(seen.errors).toEqual([]);
  });

  test('a click on Add to Cart made early adds the item when the page hydrates', async ({ page }) => {
    const release = await holdScripts(page);
    await page.goto(`/product/detail/${encodeURIComponent(PRODUCT)}`, { waitUntil: 'commit' });
    await page.getByRole('button', { name: 'Add to Cart' }).click();
    release();
    await expect(new ShopPage(page).cart).toHaveAccessibleName('Cart, 1 item');
  });

  test('a language chosen early is applied when the page hydrates', async ({ page, context }) => {
    const release = await holdScripts(page);
    await page.goto('/search?q=sfu1605', { waitUntil: 'commit' });
    await new ShopPage(page).footer.getByRole('combobox').selectOption('fr-CA');
    release();
    await expect(page.getByRole('heading', { name: 'Résultats de recherche' })).toBeVisible();
    await expect(page).toHaveURL(/\/search\?q=sfu1605$/);
    await context.clearCookies();
  });

  test('a shopper who scrolled down early stays there when the page hydrates', async ({ page }) => {
    const release = await holdScripts(page);
    await page.goto('/t-slot-extrusion-project-ideas', { waitUntil: 'commit' });
    await page.getByRole('contentinfo').waitFor();
    await page.evaluate(() => window.scrollTo(0, 600));
    release();
    await new ShopPage(page).hydrated();
    await page.waitForLoadState('networkidle');
    expect(await page.evaluate(() => window.scrollY)).toBe(600);
  });

  test('the header search is a plain search form until then', async ({ page }) => {
    await holdScripts(page);
    await page.goto('/', { waitUntil: 'commit' });
    const shop = new ShopPage(page);
    await shop.search.fill('ball screw');
    await shop.search.press('Enter');
    await expect(page).toHaveURL(/\/search\?q=ball\+screw$/);
    await expect(page.getByRole('link', { name: /SFU1605 Ball Screw/ }).first()).toBeVisible();
  });
});
