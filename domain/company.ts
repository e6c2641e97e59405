import { boolean, number, object, string, type InferType } from 'yup';
import { addressSchema } from './account.schema';
import { orderListSchema } from './checkout.schema';

/* Company buying (issue 31, docs/decisions/043-companies.md): roles inside a company, invitations, limits. */

/** A member's role inside their company. Lower codes carry more authority, as the store's roles do. */
export const COMPANY_ROLES = {
  Admin: 10,
  Approver: 20,
  Buyer: 30,
  Viewer: 40,
} as const;

export type CompanyRoleName = keyof typeof COMPANY_ROLES;

export const COMPANY_ROLE_NAMES = Object.keys(COMPANY_ROLES) as CompanyRoleName[];

export function companyRoleName(code: number | null | undefined): CompanyRoleName | undefined {
  return COMPANY_ROLE_NAMES.find((name) => COMPANY_ROLES[name] === code);
}

/** What each role may do in its company. */
export const COMPANY_CAN = {
  /** Invite and remove members, set their roles and limits. */
  manageMembers: (role: number | null | undefined) => role === COMPANY_ROLES.Admin,
  /** Place orders (within their limits). A viewer sees orders and invoices and cannot buy. */
  buy: (role: number | null | undefined) => role !== COMPANY_ROLES.Viewer,
  /** See the company's orders (every member's) and their invoices; a buyer sees their own orders only. */
  seeOrders: (role: number | null | undefined) =>
    role === COMPANY_ROLES.Admin || role === COMPANY_ROLES.Approver || role === COMPANY_ROLES.Viewer,
  /** Approve or reject other members' orders over their limits. */
  approve: (role: number | null | undefined) =>
    role === COMPANY_ROLES.Admin || role === COMPANY_ROLES.Approver,
} as const;

/** Why an order waits for approval: over the member's limit per order, or over their monthly limit. */
export type ApprovalReason =
  { kind: 'order'; limit: number } | { kind: 'month'; limit: number; spent: number };

/**
 * Whether an order of `total` needs an approver (decision 044): more than the member's order limit, or, with the
 * orders they placed this month and did not cancel (`spent`), more than their monthly limit. Null limits are none.
 */
export function approvalReason(
  total: number,
  limits: { orderLimit: number | null; monthlyLimit: number | null },
  spent: number,
): ApprovalReason | null {
  // In cents: 32.02 + 91.43 is not above a limit of 123.45.
  const cents = (amount: number) => Math.round(amount * 100);
  if (limits.orderLimit !== null && cents(total) > cents(limits.orderLimit)) {
    return { kind: 'order', limit: limits.orderLimit };
  }
  if (limits.monthlyLimit !== null && cents(spent) + cents(total) > cents(limits.monthlyLimit)) {
    return { kind: 'month', limit: limits.monthlyLimit, spent };
  }
  return null;
}

/** An approver's decision: a note is optional to approve and required to reject (the buyer reads it). */
export const approvalDecisionSchema = object({
  approve: boolean().required(),
  note: string()
    .trim()
    .max(1000, 'Keep the note under 1,000 characters.')
    .when('approve', {
      is: false,
      then: (s) => s.required('Tell the buyer why the order is rejected.'),
      otherwise: (s) => s.default(''),
    }),
});
export type ApprovalDecisionInput = InferType<typeof approvalDecisionSchema>;

/** How long an invitation's link works. */
export const COMPANY_INVITATION_TTL_MS = 7 * 24 * 3600_000;

/** The largest spending limit accepted (an order or a month). */
export const MAX_SPENDING_LIMIT = 10_000_000;

const limit = () =>
  number()
    // An empty field is no limit.
    .transform((value: number, original: unknown) =>
      original === '' || original === null || original === undefined ? null : value,
    )
    .nullable()
    .optional()
    .typeError('Enter an amount, or leave it empty for no limit.')
    .min(0, 'Enter an amount, or leave it empty for no limit.')
    .max(MAX_SPENDING_LIMIT, 'Enter an amount, or leave it empty for no limit.');

const role = () =>
  string<CompanyRoleName>().required('Choose a role.').oneOf(COMPANY_ROLE_NAMES, 'Choose a role.');

/** A member's role and spending limits (null: no limit). */
export const companyMemberSchema = object({
  role: role(),
  orderLimit: limit(),
  monthlyLimit: limit(),
});
export type CompanyMemberInput = InferType<typeof companyMemberSchema>;

/** An invitation: the e-mail of the person to invite, and the role and limits they will have. */
export const companyInvitationSchema = companyMemberSchema.shape({
  email: string()
    .trim()
    .lowercase()
    .required('Please enter your email address.')
    .email('Please enter your email address.')
    .max(254, 'Please enter your email address.'),
});
export type CompanyInvitationInput = InferType<typeof companyInvitationSchema>;

/** The company's orders as an admin, approver or viewer filters them: one buyer's (null: everyone's), by status and date. */
export const companyOrderListSchema = orderListSchema.shape({
  buyerId: string().uuid('Choose a buyer of your company.').nullable().default(null),
});
export type CompanyOrderListInput = InferType<typeof companyOrderListSchema>;

/** The most locations a company keeps. */
export const COMPANY_ADDRESS_LIMIT = 100;

/**
 * A company's location (decision 045): a saved address (the same rules), with the location's name, and whether it
 * is the company's bill-to address.
 */
export const companyAddressSchema = addressSchema.shape({
  label: string()
    .trim()
    .required('Name this location.')
    .max(80, 'Location names are limited to 80 characters.'),
  billTo: boolean().default(false),
});
export type CompanyAddressInput = InferType<typeof companyAddressSchema>;

/** The refusal of a shipping address that is none of the company's locations, when it ships only there. */
export const SHIP_TO_LOCATIONS_ONLY = 'Your company ships only to its locations: choose one of them.';

interface StreetAddress {
  addressLine1: string;
  city: string;
  state: string;
  zip: string;
  country?: string | null;
}

const streetKey = (a: StreetAddress) =>
  [a.addressLine1, a.city, a.state, a.zip.replace(/\s+/g, ''), a.country ?? 'US']
    .map((part) => part.trim().replace(/\s+/g, ' ').toLowerCase())
    .join('|');

/**
 * Whether a shipping address is one of the company's locations: the same street, city, state, ZIP and country
 * (in any case and spacing). The recipient, suite, e-mail and phone are the buyer's to write.
 */
export function isCompanyLocation(address: StreetAddress, locations: readonly StreetAddress[]): boolean {
  const key = streetKey(address);
  return locations.some((l) => streetKey(l) === key);
}
