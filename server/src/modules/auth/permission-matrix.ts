import { CONSOLE_ACCESS, SUPPLIER_ACCESS } from '../../../../domain/admin';
import { IMPORT_ACCESS } from '../../../../domain/imports';
import { ROLES, type RoleName } from '../../../../domain/roles';
import { WEBHOOKS_MANAGE } from '../../../../domain/webhooks';
import { ERP_ORDERS } from '../../../../domain/erp';
import { PUNCHOUT_ACCESS } from '../../../../domain/punchout';
import { STAFF, type Access, type ScopedAccess } from './permissions';

/** A user's own orders: any signed-in user, or a partner key with the orders:own scope. */
export const ORDERS_OWN: ScopedAccess = { roles: Object.keys(ROLES) as RoleName[], scope: 'orders:own' };

/**
 * A company's orders and approvals: any signed-in user (their company role is checked in the service), or a partner
 * key with the company:orders scope acting for its user's company (decision 047). Members, invitations, locations
 * and lists stay with people signed in.
 */
export const COMPANY_ORDERS: ScopedAccess = {
  roles: Object.keys(ROLES) as RoleName[],
  scope: 'company:orders',
};

/**
 * A buyer's quotes (decision 049): any signed-in user, or a partner key with orders:own (its user's quotes) or
 * company:orders (also its user's company's quotes, where the user's role sees the company's orders).
 */
export const QUOTES_OWN: ScopedAccess = {
  roles: Object.keys(ROLES) as RoleName[],
  scope: ['orders:own', 'company:orders'],
};

/**
 * The event feed (decision 070): staff signed in, or a key with company:orders or supplier:products (any user's
 * role: the feed's one visibility rule narrows what each sees; a signed-in non-staff user is refused there).
 */
