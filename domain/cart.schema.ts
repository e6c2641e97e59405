import { array, number, object, string, type InferType } from 'yup';
import { CART_LIMITS } from './cart';
import { oneLine } from './text.schema';

/* Cart request schemas (yup): the upsert and remove calls, validated on the server and before sending. */

const quantityMessage = `Quantity must be a whole number from 1 to ${CART_LIMITS.maxQuantity.toLocaleString('en-US')}`;

const configurationSchema = object({
  productConfigurationId: string().trim().required('Configuration is required').max(100).test(oneLine),
  value: number()
    .typeError('Configuration value must be a number')
    .required('Configuration value is required'),
  type: string().max(40).nullable().optional().test(oneLine),
  metadata: string().max(500).nullable().optional().test(oneLine),
});

/** A line's quantity: a whole number from 1 to 100,000. */
export const cartQuantitySchema = number()
  .typeError(quantityMessage)
  .required(quantityMessage)
  .integer(quantityMessage)
  .min(1, quantityMessage)
  .max(CART_LIMITS.maxQuantity, quantityMessage);

/** One line on the wire: itemId, qty, configurations. */
export const cartItemSchema = object({
  itemId: string().trim().required('Item is required').max(200).test(oneLine),
  qty: cartQuantitySchema,
  configurations: array(configurationSchema).max(20, 'At most 20 configurations per line').default([]),
});

/** The items of an upsert (or of an add to a saved list). */
export const cartItemListSchema = array(cartItemSchema)
  .required('items is required')
  .max(CART_LIMITS.maxItemsPerCall, `At most ${CART_LIMITS.maxItemsPerCall} items at once`);

/** POST /user/cart/upsert (add) and PUT /user/cart/upsert (set quantities): `{items: [...]}`. */
export const cartItemsSchema = object({ items: cartItemListSchema });

/** PUT /user/cart/remove: the removed lines, by cartLineId. */
export const cartRemoveSchema = object({
  items: array(
    object({ cartLineId: string().trim().required('cartLineId is required').uuid('Line not found') }),
  )
    .required('items is required')
    .max(CART_LIMITS.maxLines, `At most ${CART_LIMITS.maxLines} lines at once`),
});

export type CartItemsInput = InferType<typeof cartItemsSchema>;
export type CartRemoveInput = InferType<typeof cartRemoveSchema>;

/** A promotion code as entered (issue 58): any case, spaces around it ignored; codes are 4 to 32 characters. */
export const CART_CODE_MESSAGES = {
  required: 'Enter a code.',
  tooLong: 'A code has at most 32 characters.',
} as const;
export const cartCodeSchema = object({
  code: string()
    .trim()
    .required(CART_CODE_MESSAGES.required)
    .max(32, CART_CODE_MESSAGES.tooLong)
    .test(oneLine),
});
export type CartCodeInput = InferType<typeof cartCodeSchema>;
