import { number, object, type InferType } from 'yup';
import { CART_LIMITS } from './cart';

/* The console's setting of a part's maximum per order (decision 063) and the product's minimum purchase quantity
 * (a products import, decision 069); apart from cart-line.ts, which the shop's product page loads, so the page does
 * not carry the form library. */

/** What a minimum purchase quantity that is not a whole number from 1 to the cart's most is told. */
export const MINIMUM_PURCHASE_QUANTITY_MESSAGE = `Enter the minimum purchase quantity: a whole number from 1 to ${CART_LIMITS.maxQuantity.toLocaleString('en-US')}.`;

/**
 * A product's minimum purchase quantity, the one rule of the value (the line's minimum is read from it by
 * `lineMinimum`, domain/line-quantity.ts): a whole number from 1 to the most a cart line may hold.
 */
export const minimumPurchaseQuantitySchema = number()
  .typeError(MINIMUM_PURCHASE_QUANTITY_MESSAGE)
  .integer(MINIMUM_PURCHASE_QUANTITY_MESSAGE)
  .min(1, MINIMUM_PURCHASE_QUANTITY_MESSAGE)
  .max(CART_LIMITS.maxQuantity, MINIMUM_PURCHASE_QUANTITY_MESSAGE);

/** What staff are told when the maximum is not a whole number from the part's minimum (at least 1). */
export const maxOrderQuantityMessage = (minimum: number): string =>
  `Enter a whole number of at least ${minimum}, or leave it empty for no maximum.`;

/** A part's maximum per order: empty (null) for none, else a whole number from the part's minimum line quantity. */
export const maxOrderQuantitySchema = (minimum: number) => {
  const message = maxOrderQuantityMessage(Math.max(1, minimum));
  return object({
    maxOrderQuantity: number()
      .typeError(message)
      .nullable()
      .defined(message)
      .integer(message)
      .min(Math.max(1, minimum), message)
      .max(CART_LIMITS.maxQuantity, message),
  });
};
export type MaxOrderQuantityInput = InferType<ReturnType<typeof maxOrderQuantitySchema>>;
