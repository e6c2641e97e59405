import { boolean, number, object, string, type InferType } from 'yup';
import { storeDay } from './constants';
import { addressSchema } from './account.schema';
import { orderListSchema } from './checkout.schema';
import { isDay } from './fulfilment';
import { round2 } from './money';
import { oneLine, plainText } from './text.schema';

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
  | { kind: 'order'; limit: number }
  | { kind: 'month'; limit: number; spent: number }
  | { kind: 'credit'; limit: number; openBalance: number };

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

/**
 * The same rule across currencies (decision 052): `total` is in the order's currency and `factor` turns it into the
 * limits' (the company's) currency, null when no exchange rate is set; `spent` is null when an order of the month
 * could not be converted. What cannot be counted is never taken as under a limit: the order waits, over its order
 * limit when it has one, else its monthly one.
 */
export function approvalReasonAcross(
  total: number,
  factor: number | null,
  limits: { orderLimit: number | null; monthlyLimit: number | null },
  spent: number | null,
): ApprovalReason | null {
  if (limits.orderLimit === null && limits.monthlyLimit === null) return null;
  // The order itself cannot be converted: no limit can be checked; it waits over the order limit if it has one.
  if (factor === null) {
    return limits.orderLimit !== null
      ? { kind: 'order', limit: limits.orderLimit }
      : { kind: 'month', limit: limits.monthlyLimit!, spent: spent ?? 0 };
  }
  const converted = round2(total * factor);
  // The month's orders cannot be counted: the order limit is still checked, then it waits over the monthly limit.
  if (spent === null && limits.monthlyLimit !== null) {
    return (
      approvalReason(converted, { orderLimit: limits.orderLimit, monthlyLimit: null }, 0) ?? {
        kind: 'month',
        limit: limits.monthlyLimit,
        spent: 0,
      }
    );
  }
  return approvalReason(converted, limits, spent ?? 0);
}

/** An approver's decision: a note is optional to approve and required to reject (the buyer reads it). */
export const approvalDecisionSchema = object({
  approve: boolean().required(),
  note: string()
    .trim()
    .max(1000, 'Keep the note under 1,000 characters.')
    .test(plainText)
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

/** A member's company role as staff set it in the console (naming another admin, issue 52). */
export const companyMemberRoleSchema = object({
  userId: string().required('Member was not found').uuid('Member was not found'),
  role: role(),
});

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
    .max(80, 'Location names are limited to 80 characters.')
    .test(oneLine),
  billTo: boolean().default(false),
});
export type CompanyAddressInput = InferType<typeof companyAddressSchema>;

/** The refusal of a shipping address that is none of the company's locations, when it ships only there. */
export const SHIP_TO_LOCATIONS_ONLY = 'Your company ships only to its locations: choose one of them.';

interface StreetAddress {
  addressLine1: string;
  addressLine2?: string | null;
  city: string;
  state: string;
  zip: string;
  country?: string | null;
}

const streetKey = (a: StreetAddress) =>
  [a.addressLine1, a.addressLine2 ?? '', a.city, a.state, a.zip.replace(/\s+/g, ''), a.country ?? 'US']
    .map((part) => part.trim().replace(/\s+/g, ' ').toLowerCase())
    .join('|');

/**
 * The same key in SQL (decision 071: an order's address matched to its company's location for the ERP ship-to id),
 * over SQL expressions of the parts (text; null reads as '' for the second line, 'US' for the country).
 */
export function streetKeySql(a: Record<keyof StreetAddress, string>): string {
  const part = (sql: string) => `lower(regexp_replace(btrim(${sql}), '\\s+', ' ', 'g'))`;
  return [
    part(a.addressLine1),
    part(`coalesce(${a.addressLine2}, '')`),
    part(a.city),
    part(a.state),
    part(`regexp_replace(${a.zip}, '\\s+', '', 'g')`),
    part(`coalesce(${a.country}, 'US')`),
  ].join(` || '|' || `);
}

/**
 * Whether a shipping address is one of the company's locations: the same street (both lines), city, state, ZIP and
 * country, in any case and spacing. The recipient, e-mail and phone are the buyer's to write ("Maria, dock 4").
 */
export function isCompanyLocation(address: StreetAddress, locations: readonly StreetAddress[]): boolean {
  const key = streetKey(address);
  return locations.some((l) => streetKey(l) === key);
}

/* ---------- Terms, credit and the company record staff keep (decision 046) ---------- */

/** The longest net terms staff grant, in days. */
export const MAX_NET_TERMS_DAYS = 180;

