import { QUOTE_LINK_PAGE, ROUTES } from '@domain/routes';
import { useEffect, useMemo, type ComponentType } from 'react';
import { matchRoutes, useLocation, useRoutes, type RouteObject } from 'react-router-dom';
import { HomePage } from '../features/catalog/pages/HomePage';
import { ExtrusionServicesPage } from '../features/content/ExtrusionServicesPage';
import { NotFoundPage } from '../features/content/NotFoundPage';
import { ErrorBoundary } from './layout/ErrorBoundary';
import { Layout } from './layout/Layout';
import { loadMoreMessages } from '../i18n';
import { lazyPage, RouteHandleContext, type RouteHandle } from './routing';

const page = (path: string, element: React.ReactNode): RouteObject => ({ path, element });

/**
 * A route whose page loads as its own chunk, so the first page of a visit downloads only what it shows; with it,
 * the rest of the message catalogue, unless the handle says the page needs only the shop's part.
 */
function lazyRoute(path: string, load: () => Promise<ComponentType>, handle: RouteHandle = {}): RouteObject {
  const Page = lazyPage(
    handle.messages === 'shop' ? load : async () => (await Promise.all([load(), loadMoreMessages()]))[0],
  );
  return { path, element: <Page />, handle: { ...handle, preload: Page.preload } satisfies RouteHandle };
}

/** Every route of spec section 2. The admin console is its own lazy chunk (antd loads only there). */
export const routes: RouteObject[] = [
  {
    element: <Layout />,
    children: [
      page(ROUTES.home, <HomePage />),
      lazyRoute(
        ROUTES.signIn,
        async () => (await import('../features/account/pages/SignInPage')).SignInPage,
        { hideSubFooter: true },
      ),
      lazyRoute(
        ROUTES.authError,
        async () => (await import('../features/account/pages/SignInPage')).AuthErrorPage,
        { hideSubFooter: true },
      ),
      lazyRoute(
        ROUTES.signUp,
        async () => (await import('../features/account/pages/RegisterPage')).RegisterPage,
        { hideSubFooter: true },
      ),
      lazyRoute(
        ROUTES.forgotPassword,
        async () => (await import('../features/account/pages/PasswordPages')).ForgotPasswordPage,
        { hideSubFooter: true },
      ),
      lazyRoute(
        ROUTES.resetPassword,
        async () => (await import('../features/account/pages/PasswordPages')).ResetPasswordPage,
        { hideSubFooter: true },
      ),
      lazyRoute(
        ROUTES.account,
        async () => (await import('../features/account/pages/AccountPage')).AccountPage,
      ),
      lazyRoute(ROUTES.orders, async () => (await import('../features/orders/OrderPages')).OrdersPage),
      lazyRoute(
        ROUTES.checkout,
        async () => (await import('../features/checkout/CheckoutPage')).CheckoutPage,
      ),
      lazyRoute(
        `${ROUTES.orderConfirmation}:id`,
        async () => (await import('../features/orders/OrderPages')).OrderConfirmationPage,
      ),
      lazyRoute(
        `${ROUTES.orders}/:id`,
        async () => (await import('../features/orders/OrderPages')).OrderDetailPage,
      ),
      lazyRoute(
        `${ROUTES.orders}/:id/invoice`,
        async () => (await import('../features/orders/InvoicePage')).InvoicePage,
        { hideFooter: true },
      ),
      lazyRoute(
        `${ROUTES.orders}/:id/return`,
        async () => (await import('../features/returns/ReturnPages')).ReturnRequestPage,
      ),
      lazyRoute(ROUTES.returns, async () => (await import('../features/returns/ReturnPages')).ReturnsPage),
      lazyRoute(
        `${ROUTES.returns}/:id`,
        async () => (await import('../features/returns/ReturnPages')).ReturnPage,
      ),
      lazyRoute(ROUTES.quotes, async () => (await import('../features/quotes/QuotePages')).QuotesPage),
      lazyRoute(QUOTE_LINK_PAGE, async () => (await import('../features/quotes/QuotePages')).QuoteLinkPage),
      lazyRoute(
        `${ROUTES.quotes}/:id`,
        async () => (await import('../features/quotes/QuotePages')).QuotePage,
      ),
      lazyRoute(ROUTES.company, async () => (await import('../features/company/CompanyPages')).CompanyPage),
      lazyRoute(
        ROUTES.companyOrders,
        async () => (await import('../features/company/CompanyOrdersPage')).CompanyOrdersPage,
      ),
      lazyRoute(
        ROUTES.companyApprovals,
        async () => (await import('../features/company/ApprovalsPage')).ApprovalsPage,
      ),
      lazyRoute(
        ROUTES.joinCompany,
        async () => (await import('../features/company/CompanyPages')).JoinCompanyPage,
      ),
      lazyRoute(ROUTES.savedLists, async () => (await import('../features/lists/ListsPages')).SavedListsPage),
      lazyRoute(
        `${ROUTES.savedLists}/:id`,
        async () => (await import('../features/lists/ListsPages')).SavedListPage,
      ),
      lazyRoute(ROUTES.cart, async () => (await import('../features/cart/CartPage')).CartPage),
      lazyRoute(ROUTES.search, async () => (await import('../features/content/SearchPage')).SearchPage, {
        messages: 'shop',
      }),
      lazyRoute(
        `${ROUTES.productDetail}*`,
        async () => (await import('../features/catalog/pages/ProductPage')).ProductPage,
        { messages: 'shop' },
      ),
      lazyRoute(
        `${ROUTES.category}*`,
        async () => (await import('../features/catalog/pages/CategoryPage')).CategoryPage,
        { messages: 'shop' },
      ),
      lazyRoute(ROUTES.services, async () => (await import('../features/content/InfoPages')).ServicesPage),
      page(ROUTES.extrusionServices, <ExtrusionServicesPage />),
      lazyRoute(
        ROUTES.linearRailServices,
        async () => (await import('../features/content/InfoPages')).LinearRailServicesPage,
      ),
      lazyRoute(
        ROUTES.serviceRequest,
        async () => (await import('../features/forms/FormPages')).ServiceRequestPage,
      ),
      lazyRoute(
        ROUTES.cadDownloads,
        async () => (await import('../features/content/CadDownloadsPage')).CadDownloadsPage,
      ),
      lazyRoute(
        ROUTES.returnPolicy,
        async () => (await import('../features/content/PolicyPages')).ReturnPolicyPage,
      ),
      lazyRoute(
        ROUTES.shippingPolicy,
        async () => (await import('../features/content/PolicyPages')).ShippingPolicyPage,
      ),
      lazyRoute(ROUTES.terms, async () => (await import('../features/content/InfoPages')).TermsPage),
      lazyRoute(
        ROUTES.cookiePreferences,
        async () => (await import('../features/content/ConsentPages')).ConsentPreferencesPage,
      ),
      lazyRoute(ROUTES.about, async () => (await import('../features/content/InfoPages')).AboutPage),
      lazyRoute(ROUTES.contact, async () => (await import('../features/forms/FormPages')).ContactPage),
      lazyRoute(ROUTES.quote, async () => (await import('../features/forms/FormPages')).QuotePage),
      lazyRoute(
        ROUTES.projectIdeas,
        async () => (await import('../features/content/ProjectIdeasPage')).ProjectIdeasPage,
      ),
      { path: '*', element: <NotFoundPage /> },
    ],
  },
  lazyRoute(`${ROUTES.admin}/*`, async () => (await import('../admin/AdminApp')).AdminApp),
];

