import { number, object, string } from 'yup';
import { orderNumberLabel } from './checkout';
import { ROLES, type RoleName } from './roles';
import { oneLine } from './text.schema';

/*
 * Order export for the ERP (issue 56 item 6, decision 071): the ERP ids staff keep on products and company locations,
 * the ERP's acknowledgement of an order, and the console's list of orders it has not acknowledged.
 */

/** The longest ERP id (item number, ship-to id, sales order number). */
export const ERP_ID_MAX = 64;

export const ERP_MESSAGES = {
  itemIdTooLong: `ERP item numbers are limited to ${ERP_ID_MAX} characters`,
  shipToIdTooLong: `ERP ship-to ids are limited to ${ERP_ID_MAX} characters`,
  erpOrderIdRequired: 'Enter the ERP’s order number',
  erpOrderIdTooLong: `ERP order numbers are limited to ${ERP_ID_MAX} characters`,
  minutesRange: 'Enter a number of minutes from 0 to 525,600',
} as const;

/** The message of an acknowledgement naming another ERP number than the one the order already has. */
export const acknowledgedAsOther = (orderNumber: string | number, erpOrderId: string) =>
  `Order ${orderNumberLabel(orderNumber)} was already acknowledged by the ERP as ${erpOrderId}`;

/**
 * Who acknowledges orders: a partner key with the `erp:orders` scope (whatever its user's role), or an Admin signed
 * in (`ERP_ACKNOWLEDGE_STAFF`, checked in the service).
 */
export const ERP_ORDERS = { roles: Object.keys(ROLES) as RoleName[], scope: 'erp:orders' } as const;
export const ERP_ACKNOWLEDGE_STAFF: readonly RoleName[] = ['Admin'];

/** An ERP id staff set (empty: none), one line, at most ERP_ID_MAX characters. */
const erpId = (tooLong: string) => string().trim().max(ERP_ID_MAX, tooLong).test(oneLine).default('');

/** The console's ERP item number field (Prices): empty means the part number is the ERP's item number. */
export const erpItemFieldSchema = object({ erpItemId: erpId(ERP_MESSAGES.itemIdTooLong) });

/** A product's ERP item number as the server takes it. */
export const productErpItemSchema = erpItemFieldSchema.shape({
  productId: string().trim().required('Product not found').max(200, 'Product not found'),
});

/** The console's ERP ship-to id field of a company location (the company record); empty: none. */
export const erpShipToFieldSchema = object({ erpShipToId: erpId(ERP_MESSAGES.shipToIdTooLong) });

/** A company location's ERP ship-to id as the server takes it. */
export const locationErpShipToSchema = erpShipToFieldSchema.shape({
  locationId: string().uuid('Location not found').required('Location not found'),
});

/** The ERP's acknowledgement: its own order number for the store's order. */
export const acknowledgeOrderSchema = object({
  erpOrderId: string()
    .trim()
    .required(ERP_MESSAGES.erpOrderIdRequired)
    .max(ERP_ID_MAX, ERP_MESSAGES.erpOrderIdTooLong)
    .test(oneLine),
});

/** ERP_ACKNOWLEDGE_MINUTES' default: an order not acknowledged half an hour after it was placed is listed. */
export const ERP_ACKNOWLEDGE_MINUTES_DEFAULT = 30;

/** Minutes after placement an order may wait for the ERP before the console lists it (0: at once). */
export const unacknowledgedSchema = object({
  olderThanMinutes: number()
    .typeError(ERP_MESSAGES.minutesRange)
    .integer(ERP_MESSAGES.minutesRange)
    .min(0, ERP_MESSAGES.minutesRange)
    .max(525_600, ERP_MESSAGES.minutesRange),
});

/**
 * The ERP order number a console edit saves (decision 071). The form requires one (spec: "ERP Order ID is a
 * required field"); for an order the ERP has not acknowledged it shows the store's own order number, and saving that
 * unchanged keeps the order unacknowledged (null). Anything else typed is the ERP's number, recorded by staff.
 */
export function editedErpOrderId(
  order: { erpOrderId: string | null; orderNumber: string | number },
  typed: string,
): string | null {
  if (order.erpOrderId === null && typed === String(order.orderNumber)) return null;
  return typed;
}

/** What the edit form shows in its ERP order field: the ERP's number, else the order's own. */
export const erpOrderIdShown = (order: { erpOrderId: string | null; orderNumber: string | number }) =>
  order.erpOrderId ?? String(order.orderNumber);
