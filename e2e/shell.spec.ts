import { expect, test } from '@playwright/test';
import { ShopPage } from './pages/ShopPage';

const PHONE = { width: 390, height: 844 };
const DESKTOP = { width: 1280, height: 900 };

test.describe('home page, header, menus and footer', () => {
  test('desktop: the seeded top-level categories, the Products menu and the footer', async ({ page }) => {
    await page.setViewportSize(DESKTOP);
    const shop = new ShopPage(page);
    await shop.goto('/');
    await expect(page).toHaveTitle('Industrial Automation Parts | Axisline Supply');
    const categories = page.getByTestId('top-categories');
    await expect(categories.getByRole('heading', { name: 'Motion Control' })).toBeVisible();
    await expect(categories.getByRole('link', { name: /Shop Now/ })).toHaveCount(7);
    await expect(shop.cart).toHaveAccessibleName('Cart, 0 items');
    await expect(shop.header.getByRole('link', { name: 'Sign In' })).toBeVisible();
    await expect(shop.header.getByRole('link', { name: 'Sign Up' })).toBeVisible();
    await expect(shop.search).toHaveAttribute('placeholder', 'What can we help you find?');

    await shop.mainMenu.getByRole('button', { name: 'Products' }).hover();
    const motion = shop.mainMenu.getByRole('link', { name: 'Motion Control' });
    await expect(motion).toBeVisible();
    await shop.screenshot('home-1280-products-menu');
    await motion.click();
    await expect(page).toHaveURL(/\/product\/category\/motion-control$/);
    await expect(page.getByRole('heading', { level: 1, name: 'Motion Control' })).toBeVisible();
    await expect(page.getByRole('heading', { name: 'Find Inspiration for Your Next Project' })).toBeVisible();

    await expect(shop.footer.getByText('1-800-555-0142').first()).toBeVisible();
    await expect(shop.footer.getByText('+1 704-555-0186')).toBeVisible();
    await expect(shop.footer.getByRole('link', { name: /Privacy Policy/ })).toHaveAttribute(
      'target',
      '_blank',
    );
    await expect(shop.footer.getByText(`© ${new Date().getFullYear()} Axisline Supply`)).toBeVisible();
    await page.goto('/');
    await expect(page.getByTestId('top-categories')).toBeVisible();
    await page.waitForLoadState('networkidle');
    await shop.screenshot('home-1280');
  });

  test('phone: the mobile menu opens accordion sections and closes on a link', async ({ page }) => {
    await page.setViewportSize(PHONE);
    const shop = new ShopPage(page);
    await shop.goto('/');
    await expect(
      page.getByTestId('top-categories').getByRole('heading', { name: 'Motion Control' }),
    ).toBeVisible();
    await expect(shop.mainMenu).toBeHidden();
    await page.waitForLoadState('networkidle');
    await shop.screenshot('home-390');

    const menu = await shop.openMobileMenu();
    await expect(menu.getByText('Account')).toBeVisible();
    await menu.getByRole('button', { name: 'Products' }).click();
    await expect(menu.getByRole('link', { name: 'All Products' })).toBeVisible();
    await shop.screenshot('home-390-mobile-menu');
    await menu.getByRole('link', { name: 'Bearings' }).click();
    await expect(page).toHaveURL(/\/product\/category\/bearings$/);
    await expect(page.locator('#mobile-menu')).toHaveCount(0);
  });

  test('the locale switch to fr-CA keeps the path and query', async ({ page, context }) => {
    await page.setViewportSize(DESKTOP);
    const shop = new ShopPage(page);
    await shop.goto('/search?q=sfu1605');
    await expect(page.getByRole('heading', { name: 'Search Results' })).toBeVisible();
    await Promise.all([page.waitForEvent('load'), shop.footer.getByRole('combobox').selectOption('fr-CA')]);
    await expect(page).toHaveURL(/\/search\?q=sfu1605$/);
    await expect(page.getByRole('heading', { name: 'Résultats de recherche' })).toBeVisible();
    await expect(shop.header.getByRole('link', { name: 'Se connecter' })).toBeVisible();
    expect((await context.cookies()).find((c) => c.name === 'locale')?.value).toBe('fr-CA');
    await shop.screenshot('search-1280-fr-CA');
    await context.clearCookies();
  });
});

