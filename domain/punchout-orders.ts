import { number, object, string } from 'yup';

/*
 * Punchout for staff and orders (issue 57, decision 073): the console's reads of a company's punchout documents and
 * sessions, and the rules of a cXML OrderRequest. The session and transfer rules are domain/punchout.ts's.
 */

/** The console's page of a company's punchout documents (newest first). */
export const punchoutMessagesSchema = object({
  companyId: string().uuid('The company was not found').required('The company was not found'),
  page: number().integer().min(1).default(1),
  pageSize: number().integer().min(1).max(50).default(10),
});

/** The most sessions the console lists (newest first). */
export const PUNCHOUT_SESSIONS_LISTED = 20;

/**
 * A transferred price is honoured this many days by default (the `PUNCHOUT_PRICE_DAYS` setting): an OrderRequest
 * line whose transfer is older is priced again, and refused with the reason when the price changed.
 */
export const PUNCHOUT_PRICE_DAYS_DEFAULT = 30;

/** What a procurement system is told in an OrderRequest's cXML Status (English: the documents' language). */
export const PUNCHOUT_ORDER_MESSAGES = {
  notOrderRequest: 'The request is not an OrderRequest.',
  missingOrderId: 'The OrderRequest has no orderID.',
  noLines: 'The OrderRequest has no ItemOut lines.',
  badLine: 'Line {line}: the quantity or the SupplierPartID is missing or invalid.',
  notSold: 'Line {line}: the part {part} is no longer sold.',
  notTransferred: 'Line {line}: the part {part} was not transferred from this store’s punchout.',
  priceChanged:
    'Line {line}: the price of {part} changed since it was transferred ({was} then, {now} now); punch out again.',
  noTerms: 'The company has no net terms: a punchout order is a purchase order and needs them.',
  currency: 'The order’s currency {currency} is not the transfer’s.',
  disabled: 'Punchout is turned off for this company.',
} as const;

export type PunchoutOrderMessage = keyof typeof PUNCHOUT_ORDER_MESSAGES;

/** An OrderRequest message with its `{name}` placeholders filled. */
export function punchoutOrderMessage(
  key: PunchoutOrderMessage,
  values: Readonly<Record<string, string | number>> = {},
): string {
  return PUNCHOUT_ORDER_MESSAGES[key].replace(/\{(\w+)\}/g, (whole, name: string) =>
    name in values ? String(values[name]) : whole,
  );
}
