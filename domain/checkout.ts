/** Checkout rules shared by the checkout pages and the server (carriers, test cards, payment kinds). */

/** Carriers and their methods (spec: ShippingDetails carrierId, carrierMethod). Freight follows the freight table. */
export const CARRIERS = [
  { id: 'ups', name: 'UPS', methods: ['Ground', '2nd Day Air', 'Next Day Air'] },
  { id: 'fedex', name: 'FedEx', methods: ['Ground', 'Express Saver', 'Priority Overnight'] },
  { id: 'ltl', name: 'LTL Freight', methods: ['Standard', 'Liftgate Delivery'] },
] as const;
export type CarrierId = (typeof CARRIERS)[number]['id'];

export const PAYMENT_KINDS = ['card', 'purchaseOrder'] as const;

/**
 * An order whose payment failed or waits for the bank's check (14, 15): the buyer is e-mailed a link to pay once it
 * has been left so for `remindAfterMinutes`, and the order is cancelled `cancelAfterDays` after payment first
 * failed (PAYMENT_REMINDER_MINUTES, UNPAID_ORDER_CANCEL_DAYS).
 */
export interface UnpaidOrderPolicy {
  remindAfterMinutes: number;
  cancelAfterDays: number;
}
export const UNPAID_ORDER_DEFAULTS: UnpaidOrderPolicy = { remindAfterMinutes: 30, cancelAfterDays: 7 };

/** When an order left unpaid since `since` (payment first failed) is cancelled. */
export const unpaidCancelAt = (
  since: Date | string,
  policy: Pick<UnpaidOrderPolicy, 'cancelAfterDays'>,
): Date => new Date(new Date(since).getTime() + policy.cancelAfterDays * 86_400_000);
export type PaymentKind = (typeof PAYMENT_KINDS)[number];

/**
 * Cards of the built-in test payment provider (docs/decisions/011): any other number that passes the Luhn
 * check is authorised.
 */
export const TEST_CARDS = {
  authorised: '4242424242424242',
  declined: '4000000000000002',
  requiresAction: '4000002500003155',
} as const;

/** The Luhn check of a card number (digits only). */
export function luhnValid(digits: string): boolean {
  if (!/^\d{12,19}$/.test(digits)) return false;
  let sum = 0;
  for (let i = 0; i < digits.length; i++) {
    let d = Number(digits[digits.length - 1 - i]);
    if (i % 2 === 1) {
      d *= 2;
      if (d > 9) d -= 9;
    }
    sum += d;
  }
  return sum % 10 === 0;
}

/**
 * A card's expiry as people type it, as MM/YY: "1229", "12/29", "12-29" and "12 / 29" give "12/29", and "129" or
 * "1/29" give "01/29". Anything else is left as typed (the schema then says how to write it).
 */
export function normaliseExpiry(raw: string): string {
  const compact = raw.replace(/\s/g, '').replace(/[-.]/g, '/');
  const digits = /^(\d{1,2})\/?(\d{2})$/.exec(compact);
  if (!digits) return raw.trim();
  return `${digits[1]!.padStart(2, '0')}/${digits[2]}`;
}

/** Whether MM/YY is before this month. */
export function cardExpired(expiry: string, now = new Date()): boolean {
  const [mm, yy] = expiry.split('/').map(Number);
  const year = 2000 + (yy ?? 0);
  return year < now.getFullYear() || (year === now.getFullYear() && (mm ?? 0) < now.getMonth() + 1);
}

/** The card brand from its first digits. */
export function cardBrand(digits: string): string {
  if (/^4/.test(digits)) return 'visa';
  if (/^(5[1-5]|2[2-7])/.test(digits)) return 'mastercard';
  if (/^3[47]/.test(digits)) return 'amex';
  if (/^6(011|5)/.test(digits)) return 'discover';
  return 'card';
}

/** The order number as shown (AXL-100001). */
export const orderNumberLabel = (n: number | string) => `AXL-${n}`;
