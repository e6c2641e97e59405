import { array, boolean, date, number, object, string, type InferType } from 'yup';
import { ORDER_STATUS_CODES } from './order-status';
import { addressSchema, postalField, regionField } from './account.schema';
import { ADDRESS_RULES, type Country } from './regions';
import {
  CARRIERS,
  cardExpired,
  luhnValid,
  normaliseExpiry,
  PAYMENT_KINDS,
  type PaymentKind,
} from './checkout';
import { oneLine, plainText } from './text.schema';

/* Checkout schemas (yup): the checkout steps validate with them, and the place-order call on the server. */

/**
 * ShippingAddress (spec section 3): the address form's rules, plus company, country and residential, for the
 * country a site ships to (decision 033): the US sites take US addresses (the spec's messages), pay-ca Canadian
 * ones (provinces and postal codes). The ZIP or postal code must belong to the state or province.
 */
function shippingAddressFor(country: Country) {
  const rules = ADDRESS_RULES[country];
  return addressSchema
    .omit(['id'])
    .shape({
      companyName: string().max(120).nullable().optional().test(oneLine),
      country: string<Country>().oneOf([country], rules.shipsWithin).default(country),
      isResidential: boolean().default(true),
      state: regionField(rules),
      zip: postalField(rules),
    })
    .test('postal-region', rules.postalMismatch, function (address) {
      // A malformed code has its own message already.
      const { zip, state } = address ?? {};
      if (
        !zip ||
        !state ||
        !rules.postalFormatTest(zip) ||
        rules.postalMatchesRegion(zip, state.toUpperCase())
      )
        return true;
      return this.createError({ path: 'zip', message: rules.postalMismatch });
    });
}

/** ShippingDetails (spec section 3): carrier, method and a note (freight follows the freight table). */
export const shippingDetailsSchema = object({
  carrierId: string()
    .required('Choose a carrier')
    .oneOf(
      CARRIERS.map((c) => c.id),
      'Choose a carrier',
    ),
  carrierMethod: string()
    .required('Choose a shipping method')
    .test('method', 'Choose a shipping method', function (method) {
      const carrier = CARRIERS.find((c) => c.id === this.parent.carrierId);
      return !carrier || (carrier.methods as readonly string[]).includes(method ?? '');
    }),
  note: string().max(500, 'Notes are limited to 500 characters').default('').test(plainText),
});

const PO_REQUIRED = 'Enter your purchase order number';
const poNumber = () => string().trim().max(40, 'PO numbers are limited to 40 characters').test(oneLine);

/** The purchase order form (accounts approved on net terms). */
export const purchaseOrderSchema = object({ poNumber: poNumber().required(PO_REQUIRED) });

export const paymentSchema = object({
  kind: string<PaymentKind>()
    .oneOf([...PAYMENT_KINDS], 'Choose a payment method')
    .required('Choose a payment method'),
  /** The card's payment method from the payment provider (never the card number). */
  paymentMethodId: string()
    .max(100)
    .test(oneLine)
    .when('kind', {
      is: 'card',
      then: (s) => s.required('Enter your card details'),
      otherwise: (s) => s.nullable().optional(),
    }),
  poNumber: poNumber().when('kind', {
    is: 'purchaseOrder',
    then: (s) => s.required(PO_REQUIRED),
    otherwise: (s) => s.nullable().optional(),
  }),
  /** A signed-in buyer's "Save this card": the provider keeps the card for them once the payment authorises. */
  saveCard: boolean().default(false),
});

const SAVED_CARD_NOT_FOUND = 'Card not found';

/** A saved card of the signed-in user (delete, make primary). */
export const savedCardIdSchema = object({
  id: string().uuid(SAVED_CARD_NOT_FOUND).required(SAVED_CARD_NOT_FOUND),
});

/** A card to save from the account page: the provider's payment method for it. */
export const saveCardSchema = object({
  paymentMethodId: string().trim().max(100).required('Enter your card details').test(oneLine),
});

function placeOrderFor(country: Country) {
  return object({
    contactEmail: string()
      .trim()
      .required('E-mail is a required field')
      .email('E-mail must be a valid email'),
    shippingAddress: shippingAddressFor(country).required(),
    shippingDetails: shippingDetailsSchema.required(),
    payment: paymentSchema.required(),
    /**
     * The total the buyer saw (decision 079): an order that would cost more (a promotion ended meanwhile) is refused
     * so they see it first. Never a price: a lower total is placed.
     */
    expectedTotal: number().min(0).max(1e12).nullable().optional(),
  });
}

const SHIPPING_ADDRESS = { US: shippingAddressFor('US'), CA: shippingAddressFor('CA') };
const PLACE_ORDER = { US: placeOrderFor('US'), CA: placeOrderFor('CA') };

/** The shipping address of a checkout on a site shipping to `country`. */
export const shippingAddressSchemaFor = (country: Country) => SHIPPING_ADDRESS[country];

/** Place order: contact e-mail (guests), where and how to ship, how to pay. Prices are never sent. */
export const placeOrderSchemaFor = (country: Country) => PLACE_ORDER[country];

export type ShippingAddressInput = InferType<ReturnType<typeof shippingAddressFor>>;
export type PlaceOrderInput = InferType<ReturnType<typeof placeOrderFor>>;

/** A card as the payment form sends it to the payment provider (never to the store). */
export const cardSchema = object({
  number: string()
    .required('Enter the card number')
    .transform((v: string) => v.replace(/[\s-]/g, ''))
    .matches(/^\d{12,19}$/, 'Enter a valid card number')
    .test('luhn', 'Enter a valid card number', (v) => !v || luhnValid(v)),
  expiry: string()
    .required('Enter the expiry date')
    .transform((v: string) => normaliseExpiry(v))
    .matches(/^(0[1-9]|1[0-2])\/\d{2}$/, 'Enter the expiry date as MM/YY')
    .test('future', 'This card has expired', (v) => !v || !cardExpired(v)),
  cvc: string()
    .required('Enter the security code')
    .matches(/^\d{3,4}$/, 'Enter the 3 or 4 digit security code'),
  name: string().trim().required('Enter the name on the card').max(100).test(oneLine),
});

/** The account's order list: status filter, date range, page (at most 50 a page). */
export const orderListSchema = object({
  statuses: array(
    number()
      .integer()
      .oneOf([...ORDER_STATUS_CODES], 'Unknown order status')
      .required(),
  ).default([]),
  from: date().typeError('Enter a valid date').nullable().default(null),
  to: date().typeError('Enter a valid date').nullable().default(null),
  page: number().typeError('Page must be 1 or more').integer().min(1, 'Page must be 1 or more').default(1),
  pageSize: number()
    .typeError('Page size must be from 1 to 50')
    .integer()
    .min(1, 'Page size must be from 1 to 50')
    .max(50, 'Page size must be from 1 to 50')
    .default(10),
});
export type OrderListInput = InferType<typeof orderListSchema>;

/** The cardholder's answer on the test provider's authentication page. */
export const paymentChallengeSchema = object({
  clientSecret: string().required('clientSecret is required').max(200),
  approve: string().oneOf(['true', 'false']).default('true'),
});
