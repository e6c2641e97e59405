/**
 * The mail module's door (issue 53, item 2): what code outside server/src/modules/mail/ uses. Other modules, the
 * flows and the rest of server/src import this file, never the files behind it (eslint.config.mjs holds it;
 * server/test may). It never exports the module's manifest (config/manifests.ts imports that directly).
 */
export { ACCESS_LINK_DAYS, accessLinkKind, findAccessLink } from './access-link';
export { LINK_TOKEN, sendMessage, localeOr, onEmailsQueued, queueEmail, type Email } from './mailer';
export { OutboxSender } from './outbox-sender';
export { render, type Money, type Message } from './templates';
