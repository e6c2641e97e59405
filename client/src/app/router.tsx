import { ROUTES } from '@domain/routes';
import type { RouteObject } from 'react-router-dom';
import { HomePage } from '../features/catalog/pages/HomePage';
import { ExtrusionServicesPage } from '../features/content/ExtrusionServicesPage';
import { NotFoundPage } from '../features/content/NotFoundPage';
import { ErrorFallback } from './layout/ErrorBoundary';
import { Layout, type LayoutHandle } from './layout/Layout';

const page = (path: string, element: React.ReactNode, handle?: LayoutHandle): RouteObject => ({
  path,
  element,
  handle,
});

/** Every route of spec section 2. The admin console is its own lazy chunk (antd loads only there). */
export const routes: RouteObject[] = [
  {
    element: <Layout />,
    errorElement: <ErrorFallback />,
    children: [
      page(ROUTES.home, <HomePage />),
      {
        path: ROUTES.signIn,
        handle: { hideSubFooter: true } satisfies LayoutHandle,
        lazy: async () => ({ Component: (await import('../features/account/pages/SignInPage')).SignInPage }),
      },
      {
        path: ROUTES.signUp,
        handle: { hideSubFooter: true } satisfies LayoutHandle,
        lazy: async () => ({
          Component: (await import('../features/account/pages/RegisterPage')).RegisterPage,
        }),
      },
      {
        path: ROUTES.forgotPassword,
        handle: { hideSubFooter: true } satisfies LayoutHandle,
        lazy: async () => ({
          Component: (await import('../features/account/pages/PasswordPages')).ForgotPasswordPage,
        }),
      },
      {
        path: ROUTES.resetPassword,
        handle: { hideSubFooter: true } satisfies LayoutHandle,
        lazy: async () => ({
          Component: (await import('../features/account/pages/PasswordPages')).ResetPasswordPage,
        }),
      },
      {
        path: ROUTES.account,
        lazy: async () => ({
          Component: (await import('../features/account/pages/AccountPage')).AccountPage,
        }),
      },
      {
        path: ROUTES.orders,
        lazy: async () => ({ Component: (await import('../features/orders/OrderPages')).OrdersPage }),
      },
      {
        path: ROUTES.checkout,
        lazy: async () => ({ Component: (await import('../features/checkout/CheckoutPage')).CheckoutPage }),
      },
      {
        path: `${ROUTES.orderConfirmation}:id`,
        lazy: async () => ({
          Component: (await import('../features/orders/OrderPages')).OrderConfirmationPage,
        }),
      },
      {
        path: `${ROUTES.orders}/:id`,
        lazy: async () => ({ Component: (await import('../features/orders/OrderPages')).OrderDetailPage }),
      },
      {
        path: `${ROUTES.orders}/:id/invoice`,
        handle: { hideFooter: true } satisfies LayoutHandle,
        lazy: async () => ({ Component: (await import('../features/orders/InvoicePage')).InvoicePage }),
      },
      {
        path: `${ROUTES.orders}/:id/return`,
        lazy: async () => ({
          Component: (await import('../features/returns/ReturnPages')).ReturnRequestPage,
        }),
      },
      {
        path: ROUTES.returns,
        lazy: async () => ({ Component: (await import('../features/returns/ReturnPages')).ReturnsPage }),
      },
      {
        path: `${ROUTES.returns}/:id`,
        lazy: async () => ({ Component: (await import('../features/returns/ReturnPages')).ReturnPage }),
      },
      {
        path: ROUTES.savedLists,
        lazy: async () => ({ Component: (await import('../features/lists/ListsPages')).SavedListsPage }),
      },
      {
        path: `${ROUTES.savedLists}/:id`,
        lazy: async () => ({ Component: (await import('../features/lists/ListsPages')).SavedListPage }),
      },
      {
        path: ROUTES.cart,
        lazy: async () => ({ Component: (await import('../features/cart/CartPage')).CartPage }),
      },
      // Catalogue pages load as their own chunks, so the first page of a visit downloads only what it shows.
      {
        path: ROUTES.search,
        lazy: async () => ({ Component: (await import('../features/content/SearchPage')).SearchPage }),
      },
      {
        path: `${ROUTES.productDetail}*`,
        lazy: async () => ({
          Component: (await import('../features/catalog/pages/ProductPage')).ProductPage,
        }),
      },
      {
        path: `${ROUTES.category}*`,
        lazy: async () => ({
          Component: (await import('../features/catalog/pages/CategoryPage')).CategoryPage,
        }),
      },
      {
        path: ROUTES.services,
        lazy: async () => ({ Component: (await import('../features/content/InfoPages')).ServicesPage }),
      },
      page(ROUTES.extrusionServices, <ExtrusionServicesPage />),
      {
        path: ROUTES.linearRailServices,
        lazy: async () => ({
          Component: (await import('../features/content/InfoPages')).LinearRailServicesPage,
        }),
      },
      {
        path: ROUTES.serviceRequest,
        lazy: async () => ({ Component: (await import('../features/forms/FormPages')).ServiceRequestPage }),
      },
      {
        path: ROUTES.cadDownloads,
        lazy: async () => ({
          Component: (await import('../features/content/CadDownloadsPage')).CadDownloadsPage,
        }),
      },
      {
        path: ROUTES.returnPolicy,
        lazy: async () => ({ Component: (await import('../features/content/PolicyPages')).ReturnPolicyPage }),
      },
      {
        path: ROUTES.shippingPolicy,
        lazy: async () => ({
          Component: (await import('../features/content/PolicyPages')).ShippingPolicyPage,
        }),
      },
      {
        path: ROUTES.terms,
        lazy: async () => ({ Component: (await import('../features/content/InfoPages')).TermsPage }),
      },
      {
        path: ROUTES.cookiePreferences,
        lazy: async () => ({
          Component: (await import('../features/content/ConsentPages')).ConsentPreferencesPage,
        }),
      },
      {
        path: ROUTES.about,
        lazy: async () => ({ Component: (await import('../features/content/InfoPages')).AboutPage }),
      },
      {
        path: ROUTES.contact,
        lazy: async () => ({ Component: (await import('../features/forms/FormPages')).ContactPage }),
      },
      {
        path: ROUTES.quote,
        lazy: async () => ({ Component: (await import('../features/forms/FormPages')).QuotePage }),
      },
      {
        path: ROUTES.projectIdeas,
        lazy: async () => ({
          Component: (await import('../features/content/ProjectIdeasPage')).ProjectIdeasPage,
        }),
      },
      { path: '*', element: <NotFoundPage /> },
    ],
  },
  {
    path: `${ROUTES.admin}/*`,
    lazy: async () => ({ Component: (await import('../admin/AdminApp')).AdminApp }),
  },
];