function handlesOf(pathname: string): RouteHandle[] {
  return (matchRoutes(routes, pathname) ?? []).map((match) => (match.route.handle ?? {}) as RouteHandle);
}

/** Loads the page modules of `pathname`: before hydrating (the first render must match the server's markup). */
export async function preloadRoutes(pathname: string): Promise<void> {
  await Promise.all(handlesOf(pathname).map((handle) => handle.preload?.()));
}

const INTENT_EVENTS = ['pointerover', 'touchstart', 'focusin'] as const;

/**
 * A page's code starts loading when the shopper shows they are going there (a pointer over a link, a touch, the
 * keyboard's focus), so the click usually finds it loaded and the page changes at once.
 */
function usePreloadOnIntent(): void {
  useEffect(() => {
    const onIntent = (event: Event) => {
      const link = event.target instanceof Element ? event.target.closest('a[href]') : null;
      if (!(link instanceof HTMLAnchorElement) || link.origin !== window.location.origin) return;
      preloadRoutes(link.pathname).catch(() => undefined); // the navigation itself tries again
    };
    const options = { capture: true, passive: true };
    INTENT_EVENTS.forEach((type) => document.addEventListener(type, onIntent, options));
    return () => INTENT_EVENTS.forEach((type) => document.removeEventListener(type, onIntent, options));
  }, []);
}

/** The shop's routes, with the matched routes' handles for the layout. */
export function ShopRoutes() {
  usePreloadOnIntent();
  const { pathname } = useLocation();
  const handle = useMemo(() => Object.assign({}, ...handlesOf(pathname)) as RouteHandle, [pathname]);
  return (
    <RouteHandleContext.Provider value={handle}>
      <ErrorBoundary>{useRoutes(routes)}</ErrorBoundary>
    </RouteHandleContext.Provider>
  );
}
