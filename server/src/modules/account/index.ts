/**
 * The account module's door (issue 53, item 2): what code outside server/src/modules/account/ uses. Other modules,
 * the flows and the rest of server/src import this file, never the files behind it (eslint.config.mjs holds it;
 * server/test may). It never exports the module's manifest (config/manifests.ts imports that directly).
 */
export { checkBeforeClosing, onSignIn, type SignInHook, type AccountClosingCheck } from './account-hooks';
export { User, BusinessAccount } from './account.entity';
export { MAIL_LIMITS, limitMail, type AddressView } from './account.service';
export { AddressInputGql } from './account.types';
export { grantAdmin } from './first-admin';
export { ensurePaymentKey, rememberSavedCard } from './saved-cards.service';
