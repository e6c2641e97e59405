/**
 * The shop's routes (spec section 2). The client router mounts these paths; the server answers 200 with the
 * app for them and 404 (with the app's not-found page) for anything else.
 */
export const ROUTES = {
  home: '/',
  signIn: '/user/login',
  signUp: '/user/register',
  /** Not in the spec's route list (its flows are): decision 010. */
  forgotPassword: '/user/forgot-password',
  resetPassword: '/user/reset-password',
  /** The error page sign-in sends a visitor to when the provider list cannot be had (spec section 8). */
  authError: '/user/auth-error',
  account: '/user/account',
  orders: '/user/account/orders',
  /** Saved lists: not in the spec's route list (decision 011). */
  savedLists: '/user/account/lists',
  /** Returns: not in the spec's route list (decision 011). */
  returns: '/user/account/returns',
  /** Company buying: not in the spec's route list (decision 043). */
  company: '/user/account/company',
  /** Where a company invitation's e-mailed link opens (decision 043). */
  joinCompany: '/company/join',
  /** A company's orders waiting for approval (decision 044); approvers' e-mails link here. */
  companyApprovals: '/user/account/company/approvals',
  /** A company's orders, for its admins, approvers and viewers (issue 31, slice 3). */
  companyOrders: '/user/account/company/orders',
  /** Quotes (decision 049): a buyer's requests and staff's answers. */
  quotes: '/user/account/quotes',
  cart: '/cart',
  /** Checkout, order confirmation and invoice routes are not in the spec's list: decision 011. */
  checkout: '/checkout',
  orderConfirmation: '/checkout/confirmation/',
  search: '/search',
  productDetail: '/product/detail/',
  category: '/product/category/',
  services: '/services',
  extrusionServices: '/services/t-slot-extrusion-services',
  linearRailServices: '/services/linear-rail-services',
  serviceRequest: '/services/service-request',
  cadDownloads: '/cad-downloads',
  returnPolicy: '/about/returns',
  shippingPolicy: '/about/shipping',
  terms: '/about/terms',
  /** Consent preferences: not in the spec's route list (decision 017). */
  cookiePreferences: '/about/cookie-preferences',
  about: '/about-us',
  contact: '/about/contact-us',
  /** The quote form for parts priced on request: not in the spec's route list (decision 011). */
  quote: '/quote',
  projectIdeas: '/t-slot-extrusion-project-ideas',
  admin: '/admin',
} as const;

/** Routes whose path continues with an id or a handle (and the admin console's own routes). */
const PREFIX_ROUTES: readonly string[] = [
  ROUTES.productDetail,
  ROUTES.category,
  ROUTES.orderConfirmation,
  `${ROUTES.orders}/`,
  `${ROUTES.savedLists}/`,
  `${ROUTES.returns}/`,
  `${ROUTES.admin}/`,
];

const EXACT_ROUTES = new Set<string>(Object.values(ROUTES).filter((r) => r === '/' || !r.endsWith('/')));

/** `/product/detail/{id}` with the id URL-encoded (part numbers may contain `/`). */
export const productPath = (id: string): string => `${ROUTES.productDetail}${encodeURIComponent(id)}`;

export const categoryPath = (handle: string): string => `${ROUTES.category}${handle}`;

/** An order's page in the account, and its invoice. */
export const orderPath = (id: string): string => `${ROUTES.orders}/${id}`;
export const invoicePath = (id: string): string => `${ROUTES.orders}/${id}/invoice`;
/** An order's page opened at its payment (Pay Now from the orders list: an order waiting for a payment). */
export const orderPayPath = (id: string): string => `${orderPath(id)}?pay=1`;
export const returnRequestPath = (orderId: string): string => `${ROUTES.orders}/${orderId}/return`;
export const returnPath = (id: string): string => `${ROUTES.returns}/${id}`;
export const quotePagePath = (id: string): string => `${ROUTES.quotes}/${id}`;
/** Why a guest's quote link did not open its quote (decision 061): past its day, the quote is an account's, or unknown. */
export type QuoteLinkProblem = 'expired' | 'used' | 'unknown';
export const QUOTE_LINK_PAGE = `${ROUTES.quotes}/link`;
export const quoteLinkPath = (problem: QuoteLinkProblem): string => `${QUOTE_LINK_PAGE}?problem=${problem}`;
export const savedListPath = (id: string): string => `${ROUTES.savedLists}/${id}`;
export const quotePath = (item: string): string => `${ROUTES.quote}?item=${encodeURIComponent(item)}`;
export const confirmationPath = (id: string): string => `${ROUTES.orderConfirmation}${id}`;

export const searchPath = (q: string): string => `${ROUTES.search}?q=${encodeURIComponent(q)}`;

/** True for a path the shop renders (query and hash excluded); a trailing slash is tolerated. */
export function isShopRoute(path: string): boolean {
  const p = path.length > 1 ? path.replace(/\/+$/, '') : path;
  if (EXACT_ROUTES.has(p)) return true;
  return PREFIX_ROUTES.some((prefix) => p.startsWith(prefix) && p.length > prefix.length);
}

/**
 * A place to go back to after sign-in or sign-out, from a query string or a form: only a path of this site.
 * Anything else (another origin, `//host`, a backslash, a control character such as the tab in `/\t/evil`, which
 * browsers drop to reach `//evil`) gives `fallback`.
 */
export function safeReturnPath(value: unknown, fallback: string): string {
  if (typeof value !== 'string' || !value.startsWith('/') || value.length > 2000) return fallback;
  // eslint-disable-next-line no-control-regex
  if (/[\u0000-\u001f\u007f\\]/.test(value) || value.startsWith('//')) return fallback;
  const resolved = new URL(value, 'https://shop.invalid');
  return resolved.origin === 'https://shop.invalid'
    ? resolved.pathname + resolved.search + resolved.hash
    : fallback;
}
