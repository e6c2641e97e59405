/**
 * The auth module's door (issue 53, item 2): what code outside server/src/modules/auth/ uses. Other modules, the
 * flows and the rest of server/src import this file, never the files behind it (eslint.config.mjs holds it;
 * server/test may). It never exports the module's manifest (config/manifests.ts imports that directly).
 */
export { tokenSecret, createApiKey } from './api-tokens';
export { CSRF_EXEMPT_PATHS, safeCallback } from './auth.routes';
export { isCommonPassword, hashPassword, verifyPassword } from './password';
export { COMPANY_ORDERS, EVENT_FEED, ORDERS_OWN, QUOTES_OWN } from './permission-matrix';
export { assertAccess, assertOrdersScope, authorizedFor, STAFF, actsForCompany } from './permissions';
export { heldPrices, refuseHeldPrices, staffNamed, type HeldPrice, heldForAudit } from './price-approval';
export { pruneRateLimits, hit, peek } from './rate-limit';
export {
  SESSION_LIFETIME,
  sessionUser,
  type AuthCookies,
  type SessionLifetime,
  endSession,
  requireUser,
  startSession,
} from './session-auth';
export { type SessionUser } from './session-user';
export { pruneSignInThrottle, reserveSignIn } from './sign-in-throttle';