export { storeDay };

/** The day a terms invoice is due: the store's day it was placed, plus the net days. */
export function invoiceDueDay(placedAt: Date | string, netDays: number): string {
  const day = new Date(`${storeDay(new Date(placedAt))}T00:00:00Z`);
  day.setUTCDate(day.getUTCDate() + netDays);
  return day.toISOString().slice(0, 10);
}

/** Whether a company's tax exemption applies on `day`: exempt, and its certificate not expired. */
export function taxExemptOn(
  company: { taxExempt: boolean; taxCertificateExpires: string | null },
  day: string = storeDay(),
): boolean {
  return (
    company.taxExempt && (company.taxCertificateExpires === null || company.taxCertificateExpires >= day)
  );
}

const emptyIsNull = (value: unknown, original: unknown) =>
  original === '' || original === null || original === undefined ? null : value;

/** A tax-exemption certificate's last day (YYYY-MM-DD), or none. */
const certificateLastDay = () =>
  string()
    .transform(emptyIsNull)
    .nullable()
    .default(null)
    .test('day', 'Enter the last day as YYYY-MM-DD.', (v) => v === null || v === undefined || isDay(v));

/** A tax-exemption certificate's number, as it is written on it. */
const certificateNumber = () =>
  string().trim().max(64, 'Certificate numbers are limited to 64 characters.').default('').test(oneLine);

/** A company's name, as its people and staff write it (one line). */
const companyName = () =>
  string().trim().max(200, 'Company names are limited to 200 characters.').test(oneLine);

/** A company's ERP account number (empty: none). */
const erpAccountNumber = () =>
  string()
    .trim()
    .max(64, 'ERP account numbers are limited to 64 characters.')
    .test(oneLine)
    .transform(emptyIsNull)
    .nullable()
    .default(null);

/**
 * A company as staff keep it in the console: its name and ERP account number (checked against the ERP, or not),
 * its tax exemption with the certificate's number and last day, and its terms (net days; a credit limit needs them).
 */
export const companyRecordSchema = object({
  name: companyName().required('Company is a required field'),
  erpAccountId: erpAccountNumber(),
  erpVerified: boolean()
    .default(false)
    .test('needs-number', 'Enter the ERP account number you checked.', function (verified) {
      return !verified || Boolean(this.parent.erpAccountId);
    }),
  taxExempt: boolean().default(false),
  taxCertificate: certificateNumber().when('taxExempt', {
    is: true,
    then: (s) => s.required('Enter the tax-exemption certificate number.'),
  }),
  taxCertificateExpires: certificateLastDay(),
  /** The customer price list its members buy at (its ERP's list id); none: the site's prices. */
  priceListId: string()
    .trim()
    .max(64, 'Choose one of the price lists.')
    .test(oneLine)
    .transform(emptyIsNull)
    .nullable()
    .default(null),
  netTermsDays: number()
    .transform(emptyIsNull)
    .nullable()
    .default(null)
    .typeError(`Net terms are 1 to ${MAX_NET_TERMS_DAYS} days, or empty for none.`)
    .integer(`Net terms are 1 to ${MAX_NET_TERMS_DAYS} days, or empty for none.`)
    .min(1, `Net terms are 1 to ${MAX_NET_TERMS_DAYS} days, or empty for none.`)
    .max(MAX_NET_TERMS_DAYS, `Net terms are 1 to ${MAX_NET_TERMS_DAYS} days, or empty for none.`),
  creditLimit: number()
    .transform(emptyIsNull)
    .nullable()
    .default(null)
    .typeError('Enter an amount, or leave it empty for no limit.')
    .min(0, 'Enter an amount, or leave it empty for no limit.')
    .max(MAX_SPENDING_LIMIT, 'Enter an amount, or leave it empty for no limit.')
    .test('needs-terms', 'A credit limit needs net terms.', function (limit) {
      return limit === null || limit === undefined || this.parent.netTermsDays !== null;
    }),
});
export type CompanyRecordInput = InferType<typeof companyRecordSchema>;

/**
 * Staff attach a customer to the company with an ERP account number (made with `company` as its name when the store
 * has none yet); no number detaches them.
 */
export const userCompanySchema = object({
  userId: string().required().uuid('User not found'),
  erpAccountId: erpAccountNumber(),
  company: companyName().transform(emptyIsNull).nullable().default(null),
});

