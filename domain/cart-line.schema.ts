import { number, object, type InferType } from 'yup';
import { CART_LIMITS } from './cart';

/* The console's setting of a part's maximum per order (decision 063); apart from cart-line.ts, which the shop's
 * product page loads, so the page does not carry the form library. */

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