test.describe('catalogue pages and errors', () => {
  test('a product page, with a part number containing "/" in the URL', async ({ page, request }) => {
    const found = await request.get('/api/products?ids=SHCS-1/4-20X1/2-ZP,SFU1605-500');
    expect(((await found.json()) as { id: string }[]).map((p) => p.id)).toEqual([
      'SHCS-1/4-20X1/2-ZP',
      'SFU1605-500',
    ]);
    const shop = new ShopPage(page);
    await shop.goto(`/product/detail/${encodeURIComponent('SFU1605-500')}`);
    await expect(page.getByRole('heading', { level: 1 })).toContainText('SFU1605 Ball Screw');
    await expect(page.locator('.product__summary').getByTestId('stock-line')).toHaveText(
      /Available to Order|Backordered/,
    );
    await shop.goto(`/product/detail/${encodeURIComponent('SHCS-1/4-20X1/2-ZP')}`);
    await expect(page.getByTestId('part-number')).toHaveText('SHCS-1/4-20X1/2-ZP');
    await shop.screenshot('product-1280');
  });

  test('a new page starts at the top; Back and a reload return to where the shopper was', async ({
    page,
  }) => {
    await page.setViewportSize(PHONE);
    const shop = new ShopPage(page);
    await shop.goto('/search?q=ball%20screw');
    await shop.hydrated();
    const results = page.getByRole('main').locator('a[href^="/product/detail/"]');
    const far = results.nth(8);
    await far.scrollIntoViewIfNeeded();
    const left = await page.evaluate(() => window.scrollY);
    expect(left).toBeGreaterThan(500);
    // Where the shopper saw the part they opened, on the screen.
    const seenAt = async () => Math.round((await far.boundingBox())!.y);
    const shownAt = await seenAt();
    const name = (await far.textContent())!.trim();
    await far.click();
    await expect(page).toHaveURL(/\/product\/detail\//);
    await expect(page.getByRole('heading', { level: 1 })).toContainText(name.slice(0, 12));
    expect(await page.evaluate(() => window.scrollY)).toBe(0);
    await page.goBack();
    await expect(page).toHaveURL(/\/search\?q=ball%20screw/);
    await expect.poll(() => page.evaluate(() => window.scrollY)).toBe(left);
    expect(await seenAt()).toBe(shownAt);
    // A reload renders on the server, where the cards' ship dates wait for the buyer's clock: the cards above grow
    // when it comes, and the page keeps the part where it was on the screen.
    await page.reload();
    await shop.hydrated();
    await expect.poll(() => page.evaluate(() => window.scrollY)).toBeGreaterThanOrEqual(left);
    await expect.poll(seenAt).toBe(shownAt);
  });

  test('while the next page loads, the current one stays and the progress bar runs', async ({ page }) => {
    const shop = new ShopPage(page);
    await shop.goto('/');
    await shop.hydrated();
    let release = () => {};
    const held = new Promise<void>((resolve) => (release = resolve));
    await page.route('**/assets/CategoryPage-*.js', async (route) => {
      await held;
      await route.continue();
    });
    await page
      .getByTestId('top-categories')
      .getByRole('link', { name: /Shop Now/ })
      .first()
      .click();
    await expect(page.getByRole('progressbar', { name: 'Page loading' })).toBeVisible();
    await expect(page.getByTestId('top-categories')).toBeVisible();
    release();
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('T-Slot Aluminum Extrusion');
    await expect(page.getByRole('progressbar')).toHaveCount(0);
  });

  test("a pointer over a link starts loading that page's code before the click", async ({ page }) => {
    const shop = new ShopPage(page);
    await shop.goto('/');
    await shop.hydrated();
    const requested = page.waitForRequest(/\/assets\/CategoryPage-[\w-]+\.js$/);
    await page
      .getByTestId('top-categories')
      .getByRole('link', { name: /Shop Now/ })
      .first()
      .hover();
    await requested;
    await expect(page).toHaveURL(/\/$/);
  });

  test("a product page's script comes in a few files, and its picture is fetched first", async ({ page }) => {
    // One start chunk for what every page runs, then the page's own code (decision 024): each file more is a
    // request on a phone's network and a modulepreload link inserted on its main thread after the first paint.
    const scripts: string[] = [];
    page.on('request', (r) => {
      if (r.resourceType() === 'script') scripts.push(new URL(r.url()).pathname);
    });
    const shop = new ShopPage(page);
    await shop.goto('/product/detail/SFU1605-CUT');
    await shop.hydrated();
    await page.waitForLoadState('networkidle');
    expect(scripts.filter((s) => /\/assets\/start-[\w-]+\.js$/.test(s))).toHaveLength(1);
    expect(scripts.length).toBeLessThanOrEqual(8);
    await expect(page.locator('.product__media img')).toHaveAttribute('fetchpriority', 'high');
  });

  test('a page whose code did not load says so, and loads when the shopper goes there again', async ({
    page,
  }) => {
    const shop = new ShopPage(page);
    await shop.goto('/');
    await shop.hydrated();
    await page.route('**/assets/CategoryPage-*.js', (route) => route.abort('internetdisconnected'));
    const firstCategory = page
      .getByTestId('top-categories')
      .getByRole('link', { name: /Shop Now/ })
      .first();
    await firstCategory.click();
    await expect(page.getByRole('alert')).toContainText('An unexpected error occurred.');
    await expect(page.getByRole('progressbar')).toHaveCount(0);
    await page.unroute('**/assets/CategoryPage-*.js');
    await page.goBack();
    await expect(page.getByTestId('top-categories')).toBeVisible();
    await firstCategory.click();
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('T-Slot Aluminum Extrusion');
  });

  test('an unknown page answers 404 with the not-found page', async ({ page }) => {
    const shop = new ShopPage(page);
    const response = await shop.goto('/no-such-page');
    expect(response?.status()).toBe(404);
    await expect(page.getByRole('heading', { name: 'Page not found' })).toBeVisible();
  });

  test("antd loads only with the admin console, and the shop's scripts do not list its files", async ({
    page,
  }) => {
    const scripts = new Map<string, Promise<string>>();
    page.on('response', (r) => {
      if (r.url().endsWith('.js'))
        scripts.set(
          r.url(),
          r.text().catch(() => ''),
        );
    });
    const shop = new ShopPage(page);
    await shop.goto('/');
    await page.waitForLoadState('networkidle');
    const shopUrls = [...scripts.keys()];
    expect(shopUrls.some((s) => s.includes('AdminApp'))).toBe(false);
    // The shop's router opens the console with a lazy import, and lists the files to preload beside it (Vite's
    // __vite__mapDeps): the console's scripts (antd's pieces) are AdminApp's to load, not a list every shop page
    // downloads; only its style sheets are preloaded.
    const router = (await Promise.all([...scripts.values()])).find((text) =>
      /AdminApp-[\w-]+\.js/.test(text),
    )!;
    const files = JSON.parse(`[${/m\.f=\[([^\]]*)\]/.exec(router)![1]}]`) as string[];
    const preloaded = /__vite__mapDeps\(\[([\d,]*)\]\)/.exec(
      router.slice(router.search(/import\([`'"]\.\/AdminApp-/)),
    )!;
    const listed = preloaded[1]!
      .split(',')
      .filter(Boolean)
      .map((i) => files[Number(i)]!);
    expect(listed.filter((file) => !file.endsWith('.css'))).toEqual([]);

    await page.goto('/admin');
    // Signed out: the console sends staff to the shop's sign-in, and back after it.
    await expect(page).toHaveURL(/\/user\/login\?error=SessionRequired&callbackUrl=%2Fadmin/);
    const consoleFiles = [...scripts.keys()].filter((url) => !shopUrls.includes(url));
    expect(consoleFiles.some((url) => url.includes('AdminApp-'))).toBe(true);
    // …and it loaded its own pieces itself.
    expect(consoleFiles.length).toBeGreaterThan(5);
  });
});