/** A payment staff record against a terms invoice: the amount, the day it was paid (not after today), a reference. */
export const termsPaymentSchema = object({
  amount: number()
    .typeError('Enter the amount paid.')
    .required('Enter the amount paid.')
    .moreThan(0, 'Enter the amount paid.')
    .max(MAX_SPENDING_LIMIT, 'Enter the amount paid.')
    .test(
      'cents',
      'Enter the amount in dollars and cents.',
      (v) =>
        v === undefined ||
        (Number.isInteger(Math.round(v * 100)) && Math.abs(v * 100 - Math.round(v * 100)) < 1e-6),
    ),
  paidOn: string()
    .required('Enter the day it was paid.')
    .test('day', 'Enter the day as YYYY-MM-DD.', (v) => !v || isDay(v))
    .test('past', 'The day it was paid cannot be after today.', (v) => !v || !isDay(v) || v <= storeDay()),
  reference: string()
    .trim()
    .required('Enter the payment’s reference (cheque or transfer number).')
    .max(100, 'References are limited to 100 characters.')
    .test(oneLine),
});
export type TermsPaymentInput = InferType<typeof termsPaymentSchema>;

/**
 * Whether a purchase order of `total` takes the company over its credit limit (decision 046): its open terms balance
 * (unpaid invoices, and purchase orders waiting for approval) plus the order, in cents. A null limit is none.
 */
export function overCreditLimit(total: number, openBalance: number, creditLimit: number | null): boolean {
  const cents = (amount: number) => Math.round(amount * 100);
  return creditLimit !== null && cents(openBalance) + cents(total) > cents(creditLimit);
}

/* ---------- Applications: "My company buys on account" (decision 047) ---------- */

/** Where an application stands. A pending one may be withdrawn by its applicant; the others are final. */
export const APPLICATION_STATUSES = ['pending', 'approved', 'declined', 'withdrawn'] as const;
export type ApplicationStatus = (typeof APPLICATION_STATUSES)[number];

/** The files a tax certificate may be: one PDF, PNG or JPEG, at most 10 MB, known by its first bytes. */
export const CERTIFICATE_KINDS = {
  pdf: { extensions: ['.pdf'], contentType: 'application/pdf' },
  png: { extensions: ['.png'], contentType: 'image/png' },
  jpeg: { extensions: ['.jpg', '.jpeg'], contentType: 'image/jpeg' },
} as const;
export type CertificateKind = keyof typeof CERTIFICATE_KINDS;
export const CERTIFICATE_MAX_BYTES = 10 * 1024 * 1024;
export const CERTIFICATE_REFUSED = 'Attach the certificate as one PDF, PNG or JPEG file of at most 10 MB.';

/** The kind of a certificate's file from its name and its first bytes (never the type the browser claims). */
export function certificateKind(filename: string, head: Uint8Array): CertificateKind | null {
  const lower = filename.toLowerCase();
  const starts = (...bytes: number[]) => bytes.every((b, i) => head[i] === b);
  const named = (Object.keys(CERTIFICATE_KINDS) as CertificateKind[]).find((k) =>
    CERTIFICATE_KINDS[k].extensions.some((e) => lower.endsWith(e)),
  );
  if (named === 'pdf' && starts(0x25, 0x50, 0x44, 0x46, 0x2d)) return 'pdf';
  if (named === 'png' && starts(0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a)) return 'png';
  if (named === 'jpeg' && starts(0xff, 0xd8, 0xff)) return 'jpeg';
  return null;
}

/**
 * A shopper's application for a company account: the company's name, its ERP number if it has one, and its tax
 * certificate (number, last day, file), all optional but the name. A file needs its certificate's number, and a
 * certificate's last day may not be past.
 */
export const companyApplicationSchema = companyRecordSchema.pick(['name', 'erpAccountId']).shape({
  taxCertificate: certificateNumber().when('certificateAttached', {
    is: true,
    then: (s) => s.required('Enter the tax-exemption certificate number.'),
  }),
  taxCertificateExpires: certificateLastDay().test(
    'current',
    'This certificate has expired.',
    (v) => !v || !isDay(v) || v >= storeDay(),
  ),
  /** Set by the server from the request's file. */
  certificateAttached: boolean().default(false),
});
export type CompanyApplicationInput = InferType<typeof companyApplicationSchema>;

/** Staff decline an application with a note the applicant reads. */
export const applicationDeclineSchema = object({
  note: string()
    .trim()
    .required('Tell the applicant why the application is declined.')
    .max(1000, 'Keep the note under 1,000 characters.')
    .test(plainText),
});