export const EVENT_FEED: ScopedAccess = {
  roles: Object.keys(ROLES) as RoleName[],
  scope: ['company:orders', 'supplier:products'],
};

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
  'Query.cadProducts': 'public',
  'Query.search': 'public',
  'Query.typeAhead': 'public',
  'Query.site': 'public',
  'Mutation.notifyBackInStock': 'public',
  // Cart: every visitor has one (anonymous: the session's); partner tokens need the orders:own scope.
  'Query.cart': 'public',
  'Mutation.addToCart': 'public',
  'Mutation.updateCart': 'public',
  'Mutation.removeFromCart': 'public',
  'Mutation.applyCartCode': 'public',
  'Mutation.removeCartCode': 'public',
  'Mutation.clearCart': 'public',
  // Punchout (decision 072): the banner's session (null outside one); the transfer, in the buyer's own session.
  'Query.punchoutSession': 'public',
  'Mutation.transferPunchoutCart': 'signed-in',
  // Checkout and orders: guests check out and read the orders of their session; ownership in the services.
  'Mutation.placeOrder': 'public',
  'Mutation.payOrder': 'public',
  'Mutation.confirmOrderPayment': 'public',
  'Mutation.cancelOrder': 'public',
  'Query.ordersAwaitingPayment': 'public',
  'Mutation.reorder': 'public',
  'Query.order': 'public',
  'Query.orders': ORDERS_OWN,
  // Saved lists: the signed-in user's own (ownership in the service); quick order also fills a guest's cart.
  'Query.savedLists': 'signed-in',
  'Query.savedList': 'signed-in',
  'Mutation.createSavedList': 'signed-in',
  'Mutation.editSavedList': 'signed-in',
  'Mutation.deleteSavedList': 'signed-in',
  'Mutation.addToSavedList': 'signed-in',
  'Mutation.updateSavedListItem': 'signed-in',
  'Mutation.removeSavedListItems': 'signed-in',
  'Mutation.moveSavedItemsToCart': 'signed-in',
  'Mutation.saveForLater': 'signed-in',
  'Mutation.quickOrder': 'public',
  // Returns: the customer's own (ownership in the service); staff decide over REST until the console.
  'Query.myReturns': 'signed-in',
  'Mutation.requestReturn': 'signed-in',
  'Query.returnQueue': STAFF,
  'Mutation.decideReturn': STAFF,
  'Mutation.advanceReturn': STAFF,
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
  'Query.paymentOptions': 'signed-in',
  'Mutation.initializePaymentKey': 'signed-in',
  'Mutation.savePaymentOption': 'signed-in',
  'Mutation.deletePaymentOption': 'signed-in',
  'Mutation.makePrimaryPayment': 'signed-in',
  'Mutation.changePassword': 'signed-in',
  'Mutation.deleteMyAccount': 'signed-in',
  // Company buying (decision 043): company roles are checked in the service, on the caller's own company.
  'Query.myCompany': COMPANY_ORDERS,
  'Query.companyInvitation': 'public',
  'Mutation.inviteCompanyMember': 'signed-in',
  'Mutation.revokeCompanyInvitation': 'signed-in',
  'Mutation.acceptCompanyInvitation': 'signed-in',
  'Query.myCompanyInvitations': 'signed-in',
  'Mutation.acceptMyCompanyInvitation': 'signed-in',
  'Mutation.updateCompanyMember': 'signed-in',
  'Mutation.removeCompanyMember': 'signed-in',
  'Query.companyApprovals': COMPANY_ORDERS,
  'Query.companyOrders': COMPANY_ORDERS,
  'Mutation.decideCompanyOrder': COMPANY_ORDERS,
  'Mutation.saveCompanyAddress': 'signed-in',
  'Mutation.deleteCompanyAddress': 'signed-in',
  'Mutation.setCompanyShipToLocationsOnly': 'signed-in',
  'Query.myCompanyApplication': 'signed-in',
  'Mutation.withdrawCompanyApplication': 'signed-in',
  // Admin.
  'Mutation.resetAllPasswords': CONSOLE_ACCESS.manageUsers,
  'Mutation.setUserRole': CONSOLE_ACCESS.manageUsers,
  'Mutation.setUserLocked': CONSOLE_ACCESS.lockUsers,
  'Mutation.setUserCompany': CONSOLE_ACCESS.companies,
  'Query.adminCompanies': CONSOLE_ACCESS.companies,
  'Query.adminCompany': CONSOLE_ACCESS.companies,
  // The company record's Punchout card (decision 073): its credential, its secret shown once, its documents.
  'Query.punchoutCredential': PUNCHOUT_ACCESS,
  'Query.punchoutMessages': PUNCHOUT_ACCESS,
  'Query.punchoutSessions': PUNCHOUT_ACCESS,
  'Mutation.savePunchoutCredential': PUNCHOUT_ACCESS,
  'Mutation.rotatePunchoutSecret': PUNCHOUT_ACCESS,
  'Query.adminPriceLists': CONSOLE_ACCESS.companies,
  'Query.adminProductPrices': CONSOLE_ACCESS.prices,
  'Mutation.setProductErpItem': CONSOLE_ACCESS.prices,
  'Mutation.setPriceBreaks': CONSOLE_ACCESS.prices,
  'Query.adminQuotes': CONSOLE_ACCESS.quotes,
  'Query.adminQuote': CONSOLE_ACCESS.quotes,
  'Mutation.reviewQuote': CONSOLE_ACCESS.quotes,
  // A price far below the catalogue's needs Service or Admin to send; others save a draft (decision 054).
  'Mutation.sendQuote': CONSOLE_ACCESS.quotes,
  'Mutation.saveQuoteDraft': CONSOLE_ACCESS.quotes,
  'Mutation.sendQuoteDraft': CONSOLE_ACCESS.belowCataloguePrices,
  'Mutation.declineQuote': CONSOLE_ACCESS.quotes,
  // Quotes (decision 049): the buyer's own, and their company's for roles that see its orders; partner keys too.
  'Mutation.requestQuote': QUOTES_OWN,
  'Query.myQuotes': QUOTES_OWN,
  // Public for a guest reading the quote their e-mailed link opened in this browser (decision 061); the service
  // refuses everyone else without QUOTES_OWN.
  'Query.quote': 'public',
  'Mutation.acceptQuote': QUOTES_OWN,
  'Mutation.requestQuoteAgain': QUOTES_OWN,
  'Query.quoteCheckout': QUOTES_OWN,
  'Mutation.sendQuoteMessage': QUOTES_OWN,
  'Mutation.sendQuoteStaffMessage': CONSOLE_ACCESS.quotes,
  'Mutation.saveAdminCompany': CONSOLE_ACCESS.companies,
  'Mutation.setCompanyMemberRole': CONSOLE_ACCESS.companies,
  'Mutation.recordTermsPayment': CONSOLE_ACCESS.companies,
  'Mutation.setLocationErpShipTo': CONSOLE_ACCESS.companies,
  'Mutation.decideCompanyCredit': CONSOLE_ACCESS.companies,
  'Query.adminCompanyApplications': CONSOLE_ACCESS.companies,
  'Query.adminCompanyApplication': CONSOLE_ACCESS.companies,
  'Mutation.approveCompanyApplication': CONSOLE_ACCESS.companies,
  'Mutation.declineCompanyApplication': CONSOLE_ACCESS.companies,
  'Query.apiKeys': CONSOLE_ACCESS.apiKeys,
  'Mutation.createApiKey': CONSOLE_ACCESS.apiKeys,
  'Mutation.revokeApiKey': CONSOLE_ACCESS.apiKeys,
  // Webhook endpoints (decisions 068, 070): Admin signed in (all), or a key with webhooks:manage (its own only).
  'Query.webhookEndpoints': WEBHOOKS_MANAGE,
  'Mutation.createWebhookEndpoint': WEBHOOKS_MANAGE,
  'Mutation.updateWebhookEndpoint': WEBHOOKS_MANAGE,
  'Mutation.rotateWebhookSecret': WEBHOOKS_MANAGE,
  'Mutation.deleteWebhookEndpoint': WEBHOOKS_MANAGE,
  'Query.webhookDeliveries': WEBHOOKS_MANAGE,
  'Mutation.replayWebhookDelivery': WEBHOOKS_MANAGE,
  'Mutation.sendTestWebhook': WEBHOOKS_MANAGE,
  // The event feed (decision 070): staff, or a key with company:orders / supplier:products (its own events).
  'Query.events': EVENT_FEED,
  // The ERP's acknowledgement (decision 071): a key with erp:orders (any role), or an Admin signed in.
  'Mutation.acknowledgeOrder': ERP_ORDERS,
  // Staff: the console (domain/admin.ts CONSOLE_ACCESS).
  'Query.unacknowledgedOrders': CONSOLE_ACCESS.orders,
  'Query.adminOrders': CONSOLE_ACCESS.orders,
  'Query.adminOrder': CONSOLE_ACCESS.orders,
  'Query.orderAudit': CONSOLE_ACCESS.orders,
  'Query.orderPromotionFacts': CONSOLE_ACCESS.orders,
  'Query.adminPromotions': CONSOLE_ACCESS.promotions,
  'Query.adminPromotion': CONSOLE_ACCESS.promotions,
  'Query.promotionChoices': CONSOLE_ACCESS.promotions,
  'Mutation.savePromotion': CONSOLE_ACCESS.promotions,
  'Mutation.endPromotion': CONSOLE_ACCESS.promotions,
  'Mutation.generatePromotionCodes': CONSOLE_ACCESS.promotions,
  'Mutation.updateOrder': CONSOLE_ACCESS.editOrders,
  'Mutation.shipOrder': CONSOLE_ACCESS.editOrders,
  'Mutation.deliverOrder': CONSOLE_ACCESS.editOrders,
  'Query.adminUsers': CONSOLE_ACCESS.customers,
  'Query.dashboard': CONSOLE_ACCESS.dashboard,
  'Query.adminSites': CONSOLE_ACCESS.sites,
  'Mutation.setSiteVisibility': CONSOLE_ACCESS.sites,
  'Mutation.setSiteLegal': CONSOLE_ACCESS.sites,
  'Query.outboxEmails': STAFF,
  'Query.formSubmissions': STAFF,
  // Suppliers: their own brand's products and stock (session, or a key with the supplier:products scope).
  'Query.supplierProducts': SUPPLIER_ACCESS,
  'Mutation.setProductStock': SUPPLIER_ACCESS,
  'Mutation.setProductStockLevels': SUPPLIER_ACCESS,
  // Stock (decision 050): counts by warehouse, adjusted with a reason.
  'Query.adminStock': CONSOLE_ACCESS.stock,
  'Mutation.adjustStock': CONSOLE_ACCESS.stock,
  'Mutation.setMaxOrderQuantity': CONSOLE_ACCESS.stock,
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
  'GET /api/product/itemNotification/confirm': 'public',
  'GET /api/cad/:file': 'public',
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
  'GET /api/events': EVENT_FEED,
  'GET /api/orders/:id': 'public',
  'GET /api/orders/:id/invoice.pdf': 'public',
  'POST /api/orders/:id/pay': 'public',
  'POST /api/orders/:id/confirm-payment': 'public',
  'POST /api/orders/:id/cancel': 'public',
  'GET /api/orders/awaiting-payment': 'public',
  'GET /api/orders/access': 'public',
  'POST /api/orders/:id/reorder': 'public',
  'POST /api/payments/test/payment-methods': 'public',
  'POST /api/payments/test/intents/:id/authenticate': 'public',
  'GET /api/product/get-all-saved-lists': 'signed-in',
  'POST /api/product/create-save-list': 'signed-in',
  'POST /api/product/edit-saved-list': 'signed-in',
  'DELETE /api/product/delete-saved-list': 'signed-in',
  'POST /api/product/add-item-to-save-list': 'signed-in',
  'POST /api/product/get-all-saved-list-items': 'signed-in',
  'POST /api/product/update-item-quantity': 'signed-in',
  'DELETE /api/product/delete-items-saved-list': 'signed-in',
  'POST /api/product/move-saved-items-to-cart': 'signed-in',
  'POST /api/product/quick-order': 'public',
  'POST /api/user/cart/save-for-later': 'signed-in',
  'POST /api/forms/contact': 'public',
  'POST /api/forms/quote': 'public',
  'POST /api/forms/service-request': 'public',
  'GET /api/admin/forms/attachments/:id': STAFF,
  // Company account applications carry a file (decision 047): a customer sends one, staff download its certificate.
  'POST /api/company/applications': 'signed-in',
  'GET /api/admin/company-applications/:id/certificate': CONSOLE_ACCESS.companies,
  // A guest's quote link (decision 061) opens the quote in this browser; its PDF and drawings are read as the
  // quote is (a guest: the quotes their link opened; everyone else: QUOTES_OWN, checked by the service).
  'GET /api/quotes/access': 'public',
  'GET /api/quotes/:id/quote.pdf': 'public',
  'GET /api/admin/quotes/:id/quote.pdf': CONSOLE_ACCESS.quotes,
  'GET /api/quotes/:id/attachments/:file': 'public',
  'GET /api/admin/quotes/:id/attachments/:file': CONSOLE_ACCESS.quotes,
  'GET /api/admin/orders.csv': CONSOLE_ACCESS.orders,
  // Promotions (issue 58): a batch's codes and the report, for the promotions' keepers.
  'GET /api/admin/promotions/report.csv': CONSOLE_ACCESS.promotions,
  'GET /api/admin/promotions/:id/codes.csv': CONSOLE_ACCESS.promotions,
  // Imports with a dry run (decision 069): prices, price breaks and products as the Prices section; stock also
  // Suppliers.
  'POST /api/imports/prices': IMPORT_ACCESS.prices,
  'POST /api/imports/price-breaks': IMPORT_ACCESS['price-breaks'],
  'POST /api/imports/stock': IMPORT_ACCESS.stock,
  'POST /api/imports/products': IMPORT_ACCESS.products,
  'POST /api/returns': 'signed-in',
  'GET /api/returns': 'signed-in',
  'GET /api/returns/:id': 'signed-in',
  'GET /api/admin/returns': STAFF,
  'POST /api/admin/returns/:id/decision': STAFF,
  'POST /api/admin/returns/:id/status': STAFF,
  'GET /api/user': 'signed-in',
  'GET /api/user/export': 'signed-in',
  'DELETE /api/user': 'signed-in',
  'POST /api/user': 'signed-in',
  'POST /api/user/address': 'signed-in',
  'PUT /api/user/address': 'signed-in',
  'DELETE /api/user/address': 'signed-in',
  'PUT /api/user/make-primary-address': 'signed-in',
  'POST /api/user/payment-key': 'signed-in',
  'GET /api/user/payment-method': 'signed-in',
  'POST /api/user/payment-method': 'signed-in',
  'DELETE /api/user/payment-method': 'signed-in',
  'PUT /api/user/make-primary-payment': 'signed-in',
  'PUT /api/user/security/change-password': 'signed-in',
  'PUT /api/admin/user/reset-all-passwords': ['Admin'],
};
