/**
 * The company module's door (issue 53, item 2): what code outside server/src/modules/company/ uses. Other modules,
 * the flows and the rest of server/src import this file, never the files behind it (eslint.config.mjs holds it;
 * server/test may). It never exports the module's manifest (config/manifests.ts imports that directly).
 */
export { refuseClosingLastAdmin } from './account-closing';
export {
  approvalDecision,
  auditDecision,
  chargeApprovedCard,
  recordDecision,
  startApprovalPayment,
  type ApprovalDecision,
  type DecidedApproval,
} from './approval-decision';
export { waitForApproval, type HeldForApproval } from './approval-hold';
export { approvalService, type ApprovalOutcome } from './approval.service';
export { keepsActiveAdmin, lastActiveAdmin, lockCompanyAdmins, personName } from './company-access';
export { companyShipping } from './company-addresses';
export { companyChanged, memberChanged } from './company-events';
export { cancelApproval, forgetHeldCard, heldCard, type HeldCard, companyPurchase } from './company-limits';
export { OrderApprovalGql } from './company.types';
