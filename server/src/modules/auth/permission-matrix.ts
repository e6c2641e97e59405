import { ROLES, type RoleName } from '../../../../domain/roles';
import { STAFF, type Access, type ScopedAccess } from './permissions';

/** A user's own orders: any signed-in user, or a partner key with the orders:own scope. */
export const ORDERS_OWN: ScopedAccess = { roles: Object.keys(ROLES) as RoleName[], scope: 'orders:own' };

/**
 * Who may call every GraphQL operation and REST route (docs/decisions/010-permissions.md). Enforcement lives in
 * `@Authorized` (GraphQL) and `requireUser` / `assertAccess` (REST, services); test/permissions.spec.ts checks
 * that every operation of schema.graphql and every REST route is listed here and guarded as listed, so nothing
 * unguarded can be added silently. Ownership rules (own addresses, orders...) are enforced in the services.
 */
export const GRAPHQL_ACCESS: Record<string, Access> = {
  // Catalogue and search: public reads (prices are list prices until customer price lists arrive).
  'Query.category': 'public',
  'Query.parentCategories': 'public',
  'Query.product': 'public',
  'Query.products': 'public',
  'Query.productRefreshDetails': 'public',
  'Query.recommendations': 'public',
  'Query.search': 'public',
  'Query.typeAhead': 'public',
  'Query.site': 'public',
  'Mutation.notifyBackInStock': 'public',
  // Cart: every visitor has one (anonymous: the session's); partner tokens need the orders:own scope.
  'Query.cart': 'public',
  'Mutation.addToCart': 'public',
  'Mutation.updateCart': 'public',
  'Mutation.removeFromCart': 'public',
  'Mutation.clearCart': 'public',
  // Checkout and orders: guests check out and read the orders of their session; ownership in the services.
  'Mutation.placeOrder': 'public',
  'Mutation.payOrder': 'public',
  'Mutation.confirmOrderPayment': 'public',
  'Mutation.reorder': 'public',
  'Query.order': 'public',
  'Query.orders': ORDERS_OWN,
  // Accounts.
  'Mutation.signIn': 'public',
  'Mutation.startRegistration': 'public',
  'Query.registration': 'public',
  'Mutation.completeRegistration': 'public',
  'Mutation.forgotPassword': 'public',
  'Mutation.resetPassword': 'public',
  'Query.me': 'signed-in',
  'Mutation.signOut': 'signed-in',
  'Mutation.updateProfile': 'signed-in',
  'Mutation.saveAddress': 'signed-in',
  'Mutation.deleteAddress': 'signed-in',
  'Mutation.makePrimaryAddress': 'signed-in',
  'Mutation.changePassword': 'signed-in',
  // Admin.
  'Mutation.resetAllPasswords': ['Admin'],
  'Query.apiKeys': ['Admin'],
  'Mutation.createApiKey': ['Admin'],
  'Mutation.revokeApiKey': ['Admin'],
  // Staff.
  'Query.outboxEmails': STAFF,
  // Suppliers: their own brand's products and stock (session, or a key with the supplier:products scope).
  'Query.supplierProducts': { roles: ['Supplier'], scope: 'supplier:products' },
  'Mutation.setProductStock': { roles: ['Supplier'], scope: 'supplier:products' },
};

export const REST_ACCESS: Record<string, Access> = {
  'GET /api/auth/csrf': 'public',
  'GET /api/auth/csrf/clear': 'public',
  'POST /api/auth/_log': 'public',
  'GET /api/auth/session': 'public',
  'POST /api/auth/token': 'public',
  'GET /api/auth/providers': 'public',
  'GET /api/auth/signin': 'public',
  'GET /api/auth/signin/:provider': 'public',
  'POST /api/auth/callback/:provider': 'public',
  'POST /api/auth/signin/:provider': 'public',
  'POST /api/auth/signout': 'public',
  'GET /api/products/category/parent': 'public',
  'GET /api/products/category/*handle': 'public',
  'POST /api/products/category/search': 'public',
  'GET /api/products': 'public',
  'GET /api/products/refreshDetails': 'public',
  'POST /api/products/customer-pricing': 'public',
  'GET /api/products/*id': 'public',
  'POST /api/product/get-product-detail-by-id': 'public',
  'POST /api/product/get-product-detail-by-multi-id': 'public',
  'GET /api/search/products/recommendations': 'public',
  'POST /api/product/itemNotification': 'public',
  'POST /api/search/typeAhead': 'public',
  'POST /api/search': 'public',
  'POST /api/search/attribution': 'public',
  'POST /api/user/registration': 'public',
  'GET /api/user/register-token': 'public',
  'POST /api/user/registration/:id/complete': 'public',
  'POST /api/user/login': 'public',
  'PUT /api/user/security/forgotPassword': 'public',
  'PUT /api/user/security/reset-password': 'public',
  'GET /api/ip-address/get-ip-address': 'public',
  'GET /api/validation/address': 'public',
  'GET /api/user/cart': 'public',
  'POST /api/user/cart/upsert': 'public',
  'PUT /api/user/cart/upsert': 'public',
  'PUT /api/user/cart/remove': 'public',
  'DELETE /api/user/cart': 'public',
  'POST /api/checkout/place-order': 'public',
  'GET /api/orders': ORDERS_OWN,
  'GET /api/orders/:id': 'public',
  'GET /api/orders/:id/invoice.pdf': 'public',
  'POST /api/orders/:id/pay': 'public',
  'POST /api/orders/:id/confirm-payment': 'public',
  'POST /api/orders/:id/reorder': 'public',
  'POST /api/payments/test/payment-methods': 'public',
  'POST /api/payments/test/intents/:id/authenticate': 'public',
  'GET /api/user': 'signed-in',
  'POST /api/user': 'signed-in',
  'POST /api/user/address': 'signed-in',
  'PUT /api/user/address': 'signed-in',
  'DELETE /api/user/address': 'signed-in',
  'PUT /api/user/make-primary-address': 'signed-in',
  'PUT /api/user/security/change-password': 'signed-in',
  'PUT /api/admin/user/reset-all-passwords': ['Admin'],
};
